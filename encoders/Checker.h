// Deciding one property of one bounded event graph under one model with an SMT solver: the encoders'
// entry point. check/ builds the graph and the bounds, calls this, and re-checks the witness.
#pragma once

#include <optional>
#include <stdexcept>

#include "core/analysis/Execution.h"
#include "core/analysis/RelationAnalysis.h"
#include "core/analysis/RelationGraph.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Progress.h"
#include "core/ir/Verdict.h"
#include "core/ir/Warps.h"
#include "encoders/Solver.h"

namespace catcheck::encoders {

struct DecideOptions {
  core::Property property = core::Property::ProgramSpec;
  SolverOptions solver;
  core::ProgressSpec progress;  // uniform FAIR unless given
  bool explain = false;         // ask the solver for a model and extract the witness (slower with cvc5)
  core::WarpConfig warpConfig = core::WarpConfig::Cuda;  // the participation guarantee (core/ir/Warps.h)
  // Only look for a witness: without one, stop there (UNKNOWN) rather than ask whether a loop bound is
  // reachable. For a search at a smaller bound than the one asked for (check/).
  bool witnessOnly = false;
};

struct Decision {
  core::Verdict verdict;  // result, explanation, flag and stuck threads, encode and solve times
  std::optional<core::Execution> witness;  // with `explain`, the execution behind a satisfying answer
  // Properties that compare executions (deterministic): the witness's first execution (`witness` is the
  // second).
  std::optional<core::Execution> firstWitness;
  bool satisfied = false;  // the solver found a witness (a violation, or a reached outcome)
  // The concrete evaluator has already judged `witness` as check/ would (a relaxed answer confirmed on its
  // propagated values, encoders/Checker.cpp): check/ need not evaluate it again.
  bool witnessConfirmed = false;
};

Decision decide(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                const core::Model& model, const DecideOptions& options);

}  // namespace catcheck::encoders
