// Arithmetic, bit, relational and logical instructions (SPIR-V spec §3.32.13-15): integer operations at
// the operands' width with two's-complement wrap (OpIAdd, OpISub, OpIMul, OpUDiv, OpSDiv, OpUMod, OpSRem,
// OpSNegate), bitwise operations and shifts (the shift amount is read at the base's width), OpBitCount,
// signed and unsigned comparisons, the logical operators on bools (width 1) and OpSelect. Vector operands
// work element by element. Results fold to constants when the operands are constants; otherwise they stay
// expressions over registers, kept in a register of their own once they grow large.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

using core::ExprOp;

std::optional<ExprOp> binaryOperator(spv::Op op) {
  switch (op) {
    case spv::Op::OpIAdd:
      return ExprOp::Add;
    case spv::Op::OpISub:
      return ExprOp::Sub;
    case spv::Op::OpIMul:
      return ExprOp::Mul;
    case spv::Op::OpUDiv:
      return ExprOp::Div;
    case spv::Op::OpSDiv:
      return ExprOp::SDiv;
    case spv::Op::OpUMod:
      return ExprOp::Rem;
    case spv::Op::OpSRem:
      return ExprOp::SRem;
    case spv::Op::OpBitwiseAnd:
    case spv::Op::OpLogicalAnd:
      return ExprOp::And;
    case spv::Op::OpBitwiseOr:
    case spv::Op::OpLogicalOr:
      return ExprOp::Or;
    case spv::Op::OpBitwiseXor:
      return ExprOp::Xor;
    case spv::Op::OpShiftLeftLogical:
      return ExprOp::Shl;
    case spv::Op::OpShiftRightLogical:
      return ExprOp::LShr;
    case spv::Op::OpShiftRightArithmetic:
      return ExprOp::AShr;
    default:
      return std::nullopt;
  }
}

std::optional<ExprOp> comparisonOperator(spv::Op op) {
  switch (op) {
    case spv::Op::OpIEqual:
    case spv::Op::OpLogicalEqual:
      return ExprOp::Eq;
    case spv::Op::OpINotEqual:
    case spv::Op::OpLogicalNotEqual:
      return ExprOp::Ne;
    case spv::Op::OpSLessThan:
      return ExprOp::Lt;
    case spv::Op::OpSLessThanEqual:
      return ExprOp::Le;
    case spv::Op::OpSGreaterThan:
      return ExprOp::Gt;
    case spv::Op::OpSGreaterThanEqual:
      return ExprOp::Ge;
    case spv::Op::OpULessThan:
      return ExprOp::ULt;
    case spv::Op::OpULessThanEqual:
      return ExprOp::ULe;
    case spv::Op::OpUGreaterThan:
      return ExprOp::UGt;
    case spv::Op::OpUGreaterThanEqual:
      return ExprOp::UGe;
    default:
      return std::nullopt;
  }
}

bool isShift(ExprOp op) {
  return op == ExprOp::Shl || op == ExprOp::LShr || op == ExprOp::AShr;
}

core::Expr bitCount(const core::Expr& x, int width) {
  int bits = x.width;
  core::Expr sum = constant(0, width);
  for (int i = 0; i < bits; ++i) {
    core::Expr bit =
        fold(ExprOp::And, {fold(ExprOp::LShr, {x, constant(i, bits)}, bits), constant(1, bits)}, bits);
    sum = fold(ExprOp::Add, {sum, atWidth(bit, width)}, width);
  }
  return sum;
}

}  // namespace

std::vector<Value> ThreadLowering::operandValues(const Instruction& in, size_t first) {
  std::vector<Value> values;
  for (size_t i = first; i < in.operandCount(); ++i) values.push_back(valueOf(in.word(i), in.location));
  return values;
}

