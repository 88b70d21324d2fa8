// Floating-point operations as integer expressions over the operands' bits (FloatBits.h says what is exact
// and what is a fixed function). Everything here is linear integer arithmetic at the value's width
// (additions, comparisons, multiplication and division by constants, selection): no bitwise operator, so
// the encoders keep the program in linear integer arithmetic, which the solvers decide fast. The exact
// operations read the IEEE layout through order: a value is negative when it is at least the sign bit S,
// its magnitude is the value less S, it is a NaN when its magnitude exceeds the bits of infinity, and the
// non-NaN values order as keyLess says. The fixed functions are affine maps modulo 2^w with odd multipliers
// derived from a hash of the operation's name: f(a, b) = K (a + b) + C for add and mul (commutative), h' = K
// h + L x + C per operand otherwise; none is associative. They compute at 32 bits; a 64-bit result is two
// such functions, its high and its low half. At 64 bits the integer encoding does not wrap: a value is its
// two's complement reading (constants too, core/ir/ExprFold.h constantAt), in [-2^63, 2^63). So the sign of
// an f64 is a signed comparison with 0, a 64-bit result is composed with a signed high half, and the rest
// (magnitudes, the order of two values of one sign) is the same arithmetic at both readings.
#include "core/ir/FloatBits.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>

#include "core/ir/ExprFold.h"

