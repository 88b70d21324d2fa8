// Bulk-run results for people: a line per row that did not agree, counts per suite, the per-suite table
// and the last line `N passed, N failed[, N skipped]` that scripts read.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "runner/BulkRun.h"

namespace catcheck::runner {

struct StatusCounts {
  int agree = 0, differs = 0, timeout = 0, error = 0, skipped = 0;
  void add(runner::RowStatus status);
  int failed() const { return differs + timeout + error; }
  int rows() const { return agree + failed() + skipped; }
};

struct SuiteSummary {
  std::string suite;
  StatusCounts counts;
  double wallMs = 0;    // from the first row's start to the last row's end
  double medianMs = 0;  // per row, over the rows that ran
};

const char* statusLabel(runner::RowStatus status);    // AGREE, DIFFERS, TIMEOUT, ERROR, SKIPPED
std::string rowName(const runner::ManifestRow& row);  // "test [model, property]"
StatusCounts countStatuses(const std::vector<runner::RowOutcome>& outcomes);
// One summary per suite, in the order the suites first appear.
std::vector<SuiteSummary> summarizeSuites(const std::vector<runner::RowOutcome>& outcomes);

// One line for a row that did not agree (differs, timeout, error or skip).
void printRowIfNotAgreeing(std::ostream& out, const runner::RowOutcome& outcome);
// The per-suite table, when it says more than the last line (several suites, or a row that did not agree),
// then "N passed, N failed[, N skipped]"; returns whether every row that ran agreed.
bool printRunSummary(std::ostream& out, const std::vector<runner::RowOutcome>& outcomes);

}  // namespace catcheck::runner
