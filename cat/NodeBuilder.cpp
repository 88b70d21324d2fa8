// Hash-consing for the relation graph (see NodeBuilder.h). Nodes are appended to Model::nodes, so a
// node's operands always have smaller ids than the node itself, except through RecursiveRef.
#include "cat/NodeBuilder.h"

namespace catcheck::cat {

NodeId NodeBuilder::make(const Node& node) {
  Key key{node.op, node.name, node.args, node.recursive};
  auto [position, inserted] = ids_.try_emplace(std::move(key), static_cast<NodeId>(model_.nodes.size()));
  if (inserted) model_.nodes.push_back(node);
  return position->second;
}

}  // namespace catcheck::cat
