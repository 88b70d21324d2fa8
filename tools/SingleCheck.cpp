// The single-check command: loads the model, checks the test (asking the solver to explain, so every
// witness is re-checked by the concrete evaluator) and prints the verdict block of docs/design.md, in colour
// on a terminal, or as JSON. `--witness` renders the witness execution, with the relations `--show` names as
// the concrete evaluator computes them on it. `--enumerate` asks the enumerator (core/concrete/Enumerator.h)
// instead of the solver and lists every reachable final state; an enumeration past its limits says so and
// exits 3, like a solver that gives up: the answer asked for was not found. Loading the model is logged at
// info level (core/ir/Log.h); the check logs its own phases.
#include "tools/SingleCheck.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "check/Check.h"
#include "check/Enumerate.h"
#include "check/WitnessExplain.h"
#include "check/WitnessFormat.h"
#include "core/concrete/Evaluator.h"
#include "core/ir/Log.h"
#include "core/ir/Property.h"
#include "frontends/Litmus.h"
#include "runner/BulkRun.h"
#include "tools/EnumerateOutput.h"
#include "tools/Output.h"
#include "tools/WitnessFile.h"

namespace catcheck::tools {

void SingleCheck::addOptions(CLI::App& app) {
  app.add_option("model", model_, "the .cat memory model");
  app.add_option("test", test_,
                 "the program: a litmus test, a SPIR-V module (.spvasm, .spv), a PTX kernel (.ptx) or CUDA "
                 "source (.cu)");
  std::string properties;
  for (const core::PropertyDescriptor& d : core::allProperties())
    properties += (properties.empty() ? "" : " | ") + std::string(d.name);
  app.add_option("--property", property_, properties);
  app.add_option("--warp-config", warpConfig_,
                 "participant sets warp primitives may rely on: CUDA (the complete warp) | SMR | FMR");
  app.add_option("--bound", bound_, "loop unrolling bound")->check(CLI::PositiveNumber);
  app.add_option("--solver", solver_, "z3 | cvc5");
  app.add_option("--timeout", timeoutSeconds_,
                 "seconds per solver query, its encoding included (0: none); a query past it ends the check "
                 "with exit 3")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--progress", progress_,
                 "progress model: FAIR | HSA | OBE | HSA_OBE | LOBE | UNFAIR, or 'FAIR;QF=OBE;SG=HSA'");
  app.add_option("--format", format_, "text | json")->check(CLI::IsMember({"text", "json"}));
  CLI::Option* witness = app.add_option(
      "--witness", witness_, "write the witness execution: FILE.dot (Graphviz), or FILE.svg (needs dot)");
  app.add_option("--show", show_, "relations of the model to draw in the witness, e.g. hb,causality-order")
      ->delimiter(',')
      ->needs(witness);
  app.add_option("--config", config_,
                 "SPIR-V thread grid T,S,W: threads per subgroup, subgroups per workgroup, workgroups "
                 "(overrides the module's @Config)")
      ->delimiter(',')
      ->expected(3)
      ->check(CLI::PositiveNumber);
  app.add_option("--kernel", kernel_, "PTX kernels: the .entry to launch, mangled or demangled (reduce_ok)");
  app.add_option("--grid", grid_, "PTX kernels: CTAs of the launch, X[,Y[,Z]] (default 1)");
  app.add_option("--block", block_, "PTX kernels: threads per CTA, X[,Y[,Z]] (default 1)");
  app.add_option("--cluster", cluster_, "PTX kernels: CTAs per cluster, X[,Y[,Z]] (default 1)");
  app.add_option(
      "--arg", arguments_,
      "PTX kernels: parameter I's value, I=VALUE with VALUE an integer, buffer:BYTES (zero-filled) "
      "or buffer:BYTES:any (unconstrained contents); repeatable");
  app.add_option("--dynamic-smem", dynamicShared_, "PTX kernels: bytes of .extern .shared arrays")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--cuda-arch", cudaArch_,
                 "CUDA sources (.cu): the GPU architecture to compile for (sm_90a)");
  app.add_option("--cuda-flag", cudaFlags_, "CUDA sources (.cu): a flag passed to the compiler (repeatable)");
  app.add_flag("--ignore-filter", ignoreFilter_, "check as if the program had no filter");
  app.add_flag("--no-smaller-bounds", noSmallerBounds_,
               "look for a witness at the bound only, not first at bounds 1, 2, 4, ... below it");
  app.add_flag("--enumerate", enumerate_,
               "list every reachable final state (herd7 style) instead of one verdict")
      ->excludes(witness);
}

