// Evaluation of `.cat` expressions into relation-graph nodes: name resolution, function expansion, kind
// checking and desugaring into the core operators of cat/Model.h.
#pragma once

#include "cat/Ast.h"
#include "cat/Environment.h"
#include "cat/NodeBuilder.h"

namespace catcheck::cat {

class ExpressionEvaluator {
 public:
  ExpressionEvaluator(NodeBuilder& nodes, const Environment& environment)
      : nodes_(nodes), environment_(environment) {}

  // Throws core::InputError for kind errors, unknown or misused functions.
  NodeId evaluate(const ast::Expr& expr, const Scope& scope);

  // `id` itself, or the empty relation when `id` is the empty set, or else a kind error at `where`
  // naming `what` (an operator such as "';'").
  NodeId relation(NodeId id, const core::SourceLocation& where, const std::string& what,
                  const std::string& operand = "its operand");
  NodeId set(NodeId id, const core::SourceLocation& where, const std::string& what,
             const std::string& operand = "its operand");

 private:
  NodeId name(const ast::Expr& expr, const Scope& scope);
  NodeId call(const ast::Expr& expr, const Scope& scope);
  NodeId expand(const ast::Expr& expr, const Function& function, const Scope& scope);
  NodeId builtin(const ast::Expr& expr, const Scope& scope);
  NodeId sameKind(SetOp setOp, RelationOp relationOp, const ast::Expr& expr, const Scope& scope);
  NodeId composition(const ast::Expr& expr, const Scope& scope);
  NodeId product(const ast::Expr& expr, const Scope& scope);
  NodeId postfix(const ast::Expr& expr, const Scope& scope);
  NodeId complement(const ast::Expr& expr, const Scope& scope);
  NodeId identityOn(const ast::Expr& expr, const Scope& scope);
  NodeId orIdentity(NodeId relation);

  NodeBuilder& nodes_;
  const Environment& environment_;
};

}  // namespace catcheck::cat
