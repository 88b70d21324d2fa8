// The relation graph of a `.cat` model after name resolution, function expansion and desugaring: a small
// closed set of core operators (docs/design.md decision 3), each node a thin record. Nodes are hash-consed by
// the builder so that equal subterms are shared. Knows nothing about events.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/analysis/BaseRelation.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::core {

using NodeId = int;

enum class Op {
  BaseRelation,       // base: po, loc, vloc, id, int, ext, co, rf, ... (name: its `.cat` spelling)
  TagSet,             // name: the events carrying tag `name` ("_" = all visible events)
  Empty,              // 0 (kind says set or relation)
  Union,              // args[0] | args[1]
  Intersection,       // args[0] & args[1]
  Difference,         // args[0] \ args[1]
  Composition,        // args[0] ; args[1]        (relations only)
  Inverse,            // args[0]^-1               (relations only)
  TransitiveClosure,  // args[0]+                 (relations only)
  Product,            // args[0] * args[1]        (sets -> relation)
  IdentityOn,         // [args[0]]                (set -> relation)
  Domain,             // domain(args[0])          (relation -> set)
  Range,              // range(args[0])           (relation -> set)
  Complement,         // ~args[0]: relative to _ (sets) or _ * _ (relations)
  RecursiveRef,       // recursion variable `recursive` of Model::recursives
};

enum class Kind { Set, Relation };

struct Node {
  Op op = Op::Empty;
  Kind kind = Kind::Relation;
  std::string name;                                  // BaseRelation / TagSet
  std::vector<NodeId> args;                          // operands
  int recursive = -1;                                // RecursiveRef: index into Model::recursives
  core::BaseRelation base = core::BaseRelation::Po;  // BaseRelation: the registry entry engines switch on
};

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
