// Constant-creation instructions (SPIR-V spec §3.32.7): OpConstant*, OpConstantComposite, OpConstantNull,
// the specialization constants (their default, or the @Input value the test gives their id, as Dat3M
// specialises them; a spec composite decorated BuiltIn WorkgroupSize is the grid's workgroup size), and
// OpUndef. Values are thread-independent and computed once. Literal words are
// read at the type's width (two words, low first, for 64 bits) and kept unsigned at that width. OpUndef
// is an IR `Undefined` expression (an arbitrary value each time it is used).
#include <optional>
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

long long literalAt(const Instruction& in, size_t operand, int width) {
  unsigned long long value = in.word(operand);
  if (width > 32 && in.operandWords.at(operand) > 1) {
    value |= static_cast<unsigned long long>(in.words.at(in.operandOffsets[operand] + 1u)) << 32;
  }
  return static_cast<long long>(maskTo(value, width));
}

Value nullValue(const SpirvModuleInfo& info, uint32_t type, const core::SourceLocation& where) {
  const Type& t = info.types.at(type, where);
  if (t.kind == TypeKind::Pointer) return Value::pointer(constant(0, info.types.pointerBits()), type, -1);
  if (info.types.isScalar(type)) return Value::scalar(constant(0, info.types.scalarWidth(type, where)), type);
  std::vector<Value> elements;
  long long count = info.types.elementCount(type, where);
  for (long long i = 0; i < count; ++i) {
    elements.push_back(nullValue(info, info.types.elementType(type, static_cast<size_t>(i), where), where));
  }
  return Value::composite(std::move(elements), type);
}

Value undefinedValue(const SpirvModuleInfo& info, uint32_t type, const core::SourceLocation& where) {
  if (info.types.isScalar(type)) {
    core::Expr undefined;
    undefined.op = core::ExprOp::Undefined;
    undefined.width = info.types.scalarWidth(type, where);
    const Type& t = info.types.at(type, where);
    return t.kind == TypeKind::Pointer ? Value::pointer(undefined, type, -1) : Value::scalar(undefined, type);
  }
  std::vector<Value> elements;
  long long count = info.types.elementCount(type, where);
  for (long long i = 0; i < count; ++i) {
    elements.push_back(
        undefinedValue(info, info.types.elementType(type, static_cast<size_t>(i), where), where));
  }
  return Value::composite(std::move(elements), type);
}

const InputValue* specInput(const SpirvModuleInfo& info, const Instruction& in) {
  auto it = info.headers.inputs.find(info.nameOf(in.resultId));
  return it == info.headers.inputs.end() ? nullptr : &it->second;
}

Value compositeOf(SpirvModuleInfo& info, const Instruction& in) {
  std::vector<Value> elements;
  for (size_t i = 2; i < in.operandCount(); ++i) {
    auto it = info.constants.find(in.word(i));
    if (it == info.constants.end()) {
      throw core::InputError(in.location, info.nameOf(in.word(i)) + " is not a constant");
    }
    elements.push_back(it->second);
  }
  long long expected = info.types.elementCount(in.typeId, in.location);
  if (static_cast<long long>(elements.size()) != expected) {
    throw core::InputError(in.location, "composite constant has " + std::to_string(elements.size()) +
                                            " constituents but its type has " + std::to_string(expected));
  }
  return Value::composite(std::move(elements), in.typeId);
}

Value scalarConstant(SpirvModuleInfo& info, const Instruction& in, bool spec) {
  int width = info.types.scalarWidth(in.typeId, in.location);
  long long value = literalAt(in, 2, width);
  if (const InputValue* input = spec ? specInput(info, in) : nullptr) {
    value = inputValue(info, *input, in.typeId, info.nameOf(in.resultId)).expr.constant;
  }
  return Value::scalar(constant(value, width), in.typeId);
}

Value booleanConstant(SpirvModuleInfo& info, const Instruction& in, bool value, bool spec) {
  if (const InputValue* input = spec ? specInput(info, in) : nullptr) {
    value = inputValue(info, *input, in.typeId, info.nameOf(in.resultId)).expr.constant != 0;
  }
  return Value::scalar(constant(value ? 1 : 0, 1), in.typeId);
}

