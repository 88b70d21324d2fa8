// `catcheck diff A.cat B.cat (--manifest FILE [--suite NAME]... | TEST-OR-FOLDER...) [options]`: which
// verdicts change between two models, with a witness for each change.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace catcheck::tools {

class DiffCommand {
 public:
  void addTo(CLI::App& app);
  bool requested() const { return command_ != nullptr && command_->parsed(); }
  int run() const;

 private:
  CLI::App* command_ = nullptr;
  std::string first_, second_, manifest_, property_, solver_ = "cvc5";
  std::vector<std::string> suites_, paths_;
  int bound_ = 0;  // 0: as the manifest says (1 for paths)
  int jobs_ = 1;
};

}  // namespace catcheck::tools
