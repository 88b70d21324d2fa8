// Floating-point instructions of PTX kernels (PTX ISA "Floating-Point Instructions", "Half Precision
// Floating-Point Instructions", setp / set / cvt with a floating-point type), lowered to integer IR
// expressions over the operands' bits by core/ir/FloatBits.h: comparisons, testp, neg, abs, min, max,
// copysign exactly as IEEE 754 orders and signs the values; add, sub, mul, fma / mad, div, the unary
// functions (sqrt, rsqrt, rcp, ex2, lg2, sin, cos, tanh) and conversions to or from a floating-point type as
// one fixed function of the operand bits per instruction form (its opcode and qualifiers: `add.rz.f32` and
// `add.f32` are different functions, as their rounding differs). Moving bits (mov, selp, ld, st) is the
// integer front end's.
#include <map>
#include <optional>
#include <set>
#include <variant>

#include "core/ir/ExprFold.h"
#include "core/ir/FloatBits.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

using core::Expr;
using core::FloatComparison;
using core::FloatFormat;

bool isFloatType(const std::string& q) {
  return core::floatFormatOf(q).width > 0 || q == "f16x2" || q == "bf16x2";
}

// A packed pair (f16x2, bf16x2) is one 32-bit value to the fixed functions; the exact operations need a
// single value.
FloatFormat formatOf(const std::string& type) {
  if (type == "f16x2" || type == "bf16x2") return {32, 8};
  return core::floatFormatOf(type);
}

const std::map<std::string, FloatComparison>& comparisons() {
  static const std::map<std::string, FloatComparison> table = {
      {"eq", FloatComparison::Eq},   {"ne", FloatComparison::Ne},   {"lt", FloatComparison::Lt},
      {"le", FloatComparison::Le},   {"gt", FloatComparison::Gt},   {"ge", FloatComparison::Ge},
      {"equ", FloatComparison::Equ}, {"neu", FloatComparison::Neu}, {"ltu", FloatComparison::Ltu},
      {"leu", FloatComparison::Leu}, {"gtu", FloatComparison::Gtu}, {"geu", FloatComparison::Geu},
      {"num", FloatComparison::Num}, {"nan", FloatComparison::Nan}};
  return table;
}

// The instruction form that names its fixed function: the opcode and every qualifier, `.rn` (the default
// rounding) left out.
std::string formName(const Instruction& in) {
  std::string name = in.opcode;
  for (const std::string& q : in.qualifiers)
    if (q != "rn") name += "." + q;
  return name;
}

}  // namespace

// testp.op.type p, a (ISA "Floating-Point Instructions: testp"): op is finite, infinite, number,
// notanumber, normal or subnormal; type f32 or f64.
void KernelThread::lowerFloatTest(const Instruction& in) {
  static const std::map<std::string, core::FloatClass> classes = {
      {"finite", core::FloatClass::Finite}, {"infinite", core::FloatClass::Infinite},
      {"number", core::FloatClass::Number}, {"notanumber", core::FloatClass::NotANumber},
      {"normal", core::FloatClass::Normal}, {"subnormal", core::FloatClass::Subnormal}};
  std::optional<core::FloatClass> tested;
  for (const std::string& q : in.qualifiers) {
    auto it = classes.find(q);
    if (it != classes.end()) tested = it->second;
  }
  std::vector<std::string> types = typesOf(in);
  if (!tested || types.size() != 1)
    fail(in, "testp needs one of finite infinite number notanumber normal subnormal and a type");
  const std::string& type = types.front();
  if (type != "f32" && type != "f64") fail(in, "testp takes .f32 or .f64");
  writeRegister(in, 0, core::floatIsClass(*tested, operand(in, 1, typeWidth(type)), formatOf(type)));
}

