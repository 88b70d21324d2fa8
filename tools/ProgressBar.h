// The live progress line of `catcheck run` on a terminal: rows done of total, counts by status, elapsed time.
#pragma once

#include <chrono>
#include <cstddef>

#include "runner/BulkRun.h"
#include "runner/RunSummary.h"

namespace catcheck::tools {

class ProgressBar {
 public:
  // Draws on stderr only if `enabled` (see onTerminal); otherwise every call does nothing.
  ProgressBar(size_t total, bool enabled);
  static bool onTerminal();  // stderr is a terminal

  void count(const runner::RowOutcome& outcome);  // a row finished: tally it and redraw
  void redraw();                                  // refresh (elapsed time)
  void clear();                                   // erase the line before other output is printed

 private:
  size_t total_;
  bool enabled_;
  runner::StatusCounts counts_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace catcheck::tools
