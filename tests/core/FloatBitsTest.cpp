// Floating-point operations over bits (core/ir/FloatBits.h): the exact ones agree with IEEE 754 as the host
// computes it; the fixed functions are deterministic, commutative for add and mul, exact on x + 0 and
// x * 1, and order-sensitive (not associative), as the deterministic property needs.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/ir/ExprFold.h"
#include "core/ir/ExprSemantics.h"
#include "core/ir/FloatBits.h"

namespace catcheck::core {
namespace {

const FloatFormat kF32{32, 8};

Expr f32(float value) {
  return constantAt(static_cast<long long>(std::bit_cast<std::uint32_t>(value)), 32);
}

long long valueOf(const Expr& e) {
  std::optional<long long> v = evaluateExpr(e, RegisterValues{});
  EXPECT_TRUE(v.has_value());
  return v.value_or(-1);
}

bool holds(FloatComparison c, float a, float b) {
  return valueOf(floatCompare(c, f32(a), f32(b), kF32)) != 0;
}

TEST(FloatBits, ComparisonsFollowIeee) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float values[] = {-INFINITY, -2.5f, -1.0f, -0.0f, 0.0f, 1e-40f, 1.0f, 3.0f, INFINITY, nan};
  for (float a : values) {
    for (float b : values) {
      EXPECT_EQ(holds(FloatComparison::Lt, a, b), a < b) << a << " < " << b;
      EXPECT_EQ(holds(FloatComparison::Le, a, b), a <= b) << a << " <= " << b;
      EXPECT_EQ(holds(FloatComparison::Eq, a, b), a == b) << a << " == " << b;
      EXPECT_EQ(holds(FloatComparison::Ne, a, b), a < b || a > b) << a << " ne " << b;
      EXPECT_EQ(holds(FloatComparison::Neu, a, b), a != b) << a << " neu " << b;
      EXPECT_EQ(holds(FloatComparison::Gtu, a, b), !(a <= b)) << a << " gtu " << b;
      EXPECT_EQ(holds(FloatComparison::Nan, a, b), std::isnan(a) || std::isnan(b));
    }
  }
}

TEST(FloatBits, TestpClassesFollowIeee) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float values[] = {-INFINITY, -2.5f,           -0.0f, 0.0f,     1e-40f,
                          -1e-40f,   1.17549435e-38f, 3.0f,  INFINITY, nan};
  auto is = [](FloatClass c, float v) { return valueOf(floatIsClass(c, f32(v), kF32)) != 0; };
  for (float v : values) {
    EXPECT_EQ(is(FloatClass::Finite, v), std::isfinite(v)) << v;
    EXPECT_EQ(is(FloatClass::Infinite, v), std::isinf(v)) << v;
    EXPECT_EQ(is(FloatClass::Number, v), !std::isnan(v)) << v;
    EXPECT_EQ(is(FloatClass::NotANumber, v), std::isnan(v)) << v;
    EXPECT_EQ(is(FloatClass::Normal, v), std::isnormal(v)) << v;
    EXPECT_EQ(is(FloatClass::Subnormal, v), std::fpclassify(v) == FP_SUBNORMAL) << v;
  }
}

TEST(FloatBits, SignAndMinMaxAreExact) {
  EXPECT_EQ(valueOf(floatNegate(f32(1.5f), kF32)), valueOf(f32(-1.5f)));
  EXPECT_EQ(valueOf(floatAbs(f32(-2.0f), kF32)), valueOf(f32(2.0f)));
  EXPECT_EQ(valueOf(floatCopySign(f32(2.0f), f32(-0.0f), kF32)), valueOf(f32(-2.0f)));
  EXPECT_EQ(valueOf(floatMinMax(false, f32(3.0f), f32(-1.0f), kF32)), valueOf(f32(-1.0f)));
  EXPECT_EQ(valueOf(floatMinMax(true, f32(3.0f), f32(-1.0f), kF32)), valueOf(f32(3.0f)));
  EXPECT_EQ(valueOf(floatMinMax(true, f32(std::numeric_limits<float>::quiet_NaN()), f32(2.0f), kF32)),
            valueOf(f32(2.0f)))
      << "a NaN operand yields the other";
}

TEST(FloatBits, FixedFunctionsAreDeterministicAndOrderSensitive) {
  Expr a = f32(1.25f), b = f32(-7.5f), c = f32(3.0f);
  auto add = [](const Expr& x, const Expr& y) { return floatFunction("add.f32", {x, y}, kF32, 32); };
  EXPECT_EQ(valueOf(add(a, b)), valueOf(add(a, b)));
  EXPECT_EQ(valueOf(add(a, b)), valueOf(add(b, a))) << "add is commutative";
  EXPECT_NE(valueOf(add(add(a, b), c)), valueOf(add(a, add(b, c)))) << "but not associative";
  EXPECT_EQ(valueOf(add(f32(0.0f), b)), valueOf(b)) << "0 + x is x";
  EXPECT_EQ(valueOf(floatFunction("mul.f32", {f32(1.0f), c}, kF32, 32)), valueOf(c)) << "1 * x is x";
  EXPECT_NE(valueOf(floatFunction("sub.f32", {a, b}, kF32, 32)),
            valueOf(floatFunction("sub.f32", {b, a}, kF32, 32)));
  EXPECT_NE(valueOf(add(a, b)), valueOf(floatFunction("add.rz.f32", {a, b}, kF32, 32)))
      << "another rounding is another function";
}

