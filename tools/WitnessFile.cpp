// Writes witness pictures. DOT text is written as is; SVG is rendered by running Graphviz's `dot -Tsvg
// -o FILE` with the DOT text on its standard input (posix_spawnp, so that no shell sees the file name).
#include "tools/WitnessFile.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

extern char** environ;

namespace catcheck::tools {
namespace {

void writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::invalid_argument("cannot write witness file '" + path + "'");
}

// Runs `dot -Tsvg -o path` with the pipe's read end as its standard input; returns its pid.
pid_t spawnDot(const std::string& path, int input) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
  std::string output = "-o" + path;
  std::vector<char*> argv{const_cast<char*>("dot"), const_cast<char*>("-Tsvg"), output.data(), nullptr};
  pid_t pid = 0;
  int error = posix_spawnp(&pid, "dot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (error != 0)
    throw std::invalid_argument("cannot render '" + path + "': Graphviz 'dot' is not installed (" +
                                std::strerror(error) + "); write a .dot file instead");
  return pid;
}

void renderSvg(const std::string& path, const std::string& dot) {
  int pipeEnds[2];
  // Close-on-exec: dot must not inherit the write end, or it would never see the end of its input.
  if (pipe2(pipeEnds, O_CLOEXEC) != 0)
    throw std::invalid_argument("cannot render '" + path + "': " + std::strerror(errno));
  pid_t pid = -1;
  try {
    pid = spawnDot(path, pipeEnds[0]);
  } catch (...) {
    close(pipeEnds[0]);
    close(pipeEnds[1]);
    throw;
  }
  close(pipeEnds[0]);
  auto previous = std::signal(SIGPIPE, SIG_IGN);  // dot may exit before reading everything
  for (size_t written = 0; written < dot.size();) {
    ssize_t n = write(pipeEnds[1], dot.data() + written, dot.size() - written);
    if (n <= 0) break;  // dot exited early: its status says why
    written += static_cast<size_t>(n);
  }
  close(pipeEnds[1]);
  std::signal(SIGPIPE, previous);
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::invalid_argument("Graphviz 'dot' failed to render '" + path + "'");
}

}  // namespace

void writeWitnessFile(const std::string& path, const std::string& dot) {
  if (path.ends_with(".svg")) return renderSvg(path, dot);
  writeText(path, dot);
}

}  // namespace catcheck::tools
