// Conversion instructions (SPIR-V spec §3.32.11) on integers and pointers: OpUConvert (zero extension
// or truncation), OpSConvert (sign extension or truncation) and OpBitcast between types of the same bit
// pattern (integers, pointers, and vectors with the same number of elements; a vector and a scalar of
// the same total width are split or joined little-endian). Floating-point conversions are rejected.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

using core::ExprOp;

core::Expr resize(const core::Expr& e, int width, bool isSigned) {
  if (e.width == width) return e;
  if (e.width > width) return fold(ExprOp::ZeroExtend, {e}, width);
  return fold(isSigned ? ExprOp::SignExtend : ExprOp::ZeroExtend, {e}, width);
}

// The bits of `scalars` (each at its width, first lowest) regrouped into pieces of `width` bits.
std::vector<core::Expr> regroup(const std::vector<core::Expr>& scalars, int width) {
  int total = 0;
  for (const core::Expr& s : scalars) total += s.width;
  core::Expr all = constant(0, total);
  int shift = 0;
  for (const core::Expr& s : scalars) {
    core::Expr part = fold(ExprOp::Shl, {resize(s, total, false), constant(shift, total)}, total);
    all = fold(ExprOp::Or, {all, part}, total);
    shift += s.width;
  }
  std::vector<core::Expr> pieces;
  for (int offset = 0; offset < total; offset += width) {
    pieces.push_back(resize(fold(ExprOp::LShr, {all, constant(offset, total)}, total), width, false));
  }
  return pieces;
}

}  // namespace

bool ThreadLowering::lowerConversion(const Instruction& in) {
  auto op = static_cast<spv::Op>(in.opcode);
  std::string name = info_.nameOf(in.resultId);
  if (op == spv::Op::OpUConvert || op == spv::Op::OpSConvert) {
    bool isSigned = op == spv::Op::OpSConvert;
    define(
        in.resultId,
        componentwise(
            in, operandValues(in, 2), in.typeId,
            [isSigned](const std::vector<core::Expr>& a, int w) { return resize(a[0], w, isSigned); }, name));
    return true;
  }
  if (op != spv::Op::OpBitcast) return false;
  const Value& source = valueOf(in.word(2), in.location);
  std::vector<core::Expr> scalars;
  flatten(source, scalars);
  std::vector<Leaf> leaves = info_.types.leaves(in.typeId, in.location);
  if (leaves.size() != scalars.size()) {
    int total = 0, expected = 0;
    for (const core::Expr& s : scalars) total += s.width;
    for (const Leaf& l : leaves) expected += l.width;
    if (total != expected || leaves.empty()) {
      throw core::InputError(in.location, "OpBitcast between types of different sizes");
    }
    scalars = regroup(scalars, leaves.front().width);
  }
  for (size_t k = 0; k < leaves.size(); ++k) {
    if (scalars[k].width != leaves[k].width) {
      throw core::InputError(in.location, "OpBitcast between types of different sizes");
    }
  }
  size_t next = 0;
  Value result = valueFromScalars(scalars, next, in.typeId, in);
  if (result.kind == Value::Kind::Pointer && source.kind == Value::Kind::Pointer)
    result.region = source.region;
  define(in.resultId, result);
  return true;
}

}  // namespace catcheck::frontends::spirv