Value ThreadLowering::componentwise(const Instruction& in, const std::vector<Value>& args,
                                    uint32_t resultType, const ScalarFunction& fn, const std::string& name) {
  const Type& type = info_.types.at(resultType, in.location);
  if (type.kind != TypeKind::Vector) {
    std::vector<core::Expr> scalars;
    for (const Value& arg : args) {
      if (arg.kind == Value::Kind::Composite) {
        throw core::InputError(in.location, "expected scalar operands for a scalar result");
      }
      scalars.push_back(arg.expr);
    }
    core::Expr result = fn(scalars, width(resultType, in));
    if (type.kind == TypeKind::Pointer) return Value::pointer(materialize(name, result), resultType, -1);
    return Value::scalar(materialize(name, result), resultType);
  }
  std::vector<Value> elements;
  for (long long i = 0; i < type.count; ++i) {
    std::vector<Value> parts;
    for (const Value& arg : args) {
      // A scalar operand (OpSelect's condition may be one) applies to every element.
      parts.push_back(arg.kind == Value::Kind::Composite ? arg.elements.at(static_cast<size_t>(i)) : arg);
    }
    elements.push_back(componentwise(in, parts, type.element, fn, name + "[" + std::to_string(i) + "]"));
  }
  return Value::composite(std::move(elements), resultType);
}

bool ThreadLowering::lowerArithmetic(const Instruction& in) {
  auto op = static_cast<spv::Op>(in.opcode);
  std::string name = info_.nameOf(in.resultId);
  if (auto binary = binaryOperator(op)) {
    ExprOp e = *binary;
    define(in.resultId, componentwise(
                            in, operandValues(in, 2), in.typeId,
                            [e](const std::vector<core::Expr>& a, int w) {
                              core::Expr rhs = isShift(e) ? atWidth(a[1], w) : a[1];
                              return fold(e, {a[0], rhs}, w);
                            },
                            name));
    return true;
  }
  if (auto comparison = comparisonOperator(op)) {
    ExprOp e = *comparison;
    define(in.resultId, componentwise(
                            in, operandValues(in, 2), in.typeId,
                            [e](const std::vector<core::Expr>& a, int) {
                              return fold(e, {a[0], a[1]}, 1);
                            },
                            name));
    return true;
  }
  ScalarFunction fn;
  switch (op) {
    case spv::Op::OpNot:
      fn = [](const std::vector<core::Expr>& a, int w) { return fold(ExprOp::Not, {a[0]}, w); };
      break;
    case spv::Op::OpLogicalNot:
      fn = [](const std::vector<core::Expr>& a, int) { return fold(ExprOp::Xor, {a[0], constant(1, 1)}, 1); };
      break;
    case spv::Op::OpSNegate:
      fn = [](const std::vector<core::Expr>& a, int w) {
        return fold(ExprOp::Sub, {constant(0, w), a[0]}, w);
      };
      break;
    case spv::Op::OpBitCount:
      fn = [](const std::vector<core::Expr>& a, int w) { return bitCount(a[0], w); };
      break;
    case spv::Op::OpSelect: {
      std::vector<Value> args = operandValues(in, 2);
      if (info_.types.at(in.typeId, in.location).kind != TypeKind::Vector &&
          args[1].kind == Value::Kind::Composite) {
        // selecting whole structs or arrays with a scalar condition
        std::vector<core::Expr> onTrue, onFalse, chosen;
        flatten(args[1], onTrue);
        flatten(args[2], onFalse);
        for (size_t k = 0; k < onTrue.size(); ++k) {
          chosen.push_back(fold(ExprOp::Ite, {args[0].expr, onTrue[k], onFalse[k]}, onTrue[k].width));
        }
        size_t next = 0;
        define(in.resultId, valueFromScalars(chosen, next, in.typeId, in));
        return true;
      }
      Value result = componentwise(
          in, args, in.typeId,
          [](const std::vector<core::Expr>& a, int w) {
            return fold(ExprOp::Ite, {a[0], a[1], a[2]}, w);
          },
          name);
      if (result.kind == Value::Kind::Pointer && args[1].region == args[2].region)
        result.region = args[1].region;
      define(in.resultId, result);
      return true;
    }
    default:
      return false;
  }
  define(in.resultId, componentwise(in, operandValues(in, 2), in.typeId, fn, name));
  return true;
}

}  // namespace catcheck::frontends::spirv
