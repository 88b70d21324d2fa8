// The relation graph of a `.cat` model after name resolution, function expansion and desugaring: a small
// closed set of core operators (docs/design.md decision 3), each node a thin record. Nodes are hash-consed by
// the builder so that equal subterms are shared. Knows nothing about events.
#pragma once

#include <map>
#include <string>
#include <variant>
#include <vector>

#include "core/analysis/BaseRelation.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::core {

using NodeId = int;

// Set and relation operators are separate enums, so that an engine's dispatch over one kind is exhaustive
// and a new operator is a compile error (-Wswitch) in every switch that must handle it.
enum class SetOp {
  TagSet,        // name: the events carrying tag `name` ("_" = all visible events)
  Empty,         // 0 used as a set
  Union,         // args[0] | args[1]
  Intersection,  // args[0] & args[1]
  Difference,    // args[0] \ args[1]
  Complement,    // ~args[0], relative to _
  Domain,        // domain(args[0])          (relation -> set)
  Range,         // range(args[0])           (relation -> set)
};

enum class RelationOp {
  BaseRelation,       // base: po, loc, vloc, id, int, ext, co, rf, ... (name: its `.cat` spelling)
  Empty,              // 0
  Union,              // args[0] | args[1]
  Intersection,       // args[0] & args[1]
  Difference,         // args[0] \ args[1]
  Complement,         // ~args[0], relative to _ * _
  Composition,        // args[0] ; args[1]
  Inverse,            // args[0]^-1
  TransitiveClosure,  // args[0]+
  Product,            // args[0] * args[1]        (sets -> relation)
  IdentityOn,         // [args[0]]                (set -> relation)
  RecursiveRef,       // recursion variable `recursive` of Model::recursives
};

// A node's operator; which alternative it holds is the node's kind.
using NodeOp = std::variant<SetOp, RelationOp>;

enum class Kind { Set, Relation };

struct Node {
  NodeOp op = RelationOp::Empty;
  std::string name{};                                // BaseRelation / TagSet
  std::vector<NodeId> args{};                        // operands
  int recursive = -1;                                // RecursiveRef: index into Model::recursives
  core::BaseRelation base = core::BaseRelation::Po;  // BaseRelation: the registry entry engines switch on

  Kind kind() const { return std::holds_alternative<SetOp>(op) ? Kind::Set : Kind::Relation; }
  bool isSet() const { return kind() == Kind::Set; }
  // The operator of a set (relation) node; std::bad_variant_access on a node of the other kind.
  SetOp setOp() const { return std::get<SetOp>(op); }
  RelationOp relationOp() const { return std::get<RelationOp>(op); }
  bool is(SetOp which) const { return op == NodeOp{which}; }
  bool is(RelationOp which) const { return op == NodeOp{which}; }
  bool isEmpty() const { return is(SetOp::Empty) || is(RelationOp::Empty); }
  bool isNamed() const { return is(SetOp::TagSet) || is(RelationOp::BaseRelation); }  // a leaf with a name
};

// How a node's value moves with its operands' values (one table for every polarity analysis: the
// elaborator's monotonicity check of `let rec`, the encoder's wanted-small / wanted-large marks).
enum class OperandPolarity {
  None,            // a leaf: no operands
  Same,            // grows with each operand
  OppositeSecond,  // grows with the first operand, shrinks with the second (difference)
  Opposite,        // shrinks with its operand (complement)
  Recursive,       // the value of a recursion variable: its definition's body
};

constexpr OperandPolarity operandPolarity(SetOp op) {
  switch (op) {
    case SetOp::TagSet:
    case SetOp::Empty:
      return OperandPolarity::None;
    case SetOp::Union:
    case SetOp::Intersection:
    case SetOp::Domain:
    case SetOp::Range:
      return OperandPolarity::Same;
    case SetOp::Difference:
      return OperandPolarity::OppositeSecond;
    case SetOp::Complement:
      return OperandPolarity::Opposite;
  }
  return OperandPolarity::None;
}

constexpr OperandPolarity operandPolarity(RelationOp op) {
  switch (op) {
    case RelationOp::BaseRelation:
    case RelationOp::Empty:
      return OperandPolarity::None;
    case RelationOp::Union:
    case RelationOp::Intersection:
    case RelationOp::Composition:
    case RelationOp::Inverse:
    case RelationOp::TransitiveClosure:
    case RelationOp::Product:
    case RelationOp::IdentityOn:
      return OperandPolarity::Same;
    case RelationOp::Difference:
      return OperandPolarity::OppositeSecond;
    case RelationOp::Complement:
      return OperandPolarity::Opposite;
    case RelationOp::RecursiveRef:
      return OperandPolarity::Recursive;
  }
  return OperandPolarity::None;
}

inline OperandPolarity operandPolarity(const Node& node) {
  return std::visit([](auto op) { return operandPolarity(op); }, node.op);
}

// Whether operand `index` of `node` enters it with the opposite polarity.
inline bool flipsOperand(const Node& node, size_t index) {
  OperandPolarity polarity = operandPolarity(node);
  return polarity == OperandPolarity::Opposite || (polarity == OperandPolarity::OppositeSecond && index == 1);
}

// One variable of a `let rec ... and ...` group. Its value is the least fixed point of
// `body` (in which RecursiveRef nodes denote the group's variables).
struct RecursiveDefinition {
  std::string name;
  NodeId body = -1;
  int group = 0;  // definitions of one `let rec` share a group
};

enum class AxiomKind { Acyclic, Irreflexive, Empty };

// `[flag] [~] acyclic|irreflexive|empty e [as name]`. A non-flagged axiom constrains consistency; a
// flagged one is a property: it fires in an execution where the (possibly negated) check *holds*.
struct Axiom {
  AxiomKind kind = AxiomKind::Empty;
  bool negated = false;
  bool flagged = false;
  NodeId relation = -1;
  std::string name;  // `as` name, or a generated one such as "acyclic#3"
  core::SourceLocation location;
};

struct Model {
  std::string name;  // the model name line, if any
  std::vector<Node> nodes;
  std::vector<RecursiveDefinition> recursives;
  std::vector<Axiom> axioms;
  std::map<std::string, NodeId> definitions;  // every top-level `let` name -> its final value (for --show)

  const Node& node(NodeId id) const { return nodes.at(static_cast<size_t>(id)); }
};

}  // namespace catcheck::core
