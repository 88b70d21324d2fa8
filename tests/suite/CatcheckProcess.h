// Runs the built catcheck binary for the command-line tests: exit code and output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace catcheck::testing {

struct CommandResult {
  int exitCode;
  std::string output;
};

// A shell command's exit code and stdout.
inline CommandResult runShell(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  std::string output;
  std::array<char, 4096> buffer{};
  while (pipe != nullptr && fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  int status = pipe == nullptr ? -1 : pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

// `catcheck ARGUMENTS` through the shell; `output` is stdout, with stderr too unless `stdoutOnly`.
inline CommandResult runCatcheck(const std::string& arguments, bool stdoutOnly = false) {
  return runShell(std::string(CATCHECK_BINARY) + " " + arguments + (stdoutOnly ? " 2>/dev/null" : " 2>&1"));
}

struct SplitResult {
  int exitCode;
  std::string out, err;  // stdout and stderr, apart
};

// `catcheck ARGUMENTS` with stdout and stderr captured apart (stderr through a temporary file).
inline SplitResult runCatcheckSplit(const std::string& arguments) {
  char path[] = "/tmp/catcheck-stderr-XXXXXX";
  int fd = mkstemp(path);
  if (fd >= 0) close(fd);
  CommandResult run = runShell(std::string(CATCHECK_BINARY) + " " + arguments + " 2>" + path);
  std::string err;
  if (FILE* file = fopen(path, "r")) {
    std::array<char, 4096> buffer{};
    for (size_t n; (n = fread(buffer.data(), 1, buffer.size(), file)) > 0;) err.append(buffer.data(), n);
    fclose(file);
  }
  unlink(path);
  return {run.exitCode, run.output, err};
}

inline const std::string kSourceDir = CATCHECK_SOURCE_DIR;
inline const std::string kSuiteDir = CATCHECK_SUITE_DIR;

}  // namespace catcheck::testing
