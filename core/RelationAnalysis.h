// Relation analysis (DESIGN.md decision 4): may/must bounds for every node of a model's relation graph on
// one event graph. Recursive definitions are bounded by Kleene iteration from the empty relation.
#pragma once

#include <vector>

#include "cat/Model.h"
#include "core/BaseRelations.h"
#include "core/Bounds.h"
#include "core/EventGraph.h"

namespace catcheck::core {

class RelationAnalysis {
 public:
  RelationAnalysis(const cat::Model& model, const EventGraph& graph);

  const RelationBounds& relation(cat::NodeId id) const { return relations_.at(static_cast<size_t>(id)); }
  const SetBounds& set(cat::NodeId id) const { return sets_.at(static_cast<size_t>(id)); }
  const RelationBounds& recursive(int index) const { return recursiveValues_.at(static_cast<size_t>(index)); }

 private:
  void evaluateAll();
  void evaluate(cat::NodeId id);
  void evaluateSet(cat::NodeId id, const cat::Node& node);
  void evaluateRelation(cat::NodeId id, const cat::Node& node);
  PairSet composeMust(const PairSet& a, const PairSet& b) const;
  PairSet closureMust(const PairSet& r) const;
  EventSet tagged(const std::string& tag) const;

  const cat::Model& model_;
  const EventGraph& graph_;
  std::vector<RelationBounds> relations_;
  std::vector<SetBounds> sets_;
  std::vector<RelationBounds> recursiveValues_;
};

}  // namespace catcheck::core
