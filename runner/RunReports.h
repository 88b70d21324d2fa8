// Bulk-run results for other programs: a JSON report, a JUnit XML report for CI servers, and Dat3M's
// `path,0|1` expected-verdicts CSV written from the verdicts obtained.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runner/BulkRun.h"
#include "runner/Shard.h"

namespace catcheck::runner {

// Which run a report belongs to: what `catcheck report merge` checks before joining shard reports.
struct RunIdentity {
  std::string manifest;   // the --manifest or --expected file, as given
  Shard shard;            // 1/1 when the run was not sharded
  int rowsSelected = 0;   // rows of the whole run (after --suite, before --shard)
  std::string partition;  // partitionFingerprint of those rows
};

// The JSON report's status names, unchanged since its first version: agree, disagree, timeout, error,
// skipped.
const char* jsonStatus(runner::RowStatus status);
// The status of one of those names; nullopt for any other text.
std::optional<runner::RowStatus> statusOfJson(const std::string& name);

// One object per row (verdict, status, phase and wall times, manifest line and index), the per-suite
// table, the totals and the run's identity (manifest, shard, partition).
void writeJsonReport(const std::string& path, const std::vector<runner::RowOutcome>& outcomes, double wallMs,
                     const RunIdentity& identity = {});
// One <testsuite> per suite and one <testcase> per row: DIFFERS is a <failure>, TIMEOUT and ERROR are
// <error>s, SKIPPED is <skipped>.
void writeJunitReport(const std::string& path, const std::vector<runner::RowOutcome>& outcomes,
                      double wallMs);
// `path,1` (PASS) or `path,0` (FAIL) per row that got a verdict, with the path relative to `root`; rows
// without one (UNKNOWN, timeout, error, skip) become `//` comment lines, which Dat3M and --expected skip.
void writeExpectedCsv(const std::string& path, const std::vector<runner::RowOutcome>& outcomes,
                      const std::string& root);

}  // namespace catcheck::runner
