// The syntax tree of one `.cat` file, as written: names are not yet resolved, functions not expanded and
// sugar (`r*`, `r?`, `toid`) not removed. cat/Syntax.cpp builds it from the ANTLR parse tree so that the
// later passes never touch ANTLR types and function bodies outlive the parser that read them.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/analysis/RelationGraph.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::cat {

// The language elaborates into core's relation graph (core/analysis/RelationGraph.h); cat/ uses its
// vocabulary unqualified.
using core::Axiom;
using core::AxiomKind;
using core::Kind;
using core::Model;
using core::Node;
using core::NodeId;
using core::NodeOp;
using core::RelationOp;
using core::SetOp;
using core::RecursiveDefinition;

}  // namespace catcheck::cat

namespace catcheck::cat::ast {

enum class ExprOp {
  Name,          // name
  Call,          // name(args...)
  Union,         // args[0] | args[1]
  Intersection,  // args[0] & args[1]
  Difference,    // args[0] \ args[1]
  Composition,   // args[0] ; args[1]
  Cartesian,     // args[0] * args[1]
  Inverse,       // args[0]^-1
  Plus,          // args[0]+
  Star,          // args[0]*
  Optional,      // args[0]?
  Complement,    // ~args[0]
  IdentityOn,    // [args[0]]
};

struct Expr {
  ExprOp op = ExprOp::Name;
  std::string name{};            // Name, Call
  std::vector<Expr> args{};      // operands or call arguments
  core::SourceLocation where{};  // the operator, bracket or name
};

struct Let {
  std::string name{};
  std::vector<std::string> parameters{};  // of a function
  bool isFunction = false;
  Expr body{};
  core::SourceLocation where{};
};

struct RecursiveBinding {
  std::string name{};
  Expr body{};
  core::SourceLocation where{};
};

struct LetRec {
  std::vector<RecursiveBinding> bindings{};
};

struct AxiomStatement {
  AxiomKind kind = AxiomKind::Empty;
  bool negated = false;
  bool flagged = false;
  Expr expr{};
  std::optional<std::string> name{};
  core::SourceLocation where{};
};

struct Include {
  std::string file{};
  core::SourceLocation where{};
};

using Statement = std::variant<Let, LetRec, AxiomStatement, Include>;

struct File {
  std::string modelName{};  // the name line (bare name, else the quoted title), or empty
  std::vector<Statement> statements{};
};

}  // namespace catcheck::cat::ast
