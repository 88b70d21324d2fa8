// Constructors and register queries for the integer expressions of the Program IR.
#include "core/ir/Expr.h"

#include <algorithm>
#include <stdexcept>

namespace catcheck::core {

bool isComparison(ExprOp op) {
  switch (op) {
    case ExprOp::Eq:
    case ExprOp::Ne:
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge:
    case ExprOp::ULt:
    case ExprOp::ULe:
    case ExprOp::UGt:
    case ExprOp::UGe:
      return true;
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Add:
    case ExprOp::Sub:
    case ExprOp::Mul:
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
    case ExprOp::ZeroExtend:
    case ExprOp::SignExtend:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      return false;
  }
  throw std::logic_error("unknown ExprOp");
}

Expr Expr::constantValue(long long value, int width) {
  Expr e;
  e.op = ExprOp::Constant;
  e.constant = value;
  e.width = width;
  return e;
}

Expr Expr::registerValue(int reg, int width) {
  Expr e;
  e.op = ExprOp::Register;
  e.reg = reg;
  e.width = width;
  return e;
}

Expr Expr::binary(ExprOp op, Expr lhs, Expr rhs) {
  Expr e;
  e.op = op;
  int width = std::max(lhs.width, rhs.width);
  e.width = isComparison(op) && width > 0 ? 1 : width;
  e.args = {std::move(lhs), std::move(rhs)};
  return e;
}

Expr Expr::unary(ExprOp op, Expr arg, int width) {
  Expr e;
  e.op = op;
  e.width = width;
  e.args = {std::move(arg)};
  return e;
}

Expr Expr::ifThenElse(Expr condition, Expr thenValue, Expr elseValue) {
  Expr e;
  e.op = ExprOp::Ite;
  e.width = std::max(thenValue.width, elseValue.width);
  e.args = {std::move(condition), std::move(thenValue), std::move(elseValue)};
  return e;
}

Expr Expr::undefinedValue(int width) {
  Expr e;
  e.op = ExprOp::Undefined;
  e.width = width;
  return e;
}

std::vector<int> Expr::registers() const {
  std::vector<int> result;
  if (op == ExprOp::Register) result.push_back(reg);
  for (const Expr& arg : args) {
    for (int r : arg.registers()) {
      if (std::find(result.begin(), result.end(), r) == result.end()) result.push_back(r);
    }
  }
  return result;
}

}  // namespace catcheck::core
