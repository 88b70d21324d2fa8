// Exhaustive enumeration of the candidate executions of a small event graph, herd7 style, classified by
// the concrete evaluator (Evaluator.h): the oracle the SMT engine is tested against (docs/design.md decision
// 7). Each candidate fixes every thread's path and read values, barrier synchronisation, rf, co and
// sync_fence; it is kept when consistent with the model's non-flagged axioms, with the flags it fires,
// whether the filter holds, whether it terminated or reached a loop bound, and each final state it can end
// in. Threads follow uniform FAIR progress (every thread runs until it ends, blocks, spins or stops), as in
// the program_spec and cat_spec suites; termination under other progress models is not enumerated.
// Each outcome also says whether its execution is a non-termination witness (docs/semantics.md §7.5, as
// encoders/TerminationEncoder.cpp states it) in the cases without a side-effecting stuck iteration.
#pragma once

#include <compare>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/analysis/Execution.h"
#include "core/analysis/RelationGraph.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Verdict.h"

namespace catcheck::core {

// Work limits: past any of them the enumeration stops and reports itself incomplete.
struct EnumerationLimits {
  int maxEvents = 48;                  // events of the graph (init writes included)
  size_t maxPathsPerThread = 4096;     // paths through one thread (read values, barrier outcomes)
  long long maxCombinations = 100000;  // combinations of one path per thread
  long long maxEvaluations = 100000;   // candidate executions given to the evaluator
  size_t keepExecutions = 0;           // consistent executions to keep as examples
};

struct FinalState {
  // Per thread, per register. nullopt: a thread blocked at a barrier leaves the register free (the
  // encoding does not constrain it), so a condition on it may be satisfied either way.
  std::vector<std::vector<std::optional<long long>>> registers;
  std::vector<long long> memory;  // per memory object
  auto operator<=>(const FinalState&) const = default;
};

// What the verdicts need to know of a consistent execution.
struct Outcome {
  FinalState state;
  bool terminated = true;          // every thread reached its end normally
  bool boundReached = false;       // some loop-bound jump was taken
  bool filterHolds = true;         // the program's filter holds (or may hold, on free registers)
  std::vector<std::string> flags;  // flagged axioms that fire
  // A non-termination witness: no loop-bound jump is taken, some thread is blocked at a barrier or spins,
  // no thread stops, and every read of each spinning iteration reads from a co-maximal write (the
  // strong suffix; a spin iteration writes nothing, so the other suffix rules hold trivially).
  bool stuckWitness = false;
  // Would be such a witness, but some thread stops after a side-effecting iteration with an earlier copy
  // of its loop: whether that copy can match it is not enumerated, so termination stays undecided.
  bool stopUndecided = false;
  auto operator<=>(const Outcome&) const = default;
};

struct EnumerationResult {
  bool complete = true;
  std::string incompleteReason;  // which limit was exceeded
  long long paths = 0;           // thread paths, summed over threads
  long long combinations = 0;    // path combinations whose barriers and values agree
  long long evaluations = 0;     // candidate executions evaluated (partial ones pruned early included)
  long long consistentExecutions = 0;
  std::map<Outcome, long long> outcomes;  // consistent executions per outcome
  std::vector<Execution> examples;        // the first consistent executions, up to keepExecutions
};

EnumerationResult enumerate(const core::Model& model, const EventGraph& graph,
                            const EnumerationLimits& limits = {});

// Evaluates a final-state condition; nullopt when its truth depends on free registers.
std::optional<bool> conditionValue(const Condition& condition, const FinalState& state);

// The final state an execution records (every register known).
FinalState finalStateOf(const Execution& execution);

// Whether a final state witnesses program_spec's final-state assertion (exists, ~exists, forall): its
// condition holds, or fails for forall. The execution must also have terminated.
bool witnessesAssertion(const Program& program, const FinalState& state);

// The verdict of docs/semantics.md §2 from a complete enumeration. program_spec: `exists C` passes iff some
// terminated consistent filter-satisfying execution satisfies C, `~exists C` / `forall C` fail iff one
// satisfies C / violates C; cat_spec fails iff a consistent filter-satisfying execution fires a flag. A
// result that would be PASS (FAIL for exists) is UNKNOWN when such an execution reaches a loop bound.
// termination (uniform FAIR progress, the condition ignored) fails iff a consistent filter-satisfying
// execution is a stuck witness (Outcome::stuckWitness), else is UNKNOWN when one reaches a loop bound,
// else passes. Throws std::logic_error for an incomplete enumeration, and std::invalid_argument for
// termination when no witness is found but some execution has Outcome::stopUndecided.
Result enumeratedVerdict(const EnumerationResult& result, const Program& program, Property property);

}  // namespace catcheck::core
