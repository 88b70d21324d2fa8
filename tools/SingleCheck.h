// `catcheck MODEL.cat TEST.litmus [options]`: one check, one verdict block.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace catcheck::tools {

class SingleCheck {
 public:
  void addOptions(CLI::App& app);
  bool requested() const { return !model_.empty() || !test_.empty(); }
  int run() const;

 private:
  std::string model_, test_, property_ = "program_spec", solver_ = "z3", progress_ = "FAIR";
  int bound_ = 1;
};

}  // namespace catcheck::tools
