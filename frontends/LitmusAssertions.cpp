// The dialect-independent half of condition building: operands of final-state conditions (docs/semantics.md
// 3.6) resolved against the program. `Pn:r` and `n:r` name register r of thread n, interned in that thread
// even when its code never uses it; a bare name is the final value of that location; `=` means `==`.
#include "frontends/LitmusAssertions.h"

#include <map>

#include "core/ir/SourceText.h"

namespace catcheck::frontends {

core::Operand ConditionResolver::registerOperand(const antlr4::Token* thread, const antlr4::Token* reg) {
  core::Operand operand;
  operand.kind = core::Operand::Kind::Register;
  operand.thread = threadIndex(program_, file_, thread);
  operand.reg = program_.threads[static_cast<size_t>(operand.thread)].registerIndex(reg->getText());
  return operand;
}

core::Operand ConditionResolver::locationOperand(const antlr4::Token* name) {
  core::Operand operand;
  operand.kind = core::Operand::Kind::Location;
  operand.location = referenceLocation(program_, name->getText());
  return operand;
}

core::Operand ConditionResolver::constantOperand(antlr4::ParserRuleContext* number) {
  core::Operand operand;
  operand.kind = core::Operand::Kind::Constant;
  operand.constant = parseInteger(number->getText(), locationOf(file_, number->getStart()));
  return operand;
}

core::Comparison ConditionResolver::comparison(const std::string& text) {
  static const std::map<std::string, core::Comparison> comparisons = {
      {"==", core::Comparison::Eq}, {"=", core::Comparison::Eq},  {"!=", core::Comparison::Ne},
      {"<", core::Comparison::Lt},  {"<=", core::Comparison::Le}, {">", core::Comparison::Gt},
      {">=", core::Comparison::Ge},
  };
  return comparisons.at(text);
}

void ConditionResolver::append(core::Condition& into, core::Condition operand) {
  if (operand.op != into.op) {
    into.children.push_back(std::move(operand));
    return;
  }
  for (core::Condition& child : operand.children) into.children.push_back(std::move(child));
}

void ConditionResolver::tooDeep(const antlr4::Token* token) const {
  throw core::InputError(
      locationOf(file_, token),
      "condition nested deeper than " + std::to_string(core::kMaxExpressionDepth) + " operators");
}

core::Condition ConditionResolver::negate(core::Condition operand) {
  core::Condition result;
  result.op = core::ConditionOp::Not;
  result.children.push_back(std::move(operand));
  return result;
}

}  // namespace catcheck::frontends
