// Creation of relation-graph nodes with hash-consing: structurally equal nodes (same op, kind, name,
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
  Kind kind(NodeId id) const { return node(id).kind; }
  bool isEmpty(NodeId id) const { return node(id).op == Op::Empty; }

  NodeId tagSet(const std::string& name) { return make(Node{Op::TagSet, Kind::Set, name, {}, -1, {}}); }
  NodeId baseRelation(core::BaseRelation relation) {
    std::string name(core::describe(relation).name);
    return make(Node{Op::BaseRelation, Kind::Relation, name, {}, -1, relation});
  }
  NodeId empty(Kind kind) { return make(Node{Op::Empty, kind, "", {}, -1, {}}); }
  NodeId unary(Op op, Kind kind, NodeId arg) { return make(Node{op, kind, "", {arg}, -1, {}}); }
  NodeId binary(Op op, Kind kind, NodeId lhs, NodeId rhs) {
    return make(Node{op, kind, "", {lhs, rhs}, -1, {}});
  }
  NodeId recursiveRef(int recursive, Kind kind) {
    return make(Node{Op::RecursiveRef, kind, "", {}, recursive, {}});
  }

 private:
  using Key = std::tuple<Op, Kind, std::string, std::vector<NodeId>, int>;

  Model& model_;
  std::map<Key, NodeId> ids_;
};

}  // namespace catcheck::cat
