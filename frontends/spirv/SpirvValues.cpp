// Symbolic values and constant folding. The front end folds everything it can while it instantiates the
// entry point per thread (builtins, push constants and spec constants are per-thread constants), so that
// most memory accesses name their location statically and most branches vanish. Folding follows the
// IR's meaning of expressions at a width (core/Expr.h): two's complement, values kept unsigned in
// [0, 2^w), signed operators reading their operands as signed, comparisons giving 0 or 1 at width 1.
// Division by zero is not folded (SPIR-V leaves it undefined; the encoder decides).
#include "frontends/spirv/SpirvValues.h"

#include <optional>

namespace catcheck::frontends::spirv {
namespace {

using core::ExprOp;
using u64 = unsigned long long;

std::optional<u64> arithmetic(ExprOp op, u64 a, u64 b, int width) {
  int w = width;
  switch (op) {
    case ExprOp::Add: return a + b;
    case ExprOp::Sub: return a - b;
    case ExprOp::Mul: return a * b;
    case ExprOp::Div: return b == 0 ? std::nullopt : std::optional<u64>(a / b);
    case ExprOp::Rem: return b == 0 ? std::nullopt : std::optional<u64>(a % b);
    case ExprOp::SDiv: {
      long long x = signedAt(a, w), y = signedAt(b, w);
      if (y == 0 || (y == -1 && x == signedAt(1ULL << (w - 1), w))) return std::nullopt;
      return static_cast<u64>(x / y);
    }
    case ExprOp::SRem: {
      long long x = signedAt(a, w), y = signedAt(b, w);
      if (y == 0 || y == -1) return y == -1 ? std::optional<u64>(0) : std::nullopt;
      return static_cast<u64>(x % y);
    }
    case ExprOp::And: return a & b;
    case ExprOp::Or: return a | b;
    case ExprOp::Xor: return a ^ b;
    case ExprOp::Shl: return b >= static_cast<u64>(w) ? std::nullopt : std::optional<u64>(a << b);
    case ExprOp::LShr: return b >= static_cast<u64>(w) ? std::nullopt : std::optional<u64>(a >> b);
    case ExprOp::AShr:
      return b >= static_cast<u64>(w) ? std::nullopt : std::optional<u64>(static_cast<u64>(signedAt(a, w) >> b));
    default: return std::nullopt;
  }
}

std::optional<u64> comparison(ExprOp op, u64 a, u64 b, int w) {
  long long x = signedAt(a, w), y = signedAt(b, w);
  switch (op) {
    case ExprOp::Eq: return a == b;
    case ExprOp::Ne: return a != b;
    case ExprOp::Lt: return x < y;
    case ExprOp::Le: return x <= y;
    case ExprOp::Gt: return x > y;
    case ExprOp::Ge: return x >= y;
    case ExprOp::ULt: return a < b;
    case ExprOp::ULe: return a <= b;
    case ExprOp::UGt: return a > b;
    case ExprOp::UGe: return a >= b;
    default: return std::nullopt;
  }
}

std::optional<u64> evaluate(ExprOp op, const std::vector<core::Expr>& args, int width) {
  auto value = [&](size_t i) { return maskTo(static_cast<u64>(args[i].constant), args[i].width); };
  switch (op) {
    case ExprOp::Not: return ~value(0);
    case ExprOp::ZeroExtend: return value(0);
    case ExprOp::SignExtend: return static_cast<u64>(signedAt(value(0), args[0].width));
    case ExprOp::Ite: return value(0) != 0 ? value(1) : value(2);
    default: break;
  }
  if (args.size() != 2) return std::nullopt;
  if (core::isComparison(op)) return comparison(op, value(0), value(1), std::max(args[0].width, args[1].width));
  return arithmetic(op, value(0), value(1), width);
}

}  // namespace

unsigned long long maskTo(unsigned long long value, int width) {
  return width <= 0 || width >= 64 ? value : value & ((1ULL << width) - 1);
}

long long signedAt(unsigned long long value, int width) {
  if (width <= 0 || width >= 64) return static_cast<long long>(value);
  value = maskTo(value, width);
  return (value >> (width - 1)) != 0 ? static_cast<long long>(value) - static_cast<long long>(1ULL << width)
                                     : static_cast<long long>(value);
}

core::Expr constant(long long value, int width) {
  return core::Expr::constantValue(static_cast<long long>(maskTo(static_cast<u64>(value), width)), width);
}

core::Expr fold(core::ExprOp op, std::vector<core::Expr> args, int width) {
  bool allConstant = true;
  for (const core::Expr& arg : args) allConstant = allConstant && arg.isConstant();
  if (allConstant && op != ExprOp::Undefined) {
    if (auto result = evaluate(op, args, width)) return constant(static_cast<long long>(*result), width);
  }
  if (op == ExprOp::Ite && args[0].isConstant()) return args[args[0].constant != 0 ? 1 : 2];
  core::Expr e;
  e.op = op;
  e.width = width;
  e.args = std::move(args);
  return e;
}

core::Expr add(const core::Expr& lhs, long long offset, int width) {
  if (offset == 0) return lhs;
  if (lhs.op == ExprOp::Add && lhs.args.size() == 2 && lhs.args[1].isConstant()) {
    return fold(ExprOp::Add, {lhs.args[0], constant(lhs.args[1].constant + offset, width)}, width);
  }
  return fold(ExprOp::Add, {lhs, constant(offset, width)}, width);
}

size_t exprSize(const core::Expr& e) {
  size_t n = 1;
  for (const core::Expr& arg : e.args) n += exprSize(arg);
  return n;
}

Value Value::scalar(core::Expr expr, uint32_t type) {
  Value v;
  v.kind = Kind::Scalar;
  v.expr = std::move(expr);
  v.type = type;
  return v;
}

Value Value::pointer(core::Expr address, uint32_t type, int region) {
  Value v;
  v.kind = Kind::Pointer;
  v.expr = std::move(address);
  v.type = type;
  v.region = region;
  return v;
}

Value Value::composite(std::vector<Value> elements, uint32_t type) {
  Value v;
  v.kind = Kind::Composite;
  v.elements = std::move(elements);
  v.type = type;
  return v;
}

bool Value::isConstant() const {
  if (kind == Kind::Composite) {
    for (const Value& element : elements)
      if (!element.isConstant()) return false;
    return true;
  }
  if (promoted >= 0) return true;
  return expr.isConstant();
}

void flatten(const Value& value, std::vector<core::Expr>& out) {
  if (value.kind == Value::Kind::Composite) {
    for (const Value& element : value.elements) flatten(element, out);
  } else {
    out.push_back(value.expr);
  }
}

}  // namespace catcheck::frontends::spirv