// A specialization constant decorated BuiltIn WorkgroupSize is the grid's workgroup size (T·S, 1, 1), as
// Dat3M specialises it.
std::optional<Value> builtinConstant(SpirvModuleInfo& info, const Instruction& in) {
  auto builtin = info.builtins.find(in.resultId);
  if (builtin == info.builtins.end() ||
      static_cast<spv::BuiltIn>(builtin->second) != spv::BuiltIn::WorkgroupSize) {
    return std::nullopt;
  }
  const auto& c = info.headers.config;
  long long size[3] = {static_cast<long long>(c[0]) * c[1], 1, 1};
  std::vector<Value> elements;
  for (size_t i = 0; i < 3 && static_cast<long long>(i) < info.types.elementCount(in.typeId, in.location);
       ++i) {
    uint32_t element = info.types.elementType(in.typeId, i, in.location);
    elements.push_back(
        Value::scalar(constant(size[i], info.types.scalarWidth(element, in.location)), element));
  }
  return Value::composite(std::move(elements), in.typeId);
}

[[noreturn]] void mismatch(const InputValue& input, const std::string& id, const std::string& expected) {
  throw core::InputError(input.where, "Mismatching value type for " + id + ": expected " + expected);
}

}  // namespace

Value inputValue(SpirvModuleInfo& info, const InputValue& input, uint32_t type, const std::string& id) {
  const Type& t = info.types.at(type, input.where);
  if (info.types.isScalar(type)) {
    if (input.isList) mismatch(input, id, info.types.describe(type) + " but found a list");
    int width = info.types.scalarWidth(type, input.where);
    if (t.kind == TypeKind::Pointer) return Value::pointer(constant(input.scalar, width), type, -1);
    return Value::scalar(constant(input.scalar, width), type);
  }
  if (!input.isList) mismatch(input, id, info.types.describe(type) + " but found a scalar");
  long long count = static_cast<long long>(input.elements.size());
  if (t.kind != TypeKind::RuntimeArray && count != info.types.elementCount(type, input.where)) {
    mismatch(input, id,
             info.types.describe(type) + " but found a list of " + std::to_string(count) + " elements");
  }
  std::vector<Value> elements;
  for (size_t i = 0; i < input.elements.size(); ++i) {
    uint32_t elementType = info.types.elementType(type, i, input.where);
    elements.push_back(inputValue(info, input.elements[i], elementType, id));
  }
  return Value::composite(std::move(elements), type);
}

// Defines the constant `in` declares; false when `in` declares no constant.
bool defineConstant(SpirvModuleInfo& info, const Instruction& in) {
  Value value;
  switch (static_cast<spv::Op>(in.opcode)) {
    case spv::Op::OpConstantTrue:
      value = booleanConstant(info, in, true, false);
      break;
    case spv::Op::OpConstantFalse:
      value = booleanConstant(info, in, false, false);
      break;
    case spv::Op::OpSpecConstantTrue:
      value = booleanConstant(info, in, true, true);
      break;
    case spv::Op::OpSpecConstantFalse:
      value = booleanConstant(info, in, false, true);
      break;
    case spv::Op::OpConstant:
      value = scalarConstant(info, in, false);
      break;
    case spv::Op::OpSpecConstant:
      value = scalarConstant(info, in, true);
      break;
    case spv::Op::OpConstantComposite:
      value = compositeOf(info, in);
      break;
    case spv::Op::OpSpecConstantComposite:
      value = builtinConstant(info, in).value_or(compositeOf(info, in));
      break;
    case spv::Op::OpConstantNull:
      value = nullValue(info, in.typeId, in.location);
      break;
    case spv::Op::OpUndef:
      value = undefinedValue(info, in.typeId, in.location);
      break;
    default:
      return false;
  }
  info.constants[in.resultId] = std::move(value);
  return true;
}

Value undefinedOf(const SpirvModuleInfo& info, uint32_t type, const core::SourceLocation& where) {
  return undefinedValue(info, type, where);
}

Value nullOf(const SpirvModuleInfo& info, uint32_t type, const core::SourceLocation& where) {
  return nullValue(info, type, where);
}

}  // namespace catcheck::frontends::spirv
