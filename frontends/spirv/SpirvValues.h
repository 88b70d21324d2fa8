// The symbolic values SPIR-V result ids stand for while a thread is lowered, and constant folding of IR
// expressions at SPIR-V widths. See SpirvValues.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ir/Expr.h"
#include "core/ir/ExprFold.h"

namespace catcheck::frontends::spirv {

// What a result id means in one thread: a scalar (an IR expression at the SPIR-V width; bool is width
// 1), a composite (vector, array or struct, its elements in order), or a pointer (its address as an
// expression, and the memory region it points into when that is known statically).
struct Value {
  enum class Kind { Scalar, Composite, Pointer } kind = Kind::Scalar;
  core::Expr expr;
  std::vector<Value> elements;
  uint32_t type = 0;  // the SPIR-V type id
  int region = -1;    // Pointer: index of the region, -1 when unknown
  int promoted = -1;  // Pointer: a function variable kept in registers (index), -1 otherwise

  static Value scalar(core::Expr expr, uint32_t type);
  static Value pointer(core::Expr address, uint32_t type, int region);
  static Value composite(std::vector<Value> elements, uint32_t type);
  bool isConstant() const;  // no register anywhere in it
};

// Folding is core's (core/ir/ExprFold.h); these are its names in the SPIR-V front end.
using core::atWidth;
using core::exprSize;
using core::fold;
using core::maskTo;
using core::signedAt;
inline core::Expr constant(long long value, int width) {
  return core::constantAt(value, width);
}
inline core::Expr add(const core::Expr& lhs, long long offset, int width) {
  return core::addConstant(lhs, offset, width);
}

// The scalars of a value in layout order (leaves of its type).
void flatten(const Value& value, std::vector<core::Expr>& out);

}  // namespace catcheck::frontends::spirv
