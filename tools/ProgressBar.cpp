// One line on stderr, rewritten in place ("\r" and erase-to-end-of-line), cut to the terminal's width so
// it never wraps (the most useful parts first: bar, done/total, elapsed time, then the counts). Only drawn
// when stderr is a terminal: logs and pipes get no control characters. Rows that did not agree are printed
// on stdout between a clear() and the next redraw, so both streams can share one terminal.
#include "tools/ProgressBar.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>
#include <string>

namespace catcheck::tools {
namespace {

constexpr size_t kBarWidth = 16;

size_t terminalColumns() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

std::string elapsed(std::chrono::steady_clock::duration time) {
  long seconds = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(time).count());
  std::ostringstream text;
  text << seconds / 60 << ":" << (seconds % 60 < 10 ? "0" : "") << seconds % 60;
  return text.str();
}

}  // namespace

ProgressBar::ProgressBar(size_t total, bool enabled) : total_(total), enabled_(enabled) {
  redraw();
}

bool ProgressBar::onTerminal() {
  return isatty(STDERR_FILENO) == 1;
}

void ProgressBar::count(const runner::RowOutcome& outcome) {
  counts_.add(outcome.status);
  redraw();
}

void ProgressBar::redraw() {
  if (!enabled_) return;
  size_t done = static_cast<size_t>(counts_.rows());
  size_t filled = total_ == 0 ? kBarWidth : done * kBarWidth / total_;
  std::ostringstream line;
  line << "[" << std::string(filled, '#') << std::string(kBarWidth - filled, '.') << "] " << done << "/"
       << total_ << " " << elapsed(std::chrono::steady_clock::now() - start_) << "  agree " << counts_.agree
       << " differ " << counts_.differs << " timeout " << counts_.timeout << " error " << counts_.error
       << " skipped " << counts_.skipped;
  std::string text = line.str().substr(0, terminalColumns() - 1);
  std::fprintf(stderr, "\r\033[K%s", text.c_str());
  std::fflush(stderr);
}

void ProgressBar::clear() {
  if (!enabled_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

}  // namespace catcheck::tools
