// One candidate execution of an event graph: which events ran, the values they read and wrote, and the
// choices an execution makes that the program does not fix (rf, co, the order of SC fences, which named
// barriers synchronised). The concrete evaluator computes every relation of a model on it; the SMT
// encoder extracts one from a solver model so that every witness can be re-checked independently.
// The choices are one field per DecidedRelation of the registry (BaseRelation.h), reached by `chosen`.
#pragma once

#include <stdexcept>
#include <vector>

#include "core/analysis/BaseRelation.h"
#include "core/graph/EventGraph.h"
#include "core/graph/PairSet.h"

namespace catcheck::core {

struct Execution {
  EventSet executed;
  std::vector<long long> value;  // per event (memory and collective events; 0 elsewhere)
  PairSet rf;
  PairSet co;                   // as chosen (PTX: possibly partial, not necessarily transitive)
  PairSet syncFence;            // sync_fence pairs
  PairSet syncBarrier;          // syncbar pairs
  PairSet sameLocation;         // loc pairs (static unless addresses are computed)
  PairSet sameGenericLocation;  // vloc pairs
  std::vector<std::vector<long long>> finalRegisters;  // per thread, per register
  std::vector<long long> finalMemory;                  // per memory object
  bool terminated = true;                              // every thread reached its end normally
  // Termination witnesses under progress models other than a uniform FAIR one, where a thread without
  // progress may stop anywhere or never start: per thread, the steps its control flow reached, in order (a
  // prefix of one of its paths; empty for a thread that never started). Empty when threads cannot stop.
  std::vector<std::vector<int>> reachedSteps;
  bool threadsMayStop() const { return !reachedSteps.empty(); }

  // The pairs this execution chose for a solver-decided base relation.
  const PairSet& chosen(DecidedRelation relation) const {
    switch (relation) {
      case DecidedRelation::ReadsFrom:
        return rf;
      case DecidedRelation::Coherence:
        return co;
      case DecidedRelation::FenceOrder:
        return syncFence;
      case DecidedRelation::BarrierSync:
        return syncBarrier;
      case DecidedRelation::SameLocation:
        return sameLocation;
      case DecidedRelation::SameGenericLocation:
        return sameGenericLocation;
    }
    throw std::logic_error("unknown decided relation");
  }
  PairSet& chosen(DecidedRelation relation) {
    return const_cast<PairSet&>(static_cast<const Execution&>(*this).chosen(relation));
  }
};

}  // namespace catcheck::core
