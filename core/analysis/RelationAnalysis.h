// Relation analysis (docs/design.md decision 4): may/must bounds for every node of a model's relation graph
// on one event graph. Recursive definitions are bounded by Kleene iteration from the empty relation.
#pragma once

#include <vector>

#include "core/analysis/BaseRelations.h"
#include "core/analysis/Bounds.h"
#include "core/analysis/DefinitionGraph.h"
#include "core/analysis/RelationGraph.h"
#include "core/graph/EventGraph.h"

namespace catcheck::core {

class RelationAnalysis {
 public:
  RelationAnalysis(const core::Model& model, const EventGraph& graph);

  const RelationBounds& relation(core::NodeId id) const { return relations_.at(static_cast<size_t>(id)); }
  const SetBounds& set(core::NodeId id) const { return sets_.at(static_cast<size_t>(id)); }
  const RelationBounds& recursive(int index) const { return recursiveValues_.at(static_cast<size_t>(index)); }
  // The bounds of every relation node (indexed by NodeId; empty for the other nodes), for statistics.
  const std::vector<RelationBounds>& relations() const { return relations_; }
  // The model's evaluation order and recursion dependence, which the engines above share.
  const DefinitionGraph& definitions() const { return definitions_; }
  const core::Model& model() const { return model_; }

 private:
  void evaluateComponent(const DefinitionComponent& component);
  void evaluate(core::NodeId id);
  void evaluateSet(core::NodeId id, const core::Node& node);
  void evaluateRelation(core::NodeId id, const core::Node& node);
  PairSet composeMust(const PairSet& a, const PairSet& b) const;
  PairSet closureMust(const PairSet& r) const;
  EventSet tagged(const std::string& tag) const;

  const core::Model& model_;
  const EventGraph& graph_;
  // impliers_.successors(c): c and every event whose execution implies c's (composeMust's safe targets)
  PairSet impliers_;
  DefinitionGraph definitions_;
  std::vector<RelationBounds> relations_;
  std::vector<SetBounds> sets_;
  std::vector<RelationBounds> recursiveValues_;
};

}  // namespace catcheck::core
