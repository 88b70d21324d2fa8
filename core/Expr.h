// Integer expressions over a thread's registers (unbounded integers, as the litmus suites require).
#pragma once

#include <string>
#include <vector>

namespace catcheck::core {

enum class ExprOp { Constant, Register, Add, Sub, Mul, Div, And, Or, Xor, Eq, Ne, Lt, Le, Gt, Ge, Ite };

struct Expr {
  ExprOp op = ExprOp::Constant;
  long long constant = 0;
  int reg = -1;
  std::vector<Expr> args;

  static Expr constantValue(long long value);
  static Expr registerValue(int reg);
  static Expr binary(ExprOp op, Expr lhs, Expr rhs);
  static Expr ifThenElse(Expr condition, Expr thenValue, Expr elseValue);

  bool isConstant() const { return op == ExprOp::Constant; }
  // Registers this expression reads, each once.
  std::vector<int> registers() const;
};

}  // namespace catcheck::core
