// The symbolic values SPIR-V result ids stand for while a thread is lowered, and constant folding of IR
// expressions at SPIR-V widths. See SpirvValues.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "core/ir/Expr.h"

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

unsigned long long maskTo(unsigned long long value, int width);
long long signedAt(unsigned long long value, int width);

core::Expr constant(long long value, int width);
// Builds op(args) at `width` and folds it when every argument is a constant (Expr.h semantics: values
// are unsigned at their width; signed operators read their operands as two's complement).
core::Expr fold(core::ExprOp op, std::vector<core::Expr> args, int width);
core::Expr add(const core::Expr& lhs, long long offset, int width);
// Number of nodes (to decide when to keep a value in a register instead of repeating it).
size_t exprSize(const core::Expr& e);

// The scalars of a value in layout order (leaves of its type).
void flatten(const Value& value, std::vector<core::Expr>& out);

}  // namespace catcheck::frontends::spirv
