// Final-state conditions (grammar/LitmusAssertions.g4) to core::Condition, for every litmus dialect. ANTLR
// generates the imported rules' context classes inside each dialect's parser, so the tree walk is a template
// over that parser class; operand resolution, which does not depend on it, is the ConditionResolver.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/ir/Program.h"
#include "core/ir/SourceText.h"
#include "frontends/LitmusSupport.h"

namespace catcheck::frontends {

// Resolves condition operands against a program whose threads are already known.
class ConditionResolver {
 public:
  ConditionResolver(core::Program& program, std::string file) : program_(program), file_(std::move(file)) {}

  // `thread` is `Pn` or `n`; a thread outside the test is an InputError. Interns the register.
  core::Operand registerOperand(const antlr4::Token* thread, const antlr4::Token* reg);
  // The final value of the named location (created with initial value 0 when undeclared).
  core::Operand locationOperand(const antlr4::Token* name);
  core::Operand constantOperand(antlr4::ParserRuleContext* number);
  static core::Comparison comparison(const std::string& text);
  // Adds `operand` to the n-ary connective `into`, flattening a nested use of the same connective.
  static void append(core::Condition& into, core::Condition operand);
  static core::Condition negate(core::Condition operand);
  [[noreturn]] void tooDeep(const antlr4::Token* token) const;

 private:
  core::Program& program_;
  std::string file_;
};

template <class Parser>
class ConditionBuilder {
 public:
  explicit ConditionBuilder(ConditionResolver& resolver) : resolver_(resolver) {}

  // `depth`: the operators around this one; past core::kMaxExpressionDepth a condition is an error, as
  // every walk of it (here, encoding, evaluation) recurses once per level.
  core::Condition build(typename Parser::AssertionContext* ctx, int depth = 0) {
    if (depth >= core::kMaxExpressionDepth) resolver_.tooDeep(ctx->getStart());
    if (auto* c = dynamic_cast<typename Parser::ParenthesizedAssertionContext*>(ctx)) {
      return build(c->assertion(), depth + 1);
    }
    if (auto* c = dynamic_cast<typename Parser::NegatedAssertionContext*>(ctx)) {
      return ConditionResolver::negate(build(c->assertion(), depth + 1));
    }
    if (operandsOf(core::ConditionOp::And, ctx).first != nullptr)
      return chain(core::ConditionOp::And, ctx, depth);
    if (operandsOf(core::ConditionOp::Or, ctx).first != nullptr)
      return chain(core::ConditionOp::Or, ctx, depth);
    auto* c = dynamic_cast<typename Parser::ComparisonAssertionContext*>(ctx);
    core::Condition result;
    result.op = core::ConditionOp::Compare;
    result.comparison = ConditionResolver::comparison(c->comparison()->getText());
    result.lhs = operand(c->lhs);
    result.rhs = operand(c->rhs);
    return result;
  }

 private:
  using Assertion = typename Parser::AssertionContext;

  // The two operands of `ctx` when it is the connective `op`, else two null pointers.
  static std::pair<Assertion*, Assertion*> operandsOf(core::ConditionOp op, Assertion* ctx) {
    if (auto* c = dynamic_cast<typename Parser::ConjunctionContext*>(ctx); c && op == core::ConditionOp::And)
      return {c->assertion(0), c->assertion(1)};
    if (auto* c = dynamic_cast<typename Parser::DisjunctionContext*>(ctx); c && op == core::ConditionOp::Or)
      return {c->assertion(0), c->assertion(1)};
    return {nullptr, nullptr};
  }

  // `a /\ b /\ c` parses as `(a /\ b) /\ c`. The left spine of one connective is walked in a loop into one
  // n-ary condition, so a long flat chain (a generated forall over many final states) is one operator deep,
  // not one level per operand.
  core::Condition chain(core::ConditionOp op, Assertion* ctx, int depth) {
    std::vector<Assertion*> rightOperands;
    Assertion* left = ctx;
    for (auto sides = operandsOf(op, left); sides.first != nullptr; sides = operandsOf(op, left)) {
      rightOperands.push_back(sides.second);
      left = sides.first;
    }
    core::Condition result;
    result.op = op;
    ConditionResolver::append(result, build(left, depth + 1));
    for (auto it = rightOperands.rbegin(); it != rightOperands.rend(); ++it)
      ConditionResolver::append(result, build(*it, depth + 1));
    return result;
  }

  core::Operand operand(typename Parser::ConditionOperandContext* ctx) {
    if (auto* c = dynamic_cast<typename Parser::RegisterOperandContext*>(ctx)) {
      return resolver_.registerOperand(c->thread, c->Register()->getSymbol());
    }
    if (auto* c = dynamic_cast<typename Parser::LocationOperandContext*>(ctx)) {
      return resolver_.locationOperand(c->Name()->getSymbol());
    }
    return resolver_.constantOperand(dynamic_cast<typename Parser::ConstantOperandContext*>(ctx)->number());
  }

  ConditionResolver& resolver_;
};

// Stores the optional `filter` and quantified condition of a parsed test in `program` (assertionKind,
// assertion, filter and assertionText: the whole clause, quantifier included, on one line).
template <class Parser>
void readConditions(core::Program& program, const std::string& file,
                    typename Parser::AssertionFilterContext* filter,
                    typename Parser::AssertionClauseContext* clause) {
  ConditionResolver resolver(program, file);
  ConditionBuilder<Parser> builder(resolver);
  if (filter != nullptr) program.filter = builder.build(filter->assertion());
  if (clause == nullptr) return;
  typename Parser::QuantifierContext* quantifier = clause->quantifier();
  program.assertionKind = quantifier->forall != nullptr     ? core::AssertionKind::Forall
                          : quantifier->negation != nullptr ? core::AssertionKind::NotExists
                                                            : core::AssertionKind::Exists;
  program.assertion = builder.build(clause->assertion());
  program.assertionText = collapseWhitespace(sourceText(clause->getStart(), clause->assertion()->getStop()));
}

}  // namespace catcheck::frontends
