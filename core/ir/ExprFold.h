// Building IR expressions with constant folding, shared by the front ends that instantiate a program per
// thread (SPIR-V, PTX kernels): values are unsigned at their width, signed operators read their operands as
// two's complement (core/ir/Expr.h), and the arithmetic is core's own (ExprSemantics.h), so what a front end
// folds agrees with what the encoders compute. See ExprFold.cpp.
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
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

// Whether `a` and `b` are the same expression node for node (a copy of an Undefined node is the same
// choice; two Undefined nodes of different instructions are never compared by the front ends).
bool sameExpr(const Expr& a, const Expr& b);
// `e` with every occurrence of `x` replaced by `by`, folded again.
Expr substitute(const Expr& e, const Expr& x, const Expr& by);
// What a branch condition being true (`holds`) or false says of one value: {x, k} for x == k with k
// constant, when the condition compares x (reading no Undefined value) with a constant for equality or
// inequality, or is such a comparison compared with 0; nothing otherwise. A front end that instantiates a
// path per branch outcome uses it to carry the value the outcome fixes (nvcc tests a loaded ticket where its
// equal, a constant, was meant: `ticket == n - 1` taken, then `ticket < 3`).
std::optional<std::pair<Expr, Expr>> impliedEquality(const Expr& condition, bool holds);

}  // namespace catcheck::core