namespace catcheck::core {
namespace {

Expr bits(long long value, int width) {
  return constantAt(value, width);
}

Expr flag(ExprOp op, const Expr& a, const Expr& b) {
  return fold(op, {a, b}, 1);
}
Expr choose(const Expr& condition, const Expr& yes, const Expr& no) {
  return fold(ExprOp::Ite, {condition, yes, no}, yes.width);
}
Expr both(const Expr& a, const Expr& b) {
  return choose(a, b, bits(0, 1));
}
Expr either(const Expr& a, const Expr& b) {
  return choose(a, bits(1, 1), b);
}
Expr negation(const Expr& a) {
  return flag(ExprOp::Eq, a, bits(0, 1));
}

long long signMask(FloatFormat f) {
  return static_cast<long long>(1ULL << (f.width - 1));  // f64: the most negative long long
}
// Every bit but the sign: the canonical NaN of min / max, and the largest magnitude.
long long allButSign(FloatFormat f) {
  return static_cast<long long>((1ULL << (f.width - 1)) - 1);
}
// The bits of +infinity: every exponent bit set, mantissa 0.
long long infinityBits(FloatFormat f) {
  return ((1LL << f.exponentBits) - 1) << (f.width - 1 - f.exponentBits);
}
long long one(FloatFormat f) {
  return ((1LL << (f.exponentBits - 1)) - 1) << (f.width - 1 - f.exponentBits);
}

// The sign bit. At 64 bits a signed comparison with 0, which reads the unwrapped two's complement value of
// the integer encoding and the wrapped bits of the bit-vector one alike.
Expr isNegative(const Expr& a, FloatFormat f) {
  if (f.width >= 64) return flag(ExprOp::Lt, a, bits(0, f.width));
  return flag(ExprOp::UGe, a, bits(signMask(f), f.width));
}

Expr magnitude(const Expr& a, FloatFormat f) {
  return choose(isNegative(a, f), fold(ExprOp::Sub, {a, bits(signMask(f), f.width)}, f.width), a);
}

Expr isZero(const Expr& a, FloatFormat f) {
  return flag(ExprOp::Eq, magnitude(a, f), bits(0, f.width));
}

// The numeric order of non-NaN values, -0 below +0: a negative value is below every other one, two
// non-negative ones compare as unsigned numbers, two negative ones the other way round. (Two values of one
// sign compare alike as signed and as unsigned numbers, so this holds at 64 bits too.)
Expr keyLess(const Expr& a, const Expr& b, FloatFormat f) {
  Expr negativeA = isNegative(a, f), negativeB = isNegative(b, f);
  return choose(negativeB, choose(negativeA, flag(ExprOp::UGt, a, b), bits(0, 1)),
                choose(negativeA, bits(1, 1), flag(ExprOp::ULt, a, b)));
}

Expr orderedLess(const Expr& a, const Expr& b, FloatFormat f) {
  Expr ordered = negation(either(floatIsNan(a, f), floatIsNan(b, f)));
  Expr bothZero = both(isZero(a, f), isZero(b, f));
  return both(ordered, both(negation(bothZero), keyLess(a, b, f)));
}

Expr orderedEqual(const Expr& a, const Expr& b, FloatFormat f) {
  Expr ordered = negation(either(floatIsNan(a, f), floatIsNan(b, f)));
  return both(ordered, either(flag(ExprOp::Eq, a, b), both(isZero(a, f), isZero(b, f))));
}

std::uint64_t nameHash(const std::string& name, std::uint64_t seed) {
  std::uint64_t h = 1469598103934665603ULL ^ seed;  // FNV-1a
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return h;
}

// An argument brought to `width` bits (a wider one adds its high part onto its low part, at `width`).
Expr fitted(const Expr& x, int width) {
  if (x.width <= width) return atWidth(x, width);
  Expr high = fold(ExprOp::Div, {x, bits(1LL << width, x.width)}, x.width);
  return fold(ExprOp::Add, {atWidth(x, width), atWidth(high, width)}, width);
}

Expr times(long long factor, const Expr& x, int width) {
  return fold(ExprOp::Mul, {bits(factor, width), x}, width);
}

// "add" of "add.ftz.f32": the identities and commutativity belong to the operation, whatever its form.
std::string baseOperation(const std::string& operation) {
  return operation.substr(0, operation.find('.'));
}

// Computed at 32 bits at most (a narrower result at its own width).
Expr mixNarrow(const std::string& operation, const std::vector<Expr>& args, int resultWidth) {
  int width = std::min(resultWidth, 32);
  long long k = static_cast<long long>(nameHash(operation, 1) | 1);  // odd: a bijection modulo 2^w
  long long l = static_cast<long long>(nameHash(operation, 2) | 1);
  Expr c = bits(static_cast<long long>(nameHash(operation, 3)), width);
  std::string base = baseOperation(operation);
  bool commutative = base == "add" || base == "mul" || base == "fma";
  size_t first = 0;
  Expr h = c;
  if (commutative && args.size() >= 2) {
    Expr sum = fold(ExprOp::Add, {fitted(args[0], width), fitted(args[1], width)}, width);
    h = fold(ExprOp::Add, {times(k, sum, width), c}, width);
    first = 2;
  }
  for (size_t i = first; i < args.size(); ++i) {
    Expr next = fold(ExprOp::Add, {times(k, h, width), times(l, fitted(args[i], width), width)}, width);
    h = fold(ExprOp::Add, {next, c}, width);
  }
  return atWidth(h, resultWidth);
}

// A 64-bit value from its two 32-bit halves, the high one read as signed: high * 2^32 + low stays in
// [-2^63, 2^63), the two's complement reading the unwrapped 64-bit encoding keeps.
Expr composed(const Expr& high, const Expr& low) {
  Expr wide = atWidth(high, 64);
  Expr negative = flag(ExprOp::UGe, high, bits(1LL << 31, 32));
  Expr signedHigh = choose(negative, fold(ExprOp::Sub, {wide, bits(1LL << 32, 64)}, 64), wide);
  return fold(ExprOp::Add, {times(1LL << 32, signedHigh, 64), atWidth(low, 64)}, 64);
}

// The fixed function of an operation at its result width; a 64-bit result is two 32-bit ones (the high
// half a function of its own), so its value may be any of the 2^64 bit patterns, signs and NaNs included.
Expr mix(const std::string& operation, const std::vector<Expr>& args, int resultWidth) {
  if (resultWidth < 64) return mixNarrow(operation, args, resultWidth);
  // the high half's name keeps the operation's base, so its commutativity is the operation's
  return composed(mixNarrow(operation + ".high", args, 32), mixNarrow(operation, args, 32));
}

}  // namespace

FloatFormat floatFormatOf(const std::string& type) {
  if (type == "f16") return {16, 5};
  if (type == "bf16") return {16, 8};
  if (type == "f32" || type == "tf32") return {32, 8};
  if (type == "f64") return {64, 11};
  return {0, 0};
}

FloatFormat ieeeFormatOfWidth(int width) {
  if (width == 16) return {16, 5};
  if (width == 64) return {64, 11};
  return {32, 8};
}

Expr floatIsNan(const Expr& a, FloatFormat f) {
  return flag(ExprOp::UGt, magnitude(a, f), bits(infinityBits(f), f.width));
}

Expr floatIsClass(FloatClass floatClass, const Expr& a, FloatFormat f) {
  Expr size = magnitude(a, f);
  Expr infinity = bits(infinityBits(f), f.width);
  Expr smallestNormal = bits(1LL << (f.width - 1 - f.exponentBits), f.width);
  switch (floatClass) {
    case FloatClass::Finite:
      return flag(ExprOp::ULt, size, infinity);
    case FloatClass::Infinite:
      return flag(ExprOp::Eq, size, infinity);
    case FloatClass::Number:
      return flag(ExprOp::ULe, size, infinity);
    case FloatClass::NotANumber:
      return flag(ExprOp::UGt, size, infinity);
    case FloatClass::Normal:
      return both(flag(ExprOp::UGe, size, smallestNormal), flag(ExprOp::ULt, size, infinity));
    case FloatClass::Subnormal:
      return both(flag(ExprOp::Ne, size, bits(0, f.width)), flag(ExprOp::ULt, size, smallestNormal));
  }
  throw std::logic_error("unknown FloatClass");
}

Expr floatCompare(FloatComparison comparison, const Expr& a, const Expr& b, FloatFormat f) {
  Expr unordered = either(floatIsNan(a, f), floatIsNan(b, f));
  switch (comparison) {
    case FloatComparison::Eq:
      return orderedEqual(a, b, f);
    case FloatComparison::Ne:
      return both(negation(unordered), negation(orderedEqual(a, b, f)));
    case FloatComparison::Lt:
      return orderedLess(a, b, f);
    case FloatComparison::Le:
      return either(orderedLess(a, b, f), orderedEqual(a, b, f));
    case FloatComparison::Gt:
      return orderedLess(b, a, f);
    case FloatComparison::Ge:
      return either(orderedLess(b, a, f), orderedEqual(a, b, f));
    case FloatComparison::Equ:
      return either(unordered, orderedEqual(a, b, f));
    case FloatComparison::Neu:
      return negation(orderedEqual(a, b, f));
    case FloatComparison::Ltu:
      return either(unordered, orderedLess(a, b, f));
    case FloatComparison::Leu:
      return either(unordered, either(orderedLess(a, b, f), orderedEqual(a, b, f)));
    case FloatComparison::Gtu:
      return either(unordered, orderedLess(b, a, f));
    case FloatComparison::Geu:
      return either(unordered, either(orderedLess(b, a, f), orderedEqual(a, b, f)));
    case FloatComparison::Num:
      return negation(unordered);
    case FloatComparison::Nan:
      return unordered;
  }
  return unordered;
}

Expr floatNegate(const Expr& a, FloatFormat f) {
  Expr sign = bits(signMask(f), f.width);
  return choose(isNegative(a, f), fold(ExprOp::Sub, {a, sign}, f.width),
                fold(ExprOp::Add, {a, sign}, f.width));
}

Expr floatAbs(const Expr& a, FloatFormat f) {
  return magnitude(a, f);
}

Expr floatMinMax(bool max, const Expr& a, const Expr& b, FloatFormat f) {
  Expr canonicalNan = bits(allButSign(f), f.width);
  Expr less = keyLess(a, b, f);
  Expr ordered = max ? choose(less, b, a) : choose(less, a, b);
  Expr nanB = floatIsNan(b, f);
  return choose(floatIsNan(a, f), choose(nanB, canonicalNan, b), choose(nanB, a, ordered));
}

Expr floatCopySign(const Expr& a, const Expr& b, FloatFormat f) {
  Expr size = magnitude(a, f);
  return choose(isNegative(b, f), fold(ExprOp::Add, {size, bits(signMask(f), f.width)}, f.width), size);
}

Expr floatFunction(const std::string& operation, const std::vector<Expr>& args, FloatFormat f,
                   int resultWidth) {
  Expr mixed = mix(operation, args, resultWidth);
  bool sameWidth =
      args.size() == 2 && args[0].width == f.width && args[1].width == f.width && resultWidth == f.width;
  if (!sameWidth) return mixed;
  const Expr& a = args[0];
  const Expr& b = args[1];
  Expr unit = bits(one(f), f.width);
  std::string base = baseOperation(operation);
  if (base == "add") return choose(isZero(a, f), b, choose(isZero(b, f), a, mixed));
  if (base == "sub") return choose(isZero(b, f), a, mixed);
  if (base == "mul") return choose(flag(ExprOp::Eq, a, unit), b, choose(flag(ExprOp::Eq, b, unit), a, mixed));
  if (base == "div") return choose(flag(ExprOp::Eq, b, unit), a, mixed);
  return mixed;
}

const Expr& floatAddUpdate(FloatFormat f) {
  static const std::array<std::pair<FloatFormat, Expr>, 4> updates = [] {
    std::array<std::pair<FloatFormat, Expr>, 4> built;
    const FloatFormat formats[] = {{16, 5}, {16, 8}, {32, 8}, {64, 11}};
    for (size_t i = 0; i < built.size(); ++i) {
      FloatFormat g = formats[i];
      std::string name = "add.f" + std::to_string(g.width);  // the same function as add.f32 and friends
      built[i] = {g, floatFunction(name, {Expr::registerValue(0, g.width), Expr::registerValue(1, g.width)},
                                   g, g.width)};
    }
    return built;
  }();
  for (const auto& [format, update] : updates)
    if (format.width == f.width && format.exponentBits == f.exponentBits) return update;
  return updates[2].second;
}

}  // namespace catcheck::core
