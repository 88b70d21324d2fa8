// Creation of relation-graph nodes with hash-consing: structurally equal nodes (same operator, name,
// operands and recursion variable) get the same NodeId, so shared subterms are analysed and encoded once.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "cat/Ast.h"

namespace catcheck::cat {

class NodeBuilder {
 public:
  explicit NodeBuilder(Model& model) : model_(model) {}

  NodeId make(const Node& node);
  const Node& node(NodeId id) const { return model_.node(id); }
  Kind kind(NodeId id) const { return node(id).kind(); }
  bool isEmpty(NodeId id) const { return node(id).isEmpty(); }

  NodeId tagSet(const std::string& name) { return make(Node{.op = SetOp::TagSet, .name = name}); }
  NodeId baseRelation(core::BaseRelation relation) {
    std::string name(core::describe(relation).name);
    return make(Node{.op = RelationOp::BaseRelation, .name = name, .base = relation});
  }
  NodeId empty(Kind kind) { return make(Node{.op = pick(kind, SetOp::Empty, RelationOp::Empty)}); }
  NodeId unary(NodeOp op, NodeId arg) { return make(Node{.op = op, .args = {arg}}); }
  NodeId binary(NodeOp op, NodeId lhs, NodeId rhs) { return make(Node{.op = op, .args = {lhs, rhs}}); }
  NodeId recursiveRef(int recursive) {
    return make(Node{.op = RelationOp::RecursiveRef, .recursive = recursive});
  }
  // The operators `|`, `&`, `\`, `~` and `0` exist for sets and for relations: the one of `kind`.
  static NodeOp pick(Kind kind, SetOp setOp, RelationOp relationOp) {
    return kind == Kind::Set ? NodeOp{setOp} : NodeOp{relationOp};
  }

 private:
  using Key = std::tuple<NodeOp, std::string, std::vector<NodeId>, int>;

  Model& model_;
  std::map<Key, NodeId> ids_;
};

}  // namespace catcheck::cat