namespace {

// Colours on a terminal, unless the user opts out (https://no-color.org).
bool colourWanted() {
  return isatty(STDOUT_FILENO) != 0 && std::getenv("NO_COLOR") == nullptr;
}

}  // namespace

std::string SingleCheck::modelName() const {
  return std::filesystem::path(model_).stem().string();
}

int SingleCheck::run() const {
  if (model_.empty() || test_.empty()) {
    std::cerr << "usage: catcheck MODEL.cat TEST.litmus [options] | catcheck run --manifest FILE.csv | "
                 "catcheck diff A.cat B.cat TESTS... | catcheck minimize MODEL.cat PROGRAM (see --help)\n";
    return 2;
  }
  auto start = std::chrono::steady_clock::now();
  core::Model model = check::loadModelFile(model_);
  core::log::info(
      "model loaded: {} in {:.1f} ms", model_,
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  return enumerate_ ? enumerate(model) : check(model);
}

int SingleCheck::check(const core::Model& model) const {
  std::map<std::string, core::NodeId> shown = check::resolveRelations(model, show_);
  check::CheckOptions options;
  options.property = core::parseProperty(property_);
  options.bound = bound_;
  options.solver.kind = encoders::parseSolverKind(solver_.empty() ? "z3" : solver_);
  options.solver.kindIsDefault = solver_.empty();
  options.solver.timeoutMs = encoders::solverTimeoutMs(timeoutSeconds_);
  options.progress = core::parseProgressSpec(progress_);
  options.warpConfig = core::parseWarpConfig(warpConfig_);
  options.explain = true;
  options.ignoreFilter = ignoreFilter_;
  options.smallerBoundsFirst = !noSmallerBounds_;
  options.program = programOptions();
  std::string dot;
  if (!witness_.empty()) {
    options.onWitness = [&](const core::EventGraph& graph, const core::Execution& execution) {
      core::Evaluator evaluator(model, graph, execution);
      dot = check::executionAsDot(graph, execution, check::evaluateRelations(evaluator, shown));
    };
  }
  core::Verdict verdict = check::run({&model, test_, nullptr, options});
  if (!witness_.empty()) writeWitness(dot, verdict);
  if (format_ == "json")
    printVerdictJson(std::cout, modelName(), property_, bound_, verdict);
  else
    printVerdict(std::cout, modelName(), property_, bound_, verdict, colourWanted());
  return 0;
}

void SingleCheck::writeWitness(const std::string& dot, const core::Verdict& verdict) const {
  if (dot.empty()) {
    std::cerr << "catcheck: no witness to write to " << witness_ << ": " << verdict.explanation << "\n";
    return;
  }
  writeWitnessFile(witness_, dot);
}

check::ProgramOptions SingleCheck::programOptions() const {
  check::ProgramOptions options;
  if (config_.size() == 3) options.grid = std::array<int, 3>{config_[0], config_[1], config_[2]};
  options.launch.kernel = kernel_;
  if (!grid_.empty()) options.launch.grid = frontends::ptx::parseDim3(grid_, "--grid");
  if (!block_.empty()) options.launch.block = frontends::ptx::parseDim3(block_, "--block");
  if (!cluster_.empty()) options.launch.cluster = frontends::ptx::parseDim3(cluster_, "--cluster");
  for (const std::string& text : arguments_) {
    auto [index, argument] = frontends::ptx::parseKernelArgument(text);
    if (!options.launch.arguments.emplace(index, argument).second)
      throw std::invalid_argument("--arg " + text + ": parameter " + std::to_string(index) + " given twice");
  }
  options.launch.dynamicSharedBytes = dynamicShared_;
  options.cuda.arch = cudaArch_;
  options.cuda.flags = cudaFlags_;
  return options;
}

int SingleCheck::enumerate(const core::Model& model) const {
  EnumerationHeader header{modelName(), core::parseProperty(property_), bound_};
  if (!core::describe(header.property).listsFinalStates)
    throw std::invalid_argument("--enumerate lists final states: it does not decide termination");
  core::Program program = check::loadProgramFile(test_, programOptions());
  if (ignoreFilter_) program.filter.reset();
  core::EnumerationResult result = check::enumerateProgram(program, model, bound_);
  if (format_ == "json")
    printEnumerationJson(std::cout, header, program, result);
  else
    printEnumeration(std::cout, header, program, result);
  return result.complete ? 0 : 3;
}

}  // namespace catcheck::tools
