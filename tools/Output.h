// Output of a single check: the verdict block of docs/design.md, or the same as JSON (bulk runs:
// RunSummary.h, RunReports.h).
#pragma once

#include <ostream>
#include <string>

#include "core/ir/Verdict.h"

namespace catcheck::tools {

// `colour`: the result in ANSI colours (PASS green, FAIL red, UNKNOWN yellow), for terminals.
void printVerdict(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                  const core::Verdict& verdict, bool colour = false);

// One JSON object: test, model, property, bound, result, explanation, condition, flag, pair, witness, stuck
// (null when absent) and times (milliseconds per phase and in total).
void printVerdictJson(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                      const core::Verdict& verdict);

}  // namespace catcheck::tools
