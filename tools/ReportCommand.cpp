// The report command. `report merge` reads the JSON reports of the shards of one run, checks that they are
// distinct shards of one partition, and prints what the unsharded run would have printed: a line per row
// that did not agree (in manifest order), the per-suite table and `N passed, N failed[, N skipped]`. It
// writes the merged JSON, JUnit and expected-verdicts files asked for. Exit codes as for `run`: 0 when every
// row agreed, 1 otherwise, 2 for bad input, including a missing shard (named on stderr; the summary then
// covers only the shards given).
#include "tools/ReportCommand.h"

#include <fmt/format.h>

#include <iostream>

#include "runner/ReportMerge.h"
#include "runner/RunReports.h"
#include "runner/RunSummary.h"

namespace catcheck::tools {
namespace {

std::string missingList(const runner::MergedRun& merged, int count) {
  std::string list;
  for (int k : merged.missingShards) list += fmt::format("{}{}/{}", list.empty() ? "" : ", ", k, count);
  return list;
}

}  // namespace

void ReportCommand::addTo(CLI::App& app) {
  command_ = app.add_subcommand("report", "work with the reports of `catcheck run`");
  command_->require_subcommand(1);
  merge_ = command_->add_subcommand(
      "merge",
      "join the --report files of the shards of one run (`catcheck run --shard K/N`) into one summary");
  merge_->add_option("reports", inputs_, "the shards' JSON reports")->required()->check(CLI::ExistingFile);
  merge_->add_option("--report", report_, "write the merged JSON report to this file");
  merge_->add_option("--junit", junit_, "write a JUnit XML report (one testsuite per suite) to this file");
  merge_->add_option("--write-expected", writeExpected_,
                     "write the verdicts as Dat3M's path,0|1 CSV (the run must be of one suite)");
  merge_->add_option("--root", root_, "folder the paths of --write-expected are relative to (default: .)");
}

int ReportCommand::run() const {
  std::vector<runner::RunReport> reports;
  for (const std::string& path : inputs_) reports.push_back(runner::readJsonReport(path));
  runner::MergedRun merged = runner::mergeReports(reports);
  if (!writeExpected_.empty() && runner::summarizeSuites(merged.outcomes).size() > 1)
    throw std::invalid_argument("--write-expected writes the verdicts of one suite: the run has several");
  for (const runner::RowOutcome& o : merged.outcomes) runner::printRowIfNotAgreeing(std::cout, o);
  if (!report_.empty()) writeJsonReport(report_, merged.outcomes, merged.wallMs, merged.identity);
  if (!junit_.empty()) writeJunitReport(junit_, merged.outcomes, merged.wallMs);
  if (!writeExpected_.empty()) writeExpectedCsv(writeExpected_, merged.outcomes, root_);
  int count = reports.front().identity.shard.count;
  if (!merged.missingShards.empty()) {
    std::cout.flush();
    std::cerr << fmt::format(
        "catcheck: report merge: missing shard{} {} of {}: the summary covers only the {} "
        "given\n",
        merged.missingShards.size() > 1 ? "s" : "", missingList(merged, count), count, reports.size());
  }
  bool agreed = runner::printRunSummary(std::cout, merged.outcomes);
  if (!merged.missingShards.empty()) return 2;
  return agreed ? 0 : 1;
}

}  // namespace catcheck::tools
