// The concrete engine (docs/design.md decision 7): the value of every `.cat` relation and set on one given
// execution, herd7 style, and a check that an execution is one the program can really produce. It shares
// no code with the SMT encoders, so that each engine checks the other: every witness the solver returns
// is re-evaluated here, and on small tests the enumerator (Enumerator.h) uses it as an oracle.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/analysis/Execution.h"
#include "core/analysis/RelationGraph.h"
#include "core/concrete/EvaluatorProgram.h"
#include "core/graph/EventGraph.h"
#include "core/graph/PairSet.h"

namespace catcheck::core {

// The parts of an execution a node's value can depend on (a bit mask). Static relations and tag sets
// depend on the executed events only.
enum EvaluatorInput : unsigned {
  kExecutedInput = 1U,
  kReadsFromInput = 2U,
  kCoherenceInput = 4U,
  kFenceOrderInput = 8U,
  kBarrierSyncInput = 16U,
  kLocationInput = 32U,  // loc and vloc
};

class Evaluator {
 public:
  Evaluator(const core::Model& model, const EventGraph& graph, const Execution& execution);

  // Moves to another execution of the same graph, keeping the values of the nodes that depend on none of
  // the parts that changed (the enumerator varies co and sync_fence under a fixed rf, for instance).
  void setExecution(const Execution& execution);

  // Values are computed on demand and cached.
  const PairSet& relation(core::NodeId id) const;
  const EventSet& set(core::NodeId id) const;
  unsigned inputsOf(core::NodeId id) const { return inputs_.at(static_cast<size_t>(id)); }

  bool axiomHolds(const core::Axiom& axiom) const;  // the check, with negation applied
  bool consistent() const;                          // every non-flagged axiom holds
  std::vector<std::string> violatedAxioms() const;  // non-flagged axioms that do not hold
  std::vector<std::string> firedFlags() const;      // flagged axioms whose check holds

 private:
  void computeInputs();
  void computeRecursionGroups();
  void invalidate(unsigned changed);
  PairSet evaluateRelation(const core::Node& node) const;
  EventSet evaluateSet(core::NodeId id, const core::Node& node) const;
  PairSet baseRelation(core::NodeId id, const core::Node& node) const;
  const PairSet& recursiveValue(const core::Node& node) const;
  void iterateGroup(int group) const;
  void forgetGroupNodes(int group) const;
  const PairSet& executedPairs() const;

  const core::Model& model_;
  const EventGraph& graph_;
  Execution execution_;
  std::vector<unsigned> inputs_;                       // per node
  std::vector<std::optional<EventSet>> tagged_;        // per TagSet node: the events carrying the tag
  std::vector<std::optional<PairSet>> staticMust_;     // per static base relation node: its must set
  std::vector<std::vector<core::NodeId>> groupNodes_;  // per recursion group: nodes that depend on it
  std::vector<std::vector<int>> groupMembers_;         // per recursion group: its recursive definitions
  mutable std::vector<std::optional<PairSet>> relations_;
  mutable std::vector<std::optional<EventSet>> sets_;
  mutable std::vector<PairSet> recursiveValues_;  // per recursive definition: the current approximation
  mutable std::vector<int> groupState_;           // per group: 0 not computed, 1 iterating, 2 done
  mutable std::optional<PairSet> executedPairs_;  // executed x executed
};

// Whether `execution` is an execution the program of `graph` can produce under the encoding's rules:
// control flow and written values follow from the values read, rf sources match addresses and values,
// co orders executed same-address writes (inits first, acyclic; total under Vulkan), sync_fence orders
// executed mutually-in-scope SC fences, barriers execute as their groups allow, and the final state is
// the one the run ends in. Returns one line per problem; empty when the execution is well formed.
std::vector<std::string> wellFormednessProblems(const EventGraph& graph, const Execution& execution);

// Whether `run` of thread `t` executes exactly the events of that thread `execution` executed (the
// re-check's match of a thread run with a witness; encoders/ValuePropagation.cpp's too).
bool ranAsExecuted(const EventGraph& graph, const Execution& execution, int t, const ThreadRun& run);

// memory_safety (issue 27), on values: the executed accesses that name an unsafe location
// (MemoryObject::unsafe) or whose computed address names no safe location of their width inside the object
// they were derived from. Each thread is re-run on the execution's values to compute its addresses.
std::vector<int> unsafeAccessesOf(const EventGraph& graph, const Execution& execution);

}  // namespace catcheck::core