TEST(FloatBits, AtomicAddUpdateIsTheAdd) {
  std::optional<long long> updated = applyRmw(RmwOp::FloatAdd, 32, valueOf(f32(2.0f)), valueOf(f32(0.0f)), 0);
  EXPECT_EQ(updated, valueOf(f32(2.0f)));
  EXPECT_EQ(applyRmw(RmwOp::FloatAdd, 32, valueOf(f32(2.0f)), valueOf(f32(3.0f)), 0),
            valueOf(floatFunction("add.f32", {f32(2.0f), f32(3.0f)}, kF32, 32)));
}

const FloatFormat kF64{64, 11};

Expr f64(double value) {
  return constantAt(static_cast<long long>(std::bit_cast<std::uint64_t>(value)), 64);
}

// f64 values are two's complement readings at 64 bits (negative doubles are negative numbers), which the
// integer encoding keeps unwrapped: the sign is a signed comparison, the rest as at 32 bits.
TEST(FloatBits, DoubleComparisonsAndClassesFollowIeee) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double values[] = {-INFINITY, -2.5, -1e-310, -0.0, 0.0, 1e-310, 1.0, 3.0, INFINITY, nan};
  auto holds64 = [](FloatComparison c, double a, double b) {
    return valueOf(floatCompare(c, f64(a), f64(b), kF64)) != 0;
  };
  auto is = [](FloatClass c, double v) { return valueOf(floatIsClass(c, f64(v), kF64)) != 0; };
  for (double a : values) {
    for (double b : values) {
      EXPECT_EQ(holds64(FloatComparison::Lt, a, b), a < b) << a << " < " << b;
      EXPECT_EQ(holds64(FloatComparison::Eq, a, b), a == b) << a << " == " << b;
      EXPECT_EQ(holds64(FloatComparison::Geu, a, b), !(a < b)) << a << " geu " << b;
    }
    EXPECT_EQ(is(FloatClass::Finite, a), std::isfinite(a)) << a;
    EXPECT_EQ(is(FloatClass::Normal, a), std::isnormal(a)) << a;
    EXPECT_EQ(is(FloatClass::Subnormal, a), std::fpclassify(a) == FP_SUBNORMAL) << a;
    EXPECT_EQ(is(FloatClass::NotANumber, a), std::isnan(a)) << a;
  }
}

TEST(FloatBits, DoubleSignAndMinMaxAreExact) {
  EXPECT_EQ(valueOf(floatNegate(f64(1.5), kF64)), valueOf(f64(-1.5)));
  EXPECT_EQ(valueOf(floatNegate(f64(-0.0), kF64)), valueOf(f64(0.0)));
  EXPECT_EQ(valueOf(floatAbs(f64(-2.0), kF64)), valueOf(f64(2.0)));
  EXPECT_EQ(valueOf(floatCopySign(f64(2.0), f64(-0.0), kF64)), valueOf(f64(-2.0)));
  EXPECT_EQ(valueOf(floatMinMax(false, f64(3.0), f64(-1.0), kF64)), valueOf(f64(-1.0)));
  EXPECT_EQ(valueOf(floatMinMax(true, f64(-3.0), f64(-1.0), kF64)), valueOf(f64(-1.0)));
  double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(valueOf(floatMinMax(true, f64(nan), f64(nan), kF64)), 0x7FFFFFFFFFFFFFFFLL) << "canonical NaN";
}

// A 64-bit fixed function reaches every part of the value: signs, high exponents, not just the low half.
TEST(FloatBits, DoubleFixedFunctionsCoverTheWholeValue) {
  auto add = [](const Expr& x, const Expr& y) { return floatFunction("add.f64", {x, y}, kF64, 64); };
  bool negative = false, highBits = false;
  for (int i = 1; i <= 16; ++i) {
    long long sum = valueOf(add(f64(i * 0.75), f64(-i * 3.5)));
    negative = negative || sum < 0;
    highBits = highBits || (static_cast<std::uint64_t>(sum) >> 32) != 0;
  }
  EXPECT_TRUE(negative);
  EXPECT_TRUE(highBits);
  Expr a = f64(1.25), b = f64(-7.5), c = f64(3.0);
  EXPECT_EQ(valueOf(add(a, b)), valueOf(add(b, a))) << "add is commutative";
  EXPECT_NE(valueOf(add(add(a, b), c)), valueOf(add(a, add(b, c)))) << "but not associative";
  EXPECT_EQ(valueOf(add(f64(0.0), b)), valueOf(b)) << "0 + x is x";
  EXPECT_EQ(applyRmw(RmwOp::FloatAdd, 64, valueOf(a), valueOf(c), 0), valueOf(add(a, c)))
      << "atom.add.f64 is add.f64";
}

}  // namespace
}  // namespace catcheck::core
