// Symbolic values: what a result id stands for while a thread is lowered (a scalar expression, a composite,
// a pointer into a region). The front end folds everything it can while it instantiates the entry point per
// thread (builtins, push constants and spec constants are per-thread constants) with core's folding
// (core/ir/ExprFold.h), so that most memory accesses name their location statically and most branches
// vanish; division by zero is not folded (SPIR-V leaves it undefined; the encoder decides).
#include "frontends/spirv/SpirvValues.h"

#include <optional>

#include "core/ir/ExprSemantics.h"

namespace catcheck::frontends::spirv {

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
