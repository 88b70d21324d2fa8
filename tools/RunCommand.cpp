// The bulk-run command: reads the rows (our manifest format, or one of Dat3M's expected CSVs with the
// model, property and bound given on the command line), runs them in parallel under the per-row limits,
// shows a progress line on a terminal, prints one line per row that does not agree, writes the reports
// asked for and ends with the per-suite table and `N passed, N failed[, N skipped]`. Timeouts and errors
// count as failures in the exit code. With --shard K/N it runs only the K-th of N parts of the selected
// rows (runner/Shard.h) and its report says so, for `catcheck report merge` to join.
#include "tools/RunCommand.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cat/Parser.h"
#include "core/ir/Log.h"
#include "core/ir/Progress.h"
#include "runner/BulkRun.h"
#include "runner/RunReports.h"
#include "runner/RunSummary.h"
#include "runner/Shard.h"
#include "tools/ProgressBar.h"

namespace catcheck::tools {
namespace {

void requireOneSuite(const std::vector<runner::ManifestRow>& rows) {
  for (const runner::ManifestRow& row : rows) {
    if (row.suite != rows.front().suite) {
      throw std::invalid_argument(
          "--write-expected writes the verdicts of one suite: select one with --suite");
    }
  }
}

// The shard's rows, and what its report records about the run it is part of.
std::vector<runner::ManifestRow> shardOf(const std::vector<runner::ManifestRow>& rows,
                                         const std::string& shardText, runner::RunIdentity& identity) {
  if (!shardText.empty()) identity.shard = runner::parseShard(shardText);
  identity.rowsSelected = static_cast<int>(rows.size());
  identity.partition = runner::partitionFingerprint(rows);
  if (identity.shard.count == 1) return rows;
  std::vector<runner::ManifestRow> selected = runner::rowsOfShard(rows, identity.shard);
  auto cost = [](const std::vector<runner::ManifestRow>& some) {
    double total = 0;
    for (const runner::ManifestRow& row : some) total += runner::estimatedCost(row);
    return total;
  };
  core::log::info("shard {}/{}: {} of {} rows, estimated cost {} of {}", identity.shard.index,
                  identity.shard.count, selected.size(), rows.size(), cost(selected), cost(rows));
  return selected;
}

}  // namespace

void RunCommand::addTo(CLI::App& app) {
  models_ = cat::defaultModelsDirectory();
  jobs_ = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  command_ = app.add_subcommand("run", "check every row of a manifest against its expected verdict");
  addInputOptions();
  command_->add_option("--jobs", jobs_, "parallel workers")->check(CLI::PositiveNumber);
  command_->add_option("--solver", solver_, "z3 (default) | cvc5");
  command_->add_flag("--no-recheck", noRecheck_,
                     "do not re-check SAT witnesses with the concrete evaluator (they are by default)");
  command_->add_flag(
      "--no-smaller-bounds", noSmallerBounds_,
      "look for each row's witness at its bound only, not first at bounds 1, 2, 4, ... below it");
  command_
      ->add_option("--timeout", timeoutSeconds_,
                   "wall time per row in seconds, beyond which it is a TIMEOUT (0: none)")
      ->check(CLI::NonNegativeNumber);
  command_->add_option("--memory-mb", memoryMb_,
                       "address-space cap of each worker process in MB; a row past it is an ERROR (0: none)");
  addReportOptions();
}

void RunCommand::addInputOptions() {
  CLI::App* input = command_->add_option_group("input", "the rows to run: exactly one of");
  input->add_option("--manifest", manifest_, "CSV: suite,test,model,property,bound,progress,expected");
  CLI::Option* expected =
      input->add_option("--expected", expected_, "Dat3M's X-expected.csv: path,1 (PASS) or path,0 (FAIL)");
  input->require_option(1);
  CLI::Option* model = command_->add_option("--model", model_,
                                            "with --expected: the .cat model, a file or a name in --models");
  expected->needs(model);
  model->needs(expected);
  command_->add_option("--property", property_, "with --expected: program_spec | cat_spec | termination")
      ->needs(expected);
  command_->add_option("--bound", bound_, "with --expected: loop unrolling bound")
      ->check(CLI::PositiveNumber)
      ->needs(expected);
  command_->add_option("--progress", progress_, "with --expected: progress model (default FAIR)")
      ->needs(expected);
  command_->add_option("--root", root_,
                       "folder the paths of --expected and --write-expected are relative to (default: .)");
  command_->add_option("--models", models_, "folder in which model names are looked up");
  command_->add_option("--suite", suites_, "only rows of this suite (repeatable)");
}

void RunCommand::addReportOptions() {
  command_->add_option("--report", report_,
                       "write a JSON report (verdicts, statuses, times, per-suite table) to this file");
  command_->add_option("--junit", junit_, "write a JUnit XML report (one testsuite per suite) to this file");
  command_->add_option("--write-expected", writeExpected_,
                       "write the verdicts obtained as Dat3M's path,0|1 CSV (one suite)");
  command_
      ->add_option("--shard", shard_,
                   "run only part K of N (1 <= K <= N) of the selected rows, balanced by estimated cost; "
                   "join the shards' --report files with `catcheck report merge`")
      ->check(CLI::Validator(
          [](std::string& text) {
            try {
              runner::parseShard(text);
              return std::string();
            } catch (const std::invalid_argument& e) {
              return std::string(e.what());
            }
          },
          "K/N", "shard"));
}

std::vector<runner::ManifestRow> RunCommand::selectRows(std::string& modelsDirectory) const {
  std::vector<runner::ManifestRow> all;
  if (expected_.empty()) {
    all = runner::readManifest(manifest_);
  } else {
    runner::ManifestRow shape;
    shape.model = model_;
    shape.property = core::propertyName(core::parseProperty(property_));
    shape.bound = bound_;
    shape.progress = progress_;
    if (!progress_.empty()) core::parseProgressSpec(progress_);
    if (std::filesystem::is_regular_file(model_)) {
      modelsDirectory = std::filesystem::absolute(model_).parent_path().string();
      shape.model = std::filesystem::path(model_).filename().string();
    }
    all = runner::readExpectedCsv(expected_, root_, shape);
  }
  std::vector<runner::ManifestRow> rows;
  for (runner::ManifestRow& row : all) {
    if (suites_.empty() || std::find(suites_.begin(), suites_.end(), row.suite) != suites_.end())
      rows.push_back(std::move(row));
  }
  for (const std::string& suite : suites_) {
    auto ofSuite = [&](const runner::ManifestRow& row) { return row.suite == suite; };
    if (std::none_of(rows.begin(), rows.end(), ofSuite))
      throw std::invalid_argument("no row of suite '" + suite + "'");
  }
  return rows;
}

int RunCommand::run() const {
  runner::BulkRunOptions options;
  options.modelsDirectory = models_;
  runner::RunIdentity identity;
  identity.manifest = expected_.empty() ? manifest_ : expected_;
  std::vector<runner::ManifestRow> rows = shardOf(selectRows(options.modelsDirectory), shard_, identity);
  if (!writeExpected_.empty()) requireOneSuite(rows);
  options.jobs = jobs_;
  options.solver.kind = encoders::parseSolverKind(solver_.empty() ? "z3" : solver_);
  options.solver.kindIsDefault = solver_.empty();
  options.timeoutSeconds = timeoutSeconds_;
  options.memoryMb = memoryMb_;
  options.recheckWitnesses = !noRecheck_;
  options.smallerBoundsFirst = !noSmallerBounds_;
  ProgressBar bar(rows.size(), ProgressBar::onTerminal());
  runner::BulkRunCallbacks callbacks{[&](const runner::RowOutcome& o) {
                                       bar.clear();
                                       runner::printRowIfNotAgreeing(std::cout, o);
                                       std::cout.flush();
                                       bar.count(o);
                                     },
                                     [&] { bar.redraw(); }};
  auto start = std::chrono::steady_clock::now();
  std::vector<runner::RowOutcome> outcomes = runner::runManifestRows(rows, options, callbacks);
  double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  bar.clear();
  if (!report_.empty()) writeJsonReport(report_, outcomes, wallMs, identity);
  if (!junit_.empty()) writeJunitReport(junit_, outcomes, wallMs);
  if (!writeExpected_.empty()) writeExpectedCsv(writeExpected_, outcomes, root_);
  return runner::printRunSummary(std::cout, outcomes) ? 0 : 1;
}

}  // namespace catcheck::tools
