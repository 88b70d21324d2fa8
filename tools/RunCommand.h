// `catcheck run --manifest FILE.csv ...`: bulk regression against expected verdicts.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace catcheck::tools {

class RunCommand {
 public:
  void addTo(CLI::App& app);
  bool requested() const { return command_ != nullptr && command_->parsed(); }
  int run() const;

 private:
  CLI::App* command_ = nullptr;
  std::string manifest_, models_, solver_ = "z3", report_;
  std::vector<std::string> suites_;
  int jobs_ = 1;
};

}  // namespace catcheck::tools