bool KernelThread::lowerFloat(const Instruction& in) {
  if (in.opcode == "testp") return lowerFloatTest(in), true;
  static const std::set<std::string> arithmetic = {
      "add",   "sub", "mul", "fma", "mad", "div", "neg",  "abs",      "min",  "max", "sqrt",
      "rsqrt", "rcp", "ex2", "lg2", "sin", "cos", "tanh", "copysign", "setp", "set", "cvt"};
  if (arithmetic.count(in.opcode) == 0) return false;
  std::vector<std::string> types = typesOf(in);
  if (types.empty()) return false;
  // The operand type: setp / set / cvt name it last, the others once.
  const std::string& type = types.back();
  bool floatOperands = isFloatType(type);
  bool floatResult = isFloatType(types.front());
  if (!floatOperands && !(in.opcode == "cvt" && floatResult)) return false;
  const std::string& op = in.opcode;
  FloatFormat format = formatOf(type);
  bool packed = type == "f16x2" || type == "bf16x2";
  int width = typeWidth(type);
  auto arg = [&](size_t i) { return operand(in, i, width); };
  auto result = [&](Expr value) { writeRegister(in, 0, std::move(value)); };
  if (op == "setp" || op == "set") return lowerFloatComparison(in, types, format), true;
  if (op == "cvt") {
    if (types.size() != 2) fail(in, "cvt needs a destination and a source type");
    int out = typeWidth(types.front());
    std::vector<Expr> sources;
    for (size_t i = 1; i < in.operands.size(); ++i) sources.push_back(operand(in, i, width));
    return result(core::floatFunction(formName(in), sources, formatOf(types.front()), out)), true;
  }
  bool exact = !packed && (op == "neg" || op == "abs" || op == "min" || op == "max" || op == "copysign");
  if (exact) {
    if (op == "neg") return result(core::floatNegate(arg(1), format)), true;
    if (op == "abs") return result(core::floatAbs(arg(1), format)), true;
    if (op == "copysign") return result(core::floatCopySign(arg(2), arg(1), format)), true;  // a's sign on b
    Expr value = core::floatMinMax(op == "max", arg(1), arg(2), format);
    if (in.hasQualifier("NaN")) {  // a NaN operand gives the canonical NaN
      Expr eitherNan = core::fold(
          core::ExprOp::Ite,
          {core::floatIsNan(arg(1), format), core::constantAt(1, 1), core::floatIsNan(arg(2), format)}, 1);
      Expr canonical = core::constantAt(static_cast<long long>(~(1ULL << (width - 1))), width);
      value = core::fold(core::ExprOp::Ite, {eitherNan, canonical, value}, width);
    }
    return result(value), true;
  }
  std::vector<Expr> args;
  for (size_t i = 1; i < in.operands.size(); ++i) args.push_back(arg(i));
  std::string name = formName(in);
  if (op == "mad") name = "fma" + name.substr(3);  // mad.f32 is fma.rn.f32 (ISA "mad")
  if (packed) name = "packed." + name;
  return result(core::floatFunction(name, args, format, width)), true;
}

// setp.CmpOp[.ftz][.BoolOp].ftype p[|q], a, b[, c] and set.CmpOp[.ftz][.BoolOp].dtype.ftype d, a, b[, c].
void KernelThread::lowerFloatComparison(const Instruction& in, const std::vector<std::string>& types,
                                        FloatFormat format) {
  std::optional<FloatComparison> comparison;
  for (const std::string& q : in.qualifiers) {
    auto it = comparisons().find(q);
    if (it != comparisons().end()) comparison = it->second;
  }
  if (!comparison)
    unsupported(in,
                "a floating-point comparison other than eq ne lt le gt ge equ neu ltu leu "
                "gtu geu num nan");
  if (types.back() == "f16x2" || types.back() == "bf16x2") unsupported(in, "packed comparisons");
  int width = typeWidth(types.back());
  Expr holds = core::floatCompare(*comparison, operand(in, 1, width), operand(in, 2, width), format);
  writeComparison(in, types, holds);
}

}  // namespace catcheck::frontends::ptx
