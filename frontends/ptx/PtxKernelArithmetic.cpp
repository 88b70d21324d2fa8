// Integer arithmetic, logic, comparison, selection and conversion (PTX ISA "Integer Arithmetic
// Instructions", "Logic and Shift Instructions", "Comparison and Selection Instructions", cvt, mov) at the
// width of the instruction's type: each result is a folded IR expression (a constant when the launch fixes
// the operands). Floating-point instructions are PtxKernelFloat.cpp's; saturation and carry chains are not
// modelled: an error naming the instruction. Moving bits (mov, selp, ld, st of .f32 registers) is fine
// whatever the type says.
#include <functional>
#include <map>
#include <set>
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

using core::Expr;
using core::ExprOp;
using core::fold;

bool isFloat(const std::string& type) {
  return !type.empty() && type[0] == 'f';
}
bool isSigned(const std::string& type) {
  return !type.empty() && type[0] == 's';
}

Expr constant(long long value, int width) {
  return core::constantAt(value, width);
}

Expr extend(const Expr& e, int width, bool sign) {
  if (e.width == width) return e;
  return fold(sign && e.width < width ? ExprOp::SignExtend : ExprOp::ZeroExtend, {e}, width);
}

Expr compare(const std::string& op, const Expr& a, const Expr& b, bool sign) {
  static const std::map<std::string, std::pair<ExprOp, ExprOp>> ops = {
      {"eq", {ExprOp::Eq, ExprOp::Eq}},   {"ne", {ExprOp::Ne, ExprOp::Ne}},
      {"lt", {ExprOp::Lt, ExprOp::ULt}},  {"le", {ExprOp::Le, ExprOp::ULe}},
      {"gt", {ExprOp::Gt, ExprOp::UGt}},  {"ge", {ExprOp::Ge, ExprOp::UGe}},
      {"lo", {ExprOp::ULt, ExprOp::ULt}}, {"ls", {ExprOp::ULe, ExprOp::ULe}},
      {"hi", {ExprOp::UGt, ExprOp::UGt}}, {"hs", {ExprOp::UGe, ExprOp::UGe}}};
  auto it = ops.find(op);
  if (it == ops.end()) return Expr::undefinedValue(1);  // caller reports
  return fold(sign ? it->second.first : it->second.second, {a, b}, 1);
}

const std::vector<std::string>& compareOps() {
  static const std::vector<std::string> ops = {"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs"};
  return ops;
}

Expr popcount(const Expr& x, int width) {
  Expr sum = constant(0, 32);
  for (int i = 0; i < width; ++i) {
    Expr bit =
        fold(ExprOp::And, {fold(ExprOp::LShr, {x, constant(i, width)}, width), constant(1, width)}, width);
    sum = fold(ExprOp::Add, {sum, extend(bit, 32, false)}, 32);
  }
  return sum;
}

Expr leadingZeros(const Expr& x, int width) {
  Expr count = constant(width, 32);
  for (int i = 0; i < width; ++i) {  // the highest set bit decides: later (higher) bits override
    Expr set =
        fold(ExprOp::Ne, {fold(ExprOp::And, {x, constant(1LL << i, width)}, width), constant(0, width)}, 1);
    count = fold(ExprOp::Ite, {set, constant(width - 1 - i, 32), count}, 32);
  }
  return count;
}

// bfind{.shiftamt} (ISA "bfind"): the position of the most significant bit that differs from the sign
// (signed types: of the complement of a negative value), 0xffffffff when there is none; .shiftamt gives
// the left shift that brings it to the top instead (width - 1 - position).
Expr highestBit(const Expr& x, int width, bool isSigned, bool shiftAmount) {
  Expr value = x;
  if (isSigned) {
    Expr negative = fold(ExprOp::Lt, {x, constant(0, width)}, 1);
    value = fold(ExprOp::Ite, {negative, fold(ExprOp::Not, {x}, width), x}, width);
  }
  Expr found = constant(0xFFFFFFFFLL, 32);
  for (int i = 0; i < width; ++i) {  // higher bits override
    Expr set = fold(ExprOp::Ne,
                    {fold(ExprOp::And, {value, constant(1LL << i, width)}, width), constant(0, width)}, 1);
    found = fold(ExprOp::Ite, {set, constant(shiftAmount ? width - 1 - i : i, 32), found}, 32);
  }
  return found;
}

