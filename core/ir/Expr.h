// Integer expressions over a thread's registers. An expression with width 0 is over unbounded integers
// (the litmus suites' meaning); one with width w > 0 is two's-complement arithmetic at w bits (SPIR-V),
// its value kept as the unsigned integer in [0, 2^w). Signed operations (SDiv, SRem, AShr, SignExtend and
// the signed comparisons at a width) read their operands as signed at the operands' width. What each
// operator computes is defined once, concretely, in ExprSemantics.h; the encoders mirror it symbolically.
#pragma once

#include <string>
#include <vector>

namespace catcheck::core {

enum class ExprOp {
  Constant,
  Register,
  // arithmetic (wraps at the width)
  Add,
  Sub,
  Mul,
  Div,   // unsigned at a width; SMT-LIB integer division at width 0
  SDiv,  // signed, truncating
  Rem,   // unsigned remainder (OpUMod); SMT-LIB mod at width 0
  SRem,  // signed remainder, the sign of the dividend (OpSRem)
  // bitwise (need a width)
  And,
  Or,
  Xor,
  Not,  // one argument
  Shl,
  LShr,
  AShr,
  // comparisons: 1 or 0 (signed at the operands' width for Lt..Ge)
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  ULt,
  ULe,
  UGt,
  UGe,
  // one argument: its value at this node's width (truncating or extending)
  ZeroExtend,
  SignExtend,
  Ite,
  // an arbitrary value at this node's width, chosen once per evaluation of the instruction (SPIR-V
  // OpUndef); every encoder treats it as a fresh unconstrained value
  Undefined,
};

struct Expr {
  ExprOp op = ExprOp::Constant;
  long long constant = 0;
  int reg = -1;
  int width = 0;  // bits; 0: unbounded integer
  std::vector<Expr> args;

  static Expr constantValue(long long value, int width = 0);
  static Expr registerValue(int reg, int width = 0);
  // The result's width is the operands' (comparisons: 1 when the operands have a width).
  static Expr binary(ExprOp op, Expr lhs, Expr rhs);
  static Expr unary(ExprOp op, Expr arg, int width);
  static Expr ifThenElse(Expr condition, Expr thenValue, Expr elseValue);
  static Expr undefinedValue(int width);

  bool isConstant() const { return op == ExprOp::Constant; }
  // Registers this expression reads, each once.
  std::vector<int> registers() const;
};

bool isComparison(ExprOp op);

}  // namespace catcheck::core
