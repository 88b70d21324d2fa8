// Extended instructions (OpExtInst): the integer part of GLSL.std.450 (SAbs, SMin, SMax, UMin, UMax,
// FindILsb, FindUMsb) and of OpenCL.std (s_abs, s_min, s_max, u_min, u_max, s_add_sat, s_sub_sat,
// u_add_sat, u_sub_sat, popcount), element by element on vectors. Non-semantic sets (clspv's
// NonSemantic.ClspvReflection, debug information) are reflection data and are ignored here (the module
// pass reads clspv's push-constant facts from them). Any other
// extended instruction is rejected by name.
#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/OpenCL.std.h>

#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

using core::ExprOp;
using Args = std::vector<core::Expr>;

core::Expr lt(const core::Expr& a, const core::Expr& b, bool isSigned) {
  return fold(isSigned ? ExprOp::Lt : ExprOp::ULt, {a, b}, 1);
}

core::Expr minimum(const Args& a, int w, bool isSigned) {
  return fold(ExprOp::Ite, {lt(a[0], a[1], isSigned), a[0], a[1]}, w);
}
core::Expr maximum(const Args& a, int w, bool isSigned) {
  return fold(ExprOp::Ite, {lt(a[0], a[1], isSigned), a[1], a[0]}, w);
}

core::Expr absolute(const Args& a, int w) {
  return fold(ExprOp::Ite,
              {lt(a[0], constant(0, w), true), fold(ExprOp::Sub, {constant(0, w), a[0]}, w), a[0]}, w);
}

// Index of the lowest (FindILsb) or highest (FindUMsb) set bit, -1 for 0.
core::Expr findBit(const Args& a, int w, bool lowest) {
  core::Expr result = constant(-1, w);
  for (int k = 0; k < w; ++k) {
    int bit = lowest ? w - 1 - k : k;
    core::Expr set =
        fold(ExprOp::Ne, {fold(ExprOp::And, {a[0], constant(1LL << bit, w)}, w), constant(0, w)}, 1);
    result = fold(ExprOp::Ite, {set, constant(bit, w), result}, w);
  }
  return result;
}

core::Expr negative(const core::Expr& e, int w) {
  return lt(e, constant(0, w), true);
}

// Signed saturating add or subtract: the wrapped result, or the bound it overflowed past.
core::Expr signedSaturating(const Args& a, int w, bool subtract) {
  core::Expr result = fold(subtract ? ExprOp::Sub : ExprOp::Add, {a[0], a[1]}, w);
  core::Expr sameSigns = fold(ExprOp::Eq, {negative(a[0], w), negative(a[1], w)}, 1);
  core::Expr operandsAgree = subtract ? fold(ExprOp::Xor, {sameSigns, constant(1, 1)}, 1) : sameSigns;
  core::Expr flipped = fold(ExprOp::Ne, {negative(result, w), negative(a[0], w)}, 1);
  core::Expr overflow = fold(ExprOp::And, {operandsAgree, flipped}, 1);
  core::Expr bound =
      fold(ExprOp::Ite, {negative(a[0], w), constant(1LL << (w - 1), w), constant(~0ULL >> (65 - w), w)}, w);
  return fold(ExprOp::Ite, {overflow, bound, result}, w);
}

core::Expr unsignedSaturating(const Args& a, int w, bool subtract) {
  core::Expr result = fold(subtract ? ExprOp::Sub : ExprOp::Add, {a[0], a[1]}, w);
  core::Expr overflow = subtract ? lt(a[0], a[1], false) : lt(result, a[0], false);
  return fold(ExprOp::Ite, {overflow, constant(subtract ? 0 : -1, w), result}, w);
}

core::Expr popcount(const Args& a, int w) {
  core::Expr sum = constant(0, w);
  for (int i = 0; i < w; ++i) {
    sum =
        fold(ExprOp::Add,
             {sum, fold(ExprOp::And, {fold(ExprOp::LShr, {a[0], constant(i, w)}, w), constant(1, w)}, w)}, w);
  }
  return sum;
}

using ScalarFn = ThreadLowering::ScalarFunction;

std::optional<ScalarFn> glslFunction(uint32_t instruction) {
  switch (instruction) {
    case GLSLstd450SAbs:
      return [](const Args& a, int w) { return absolute(a, w); };
    case GLSLstd450SMin:
      return [](const Args& a, int w) { return minimum(a, w, true); };
    case GLSLstd450UMin:
      return [](const Args& a, int w) { return minimum(a, w, false); };
    case GLSLstd450SMax:
      return [](const Args& a, int w) { return maximum(a, w, true); };
    case GLSLstd450UMax:
      return [](const Args& a, int w) { return maximum(a, w, false); };
    case GLSLstd450FindILsb:
      return [](const Args& a, int w) { return findBit(a, w, true); };
    case GLSLstd450FindUMsb:
      return [](const Args& a, int w) { return findBit(a, w, false); };
    default:
      return std::nullopt;
  }
}

std::optional<ScalarFn> openclFunction(uint32_t instruction) {
  switch (instruction) {
    case OpenCLLIB::SAbs:
      return [](const Args& a, int w) { return absolute(a, w); };
    case OpenCLLIB::SMin:
      return [](const Args& a, int w) { return minimum(a, w, true); };
    case OpenCLLIB::UMin:
      return [](const Args& a, int w) { return minimum(a, w, false); };
    case OpenCLLIB::SMax:
      return [](const Args& a, int w) { return maximum(a, w, true); };
    case OpenCLLIB::UMax:
      return [](const Args& a, int w) { return maximum(a, w, false); };
    case OpenCLLIB::SAdd_sat:
      return [](const Args& a, int w) { return signedSaturating(a, w, false); };
    case OpenCLLIB::SSub_sat:
      return [](const Args& a, int w) { return signedSaturating(a, w, true); };
    case OpenCLLIB::UAdd_sat:
      return [](const Args& a, int w) { return unsignedSaturating(a, w, false); };
    case OpenCLLIB::USub_sat:
      return [](const Args& a, int w) { return unsignedSaturating(a, w, true); };
    case OpenCLLIB::Popcount:
      return [](const Args& a, int w) { return popcount(a, w); };
    default:
      return std::nullopt;
  }
}

}  // namespace

bool ThreadLowering::lowerExtInst(const Instruction& in) {
  if (static_cast<spv::Op>(in.opcode) != spv::Op::OpExtInst) return false;
  auto set = info_.extInstSets.find(in.word(2));
  std::string setName = set == info_.extInstSets.end() ? "" : set->second;
  if (setName.rfind("NonSemantic.", 0) == 0 || setName == "DebugInfo" || setName == "OpenCL.DebugInfo.100") {
    return true;
  }
  uint32_t instruction = in.word(3);
  std::optional<ScalarFn> fn;
  if (setName == "GLSL.std.450") fn = glslFunction(instruction);
  if (setName == "OpenCL.std") fn = openclFunction(instruction);
  if (!fn) {
    throw core::InputError(in.location, "unsupported extended instruction " + std::to_string(instruction) +
                                            " of " + (setName.empty() ? "an unknown set" : setName));
  }
  define(in.resultId, componentwise(in, operandValues(in, 4), in.typeId, *fn, info_.nameOf(in.resultId)));
  return true;
}

}  // namespace catcheck::frontends::spirv
