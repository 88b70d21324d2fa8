// Text output of the command line: the verdict block of DESIGN.md and bulk-run reports.
#pragma once

#include "encoders/BulkRun.h"

#include <ostream>
#include <string>
#include <vector>

namespace catcheck::tools {

void printVerdict(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                  const core::Verdict& verdict);
// One line for a row that did not agree (disagreement, error or skip).
void printRowIfNotAgreeing(std::ostream& out, const encoders::RowOutcome& outcome);
// "N passed, N failed[, N skipped]"; returns whether every run row agreed.
bool printRunSummary(std::ostream& out, const std::vector<encoders::RowOutcome>& outcomes);
// Machine-readable report: one object per row with its verdict, status and phase times.
void writeJsonReport(const std::string& path, const std::vector<encoders::RowOutcome>& outcomes, double wallMs);

}  // namespace catcheck::tools
