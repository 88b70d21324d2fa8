// `catcheck MODEL.cat TEST.litmus [options]`: one check, one verdict block (or JSON); `--enumerate` lists
// every reachable final state instead; `--witness FILE` draws the witness execution.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "check/Check.h"
#include "core/analysis/RelationGraph.h"
#include "core/ir/Verdict.h"

namespace catcheck::tools {

class SingleCheck {
 public:
  void addOptions(CLI::App& app);
  bool requested() const { return !model_.empty() || !test_.empty(); }
  int run() const;

 private:
  int check(const core::Model& model) const;
  int enumerate(const core::Model& model) const;
  std::string modelName() const;
  void writeWitness(const std::string& dot, const core::Verdict& verdict) const;

  std::string model_, test_, property_ = "program_spec", solver_, progress_ = "FAIR",
                             warpConfig_ = "CUDA";
  std::string format_ = "text", witness_;
  std::vector<std::string> show_;
  bool enumerate_ = false;
  bool ignoreFilter_ = false;
  bool noSmallerBounds_ = false;
  double timeoutSeconds_ = 0;
  std::vector<int> config_;  // SPIR-V grid T,S,W (empty: the module's @Config)
  // PTX kernels: the launch (frontends/ptx/PtxLaunch.h parses the texts)
  std::string kernel_, grid_, block_, cluster_;
  std::vector<std::string> arguments_;
  long long dynamicShared_ = 0;
  std::string cudaArch_ = "sm_90a";
  std::vector<std::string> cudaFlags_;
  int bound_ = 1;

  check::ProgramOptions programOptions() const;
};

}  // namespace catcheck::tools
