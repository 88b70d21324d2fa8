// The single-check command: loads the model, checks the test (asking the solver to explain, so every
// witness is re-checked by the concrete evaluator) and prints the verdict block of DESIGN.md.
#include "tools/SingleCheck.h"

#include "cat/Parser.h"
#include "encoders/BulkRun.h"
#include "tools/Output.h"

#include <filesystem>
#include <iostream>

namespace catcheck::tools {

void SingleCheck::addOptions(CLI::App& app) {
  app.add_option("model", model_, "the .cat memory model");
  app.add_option("test", test_, "the litmus test");
  app.add_option("--property", property_, "program_spec | cat_spec | termination");
  app.add_option("--bound", bound_, "loop unrolling bound")->check(CLI::PositiveNumber);
  app.add_option("--solver", solver_, "z3 | cvc5");
  app.add_option("--progress", progress_, "progress model: FAIR | HSA | OBE | HSA_OBE | LOBE | UNFAIR, or 'FAIR;QF=OBE;SG=HSA'");
}

int SingleCheck::run() const {
  if (model_.empty() || test_.empty()) {
    std::cerr << "usage: catcheck MODEL.cat TEST.litmus [options] | catcheck run --manifest FILE.csv (see --help)\n";
    return 2;
  }
  cat::Model model = cat::loadModel(model_);
  encoders::CheckOptions options;
  options.property = core::parseProperty(property_);
  options.bound = bound_;
  options.solver.kind = encoders::parseSolverKind(solver_);
  options.progress = core::parseProgressSpec(progress_);
  options.explain = true;
  core::Verdict verdict = encoders::checkFile(test_, model, options);
  printVerdict(std::cout, std::filesystem::path(model_).stem().string(), property_, bound_, verdict);
  return 0;
}

}  // namespace catcheck::tools
