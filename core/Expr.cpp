// Constructors and register queries for the integer expressions of the Program IR.
#include "core/Expr.h"

#include <algorithm>

namespace catcheck::core {

Expr Expr::constantValue(long long value) {
  Expr e;
  e.op = ExprOp::Constant;
  e.constant = value;
  return e;
}

Expr Expr::registerValue(int reg) {
  Expr e;
  e.op = ExprOp::Register;
  e.reg = reg;
  return e;
}

Expr Expr::binary(ExprOp op, Expr lhs, Expr rhs) {
  Expr e;
  e.op = op;
  e.args = {std::move(lhs), std::move(rhs)};
  return e;
}

Expr Expr::ifThenElse(Expr condition, Expr thenValue, Expr elseValue) {
  Expr e;
  e.op = ExprOp::Ite;
  e.args = {std::move(condition), std::move(thenValue), std::move(elseValue)};
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