Expr reversed(const Expr& x, int width) {
  Expr result = constant(0, width);
  for (int i = 0; i < width; ++i) {
    Expr bit =
        fold(ExprOp::And, {fold(ExprOp::LShr, {x, constant(i, width)}, width), constant(1, width)}, width);
    result =
        fold(ExprOp::Or, {result, fold(ExprOp::Shl, {bit, constant(width - 1 - i, width)}, width)}, width);
  }
  return result;
}

}  // namespace

bool KernelThread::lowerArithmetic(const Instruction& in) {
  static const std::set<std::string> family = {"mov",  "add",  "sub",  "mul",  "mad", "div",   "rem",  "min",
                                               "max",  "neg",  "abs",  "sad",  "and", "or",    "xor",  "not",
                                               "cnot", "shl",  "shr",  "popc", "clz", "bfind", "brev", "bfe",
                                               "bfi",  "prmt", "setp", "selp", "set", "cvt"};
  if (family.count(in.opcode) == 0) return false;
  std::vector<std::string> types = typesOf(in);
  if (types.empty()) fail(in, in.opcode + " needs a type (.u32, .s64, .b32, .pred, ...)");
  const std::string& type = types.back();
  int width = type == "pred" ? 1 : typeWidth(type);
  bool sign = isSigned(type);
  bool bitsOnly = in.opcode == "mov" || in.opcode == "selp";
  for (const std::string& t : types)
    if (isFloat(t) && !bitsOnly) unsupported(in, "this floating-point form is not modelled");
  for (const char* q : {"sat", "cc", "approx", "ftz"})
    if (in.hasQualifier(q)) unsupported(in);
  if (in.opcode == "addc" || in.opcode == "subc") unsupported(in);
  auto arg = [&](size_t i, int w = -1) { return operand(in, i, w < 0 ? width : w); };
  auto result = [&](Expr value) { writeRegister(in, 0, std::move(value)); };
  auto binary = [&](ExprOp op) { result(fold(op, {arg(1), arg(2)}, width)); };
  auto less = [&](const Expr& a, const Expr& b) { return fold(sign ? ExprOp::Lt : ExprOp::ULt, {a, b}, 1); };
  const std::string& op = in.opcode;
  if (op == "mov") {
    if (const auto* parts = std::get_if<Vector>(&operandValue(in, 1))) {  // pack {lo, hi}
      int part = width / static_cast<int>(parts->elements.size());
      Expr packed = constant(0, width);
      for (size_t i = 0; i < parts->elements.size(); ++i) {
        Instruction single = in;
        single.operands = {parts->elements[i]};
        Expr value = extend(operand(single, 0, part), width, false);
        packed = fold(
            ExprOp::Or,
            {packed, fold(ExprOp::Shl, {value, constant(static_cast<long long>(i) * part, width)}, width)},
            width);
      }
      return result(packed), true;
    }
    if (const auto* parts = std::get_if<Vector>(&operandValue(in, 0))) {  // unpack
      Expr whole = arg(1);
      int part = width / static_cast<int>(parts->elements.size());
      for (size_t i = 0; i < parts->elements.size(); ++i) {
        Instruction single = in;
        single.operands = {parts->elements[i]};
        Expr shifted = fold(ExprOp::LShr, {whole, constant(static_cast<long long>(i) * part, width)}, width);
        writeRegister(single, 0, fold(ExprOp::ZeroExtend, {shifted}, part));
      }
      return true;
    }
    return result(arg(1)), true;
  }
  bool wide = in.hasQualifier("wide"), high = in.hasQualifier("hi");
  if ((op == "mul" || op == "mad") && (wide || high)) {
    if (width > 32) unsupported(in, "64-bit .hi and .wide products need 128 bits");
    Expr product =
        fold(ExprOp::Mul, {extend(arg(1), 2 * width, sign), extend(arg(2), 2 * width, sign)}, 2 * width);
    if (high)
      product = fold(ExprOp::ZeroExtend,
                     {fold(ExprOp::LShr, {product, constant(width, 2 * width)}, 2 * width)}, width);
    int out = wide ? 2 * width : width;
    if (op == "mad") product = fold(ExprOp::Add, {product, arg(3, out)}, out);
    return result(product), true;
  }
  if (op == "add") return binary(ExprOp::Add), true;
  if (op == "sub") return binary(ExprOp::Sub), true;
  if (op == "mul") return binary(ExprOp::Mul), true;
  if (op == "mad")
    return result(fold(ExprOp::Add, {fold(ExprOp::Mul, {arg(1), arg(2)}, width), arg(3)}, width)), true;
  if (op == "div") return binary(sign ? ExprOp::SDiv : ExprOp::Div), true;
  if (op == "rem") return binary(sign ? ExprOp::SRem : ExprOp::Rem), true;
  if (op == "min" || op == "max") {
    Expr a = arg(1), b = arg(2);
    return result(op == "min" ? fold(ExprOp::Ite, {less(a, b), a, b}, width)
                              : fold(ExprOp::Ite, {less(a, b), b, a}, width)),
           true;
  }
  if (op == "neg") return result(fold(ExprOp::Sub, {constant(0, width), arg(1)}, width)), true;
  if (op == "abs") {
    Expr a = arg(1);
    return result(fold(ExprOp::Ite,
                       {fold(ExprOp::Lt, {a, constant(0, width)}, 1),
                        fold(ExprOp::Sub, {constant(0, width), a}, width), a},
                       width)),
           true;
  }
  if (op == "sad") {  // CUDA's __sad / __usad: c + |a - b|, the comparison signed or not by the type
    Expr a = arg(1), b = arg(2);
    Expr distance = fold(
        ExprOp::Ite, {less(a, b), fold(ExprOp::Sub, {b, a}, width), fold(ExprOp::Sub, {a, b}, width)}, width);
    return result(fold(ExprOp::Add, {arg(3), distance}, width)), true;
  }
  if (op == "and") return binary(ExprOp::And), true;
  if (op == "or") return binary(ExprOp::Or), true;
  if (op == "xor") return binary(ExprOp::Xor), true;
  if (op == "not")
    return result(width == 1 ? fold(ExprOp::Eq, {arg(1), constant(0, 1)}, 1)
                             : fold(ExprOp::Not, {arg(1)}, width)),
           true;
  if (op == "cnot")
    return result(extend(fold(ExprOp::Eq, {arg(1), constant(0, width)}, 1), width, false)), true;
  if (op == "shl" || op == "shr") {
    Expr amount = extend(operand(in, 2, 32), width, false);
    ExprOp shift = op == "shl" ? ExprOp::Shl : sign ? ExprOp::AShr : ExprOp::LShr;
    return result(fold(shift, {arg(1), amount}, width)), true;
  }
  if (op == "popc") return result(popcount(arg(1), width)), true;
  if (op == "clz") return result(leadingZeros(arg(1), width)), true;
  if (op == "bfind") return result(highestBit(arg(1), width, sign, in.hasQualifier("shiftamt"))), true;
  if (op == "brev") return result(reversed(arg(1), width)), true;
  if (op == "bfe" || op == "bfi") return lowerBitField(in, width, sign), true;
  if (op == "prmt") return lowerPermute(in), true;
  if (op == "selp") return result(fold(ExprOp::Ite, {operand(in, 3, 1), arg(1), arg(2)}, width)), true;
  if (op == "setp" || op == "set") return lowerComparison(in, types, sign), true;
  if (op == "cvt") {
    if (types.size() != 2) fail(in, "cvt needs a destination and a source type");
    int from = typeWidth(types[1]);
    Expr source = operand(in, 1, from);
    return result(from >= width ? fold(ExprOp::ZeroExtend, {source}, width)
                                : extend(source, width, isSigned(types[1]))),
           true;
  }
  return false;
}

