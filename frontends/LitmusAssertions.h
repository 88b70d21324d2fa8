// Final-state conditions (grammar/LitmusAssertions.g4) to core::Condition, for every litmus dialect. ANTLR
// generates the imported rules' context classes inside each dialect's parser, so the tree walk is a template
// over that parser class; operand resolution, which does not depend on it, is the ConditionResolver.
#pragma once

#include <string>

#include "core/Program.h"
#include "core/SourceText.h"
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
  // Both sides of a binary connective, flattening nested uses of the same connective.
  static core::Condition combine(core::ConditionOp op, core::Condition lhs, core::Condition rhs);
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
    if (auto* c = dynamic_cast<typename Parser::ConjunctionContext*>(ctx)) {
      return ConditionResolver::combine(core::ConditionOp::And, build(c->assertion(0), depth + 1),
                                        build(c->assertion(1), depth + 1));
    }
    if (auto* c = dynamic_cast<typename Parser::DisjunctionContext*>(ctx)) {
      return ConditionResolver::combine(core::ConditionOp::Or, build(c->assertion(0), depth + 1),
                                        build(c->assertion(1), depth + 1));
    }
    auto* c = dynamic_cast<typename Parser::ComparisonAssertionContext*>(ctx);
    core::Condition result;
    result.op = core::ConditionOp::Compare;
    result.comparison = ConditionResolver::comparison(c->comparison()->getText());
    result.lhs = operand(c->lhs);
    result.rhs = operand(c->rhs);
    return result;
  }

 private:
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
