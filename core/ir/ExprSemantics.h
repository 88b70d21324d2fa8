// What each expression operator and read-modify-write operator computes on concrete values, in one place
// (Expr.h explains widths). The concrete evaluator uses it directly; the SMT encoders build the same
// function symbolically (encoders/ValueEncoder.cpp) and tests compare the two on random values.
#pragma once

#include <optional>
#include <vector>

#include "core/ir/Expr.h"
#include "core/ir/Program.h"

namespace catcheck::core {

// v reduced to `width` bits (the unsigned representative in [0, 2^width)); width 0 leaves v alone.
long long wrapToWidth(long long v, int width);
// The signed value of a `width`-bit representative (width 0: v itself).
long long signedAtWidth(long long v, int width);

// The value of `node` given its arguments' values (Constant, Register, Ite and Undefined are not
// operators: the caller handles them). nullopt when the result is undefined (division by zero).
std::optional<long long> applyOperator(const Expr& node, const std::vector<long long>& args);

// The value a read-modify-write stores, given the old value, the operand and (CompareExchange) the
// expected value, at the operand's `width`.
std::optional<long long> applyRmw(RmwOp op, int width, long long old, long long operand, long long expected);
// The new value of a WrappingIncrement / WrappingDecrement at `width` as an expression of register 0 (the
// old value) and register 1 (the operand), for the engines that compute it (ValueEncoder) and applyRmw.
Expr wrappingUpdate(RmwOp op, int width);

// How an expression node gets its value: a leaf (constant, register, undefined), a choice (Ite, which
// evaluates only the chosen branch), or an operator applied to the values of all its arguments
// (applyOperator). The expression walkers (evaluateExpr, encoders/ValueEncoder.cpp) switch on this, so the
// list of operators is written once, in exprFormOf.
enum class ExprForm { Constant, Register, Undefined, Ite, Operator };
ExprForm exprFormOf(ExprOp op);

// Register values; nullopt where a value is free (registers at steps a run never reaches whose value
// depends on what happened there, as in the encoding where such values are unconstrained).
using RegisterValues = std::vector<std::optional<long long>>;
// Integer expressions over possibly free registers (unbounded integers; division rounds as SMT-LIB's
// div; a division by zero gives 0).
std::optional<long long> evaluateExpr(const Expr& e, const RegisterValues& regs);

}  // namespace catcheck::core
