// The diff command: selects tests (manifest rows or litmus files and folders), checks each under both
// models in parallel (encoders/Diff.h), and prints a table of the tests whose verdicts differ, then for each
// the execution behind the changed verdict and what the other model says about it, then a summary line
// `N tests, M differ[, E errors]`. Exit codes: 1 when some verdict differs (a definite answer
// even if other tests failed to run), else 2 when a test was bad input, 3 when the solver gave up on one,
// 0 when every test ran and nothing differs.
#include "tools/DiffCommand.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <string_view>
#include <thread>

#include "check/Check.h"
#include "core/ir/Log.h"
#include "runner/Diff.h"

namespace catcheck::tools {
namespace {

using runner::DiffOutcome;
using runner::DiffStatus;

// Column labels: the models' file names without extension, or the paths when those coincide.
std::vector<std::string> modelLabels(const std::string& first, const std::string& second) {
  std::string a = std::filesystem::path(first).stem().string(),
              b = std::filesystem::path(second).stem().string();
  if (a == b) return {first, second};
  return {a, b};
}

std::vector<const DiffOutcome*> differing(const std::vector<DiffOutcome>& outcomes) {
  std::vector<const DiffOutcome*> result;
  for (const DiffOutcome& o : outcomes) {
    if (o.status == DiffStatus::Differs) result.push_back(&o);
  }
  return result;
}

void printTable(std::ostream& out, const std::vector<const DiffOutcome*>& rows,
                const std::vector<std::string>& labels) {
  size_t width = 4;
  for (const DiffOutcome* o : rows) width = std::max(width, o->test.name.size());
  size_t resultWidth = std::max<size_t>(labels[0].size(), 7) + 2;
  out << fmt::format("{:<{}}{:<{}}{}\n", "test", width + 2, labels[0], resultWidth, labels[1]);
  for (const DiffOutcome* o : rows) {
    out << fmt::format("{:<{}}{:<{}}{}\n", o->test.name, width + 2, core::resultName(o->results[0]),
                       resultWidth, core::resultName(o->results[1]));
  }
}

std::string indented(const std::string& text, const std::string& prefix) {
  std::string result;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    fmt::format_to(std::back_inserter(result), "{}{}\n", prefix,
                   std::string_view(text).substr(start, end - start));
    start = end + 1;
  }
  return result;
}

// What the other model says about the witness execution (and, for races, which of its flags fire).
void printJudgement(std::ostream& out, const runner::DiffWitness& w, const std::string& otherLabel,
                    core::Property property) {
  out << fmt::format("Under {}:\n", otherLabel);
  for (const std::string& text : w.rejection) out << indented(text, "  ");
  if (!w.rejection.empty()) return;
  out << "  every axiom holds (the execution is consistent)";
  if (!core::describe(property).firesFlags) {
    out << "\n";
    return;
  }
  out << (w.otherFlags.empty() ? ", and no flag fires\n" : ", and these flags fire:\n");
  for (const std::string& text : w.otherFlags) out << indented(text, "  ");
}

void printWitness(std::ostream& out, const DiffOutcome& o, const std::vector<std::string>& labels) {
  out << fmt::format("\n{}: {} {}, {} {}\n", o.test.name, labels[0], core::resultName(o.results[0]),
                     labels[1], core::resultName(o.results[1]));
  if (!o.witness) {
    out << "No witness: neither verdict comes from an execution (UNKNOWN: a loop bound was reachable)\n";
    return;
  }
  const runner::DiffWitness& w = *o.witness;
  out << fmt::format("Execution found under {}:\n", labels[static_cast<size_t>(w.model)])
      << indented(w.execution, "  ");
  for (const std::string& text : w.ownFlags) out << indented(text, "  ");
  printJudgement(out, w, labels[static_cast<size_t>(1 - w.model)], o.test.property);
}

int printSummary(std::ostream& out, const std::vector<DiffOutcome>& outcomes) {
  size_t differ = 0, badInput = 0, gaveUp = 0;
  for (const DiffOutcome& o : outcomes) {
    differ += o.status == DiffStatus::Differs;
    badInput += o.status == DiffStatus::BadInput;
    gaveUp += o.status == DiffStatus::GaveUp;
    if (o.status == DiffStatus::BadInput || o.status == DiffStatus::GaveUp)
      out << fmt::format("ERROR    {}: {}\n", o.test.name, o.message);
  }
  out << fmt::format("{} tests, {} differ", outcomes.size(), differ);
  if (badInput + gaveUp > 0) out << fmt::format(", {} errors", badInput + gaveUp);
  out << "\n";
  if (differ > 0) return 1;
  if (badInput > 0) return 2;
  return gaveUp > 0 ? 3 : 0;
}

}  // namespace

void DiffCommand::addTo(CLI::App& app) {
  jobs_ = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  command_ = app.add_subcommand("diff", "which verdicts change between two models, with a witness for each");
  command_->add_option("first", first_, "the first .cat model")->required();
  command_->add_option("second", second_, "the second .cat model")->required();
  CLI::Option* paths = command_->add_option(
      "tests", paths_, "programs (litmus, SPIR-V), and folders searched for *.litmus, *.spvasm, *.spv");
  CLI::Option* manifest =
      command_->add_option("--manifest", manifest_, "CSV: suite,test,model,property,bound,progress,expected")
          ->excludes(paths);
  command_->add_option("--suite", suites_, "only the manifest's rows of this suite (repeatable)")
      ->needs(manifest);
  command_->add_option("--property", property_, "program_spec | cat_spec | termination, for every test");
  command_->add_option("--bound", bound_, "loop unrolling bound, for every test")->check(CLI::PositiveNumber);
  command_->add_option("--jobs", jobs_, "tests checked in parallel")->check(CLI::PositiveNumber);
  command_->add_option("--solver", solver_, "z3 | cvc5");
}

int DiffCommand::run() const {
  runner::DiffOverrides overrides;
  if (!property_.empty()) overrides.property = core::parseProperty(property_);
  if (bound_ > 0) overrides.bound = bound_;
  std::vector<runner::DiffTest> tests;
  if (!manifest_.empty()) {
    std::vector<runner::ManifestRow> rows = runner::readManifest(manifest_);
    std::erase_if(rows, [&](const runner::ManifestRow& row) {
      return !suites_.empty() && std::find(suites_.begin(), suites_.end(), row.suite) == suites_.end();
    });
    tests = runner::testsFromManifest(rows, manifest_, overrides);
  } else if (!paths_.empty()) {
    tests = runner::testsFromPaths(paths_, overrides);
  } else {
    throw std::invalid_argument("diff needs tests: --manifest FILE, or litmus files and folders");
  }
  core::Model first = check::loadModelFile(first_), second = check::loadModelFile(second_);
  core::log::info("models loaded: {} and {}; {} tests", first_, second_, tests.size());
  runner::DiffOptions options{jobs_, {}};
  options.solver.kind = encoders::parseSolverKind(solver_);
  std::vector<DiffOutcome> outcomes = runner::diffModels(first, second, tests, options);
  std::vector<std::string> labels = modelLabels(first_, second_);
  std::vector<const DiffOutcome*> rows = differing(outcomes);
  if (!rows.empty()) printTable(std::cout, rows, labels);
  for (const DiffOutcome* o : rows) printWitness(std::cout, *o, labels);
  if (!rows.empty()) std::cout << "\n";
  return printSummary(std::cout, outcomes);
}

}  // namespace catcheck::tools
