// The dependency graph of a relation graph's nodes: each node reads its operands, and a recursion
// variable of a `let rec` group reads the bodies of the group's definitions. Its strongly connected
// components give the order in which every engine evaluates a model: a component is a single node, or a
// `let rec` group with the nodes between its variables and its bodies, iterated to its least fixed point.
#pragma once

#include <vector>

#include "core/analysis/RelationGraph.h"

namespace catcheck::core {

struct DefinitionComponent {
  std::vector<NodeId> nodes;    // ascending ids
  std::vector<int> recursives;  // indices into Model::recursives whose variable lies in this component
  bool iterates() const { return !recursives.empty(); }
};

class DefinitionGraph {
 public:
  explicit DefinitionGraph(const Model& model);

  // Every node once, each component after the components it reads.
  const std::vector<DefinitionComponent>& evaluationOrder() const { return order_; }

  // Whether the node's value depends on some recursion variable (it changes while a group iterates).
  bool dependsOnRecursion(NodeId id) const { return dependsOnRecursion_[static_cast<size_t>(id)]; }

  // The nodes whose value depends on the recursion variables of `group`, in ascending order.
  std::vector<NodeId> dependentsOfGroup(int group) const;

 private:
  std::vector<std::vector<NodeId>> readers_;  // node -> the nodes that read it
  std::vector<DefinitionComponent> order_;
  std::vector<bool> dependsOnRecursion_;
  const Model& model_;
};

}  // namespace catcheck::core
