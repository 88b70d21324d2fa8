// Bulk-run results for other programs: a JSON report, a JUnit XML report for CI servers, and Dat3M's
// `path,0|1` expected-verdicts CSV written from the verdicts obtained.
#pragma once

#include <string>
#include <vector>

#include "runner/BulkRun.h"

namespace catcheck::runner {

// One object per row (verdict, status, phase and wall times), the per-suite table and the totals.
void writeJsonReport(const std::string& path, const std::vector<runner::RowOutcome>& outcomes, double wallMs);
// One <testsuite> per suite and one <testcase> per row: DIFFERS is a <failure>, TIMEOUT and ERROR are
// <error>s, SKIPPED is <skipped>.
void writeJunitReport(const std::string& path, const std::vector<runner::RowOutcome>& outcomes,
                      double wallMs);
// `path,1` (PASS) or `path,0` (FAIL) per row that got a verdict, with the path relative to `root`; rows
// without one (UNKNOWN, timeout, error, skip) become `//` comment lines, which Dat3M and --expected skip.
void writeExpectedCsv(const std::string& path, const std::vector<runner::RowOutcome>& outcomes,
                      const std::string& root);

}  // namespace catcheck::runner
