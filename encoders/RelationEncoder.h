// Encodes the relations and axioms of a `.cat` model over the bounds of relation analysis.
#pragma once

#include <map>
#include <optional>
#include <tuple>
#include <vector>

#include "core/analysis/RelationAnalysis.h"
#include "core/analysis/RelationGraph.h"
#include "encoders/EncodingContext.h"
#include "encoders/TotalCoherence.h"

namespace catcheck::encoders {

class RelationEncoder {
 public:
  RelationEncoder(EncodingContext& ctx, const core::Model& model, const core::RelationAnalysis& bounds);

  // The choke point from a bounded pair to a formula (docs/design.md decision 4): outside may -> false,
  // in must -> both events execute, otherwise the operator's encoding.
  Term edge(core::NodeId relation, int a, int b);
  Term member(core::NodeId set, int a);

  // Constrains the solver to executions satisfying a (non-flagged) consistency axiom.
  void requireConsistent(const core::Axiom& axiom);
  // Whether the axiom's check holds, as a formula (used for flags: a flag fires when it holds).
  Term holds(const core::Axiom& axiom);

 private:
  Term computeEdge(const core::Node& node, int a, int b);
  Term computeMember(const core::Node& node, int a);
  Term baseEdge(const core::Node& node, int a, int b);
  Term composition(const core::Node& node, int a, int b);
  Term closureEdge(core::NodeId id, int a, int b);
  const std::map<std::pair<int, int>, Term>& closureOf(core::NodeId operand, core::NodeId key);
  void warshall(core::NodeId operand, const std::vector<int>& vertices,
                std::map<std::pair<int, int>, Term>& pairs);
  const std::map<std::pair<int, int>, Term>& closureFromBelow(core::NodeId id);
  bool onlyWantedSmall(core::NodeId id) const;
  bool encodedFromBelow(core::NodeId id);
  Term recursiveEdge(const core::Node& node, int a, int b);
  void iterateRecursion(int group);
  bool dependsOnRecursion(core::NodeId id) const { return bounds_.definitions().dependsOnRecursion(id); }
  Term cyclic(core::NodeId relation);  // some event reaches itself
  // co+ on a location whose coherence the model makes total (TotalCoherence.h): co itself, once co is
  // required to order every two of its writes that execute.
  bool inTotalCoherence(core::NodeId closure, int a) const {
    return totalCoherence_ && closure == totalCoherence_->closure && totalCoherence_->events.has(a);
  }
  Term totalCoherenceEdge(int a, int b);

  using Key = std::tuple<core::NodeId, int, int>;
  EncodingContext& ctx_;
  Formula& f_;
  const core::Model& model_;
  const core::RelationAnalysis& bounds_;
  std::map<Key, Term> memo_;           // nodes independent of recursion
  std::map<Key, Term> recursionMemo_;  // nodes depending on recursion, valid for one iteration
  std::map<core::NodeId, std::map<std::pair<int, int>, Term>> closures_, recursionClosures_;
  std::vector<std::map<std::pair<int, int>, Term>> recursiveValues_;  // per recursive definition
  std::map<int, int> groupState_;                                     // 1 iterating, 2 done
  std::map<core::NodeId, bool> fromBelow_;                            // per closure node, once decided
  std::vector<unsigned char> polarities_;  // per node: which way the axioms want it (RelationEncoder.cpp)
  int axiomCounter_ = 0;
  std::optional<TotalCoherence> totalCoherence_;
  bool totalCoherenceRequired_ = false;
};

}  // namespace catcheck::encoders