// setp.CmpOp[.BoolOp].type p[|q], a, b[, c] and set.CmpOp[.BoolOp].dtype.stype d, a, b[, c].
void KernelThread::lowerComparison(const Instruction& in, const std::vector<std::string>& types, bool sign) {
  std::string cmp;
  for (const std::string& q : in.qualifiers)
    for (const std::string& c : compareOps())
      if (q == c) cmp = q;
  if (cmp.empty()) unsupported(in, "a comparison other than eq ne lt le gt ge lo ls hi hs");
  const std::string& sourceType = types.back();
  int width = sourceType == "pred" ? 1 : typeWidth(sourceType);
  Expr holds = compare(cmp, operand(in, 1, width), operand(in, 2, width), isSigned(sourceType) || sign);
  writeComparison(in, types, holds);
}

// The comparison's result `holds` combined with the optional .and / .or / .xor predicate operand, written as
// setp writes it (p and, with p|q, its negation) or as set does (all ones or 0 of the destination type).
void KernelThread::writeComparison(const Instruction& in, const std::vector<std::string>& types, Expr holds) {
  std::string boolOp;
  for (const char* b : {"and", "or", "xor"})
    if (in.hasQualifier(b)) boolOp = b;
  Expr other;
  if (!boolOp.empty()) {
    other = operand(in, 3, 1);
    ExprOp combine = boolOp == "and" ? ExprOp::And : boolOp == "or" ? ExprOp::Or : ExprOp::Xor;
    Expr negated = fold(ExprOp::Eq, {holds, constant(0, 1)}, 1);
    holds = fold(combine, {holds, other}, 1);
    other = fold(combine, {negated, other}, 1);
  } else {
    other = fold(ExprOp::Eq, {holds, constant(0, 1)}, 1);
  }
  if (in.opcode == "set") {
    int out = typeWidth(types.front());
    writeRegister(in, 0, fold(ExprOp::Ite, {holds, constant(-1, out), constant(0, out)}, out));
    return;
  }
  if (const auto* pair = std::get_if<PredicatePair>(&operandValue(in, 0))) {
    writeCell(registerCell(pair->value.name, in), holds);
    writeCell(registerCell(pair->predicate.name, in), other);
    return;
  }
  writeRegister(in, 0, holds);
}

