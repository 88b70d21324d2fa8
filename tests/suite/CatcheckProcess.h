// Runs the built catcheck binary for the command-line tests: exit code and output.
#pragma once

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace catcheck::testing {

struct CommandResult {
  int exitCode;
  std::string output;
};

// `catcheck ARGUMENTS` through the shell; `output` is stdout, with stderr too unless `stdoutOnly`.
inline CommandResult runCatcheck(const std::string& arguments, bool stdoutOnly = false) {
  std::string command =
      std::string(CATCHECK_BINARY) + " " + arguments + (stdoutOnly ? " 2>/dev/null" : " 2>&1");
  FILE* pipe = popen(command.c_str(), "r");
  std::string output;
  std::array<char, 4096> buffer{};
  while (pipe != nullptr && fgets(buffer.data(), buffer.size(), pipe) != nullptr) output += buffer.data();
  int status = pipe == nullptr ? -1 : pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

inline const std::string kSourceDir = CATCHECK_SOURCE_DIR;
inline const std::string kSuiteDir = CATCHECK_SUITE_DIR;

}  // namespace catcheck::testing
