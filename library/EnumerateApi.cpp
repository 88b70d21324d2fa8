// catcheck::enumerate (catcheck/Enumerate.h): builds the event graph, runs the exhaustive enumerator of
// core/concrete/Enumerator.h and reports each outcome with its final state as text and whether the test's
// condition holds there, and the verdict for the property when the enumeration decides it.
#include "catcheck/Enumerate.h"
#include "check/Enumerate.h"
#include "core/concrete/Enumerator.h"
#include "library/Handles.h"
#include "library/Translate.h"

namespace catcheck {
namespace {

std::string stateText(const core::Program& program, const core::FinalState& state) {
  std::string text;
  for (size_t t = 0; t < state.registers.size(); ++t) {
    const core::Thread& thread = program.threads.at(t);
    for (size_t r = 0; r < state.registers[t].size(); ++r) {
      const std::optional<long long>& value = state.registers[t][r];
      text += thread.name + ":" + thread.registerNames.at(r) + "=" + (value ? std::to_string(*value) : "?") +
              "; ";
    }
  }
  for (size_t m = 0; m < state.memory.size(); ++m)
    text += program.memory.at(m).name + "=" + std::to_string(state.memory[m]) + "; ";
  if (text.size() >= 2) text.resize(text.size() - 2);
  return text;
}

Outcome outcomeOf(const core::Program& program, const core::Outcome& outcome, long long executions) {
  Outcome result;
  result.state = stateText(program, outcome.state);
  result.registers = outcome.state.registers;
  result.memory = outcome.state.memory;
  result.terminated = outcome.terminated;
  result.boundReached = outcome.boundReached;
  result.filterHolds = outcome.filterHolds;
  result.conditionHolds = program.assertionKind != core::AssertionKind::None &&
                          core::conditionValue(program.assertion, outcome.state) == true;
  result.flags = outcome.flags;
  result.stuckWitness = outcome.stuckWitness;
  result.executions = executions;
  return result;
}

// The verdict, unless the enumeration is incomplete or leaves termination undecided.
std::optional<Result> verdictOf(const core::EnumerationResult& result, const core::Program& program,
                                Property property) {
  if (!result.complete) return std::nullopt;
  try {
    return detail::fromCore(core::enumeratedVerdict(result, program, detail::toCore(property)));
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

}  // namespace

Enumeration enumerate(const Program& program, const Model& model, const EnumerateOptions& options) {
  return detail::translated([&] {
    detail::requireBound(options.bound);
    const core::Program& internal = detail::Access::program(program);
    core::EnumerationLimits limits;
    limits.maxEvents = options.maxEvents;
    limits.maxEvaluations = options.maxEvaluations;
    core::EnumerationResult result =
        check::enumerateProgram(internal, detail::Access::model(model), options.bound, limits);
    Enumeration enumeration;
    enumeration.complete = result.complete;
    enumeration.incompleteReason = result.incompleteReason;
    enumeration.consistentExecutions = result.consistentExecutions;
    for (const auto& [outcome, count] : result.outcomes)
      enumeration.outcomes.push_back(outcomeOf(internal, outcome, count));
    enumeration.result = verdictOf(result, internal, options.property);
    return enumeration;
  });
}

}  // namespace catcheck
