// Helpers for the `catcheck run` tests (which run the built binary through CatcheckProcess.h): a scratch
// folder per test, file contents, the last line of an output.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/suite/CatcheckProcess.h"

namespace catcheck::testing {

inline std::string readText(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline std::string lastLine(const std::string& output) {
  std::string trimmed = output.substr(0, output.find_last_not_of('\n') + 1);
  return trimmed.substr(trimmed.find_last_of('\n') + 1);
}

// An empty folder for the running test's files, removed when the test ends.
class ScratchFolder {
 public:
  ScratchFolder() {
    const ::testing::TestInfo* test = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() / ("catcheck-" + std::string(test->test_suite_name()) +
                                                      "-" + test->name() + "-" + std::to_string(getpid()));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchFolder() { std::filesystem::remove_all(path_); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

inline const std::string kData = kSourceDir + "/tests/suite/data/";

}  // namespace catcheck::testing
