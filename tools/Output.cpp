// Formats verdicts and bulk-run results for people and scripts (stable field names, one item per line).
#include "tools/Output.h"

#include "core/SourceLocation.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <iomanip>

namespace catcheck::tools {

void printVerdict(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                  const core::Verdict& verdict) {
  const core::PhaseTimes& t = verdict.times;
  out << "Test: " << verdict.testName << "  Model: " << modelName << "  Property: " << property
      << "  Bound: " << bound << "\n";
  out << "Result: " << std::left << std::setw(24) << core::resultName(verdict.result) << " (" << verdict.explanation << ")\n";
  if (!verdict.firedFlag.empty()) out << "Flag: " << verdict.firedFlag << "\n";
  if (!verdict.firedPair.empty()) out << "Pair: " << verdict.firedPair << "\n";
  if (!verdict.condition.empty()) out << "Condition: " << verdict.condition << "\n";
  if (!verdict.witness.empty()) out << "Witness:\n" << verdict.witness;
  out << std::fixed << std::setprecision(1) << "Time: " << t.totalMs() << " ms (parse " << t.parseMs << ", analysis "
      << t.analysisMs << ", encode " << t.encodeMs << ", solve " << t.solveMs << ")\n";
}

void printRowIfNotAgreeing(std::ostream& out, const encoders::RowOutcome& o) {
  const core::ManifestRow& row = o.row;
  std::string where = row.suite + " " + row.test + " [" + row.model + ", " + row.property + "]";
  switch (o.status) {
    case encoders::RowStatus::Agree: return;
    case encoders::RowStatus::Disagree:
      out << "DIFFERS  " << where << ": expected " << core::resultName(row.expected) << ", got "
          << core::resultName(o.verdict.result) << "\n";
      return;
    case encoders::RowStatus::Skipped: out << "SKIPPED  " << where << ": " << o.message << "\n"; return;
    case encoders::RowStatus::Error: out << "ERROR    " << where << ": " << o.message << "\n"; return;
  }
}

bool printRunSummary(std::ostream& out, const std::vector<encoders::RowOutcome>& outcomes) {
  int passed = 0, failed = 0, skipped = 0;
  for (const encoders::RowOutcome& o : outcomes) {
    if (o.status == encoders::RowStatus::Agree) ++passed;
    else if (o.status == encoders::RowStatus::Skipped) ++skipped;
    else ++failed;
  }
  out << passed << " passed, " << failed << " failed";
  if (skipped > 0) out << ", " << skipped << " skipped";
  out << "\n";
  return failed == 0;
}

namespace {

const char* statusName(encoders::RowStatus status) {
  switch (status) {
    case encoders::RowStatus::Agree: return "agree";
    case encoders::RowStatus::Disagree: return "disagree";
    case encoders::RowStatus::Skipped: return "skipped";
    case encoders::RowStatus::Error: return "error";
  }
  return "?";
}

}  // namespace

void writeJsonReport(const std::string& path, const std::vector<encoders::RowOutcome>& outcomes, double wallMs) {
  nlohmann::json rows = nlohmann::json::array();
  for (const encoders::RowOutcome& o : outcomes) {
    const core::PhaseTimes& t = o.verdict.times;
    rows.push_back({{"suite", o.row.suite}, {"test", o.row.test}, {"model", o.row.model},
                    {"property", o.row.property}, {"bound", o.row.bound},
                    {"expected", core::resultName(o.row.expected)}, {"result", core::resultName(o.verdict.result)},
                    {"status", statusName(o.status)}, {"message", o.message},
                    {"times_ms", {{"parse", t.parseMs}, {"analysis", t.analysisMs}, {"encode", t.encodeMs},
                                  {"solve", t.solveMs}, {"total", t.totalMs()}}}});
  }
  std::ofstream out(path);
  if (!out) throw core::InputError({path, 0, 0}, "cannot write report");
  out << nlohmann::json{{"wall_ms", wallMs}, {"rows", rows}}.dump(1) << "\n";
}

}  // namespace catcheck::tools
