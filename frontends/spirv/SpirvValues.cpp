// Symbolic values and constant folding. The front end folds everything it can while it instantiates the
// entry point per thread (builtins, push constants and spec constants are per-thread constants), so that
// most memory accesses name their location statically and most branches vanish. Folding follows the
// IR's meaning of expressions at a width (core/ir/Expr.h): two's complement, values kept unsigned in
// [0, 2^w), signed operators reading their operands as signed, comparisons giving 0 or 1 at width 1.
// The arithmetic itself is core's (core/ir/ExprSemantics.h), so folding agrees with the encoders; division by
// zero is not folded (SPIR-V leaves it undefined; the encoder decides).
#include "frontends/spirv/SpirvValues.h"

#include <optional>

#include "core/ir/ExprSemantics.h"

namespace catcheck::frontends::spirv {
namespace {

using core::ExprOp;
using u64 = unsigned long long;

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
  if (op == ExprOp::Ite && args[0].isConstant()) return args[args[0].constant != 0 ? 1 : 2];
  core::Expr e;
  e.op = op;
  e.width = width;
  e.args = std::move(args);
  bool allConstant = op != ExprOp::Undefined && op != ExprOp::Ite;
  std::vector<long long> values;
  for (const core::Expr& arg : e.args) {
    allConstant = allConstant && arg.isConstant();
    values.push_back(arg.constant);
  }
  if (allConstant) {
    if (auto result = core::applyOperator(e, values)) return constant(*result, width);
  }
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
