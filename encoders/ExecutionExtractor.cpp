// Evaluates the encoding's per-event and per-pair terms in the solver's model: executed events, values,
// the pairs of every solver-decided base relation (rf, co, sync_fence, syncbar), final registers and memory,
// and where threads may stop (termination witnesses), the steps each thread reached.
#include "encoders/ExecutionExtractor.h"

#include "core/analysis/BaseRelations.h"

namespace catcheck::encoders {
namespace {

// The pairs of a solver-decided relation that hold in the solver's model, read through the context's
// choke point so that must pairs and barrier synchronisation count exactly as the encoding has them.
core::PairSet chosenPairs(EncodingContext& ctx, SolverBackend& solver, core::DecidedRelation relation) {
  core::BaseRelation base = core::baseRelationOf(relation);
  core::PairSet pairs(ctx.graph.size());
  ctx.bounds(base).may.forEach([&](int a, int b) {
    if (solver.boolValue(ctx.pair(base, a, b))) pairs.add(a, b);
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
    execution.chosen(relation) = chosenPairs(ctx, solver, relation);
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
