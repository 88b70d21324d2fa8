// Prints what the enumerator found the way herd7 does, so that its users can compare outputs line by line:
// the final states of the consistent executions that terminate and satisfy the filter, each with how many
// executions reach it and whether the condition holds there (litmus7's `*>` marker), then `Ok` when the
// test's assertion is validated (our PASS) and `No` otherwise, and the positive and negative execution
// counts for the condition. Executions that block, spin or stop at the loop bound end in no final state:
// they are counted on a line of their own, and make the answer `Unknown` when they hide a verdict.
#include "tools/EnumerateOutput.h"

#include <iomanip>
#include <nlohmann/json.hpp>
#include <set>

namespace catcheck::tools {
namespace {

struct StateRow {
  core::FinalState state;
  long long executions = 0;
  bool holds = false;  // the condition holds in this state
};

struct Summary {
  std::vector<StateRow> states;
  long long positive = 0;       // executions (in `states`) where the condition holds
  long long negative = 0;       // ... where it does not
  long long notTerminated = 0;  // consistent executions that blocked, spun or stopped at the bound
  std::set<std::string> flags;  // flags that fire in some consistent execution
  core::Result result = core::Result::Unknown;
};

Summary summarize(const EnumerationHeader& header, const core::Program& program,
                  const core::EnumerationResult& result) {
  Summary summary;
  std::map<core::FinalState, long long> executions;
  for (const auto& [outcome, count] : result.outcomes) {
    if (!outcome.filterHolds) continue;
    summary.flags.insert(outcome.flags.begin(), outcome.flags.end());
    if (outcome.terminated)
      executions[outcome.state] += count;
    else
      summary.notTerminated += count;
  }
  for (const auto& [state, count] : executions) {
    bool holds = program.assertionKind != core::AssertionKind::None &&
                 core::conditionValue(program.assertion, state) == true;
    (holds ? summary.positive : summary.negative) += count;
    summary.states.push_back({state, count, holds});
  }
  summary.result = core::enumeratedVerdict(result, program, header.property);
  return summary;
}

std::string registerName(const core::Program& program, size_t thread, size_t reg) {
  const core::Thread& t = program.threads.at(thread);
  return t.name + ":" + t.registerNames.at(reg);
}

std::string valueText(const std::optional<long long>& value) {
  return value ? std::to_string(*value) : "?";
}

// "P1:r0=1; P1:r1=0; x=1; flag=1;"
std::string stateText(const core::Program& program, const core::FinalState& state) {
  std::string text;
  for (size_t t = 0; t < state.registers.size(); ++t) {
    for (size_t r = 0; r < state.registers[t].size(); ++r)
      text += registerName(program, t, r) + "=" + valueText(state.registers[t][r]) + "; ";
  }
  for (size_t m = 0; m < state.memory.size(); ++m)
    text += program.memory[m].name + "=" + std::to_string(state.memory[m]) + "; ";
  if (!text.empty()) text.pop_back();
  return text;
}

const char* answer(core::Result result) {
  switch (result) {
    case core::Result::Pass:
      return "Ok";
    case core::Result::Fail:
      return "No";
    case core::Result::Unknown:
      break;
  }
  return "Unknown (a loop bound was reached: increase --bound)";
}

const char* observation(const Summary& summary) {
  if (summary.positive == 0) return "Never";
  return summary.negative == 0 ? "Always" : "Sometimes";
}

nlohmann::ordered_json stateJson(const core::Program& program, const StateRow& row) {
  nlohmann::ordered_json registers = nlohmann::ordered_json::object(),
                         memory = nlohmann::ordered_json::object();
  for (size_t t = 0; t < row.state.registers.size(); ++t) {
    for (size_t r = 0; r < row.state.registers[t].size(); ++r) {
      const std::optional<long long>& value = row.state.registers[t][r];
      registers[registerName(program, t, r)] =
          value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
    }
  }
  for (size_t m = 0; m < row.state.memory.size(); ++m) memory[program.memory[m].name] = row.state.memory[m];
  return {
      {"executions", row.executions}, {"condition", row.holds}, {"registers", registers}, {"memory", memory}};
}

void printHeader(std::ostream& out, const EnumerationHeader& header, const core::Program& program) {
  out << "Test: " << program.name << "  Model: " << header.model
      << "  Property: " << core::propertyName(header.property) << "  Bound: " << header.bound << "\n";
}

}  // namespace

void printEnumeration(std::ostream& out, const EnumerationHeader& header, const core::Program& program,
                      const core::EnumerationResult& result) {
  printHeader(out, header, program);
  if (!result.complete) {
    out << "enumeration incomplete: " << result.incompleteReason << "\n";
    return;
  }
  Summary summary = summarize(header, program, result);
  out << "States " << summary.states.size() << "\n";
  for (const StateRow& row : summary.states)
    out << std::left << std::setw(6) << row.executions << (row.holds ? "*> " : ":> ")
        << stateText(program, row.state) << "\n";
  if (summary.notTerminated > 0)
    out << "Not terminated: " << summary.notTerminated
        << " (blocked, spinning or stopped at the loop bound)\n";
  out << answer(summary.result) << "\n";
  if (program.assertionKind != core::AssertionKind::None) {
    out << "Witnesses\nPositive: " << summary.positive << " Negative: " << summary.negative << "\n";
    out << "Condition " << program.assertionText << "\n";
    out << "Observation " << program.name << " " << observation(summary) << " " << summary.positive << " "
        << summary.negative << "\n";
  }
  for (const std::string& flag : summary.flags) out << "Flag " << flag << "\n";
}

void printEnumerationJson(std::ostream& out, const EnumerationHeader& header, const core::Program& program,
                          const core::EnumerationResult& result) {
  nlohmann::ordered_json json = {{"test", program.name},
                                 {"model", header.model},
                                 {"property", core::propertyName(header.property)},
                                 {"bound", header.bound},
                                 {"complete", result.complete}};
  if (!result.complete) {
    json["reason"] = result.incompleteReason;
  } else {
    Summary summary = summarize(header, program, result);
    json["states"] = nlohmann::ordered_json::array();
    for (const StateRow& row : summary.states) json["states"].push_back(stateJson(program, row));
    json["not_terminated"] = summary.notTerminated;
    json["result"] = core::resultName(summary.result);
    json["condition"] = program.assertionText;
    json["positive"] = summary.positive;
    json["negative"] = summary.negative;
    json["flags"] = summary.flags;
  }
  out << json.dump(2) << "\n";
}

}  // namespace catcheck::tools
