// One question to the solver about one bounded event graph: a fresh backend with the program, its memory,
// every non-flagged axiom of the model and the filter encoded, once per execution asked about (two for the
// properties that compare executions: deterministic). The property encoders add their goal and solve.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "core/analysis/RelationAnalysis.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Progress.h"
#include "core/ir/Warps.h"
#include "encoders/Checker.h"
#include "encoders/EncodingContext.h"
#include "encoders/RelationEncoder.h"
#include "encoders/Solver.h"

namespace catcheck::encoders {

// Whether a final-state condition holds, over the context's final registers and memory.
Term conditionHolds(EncodingContext& ctx, const core::Condition& c);

class Query {
 public:
  Query(const core::EventGraph& graph, const core::RelationAnalysis& analysis, const core::Model& model,
        const SolverOptions& options, const core::ProgressSpec& progress, core::WarpConfig warpConfig,
        int executions = 1, const std::map<int, long long>& fixedValues = {}, Observation observation = {});
  // Execution `i`'s encoding (its variables are prefixed "x<i>." past the first).
  EncodingContext& context(int i = 0) { return encodings_.at(static_cast<size_t>(i))->ctx; }
  RelationEncoder& relations(int i = 0) { return encodings_.at(static_cast<size_t>(i))->relations; }
  bool value(Term t) { return backend_->boolValue(t); }
  // Requires `goal` and solves; throws SolverGaveUp (Checker.h) when the solver answers neither way.
  SatResult solve(Term goal);

 private:
  struct Encoding {
    Encoding(SolverBackend& backend, const std::string& prefix, const core::EventGraph& graph,
             const core::RelationAnalysis& analysis, const core::Model& model)
        : formula(backend, prefix), ctx(formula, graph), relations(ctx, model, analysis) {}
    Formula formula;
    EncodingContext ctx;
    RelationEncoder relations;
  };
  std::unique_ptr<SolverBackend> backend_;
  std::vector<std::unique_ptr<Encoding>> encodings_;
};

using Clock = std::chrono::steady_clock;
double millisecondsSince(Clock::time_point start);
void logEncodeAndSolve(const char* question, double encodeMs, SatResult answer, double solveMs);
bool hasBoundJump(const core::EventGraph& graph);

// Builds a query over `executions` executions (leaving free what `observation` does not observe:
// EncodingContext::observation) and solves for `goal`, adding the encode and solve
// times to `verdict` and logging them as `what`.
SatResult solveTimed(std::optional<Query>& query, const core::EventGraph& graph,
                     const core::RelationAnalysis& analysis, const core::Model& model,
                     const DecideOptions& options, const SolverOptions& solverOptions,
                     const std::function<Term(Query&)>& goal, const char* what, core::Verdict& verdict,
                     int executions = 1, const std::map<int, long long>& fixedValues = {},
                     Observation observation = {});

// What a caller needs from a satisfying model, read where the model is. A race's winner (SolverRace.h)
// sends the values back, and solveScheduled then returns with the query empty instead of asking the
// winner again; a caller that needs more than the values asks again itself.
struct Readout {
  std::function<std::vector<long long>(Query&)> read;
  std::vector<long long> values;  // filled on a satisfying answer
};

// What solveScheduled carries from one query of a check to the next.
struct SolverSchedule {
  // The solver that answered the check's previous query (none yet): a race favours it, an alternation
  // starts there (z3 for the first query).
  std::optional<SolverKind> lastWinner;
  double lastEncodeMs = 0;  // how long the check's latest query took to encode (every slice encodes again)
};
// solveTimed with both solvers unless the user chose one (Query.cpp says why): z3 and cvc5 race in child
// processes where the program allows it (SolverRace.h), else alternate in time slices growing fourfold.
// With a `readout`, a satisfying answer fills its values and may leave `query` empty (Readout).
SatResult solveScheduled(SolverSchedule& schedule, std::optional<Query>& query, const core::EventGraph& graph,
                         const core::RelationAnalysis& analysis, const core::Model& model,
                         const DecideOptions& options, const SolverOptions& solverOptions,
                         const std::function<Term(Query&)>& goal, const char* what, core::Verdict& verdict,
                         int executions = 1, const std::map<int, long long>& inputs = {},
                         const Observation& observation = {}, Readout* readout = nullptr);

// Whether a bounded loop can be left through its bound: then an unsatisfiable question answers only up to
// the bound, and the verdict is UNKNOWN when the bound is reachable.
bool boundReachable(const core::EventGraph& graph, const core::Model& model,
                    const core::RelationAnalysis& analysis, const DecideOptions& options,
                    core::Verdict& verdict);

// The properties whose witness compares executions (ExecutionComparison.cpp).
Decision decideWellSynchronized(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                                const core::Model& model, const DecideOptions& options);
Decision decideDeterministic(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                             const core::Model& model, const DecideOptions& options);

// memory_safety (MemorySafety.cpp): per memory access that may lie outside its allocation, when it does.
struct UnsafeAccess {
  int event = 0;
  Term when = -1;
};
std::vector<UnsafeAccess> unsafeAccesses(EncodingContext& ctx);
// The first unsafe access (or fired use-after flag) of the query's model, described in `verdict`.
void explainMemorySafety(Query& query, const core::Model& model, const core::RelationAnalysis& analysis,
                         core::Verdict& verdict);

}  // namespace catcheck::encoders
