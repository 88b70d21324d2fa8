// Evaluates the encoding's per-event and per-pair terms in the solver's model: executed events, values,
// the rf / co / sync_fence variables, which control barriers synchronised, final registers and memory.
#include "encoders/ExecutionExtractor.h"

#include "core/BaseRelations.h"

namespace catcheck::encoders {
namespace {

core::PairSet chosenPairs(SolverBackend& solver, int size, const std::map<EventPair, Term>& variables) {
  core::PairSet pairs(size);
  for (const auto& [pair, term] : variables) {
    if (solver.boolValue(term)) pairs.add(pair.first, pair.second);
  }
  return pairs;
}

core::PairSet barrierPairs(EncodingContext& ctx, SolverBackend& solver, const core::Execution& execution) {
  int n = ctx.graph.size();
  core::PairSet pairs(n);
  auto bounds = core::baseRelationBounds(ctx.graph, "syncbar");
  bounds->may.forEach([&](int a, int b) {
    if (!execution.executed.has(a) || !execution.executed.has(b)) return;
    if (bounds->must.has(a, b)) {
      pairs.add(a, b);
      return;
    }
    auto sync = ctx.barrierSync.find(a);
    auto same = ctx.sameBarrierResource.find({a, b});
    bool synchronises = sync == ctx.barrierSync.end() || solver.boolValue(sync->second);
    bool sameResource = same != ctx.sameBarrierResource.end() && solver.boolValue(same->second);
    if (synchronises && sameResource) pairs.add(a, b);
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
    if (e.isMemory())
      execution.value[static_cast<size_t>(e.id)] = solver.intValue(ctx.value[static_cast<size_t>(e.id)]);
  }
  execution.rf = chosenPairs(solver, n, ctx.rf);
  execution.co = chosenPairs(solver, n, ctx.co);
  execution.syncFence = chosenPairs(solver, n, ctx.syncFence);
  execution.syncBarrier = barrierPairs(ctx, solver, execution);
  for (const ThreadEncoding& thread : ctx.threads) {
    std::vector<long long> registers;
    for (Term r : thread.finalRegisters) registers.push_back(solver.intValue(r));
    execution.finalRegisters.push_back(std::move(registers));
  }
  for (Term m : ctx.finalMemory) execution.finalMemory.push_back(solver.intValue(m));
  execution.terminated = solver.boolValue(ctx.allTerminated);
  return execution;
}

}  // namespace catcheck::encoders
