// `catcheck minimize MODEL PROGRAM [options]`: which synchronisation of a program is necessary, which is
// redundant and which can be relaxed (runner/Minimize.h), as a table or JSON, and the minimised program.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace catcheck::tools {

class MinimizeCommand {
 public:
  void addTo(CLI::App& app);
  bool requested() const { return command_ != nullptr && command_->parsed(); }
  int run() const;

 private:
  CLI::App* command_ = nullptr;
  std::string model_, program_, progress_ = "FAIR", solver_, format_ = "text", write_;
  std::vector<std::string> properties_ = {"program_spec"}, also_;
  std::vector<int> config_;
  int bound_ = 1;
  double timeoutSeconds_ = 0;
};

}  // namespace catcheck::tools
