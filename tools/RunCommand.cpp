// The bulk-run command: selects manifest rows by suite, runs them in parallel, prints one line per row
// that does not agree and the summary, and optionally writes a JSON report.
#include "tools/RunCommand.h"

#include "cat/Parser.h"
#include "encoders/BulkRun.h"
#include "tools/Output.h"

#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

namespace catcheck::tools {

void RunCommand::addTo(CLI::App& app) {
  models_ = cat::defaultModelsDirectory();
  jobs_ = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  command_ = app.add_subcommand("run", "check every row of a manifest against its expected verdict");
  command_->add_option("--manifest", manifest_, "CSV: suite,test,model,property,bound,progress,expected")->required();
  command_->add_option("--models", models_, "folder in which the manifest's model names are looked up");
  command_->add_option("--suite", suites_, "only rows of this suite (repeatable)");
  command_->add_option("--jobs", jobs_, "parallel workers")->check(CLI::PositiveNumber);
  command_->add_option("--solver", solver_, "z3 | cvc5");
  command_->add_option("--report", report_, "write a JSON report (verdicts and per-phase times) to this file");
}

int RunCommand::run() const {
  std::vector<core::ManifestRow> rows;
  for (core::ManifestRow& row : core::readManifest(manifest_)) {
    bool wanted = suites_.empty() || std::find(suites_.begin(), suites_.end(), row.suite) != suites_.end();
    if (wanted) rows.push_back(std::move(row));
  }
  encoders::BulkRunOptions options;
  options.modelsDirectory = models_;
  options.jobs = jobs_;
  options.solver.kind = encoders::parseSolverKind(solver_);
  auto start = std::chrono::steady_clock::now();
  auto outcomes = encoders::runManifestRows(rows, options, [](const encoders::RowOutcome& o) { printRowIfNotAgreeing(std::cout, o); });
  double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!report_.empty()) writeJsonReport(report_, outcomes, wallMs);
  return printRunSummary(std::cout, outcomes) ? 0 : 1;
}

}  // namespace catcheck::tools
