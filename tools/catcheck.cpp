// The catcheck command line: argument parsing and output only; the work lives in the library.
//   catcheck MODEL.cat TEST.litmus [--property P] [--bound K] [--solver S]   one verdict
//   catcheck run --manifest FILE.csv [--models DIR] [--suite NAME]... [--jobs N]   bulk regression
// Exit codes (DESIGN.md): 0 ok / all agree, 1 a verdict differs, 2 bad input or usage, 3 solver gave up.
#include "cat/Parser.h"
#include "core/SourceLocation.h"
#include "encoders/BulkRun.h"
#include "tools/Output.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

using namespace catcheck;

namespace {

struct SingleCheckArgs {
  std::string model, test, property = "program_spec", solver = "z3", progress = "FAIR";
  int bound = 1;
};

struct RunArgs {
  std::string manifest, models = cat::defaultModelsDirectory(), solver = "z3";
  std::vector<std::string> suites;
  std::string report;
  int jobs = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
};

int runSingle(const SingleCheckArgs& args) {
  cat::Model model = cat::loadModel(args.model);
  encoders::CheckOptions options{core::parseProperty(args.property), args.bound, {encoders::parseSolverKind(args.solver)},
                                 core::parseProgressSpec(args.progress), true};
  core::Verdict verdict = encoders::checkFile(args.test, model, options);
  tools::printVerdict(std::cout, std::filesystem::path(args.model).stem().string(), args.property, args.bound, verdict);
  return 0;
}

int runManifest(const RunArgs& args) {
  std::vector<core::ManifestRow> rows;
  for (core::ManifestRow& row : core::readManifest(args.manifest)) {
    bool wanted = args.suites.empty() || std::find(args.suites.begin(), args.suites.end(), row.suite) != args.suites.end();
    if (wanted) rows.push_back(std::move(row));
  }
  encoders::BulkRunOptions options{args.models, args.jobs, {encoders::parseSolverKind(args.solver)}};
  auto start = std::chrono::steady_clock::now();
  auto outcomes = encoders::runManifestRows(rows, options, [](const encoders::RowOutcome& o) { tools::printRowIfNotAgreeing(std::cout, o); });
  double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!args.report.empty()) tools::writeJsonReport(args.report, outcomes, wallMs);
  return tools::printRunSummary(std::cout, outcomes) ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"catcheck: bounded model checking of GPU litmus tests against .cat memory models"};
  app.set_version_flag("--version", std::string("catcheck ") + CATCHECK_VERSION);
  SingleCheckArgs single;
  app.add_option("model", single.model, "the .cat memory model");
  app.add_option("test", single.test, "the litmus test");
  app.add_option("--property", single.property, "program_spec | cat_spec | termination");
  app.add_option("--bound", single.bound, "loop unrolling bound")->check(CLI::PositiveNumber);
  app.add_option("--solver", single.solver, "z3 | cvc5");
  app.add_option("--progress", single.progress, "progress model: FAIR | HSA | OBE | HSA_OBE | LOBE | UNFAIR, or 'FAIR;QF=OBE;SG=HSA'");

  RunArgs run;
  CLI::App* runCommand = app.add_subcommand("run", "check every row of a manifest against its expected verdict");
  runCommand->add_option("--manifest", run.manifest, "CSV: suite,test,model,property,bound,progress,expected")->required();
  runCommand->add_option("--models", run.models, "folder in which the manifest's model names are looked up");
  runCommand->add_option("--suite", run.suites, "only rows of this suite (repeatable)");
  runCommand->add_option("--jobs", run.jobs, "parallel workers")->check(CLI::PositiveNumber);
  runCommand->add_option("--solver", run.solver, "z3 | cvc5");
  runCommand->add_option("--report", run.report, "write a JSON report (verdicts and per-phase times) to this file");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  try {
    if (runCommand->parsed()) return runManifest(run);
    if (single.model.empty() || single.test.empty()) {
      std::cerr << "usage: catcheck MODEL.cat TEST.litmus [options] | catcheck run --manifest FILE.csv\n";
      return 2;
    }
    return runSingle(single);
  } catch (const core::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const encoders::UnsupportedProperty& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 2;
  } catch (const encoders::WitnessRejected& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 3;
  } catch (const encoders::SolverGaveUp& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 3;
  } catch (const std::invalid_argument& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 2;
  }
}
