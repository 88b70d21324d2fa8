// Composite instructions (SPIR-V spec §3.32.12): vectors, arrays and structs are values made of their
// elements, so construct, extract, insert and shuffle only rearrange symbolic values; a dynamic vector
// index becomes an if-then-else over the elements. Out-of-range literal indexes are errors at the
// instruction. OpCopyObject and OpCopyLogical copy the value.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

// The element `index` of composite `value` (of type `type`), checking the bounds.
const Value& elementOf(const SpirvModuleInfo& info, const Value& value, uint32_t index,
                       const Instruction& in) {
  if (value.kind != Value::Kind::Composite) {
    throw core::InputError(in.location, "index " + std::to_string(index) + " into " +
                                            info.types.describe(value.type) + ", which is not a composite");
  }
  if (index >= value.elements.size()) {
    throw core::InputError(in.location, "index " + std::to_string(index) + " is out of bounds for " +
                                            info.types.describe(value.type));
  }
  return value.elements[index];
}

Value inserted(const SpirvModuleInfo& info, Value into, const Value& object, const Instruction& in,
               size_t next) {
  if (next == in.operandCount()) return object;
  uint32_t index = in.word(next);
  elementOf(info, into, index, in);
  into.elements[index] = inserted(info, into.elements[index], object, in, next + 1);
  return into;
}

}  // namespace

bool ThreadLowering::lowerComposite(const Instruction& in) {
  switch (static_cast<spv::Op>(in.opcode)) {
    case spv::Op::OpCompositeConstruct: {
      std::vector<Value> elements;
      bool vector = info_.types.at(in.typeId, in.location).kind == TypeKind::Vector;
      for (Value& part : operandValues(in, 2)) {
        if (vector && part.kind == Value::Kind::Composite) {
          for (Value& element : part.elements) elements.push_back(element);
        } else {
          elements.push_back(part);
        }
      }
      if (static_cast<long long>(elements.size()) != info_.types.elementCount(in.typeId, in.location)) {
        throw core::InputError(in.location, "OpCompositeConstruct has the wrong number of constituents for " +
                                                info_.types.describe(in.typeId));
      }
      define(in.resultId, Value::composite(std::move(elements), in.typeId));
      return true;
    }
    case spv::Op::OpCompositeExtract: {
      const Value* value = &valueOf(in.word(2), in.location);
      for (size_t i = 3; i < in.operandCount(); ++i) value = &elementOf(info_, *value, in.word(i), in);
      define(in.resultId, *value);
      return true;
    }
    case spv::Op::OpCompositeInsert: {
      Value result =
          inserted(info_, valueOf(in.word(3), in.location), valueOf(in.word(2), in.location), in, 4);
      result.type = in.typeId;
      define(in.resultId, result);
      return true;
    }
    case spv::Op::OpVectorExtractDynamic: {
      const Value& vector = valueOf(in.word(2), in.location);
      core::Expr index = scalarOf(in.word(3), in);
      if (index.isConstant()) {
        define(in.resultId, elementOf(info_, vector, static_cast<uint32_t>(index.constant), in));
        return true;
      }
      core::Expr result = vector.elements.back().expr;
      for (size_t k = vector.elements.size() - 1; k-- > 0;) {
        core::Expr test =
            fold(core::ExprOp::Eq, {index, constant(static_cast<long long>(k), index.width)}, 1);
        result = fold(core::ExprOp::Ite, {test, vector.elements[k].expr, result}, result.width);
      }
      define(in.resultId, Value::scalar(materialize(info_.nameOf(in.resultId), result), in.typeId));
      return true;
    }
    case spv::Op::OpVectorInsertDynamic: {
      Value vector = valueOf(in.word(2), in.location);
      core::Expr component = scalarOf(in.word(3), in);
      core::Expr index = scalarOf(in.word(4), in);
      for (size_t k = 0; k < vector.elements.size(); ++k) {
        core::Expr test =
            fold(core::ExprOp::Eq, {index, constant(static_cast<long long>(k), index.width)}, 1);
        core::Expr& element = vector.elements[k].expr;
        element = fold(core::ExprOp::Ite, {test, component, element}, element.width);
      }
      define(in.resultId, vector);
      return true;
    }
    case spv::Op::OpVectorShuffle: {
      const Value& first = valueOf(in.word(2), in.location);
      const Value& second = valueOf(in.word(3), in.location);
      std::vector<Value> elements;
      for (size_t i = 4; i < in.operandCount(); ++i) {
        uint32_t k = in.word(i);
        if (k == 0xFFFFFFFFu) {
          elements.push_back(undefinedOf(info_, info_.types.at(in.typeId, in.location).element, in.location));
        } else if (k < first.elements.size()) {
          elements.push_back(first.elements[k]);
        } else {
          elements.push_back(elementOf(info_, second, static_cast<uint32_t>(k - first.elements.size()), in));
        }
      }
      define(in.resultId, Value::composite(std::move(elements), in.typeId));
      return true;
    }
    case spv::Op::OpCopyObject:
    case spv::Op::OpCopyLogical: {
      Value value = valueOf(in.word(2), in.location);
      if (value.kind != Value::Kind::Pointer) value.type = in.typeId;
      define(in.resultId, value);
      return true;
    }
    default:
      return false;
  }
}

}  // namespace catcheck::frontends::spirv