// bfe.type d, a, pos, len and bfi.type f, a, b, pos, len with the position and length the launch fixes.
void KernelThread::lowerBitField(const Instruction& in, int width, bool sign) {
  bool insert = in.opcode == "bfi";
  Expr pos = operand(in, insert ? 3 : 2, 32), len = operand(in, insert ? 4 : 3, 32);
  if (!pos.isConstant() || !len.isConstant())
    unsupported(in, "a bit position or length computed from memory");
  long long p = pos.constant & 0xff, l = len.constant & 0xff;
  if (insert) {
    long long mask = l >= 64 ? -1 : (((1LL << l) - 1) << p);
    if (p >= width) return writeRegister(in, 0, operand(in, 2, width));
    Expr field =
        fold(ExprOp::And,
             {fold(ExprOp::Shl, {operand(in, 1, width), constant(p, width)}, width), constant(mask, width)},
             width);
    Expr kept = fold(ExprOp::And, {operand(in, 2, width), constant(~mask, width)}, width);
    return writeRegister(in, 0, fold(ExprOp::Or, {field, kept}, width));
  }
  Expr a = operand(in, 1, width);
  if (l == 0) return writeRegister(in, 0, constant(0, width));
  long long top = std::min<long long>(p + l, width);
  // shift the field's top bit to the top, then back down (arithmetically for signed types)
  Expr up = fold(ExprOp::Shl, {a, constant(width - top, width)}, width);
  long long down = width - top + p;
  if (down >= width)
    return writeRegister(
        in, 0, sign ? fold(ExprOp::AShr, {a, constant(width - 1, width)}, width) : constant(0, width));
  writeRegister(in, 0, fold(sign ? ExprOp::AShr : ExprOp::LShr, {up, constant(down, width)}, width));
}

// prmt.b32 d, a, b, c: each result byte picks one of the eight bytes of {b, a} by a selector nibble of c
// (the default mode), which the launch must fix.
void KernelThread::lowerPermute(const Instruction& in) {
  for (const std::string& q : in.qualifiers)
    if (q != "b32") unsupported(in, "prmt modes other than the default");
  Expr selector = operand(in, 3, 32);
  if (!selector.isConstant()) unsupported(in, "a selector computed from memory");
  Expr pair = fold(ExprOp::Or,
                   {extend(operand(in, 1, 32), 64, false),
                    fold(ExprOp::Shl, {extend(operand(in, 2, 32), 64, false), constant(32, 64)}, 64)},
                   64);
  Expr out = constant(0, 32);
  for (int i = 0; i < 4; ++i) {
    long long nibble = (selector.constant >> (4 * i)) & 0xf;
    Expr byte =
        fold(ExprOp::And,
             {fold(ExprOp::LShr, {pair, constant((nibble & 7) * 8, 64)}, 64), constant(0xff, 64)}, 64);
    if ((nibble & 8) != 0)  // replicate the byte's sign bit
      byte = fold(ExprOp::Ite,
                  {fold(ExprOp::Ne, {fold(ExprOp::And, {byte, constant(0x80, 64)}, 64), constant(0, 64)}, 1),
                   constant(0xff, 64), constant(0, 64)},
                  64);
    out = fold(ExprOp::Or,
               {out, fold(ExprOp::Shl, {fold(ExprOp::ZeroExtend, {byte}, 32), constant(8 * i, 32)}, 32)}, 32);
  }
  writeRegister(in, 0, out);
}

}  // namespace catcheck::frontends::ptx
