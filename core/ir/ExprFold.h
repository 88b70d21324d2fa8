// Building IR expressions with constant folding, shared by the front ends that instantiate a program per
// thread (SPIR-V, PTX kernels): values are unsigned at their width, signed operators read their operands as
// two's complement (core/ir/Expr.h), and the arithmetic is core's own (ExprSemantics.h), so what a front end
// folds agrees with what the encoders compute. See ExprFold.cpp.
#pragma once

#include <cstddef>
#include <vector>

#include "core/ir/Expr.h"

namespace catcheck::core {

// `value` masked to `width` bits (width 0 or >= 64: unchanged).
unsigned long long maskTo(unsigned long long value, int width);
// The two's-complement value of the low `width` bits.
long long signedAt(unsigned long long value, int width);
// A constant at `width`, masked.
Expr constantAt(long long value, int width);
// op(args) at `width`, folded to a constant when every argument is one (an Ite with a constant condition
// becomes its chosen branch; a division by zero is not folded).
Expr fold(ExprOp op, std::vector<Expr> args, int width);
// e at `width` bits (zero-extended or truncated); width 0 (unbounded) keeps e as it is.
Expr atWidth(const Expr& e, int width);
// lhs + offset, merging with a constant already added.
Expr addConstant(const Expr& lhs, long long offset, int width);
// Number of nodes (to decide when to keep a value in a register instead of repeating it).
size_t exprSize(const Expr& e);

}  // namespace catcheck::core
