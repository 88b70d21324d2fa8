// Floating-point values as the bits they are stored in (PTX kernels, issue 28). Comparisons, negation,
// absolute value, min / max and copysign follow IEEE 754 exactly on those bits. Every other operation (add,
// mul, fma, div, sqrt, conversions, the .approx functions) is one fixed function of its operands' bits per
// operation: deterministic (the same operands give the same result), commutative where IEEE is (add, mul),
// exact on the identities that zero-initialised accumulators meet (x + 0, x - 0, x * 1, x / 1), and otherwise
// unrelated to IEEE arithmetic. Verdicts that do not depend on the values computed (races, barriers,
// termination of loops not controlled by floats) are exact; a sum combined in a schedule-dependent order
// differs between schedules, as on hardware. Everything is built from integer IR expressions
// (core/ir/Expr.h), so every engine evaluates it alike. See FloatBits.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/ir/Expr.h"

namespace catcheck::core {

// The IEEE formats by storage width and exponent bits: f16 (16, 5), bf16 (16, 8), f32 (32, 8), f64 (64, 11).
struct FloatFormat {
  int width = 32;
  int exponentBits = 8;
};
// The format a PTX type names (f16, bf16, f32, f64, tf32 stored as f32); width 0 when it names none.
FloatFormat floatFormatOf(const std::string& ptxType);

enum class FloatComparison { Eq, Ne, Lt, Le, Gt, Ge, Equ, Neu, Ltu, Leu, Gtu, Geu, Num, Nan };

// 1 (width 1) when `a` is a NaN.
Expr floatIsNan(const Expr& a, FloatFormat format);
// The comparison at width 1: ordered ones are false when an operand is NaN, the *u ones true.
Expr floatCompare(FloatComparison comparison, const Expr& a, const Expr& b, FloatFormat format);
// PTX testp's classes: finite, infinite, number (not NaN), notanumber, normal, subnormal (zero is
// neither normal nor subnormal); 1 (width 1) when `a` is of the class.
enum class FloatClass { Finite, Infinite, Number, NotANumber, Normal, Subnormal };
Expr floatIsClass(FloatClass floatClass, const Expr& a, FloatFormat format);
Expr floatNegate(const Expr& a, FloatFormat format);
Expr floatAbs(const Expr& a, FloatFormat format);
// min / max: a NaN operand yields the other one (both NaN: the canonical NaN); -0 orders below +0.
Expr floatMinMax(bool max, const Expr& a, const Expr& b, FloatFormat format);
// a's magnitude with b's sign.
Expr floatCopySign(const Expr& a, const Expr& b, FloatFormat format);

// The fixed function named `operation` (an instruction form: "add.f32", "add.rz.ftz.f32", "fma.f32",
// "sqrt.approx.f32", "cvt.rzi.s32.f32", ...) of `args`, at `resultWidth` bits; the arguments keep their own
// widths. The identities and commutativity belong to the part before the first '.' (add, sub, mul, div,
// fma), for operands and result of `format`'s width.
Expr floatFunction(const std::string& operation, const std::vector<Expr>& args, FloatFormat format,
                   int resultWidth);

// The IEEE binary format of a width (16: f16, 32: f32, 64: f64), for atomics whose type is known by width.
FloatFormat ieeeFormatOfWidth(int width);

// The new value of a floating-point atomic add, an expression over register 0 (the old value) and
// register 1 (the operand), both of `format`.
const Expr& floatAddUpdate(FloatFormat format);

}  // namespace catcheck::core
