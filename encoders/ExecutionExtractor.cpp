// Evaluates the encoding's per-event and per-pair terms in the solver's model: executed events, values,
// the pairs of every solver-decided base relation (rf, co, sync_fence, syncbar), final registers and memory,
// and where threads may stop (termination witnesses), the steps each thread reached.
#include "encoders/ExecutionExtractor.h"

#include "core/analysis/BaseRelations.h"

namespace catcheck::encoders {
namespace {

// The pairs of a solver-decided relation that hold in the solver's model, read through the context's
// choke point so that must pairs and barrier synchronisation count exactly as the encoding has them.
// A must pair holds exactly when both events execute (EncodingContext::pair), so only the undecided ones
// are read from the model: a 1 024-thread block's barrier has a million must pairs of syncbar.
core::PairSet chosenPairs(EncodingContext& ctx, SolverBackend& solver, core::DecidedRelation relation,
                          const core::EventSet& executed) {
  core::BaseRelation base = core::baseRelationOf(relation);
  const core::RelationBounds& bounds = ctx.bounds(base);
  core::PairSet pairs(ctx.graph.size());
  bounds.may.forEach([&](int a, int b) {
    bool holds =
        bounds.must.has(a, b) ? executed.has(a) && executed.has(b) : solver.boolValue(ctx.pair(base, a, b));
    if (holds) pairs.add(a, b);
  });
  return pairs;
}

}  // namespace

core::Execution extractExecution(EncodingContext& ctx) {
  SolverBackend& solver = ctx.f.backend();
  int n = ctx.graph.size();
  core::Execution execution;
  execution.executed = core::EventSet(n);
  execution.value.assign(static_cast<size_t>(n), 0);
  for (const core::Event& e : ctx.graph.events) {
    if (solver.boolValue(ctx.exec[static_cast<size_t>(e.id)])) execution.executed.add(e.id);
    if (e.hasValue())
      execution.value[static_cast<size_t>(e.id)] = solver.intValue(ctx.value[static_cast<size_t>(e.id)]);
  }
  for (core::DecidedRelation relation : core::kDecidedRelations)
    execution.chosen(relation) = chosenPairs(ctx, solver, relation, execution.executed);
  for (const ThreadEncoding& thread : ctx.threads) {
    std::vector<long long> registers;
    for (Term r : thread.finalRegisters) registers.push_back(solver.intValue(r));
    execution.finalRegisters.push_back(std::move(registers));
  }
  for (Term m : ctx.finalMemory) execution.finalMemory.push_back(solver.intValue(m));
  execution.terminated = solver.boolValue(ctx.allTerminated);
  if (!ctx.allThreadsStart) {
    for (const ThreadEncoding& thread : ctx.threads) {
      std::vector<int> reached;
      for (size_t s = 0; s < thread.reached.size(); ++s) {
        if (solver.boolValue(thread.reached[s])) reached.push_back(static_cast<int>(s));
      }
      execution.reachedSteps.push_back(std::move(reached));
    }
  }
  return execution;
}

}  // namespace catcheck::encoders
