// Formats verdicts for people and scripts (stable field names, one item per line). Colours are opt-in:
// the caller asks for them only when standard output is a terminal, so scripts never see escape codes.
#include "tools/Output.h"

#include <iomanip>
#include <nlohmann/json.hpp>

namespace catcheck::tools {
namespace {

const char* colourOf(core::Result result) {
  switch (result) {
    case core::Result::Pass:
      return "\033[32m";
    case core::Result::Fail:
      return "\033[31m";
    case core::Result::Unknown:
      break;
  }
  return "\033[33m";
}

// The result padded to a column, so that explanations line up; escape codes take no column.
std::string resultColumn(core::Result result, bool colour) {
  std::string name = core::resultName(result);
  std::string padding(name.size() < 24 ? 24 - name.size() : 0, ' ');
  return colour ? colourOf(result) + name + "\033[0m" + padding : name + padding;
}

nlohmann::ordered_json textOrNull(const std::string& text) {
  return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
}

}  // namespace

void printVerdict(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                  const core::Verdict& verdict, bool colour) {
  const core::PhaseTimes& t = verdict.times;
  out << "Test: " << verdict.testName << "  Model: " << modelName << "  Property: " << property
      << "  Bound: " << bound << "\n";
  out << "Result: " << resultColumn(verdict.result, colour) << " (" << verdict.explanation << ")\n";
  if (!verdict.firedFlag.empty()) out << "Flag: " << verdict.firedFlag << "\n";
  if (!verdict.firedPair.empty()) out << "Pair: " << verdict.firedPair << "\n";
  if (!verdict.condition.empty()) out << "Condition: " << verdict.condition << "\n";
  if (!verdict.stuck.empty()) out << "Stuck:\n" << verdict.stuck;
  if (!verdict.witness.empty()) out << "Witness:\n" << verdict.witness;
  out << std::fixed << std::setprecision(1) << "Time: " << t.totalMs() << " ms (parse " << t.parseMs
      << ", analysis " << t.analysisMs << ", encode " << t.encodeMs << ", solve " << t.solveMs << ")\n";
}

void printVerdictJson(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                      const core::Verdict& verdict) {
  const core::PhaseTimes& t = verdict.times;
  nlohmann::ordered_json json = {{"test", verdict.testName},
                                 {"model", modelName},
                                 {"property", property},
                                 {"bound", bound},
                                 {"result", core::resultName(verdict.result)},
                                 {"explanation", verdict.explanation},
                                 {"condition", textOrNull(verdict.condition)},
                                 {"flag", textOrNull(verdict.firedFlag)},
                                 {"pair", textOrNull(verdict.firedPair)},
                                 {"witness", textOrNull(verdict.witness)},
                                 {"stuck", textOrNull(verdict.stuck)},
                                 {"times",
                                  {{"parse", t.parseMs},
                                   {"analysis", t.analysisMs},
                                   {"encode", t.encodeMs},
                                   {"solve", t.solveMs},
                                   {"total", t.totalMs()}}}};
  out << json.dump(2) << "\n";
}

}  // namespace catcheck::tools
