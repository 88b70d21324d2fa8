// Concrete semantics of expression operators at a width (Expr.h): unbounded integers at width 0 (SMT-LIB
// integer division and modulus, as the litmus suites and the SMT encoding use), two's-complement at
// width w otherwise, results kept as unsigned representatives. SPIR-V leaves division by zero and
// over-wide shifts undefined; division by zero is reported as undefined (nullopt), shifts by at least
// the width give 0 (and -1 or 0 for AShr), as bit-vector arithmetic does.
#include "core/ir/ExprSemantics.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>

#include "core/ir/FloatBits.h"
#include "core/ir/Mbarrier.h"

namespace catcheck::core {
namespace {

using u64 = std::uint64_t;

u64 mask(int width) {
  return width >= 64 ? ~u64{0} : (u64{1} << width) - 1;
}

// SMT-LIB integer division: the remainder is never negative.
long long floorDivide(long long a, long long b) {
  long long q = a / b;
  if (a % b < 0) q += b > 0 ? -1 : 1;
  return q;
}

long long floorModulus(long long a, long long b) {
  long long r = a % b;
  return r < 0 ? r + std::llabs(b) : r;
}

std::optional<long long> divisionLike(ExprOp op, long long a, long long b, int width) {
  if (b == 0) return width == 0 ? std::optional<long long>(0) : std::nullopt;  // width 0: as before
  if (width == 0) return op == ExprOp::Div || op == ExprOp::SDiv ? floorDivide(a, b) : floorModulus(a, b);
  long long sa = signedAtWidth(a, width);
  long long sb = signedAtWidth(b, width);
  switch (op) {
    case ExprOp::Div:
      return wrapToWidth(static_cast<long long>(static_cast<u64>(a) / static_cast<u64>(b)), width);
    case ExprOp::Rem:
      return wrapToWidth(static_cast<long long>(static_cast<u64>(a) % static_cast<u64>(b)), width);
    case ExprOp::SDiv:
      return wrapToWidth(sa / sb, width);
    case ExprOp::SRem:  // C's %, the sign of the dividend
    // not division-like: applyOperator passes only the four above
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Add:
    case ExprOp::Sub:
    case ExprOp::Mul:
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
    case ExprOp::Eq:
    case ExprOp::Ne:
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge:
    case ExprOp::ULt:
    case ExprOp::ULe:
    case ExprOp::UGt:
    case ExprOp::UGe:
    case ExprOp::ZeroExtend:
    case ExprOp::SignExtend:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      return wrapToWidth(sa % sb, width);
  }
  throw std::logic_error("unknown ExprOp");
}

std::optional<long long> shift(ExprOp op, long long a, long long b, int width) {
  int bits = width == 0 ? 64 : width;
  if (b < 0 || b >= bits)
    return op == ExprOp::AShr && signedAtWidth(a, width) < 0 ? wrapToWidth(-1, width) : 0;
  switch (op) {
    case ExprOp::Shl:
      return wrapToWidth(static_cast<long long>(static_cast<u64>(a) << b), width);
    case ExprOp::LShr:
      return wrapToWidth(static_cast<long long>((static_cast<u64>(a) & mask(bits)) >> b), width);
    case ExprOp::AShr:
    // not shifts: applyOperator passes only the three above
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Add:
    case ExprOp::Sub:
    case ExprOp::Mul:
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Eq:
    case ExprOp::Ne:
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge:
    case ExprOp::ULt:
    case ExprOp::ULe:
    case ExprOp::UGt:
    case ExprOp::UGe:
    case ExprOp::ZeroExtend:
    case ExprOp::SignExtend:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      return wrapToWidth(signedAtWidth(a, width) >> b, width);
  }
  throw std::logic_error("unknown ExprOp");
}

bool compare(ExprOp op, long long a, long long b, int width) {
  long long sa = signedAtWidth(a, width), sb = signedAtWidth(b, width);
  u64 ua = static_cast<u64>(a), ub = static_cast<u64>(b);
  switch (op) {
    case ExprOp::Eq:
      return a == b;
    case ExprOp::Ne:
      return a != b;
    case ExprOp::Lt:
      return sa < sb;
    case ExprOp::Le:
      return sa <= sb;
    case ExprOp::Gt:
      return sa > sb;
    case ExprOp::Ge:
      return sa >= sb;
    case ExprOp::ULt:
      return width == 0 ? a < b : ua < ub;
    case ExprOp::ULe:
      return width == 0 ? a <= b : ua <= ub;
    case ExprOp::UGt:
      return width == 0 ? a > b : ua > ub;
    case ExprOp::UGe:
    // not comparisons: applyOperator passes only the ten above
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Add:
    case ExprOp::Sub:
    case ExprOp::Mul:
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
    case ExprOp::ZeroExtend:
    case ExprOp::SignExtend:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      return width == 0 ? a >= b : ua >= ub;
  }
  throw std::logic_error("unknown ExprOp");
}

}  // namespace

long long wrapToWidth(long long v, int width) {
  if (width == 0 || width >= 64) return v;
  return static_cast<long long>(static_cast<u64>(v) & mask(width));
}

long long signedAtWidth(long long v, int width) {
  if (width == 0 || width >= 64) return v;
  u64 bits = static_cast<u64>(v) & mask(width);
  u64 sign = u64{1} << (width - 1);
  return (bits & sign) != 0 ? static_cast<long long>(bits) - static_cast<long long>(mask(width)) - 1
                            : static_cast<long long>(bits);
}

std::optional<long long> applyOperator(const Expr& node, const std::vector<long long>& args) {
  int w = node.width;
  int argWidth = node.args.empty() ? 0 : node.args[0].width;
  switch (node.op) {
    case ExprOp::Add:  // in unsigned arithmetic: at 64 bits a sum may wrap (f64 sign flips,
                       // core/ir/FloatBits)
      return wrapToWidth(static_cast<long long>(static_cast<u64>(args[0]) + static_cast<u64>(args[1])), w);
    case ExprOp::Sub:
      return wrapToWidth(static_cast<long long>(static_cast<u64>(args[0]) - static_cast<u64>(args[1])), w);
    case ExprOp::Mul:
      return wrapToWidth(static_cast<long long>(static_cast<u64>(args[0]) * static_cast<u64>(args[1])), w);
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
      return divisionLike(node.op, args[0], args[1], w);
    case ExprOp::And:
      return wrapToWidth(args[0] & args[1], w);
    case ExprOp::Or:
      return wrapToWidth(args[0] | args[1], w);
    case ExprOp::Xor:
      return wrapToWidth(args[0] ^ args[1], w);
    case ExprOp::Not:
      return wrapToWidth(~args[0], w);
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
      return shift(node.op, args[0], args[1], w);
    case ExprOp::Eq:
    case ExprOp::Ne:
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge:
    case ExprOp::ULt:
    case ExprOp::ULe:
    case ExprOp::UGt:
    case ExprOp::UGe:
      return compare(node.op, args[0], args[1], std::max(argWidth, node.args[1].width)) ? 1 : 0;
    case ExprOp::ZeroExtend:
      return wrapToWidth(args[0], w);
    case ExprOp::SignExtend:
      return wrapToWidth(signedAtWidth(args[0], argWidth), w);
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      break;
  }
  return std::nullopt;
}

std::optional<long long> applyRmw(RmwOp op, int width, long long old, long long operand, long long expected) {
  auto binary = [&](ExprOp exprOp) {
    Expr node = Expr::binary(exprOp, Expr::constantValue(old, width), Expr::constantValue(operand, width));
    return applyOperator(node, {old, operand});
  };
  long long sOld = signedAtWidth(old, width), sOperand = signedAtWidth(operand, width);
  bool unsignedLess = width == 0 ? old < operand : static_cast<u64>(old) < static_cast<u64>(operand);
  switch (op) {
    case RmwOp::Exchange:
      return operand;
    case RmwOp::Add:
      return binary(ExprOp::Add);
    case RmwOp::Sub:
      return binary(ExprOp::Sub);
    case RmwOp::Mul:
      return binary(ExprOp::Mul);
    case RmwOp::Div:
      return binary(ExprOp::Div);
    case RmwOp::And:
      return binary(ExprOp::And);
    case RmwOp::Or:
      return binary(ExprOp::Or);
    case RmwOp::Xor:
      return binary(ExprOp::Xor);
    case RmwOp::Min:
      return sOld <= sOperand ? old : operand;
    case RmwOp::Max:
      return sOld >= sOperand ? old : operand;
    case RmwOp::UMin:
      return unsignedLess ? old : operand;
    case RmwOp::UMax:
      return unsignedLess ? operand : old;
    case RmwOp::CompareExchange:
    case RmwOp::CompareExchangeOnSuccess:  // without success its write does not execute
      return old == expected ? operand : old;
    case RmwOp::MbarrierUpdate:
      return applyMbarrierUpdate(old, operand);
    case RmwOp::FloatAdd:
      return evaluateExpr(floatAddUpdate(ieeeFormatOfWidth(width)), RegisterValues{old, operand});
    case RmwOp::WrappingIncrement:
    case RmwOp::WrappingDecrement:
      return evaluateExpr(wrappingUpdate(op, width), RegisterValues{old, operand});
  }
  return std::nullopt;
}

Expr wrappingUpdate(RmwOp op, int width) {
  Expr old = Expr::registerValue(0, width), operand = Expr::registerValue(1, width);
  Expr zero = Expr::constantValue(0, width), one = Expr::constantValue(1, width);
  if (op == RmwOp::WrappingIncrement)
    return Expr::ifThenElse(Expr::binary(ExprOp::ULt, old, operand), Expr::binary(ExprOp::Add, old, one),
                            zero);
  Expr belowOrAt =
      Expr::ifThenElse(Expr::binary(ExprOp::UGt, old, operand), operand, Expr::binary(ExprOp::Sub, old, one));
  return Expr::ifThenElse(Expr::binary(ExprOp::Eq, old, zero), operand, belowOrAt);
}

ExprForm exprFormOf(ExprOp op) {
  switch (op) {
    case ExprOp::Constant:
      return ExprForm::Constant;
    case ExprOp::Register:
      return ExprForm::Register;
    case ExprOp::Undefined:
      return ExprForm::Undefined;
    case ExprOp::Ite:
      return ExprForm::Ite;
    case ExprOp::Add:
    case ExprOp::Sub:
    case ExprOp::Mul:
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
    case ExprOp::Eq:
    case ExprOp::Ne:
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge:
    case ExprOp::ULt:
    case ExprOp::ULe:
    case ExprOp::UGt:
    case ExprOp::UGe:
    case ExprOp::ZeroExtend:
    case ExprOp::SignExtend:
      return ExprForm::Operator;
  }
  throw std::logic_error("unknown ExprOp");
}

std::optional<long long> evaluateExpr(const Expr& e, const RegisterValues& regs) {
  switch (exprFormOf(e.op)) {
    case ExprForm::Constant:
      return e.constant;
    case ExprForm::Register:
      return regs.at(static_cast<size_t>(e.reg));
    case ExprForm::Ite: {
      std::optional<long long> condition = evaluateExpr(e.args.at(0), regs);
      if (!condition) return std::nullopt;
      return evaluateExpr(e.args.at(*condition != 0 ? 1 : 2), regs);
    }
    case ExprForm::Undefined:
      return std::nullopt;  // any value: the enumerator does not choose one
    case ExprForm::Operator: {
      std::vector<long long> args;
      for (const Expr& arg : e.args) {
        std::optional<long long> value = evaluateExpr(arg, regs);
        if (!value) return std::nullopt;
        args.push_back(*value);
      }
      return applyOperator(e, args);
    }
  }
  throw std::logic_error("unknown ExprForm");
}

}  // namespace catcheck::core
