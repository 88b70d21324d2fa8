// Evaluates `.cat` expressions into hash-consed relation-graph nodes (herd7's cat semantics, as Dat3M's
// VisitorCat reads it). Names resolve to function arguments first, then `let` bindings, then the predefined
// base relations, and otherwise denote the tag set of that name. Calls of user functions are expanded at
// the call site: the body is evaluated in its definition's scope with the parameters bound to the argument
// values. Sugar becomes core operators: `r*` = `r+ | id`, `r?` = `r | id`, `toid(S)` = `[S]`. Every node
// gets a kind (set or relation) and operators check the kinds of their operands. The empty relation `0`
// takes the kind its context needs, so `[0]`, `0 * S` and `S | 0` all type check.
#include "cat/Expressions.h"

#include <stdexcept>

#include "core/analysis/BaseRelation.h"

namespace catcheck::cat {
namespace {

std::string kindName(Kind kind) {
  return kind == Kind::Set ? "a set" : "a relation";
}

std::string symbolOf(ast::ExprOp op) {
  switch (op) {
    case ast::ExprOp::Name:
    case ast::ExprOp::Call:
      break;
    case ast::ExprOp::Union:
      return "'|'";
    case ast::ExprOp::Intersection:
      return "'&'";
    case ast::ExprOp::Difference:
      return "'\\'";
    case ast::ExprOp::Composition:
      return "';'";
    case ast::ExprOp::Cartesian:
      return "'*'";
    case ast::ExprOp::Inverse:
      return "'^-1'";
    case ast::ExprOp::Plus:
      return "'+'";
    case ast::ExprOp::Star:
      return "'*'";
    case ast::ExprOp::Optional:
      return "'?'";
    case ast::ExprOp::Complement:
      return "'~'";
    case ast::ExprOp::IdentityOn:
      return "'[...]'";
  }
  throw std::logic_error("no operator symbol for a name or call");
}

std::string argumentCount(size_t count) {
  return std::to_string(count) + (count == 1 ? " argument" : " arguments");
}

}  // namespace

NodeId ExpressionEvaluator::evaluate(const ast::Expr& expr, const Scope& scope) {
  switch (expr.op) {
    case ast::ExprOp::Name:
      return name(expr, scope);
    case ast::ExprOp::Call:
      return call(expr, scope);
    case ast::ExprOp::Union:
      return sameKind(SetOp::Union, RelationOp::Union, expr, scope);
    case ast::ExprOp::Intersection:
      return sameKind(SetOp::Intersection, RelationOp::Intersection, expr, scope);
    case ast::ExprOp::Difference:
      return sameKind(SetOp::Difference, RelationOp::Difference, expr, scope);
    case ast::ExprOp::Composition:
      return composition(expr, scope);
    case ast::ExprOp::Cartesian:
      return product(expr, scope);
    case ast::ExprOp::Inverse:
    case ast::ExprOp::Plus:
    case ast::ExprOp::Star:
    case ast::ExprOp::Optional:
      return postfix(expr, scope);
    case ast::ExprOp::Complement:
      return complement(expr, scope);
    case ast::ExprOp::IdentityOn:
      return identityOn(expr, scope);
  }
  throw std::logic_error("unknown expression operator");
}

NodeId ExpressionEvaluator::relation(NodeId id, const core::SourceLocation& where, const std::string& what,
                                     const std::string& operand) {
  if (nodes_.isEmpty(id)) return nodes_.empty(Kind::Relation);
  if (nodes_.kind(id) != Kind::Relation) {
    throw core::InputError(where, what + " expects a relation, but " + operand + " is a set");
  }
  return id;
}

NodeId ExpressionEvaluator::set(NodeId id, const core::SourceLocation& where, const std::string& what,
                                const std::string& operand) {
  if (nodes_.isEmpty(id)) return nodes_.empty(Kind::Set);
  if (nodes_.kind(id) != Kind::Set) {
    throw core::InputError(where, what + " expects a set, but " + operand + " is a relation");
  }
  return id;
}

NodeId ExpressionEvaluator::name(const ast::Expr& expr, const Scope& scope) {
  if (std::optional<NodeId> argument = scope.argument(expr.name)) return *argument;
  if (const Binding* binding = environment_.find(expr.name, scope.visible)) {
    if (binding->function)
      throw core::InputError(expr.where, "function '" + expr.name + "' used without arguments");
    return binding->value;
  }
  if (expr.name == "0") return nodes_.empty(Kind::Relation);
  if (std::optional<core::BaseRelation> base = core::baseRelationNamed(expr.name))
    return nodes_.baseRelation(*base);
  return nodes_.tagSet(expr.name);
}

NodeId ExpressionEvaluator::call(const ast::Expr& expr, const Scope& scope) {
  const Binding* binding = scope.argument(expr.name) ? nullptr : environment_.find(expr.name, scope.visible);
  if (binding && binding->function) return expand(expr, *binding->function, scope);
  if (binding || scope.argument(expr.name)) {
    throw core::InputError(expr.where, "'" + expr.name + "' is not a function");
  }
  return builtin(expr, scope);
}

NodeId ExpressionEvaluator::expand(const ast::Expr& expr, const Function& function, const Scope& scope) {
  if (expr.args.size() != function.parameters.size()) {
    throw core::InputError(expr.where, "function '" + expr.name + "' expects " +
                                           argumentCount(function.parameters.size()) + ", got " +
                                           std::to_string(expr.args.size()));
  }
  std::vector<std::pair<std::string, NodeId>> arguments;
  for (size_t i = 0; i < expr.args.size(); ++i) {
    arguments.emplace_back(function.parameters[i], evaluate(expr.args[i], scope));
  }
  return evaluate(*function.body, Scope{.visible = function.visible, .arguments = &arguments});
}

// domain(r), range(r) and toid(S).
NodeId ExpressionEvaluator::builtin(const ast::Expr& expr, const Scope& scope) {
  bool isDomain = expr.name == "domain";
  if (!isDomain && expr.name != "range" && expr.name != "toid") {
    throw core::InputError(expr.where, "undefined function '" + expr.name + "'");
  }
  if (expr.args.size() != 1) {
    throw core::InputError(expr.where, "function '" + expr.name + "' expects 1 argument, got " +
                                           std::to_string(expr.args.size()));
  }
  NodeId argument = evaluate(expr.args[0], scope);
  std::string what = "'" + expr.name + "'";
  if (expr.name == "toid") {
    return nodes_.unary(RelationOp::IdentityOn, set(argument, expr.where, what, "its argument"));
  }
  return nodes_.unary(isDomain ? SetOp::Domain : SetOp::Range,
                      relation(argument, expr.where, what, "its argument"));
}

// `|`, `&` and `\`: on two sets or two relations.
NodeId ExpressionEvaluator::sameKind(SetOp setOp, RelationOp relationOp, const ast::Expr& expr,
                                     const Scope& scope) {
  NodeId lhs = evaluate(expr.args[0], scope);
  NodeId rhs = evaluate(expr.args[1], scope);
  if (nodes_.isEmpty(lhs)) lhs = nodes_.empty(nodes_.kind(rhs));
  if (nodes_.isEmpty(rhs)) rhs = nodes_.empty(nodes_.kind(lhs));
  if (nodes_.kind(lhs) != nodes_.kind(rhs)) {
    throw core::InputError(expr.where, symbolOf(expr.op) + " applied to " + kindName(nodes_.kind(lhs)) +
                                           " and " + kindName(nodes_.kind(rhs)));
  }
  return nodes_.binary(NodeBuilder::pick(nodes_.kind(lhs), setOp, relationOp), lhs, rhs);
}

NodeId ExpressionEvaluator::composition(const ast::Expr& expr, const Scope& scope) {
  NodeId lhs = relation(evaluate(expr.args[0], scope), expr.where, "';'", "its left operand");
  NodeId rhs = relation(evaluate(expr.args[1], scope), expr.where, "';'", "its right operand");
  return nodes_.binary(RelationOp::Composition, lhs, rhs);
}

NodeId ExpressionEvaluator::product(const ast::Expr& expr, const Scope& scope) {
  NodeId lhs = set(evaluate(expr.args[0], scope), expr.where, "'*'", "its left operand");
  NodeId rhs = set(evaluate(expr.args[1], scope), expr.where, "'*'", "its right operand");
  return nodes_.binary(RelationOp::Product, lhs, rhs);
}

// `r^-1`, `r+`, `r*` = `r+ | id` and `r?` = `r | id`.
NodeId ExpressionEvaluator::postfix(const ast::Expr& expr, const Scope& scope) {
  NodeId operand = relation(evaluate(expr.args[0], scope), expr.where, symbolOf(expr.op));
  if (expr.op == ast::ExprOp::Inverse) return nodes_.unary(RelationOp::Inverse, operand);
  if (expr.op == ast::ExprOp::Optional) return orIdentity(operand);
  NodeId plus = nodes_.unary(RelationOp::TransitiveClosure, operand);
  return expr.op == ast::ExprOp::Star ? orIdentity(plus) : plus;
}

NodeId ExpressionEvaluator::orIdentity(NodeId relation) {
  NodeId id = nodes_.baseRelation(core::BaseRelation::Id);
  return nodes_.binary(RelationOp::Union, relation, id);
}

// `~e`: relative to `_` for a set and to `_ * _` for a relation (the encoder's reading of Complement).
NodeId ExpressionEvaluator::complement(const ast::Expr& expr, const Scope& scope) {
  NodeId operand = evaluate(expr.args[0], scope);
  return nodes_.unary(NodeBuilder::pick(nodes_.kind(operand), SetOp::Complement, RelationOp::Complement),
                      operand);
}

NodeId ExpressionEvaluator::identityOn(const ast::Expr& expr, const Scope& scope) {
  NodeId operand = set(evaluate(expr.args[0], scope), expr.where, "'[...]'");
  return nodes_.unary(RelationOp::IdentityOn, operand);
}

}  // namespace catcheck::cat
