// SPIR-V types (spec §3.32.6 "Type-Declaration Instructions") and their memory layout. Explicit layout
// decorations win (Offset on struct members, ArrayStride on arrays, as Vulkan and clspv emit them);
// otherwise the natural C layout applies, as for OpenCL kernels: scalars aligned to their size, a struct
// to its most aligned member, its size rounded up to that alignment. Every type flattens into scalar
// leaves (offset, width, index path): a variable becomes one memory location per leaf, and a load or
// store of an aggregate one access per leaf.
#include "frontends/spirv/SpirvTypes.h"

#include <algorithm>
#include <spirv/unified1/spirv.hpp11>

namespace catcheck::frontends::spirv {

long long alignUp(long long value, long long alignment) {
  return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
}

void TypeTable::declare(const Instruction& in, long long arrayLength) {
  Type type;
  switch (static_cast<spv::Op>(in.opcode)) {
    case spv::Op::OpTypeVoid:
      type.kind = TypeKind::Void;
      break;
    case spv::Op::OpTypeBool:
      type.kind = TypeKind::Bool;
      type.width = 1;
      break;
    case spv::Op::OpTypeInt:
      type.kind = TypeKind::Int;
      type.width = static_cast<int>(in.word(1));
      type.isSigned = in.word(2) != 0;
      break;
    case spv::Op::OpTypeFloat:
      type.kind = TypeKind::Float;
      type.width = static_cast<int>(in.word(1));
      break;
    case spv::Op::OpTypeVector:
      type.kind = TypeKind::Vector;
      type.element = in.word(1);
      type.count = in.word(2);
      // Spec §3.32.6 asks for at least 2 components; the reference suite has 1-component vectors, which
      // Dat3M accepts, so only an empty vector (whose layout would divide by zero) is rejected.
      if (type.count < 1) {
        throw core::InputError(in.location, "OpTypeVector has no components");
      }
      break;
    case spv::Op::OpTypeArray:
      type.kind = TypeKind::Array;
      type.element = in.word(1);
      type.lengthId = in.word(2);
      type.count = arrayLength;
      break;
    case spv::Op::OpTypeRuntimeArray:
      type.kind = TypeKind::RuntimeArray;
      type.element = in.word(1);
      break;
    case spv::Op::OpTypeStruct:
      type.kind = TypeKind::Struct;
      for (size_t i = 1; i < in.operandCount(); ++i) type.members.push_back(in.word(i));
      break;
    case spv::Op::OpTypePointer:
      type.kind = TypeKind::Pointer;
      type.storageClass = in.word(1);
      type.element = in.word(2);
      break;
    case spv::Op::OpTypeFunction:
      type.kind = TypeKind::Function;
      break;
    default:
      type.kind = TypeKind::Opaque;
      break;
  }
  types_[in.resultId] = type;
}

void TypeTable::decorate(const Instruction& in) {
  if (static_cast<spv::Op>(in.opcode) == spv::Op::OpDecorate &&
      static_cast<spv::Decoration>(in.word(1)) == spv::Decoration::ArrayStride) {
    strides_[in.word(0)] = in.word(2);
  }
  if (static_cast<spv::Op>(in.opcode) == spv::Op::OpMemberDecorate &&
      static_cast<spv::Decoration>(in.word(2)) == spv::Decoration::Offset) {
    memberOffsets_[{in.word(0), in.word(1)}] = in.word(3);
  }
}

void TypeTable::finish() {
  for (auto& [id, type] : types_) {
    if (auto it = strides_.find(id); it != strides_.end()) type.arrayStride = it->second;
    if (type.kind != TypeKind::Struct) continue;
    type.offsets.assign(type.members.size(), -1);
    for (size_t i = 0; i < type.members.size(); ++i) {
      auto it = memberOffsets_.find({id, static_cast<uint32_t>(i)});
      if (it != memberOffsets_.end()) type.offsets[i] = it->second;
    }
  }
}

const Type* TypeTable::find(uint32_t id) const {
  auto it = types_.find(id);
  return it == types_.end() ? nullptr : &it->second;
}

const Type& TypeTable::at(uint32_t id, const core::SourceLocation& where) const {
  const Type* type = find(id);
  if (type == nullptr) throw core::InputError(where, "%" + std::to_string(id) + " is not a type");
  return *type;
}

bool TypeTable::isScalar(uint32_t id) const {
  const Type* type = find(id);
  return type != nullptr && (type->kind == TypeKind::Bool || type->kind == TypeKind::Int ||
                             type->kind == TypeKind::Float || type->kind == TypeKind::Pointer);
}

int TypeTable::scalarWidth(uint32_t id, const core::SourceLocation& where) const {
  const Type& type = at(id, where);
  if (type.kind == TypeKind::Pointer) return pointerBits_;
  if (type.kind == TypeKind::Bool || type.kind == TypeKind::Int || type.kind == TypeKind::Float)
    return type.width;
  throw core::InputError(where, "expected a scalar type, found " + describe(id));
}

long long TypeTable::alignment(uint32_t id, const core::SourceLocation& where) const {
  const Type& type = at(id, where);
  switch (type.kind) {
    case TypeKind::Vector:
      return openclVectors_ ? size(id, where) : alignment(type.element, where);
    case TypeKind::Array:
    case TypeKind::RuntimeArray:
      return alignment(type.element, where);
    case TypeKind::Struct: {
      long long result = 1;
      for (uint32_t member : type.members) result = std::max(result, alignment(member, where));
      return result;
    }
    default:
      return std::max(1LL, size(id, where));
  }
}

long long TypeTable::stride(uint32_t arrayId, const core::SourceLocation& where) const {
  const Type& type = at(arrayId, where);
  if (type.arrayStride > 0) return type.arrayStride;
  return alignUp(size(type.element, where), alignment(type.element, where));
}

long long TypeTable::memberOffset(uint32_t structId, size_t member, const core::SourceLocation& where) const {
  const Type& type = at(structId, where);
  if (member >= type.members.size()) {
    throw core::InputError(
        where, "member index " + std::to_string(member) + " is out of bounds for " + describe(structId));
  }
  if (type.offsets.size() > member && type.offsets[member] >= 0) return type.offsets[member];
  long long offset = 0;
  for (size_t i = 0; i <= member; ++i) {
    if (type.offsets.size() > i && type.offsets[i] >= 0) offset = type.offsets[i];
    offset = alignUp(offset, alignment(type.members[i], where));
    if (i < member) offset += size(type.members[i], where);
  }
  return offset;
}

long long TypeTable::size(uint32_t id, const core::SourceLocation& where, long long runtimeLength) const {
  const Type& type = at(id, where);
  switch (type.kind) {
    case TypeKind::Bool:
      return 1;
    case TypeKind::Int:
    case TypeKind::Float:
      return std::max(1, type.width / 8);
    case TypeKind::Pointer:
      return pointerBits_ / 8;
    case TypeKind::Vector:
      return (openclVectors_ && type.count == 3 ? 4 : type.count) * size(type.element, where);
    case TypeKind::Array:
      return type.count * stride(id, where);
    case TypeKind::RuntimeArray:
      return runtimeLength * stride(id, where);
    case TypeKind::Struct: {
      if (type.members.empty()) return 0;
      size_t last = type.members.size() - 1;
      long long end = memberOffset(id, last, where) + size(type.members[last], where, runtimeLength);
      return alignUp(end, alignment(id, where));
    }
    default:
      throw core::InputError(where, describe(id) + " has no size in memory");
  }
}

long long TypeTable::elementCount(uint32_t id, const core::SourceLocation& where,
                                  long long runtimeLength) const {
  const Type& type = at(id, where);
  switch (type.kind) {
    case TypeKind::Vector:
    case TypeKind::Array:
      return type.count;
    case TypeKind::RuntimeArray:
      return runtimeLength;
    case TypeKind::Struct:
      return static_cast<long long>(type.members.size());
    default:
      return 0;
  }
}

uint32_t TypeTable::elementType(uint32_t id, size_t index, const core::SourceLocation& where) const {
  const Type& type = at(id, where);
  if (type.kind == TypeKind::Struct) {
    if (index >= type.members.size()) {
      throw core::InputError(where,
                             "index " + std::to_string(index) + " is out of bounds for " + describe(id));
    }
    return type.members[index];
  }
  if (type.kind == TypeKind::Vector || type.kind == TypeKind::Array || type.kind == TypeKind::RuntimeArray) {
    return type.element;
  }
  throw core::InputError(where, "cannot index into " + describe(id));
}

void TypeTable::addLeaves(uint32_t id, long long offset, const std::string& path, std::vector<Leaf>& out,
                          const core::SourceLocation& where, long long runtimeLength) const {
  const Type& type = at(id, where);
  if (isScalar(id)) {
    out.push_back({offset, scalarWidth(id, where), path, id});
    return;
  }
  long long count = elementCount(id, where, runtimeLength);
  for (long long i = 0; i < count; ++i) {
    std::string sub = path + "[" + std::to_string(i) + "]";
    if (type.kind == TypeKind::Struct) {
      size_t member = static_cast<size_t>(i);
      addLeaves(type.members[member], offset + memberOffset(id, member, where), sub, out, where,
                runtimeLength);
    } else {
      long long step = type.kind == TypeKind::Vector ? size(type.element, where) : stride(id, where);
      addLeaves(type.element, offset + i * step, sub, out, where, runtimeLength);
    }
  }
}

std::vector<Leaf> TypeTable::leaves(uint32_t id, const core::SourceLocation& where,
                                    long long runtimeLength) const {
  std::vector<Leaf> out;
  addLeaves(id, 0, "", out, where, runtimeLength);
  return out;
}

std::string TypeTable::describe(uint32_t id) const {
  const Type* type = find(id);
  if (type == nullptr) return "%" + std::to_string(id);
  switch (type->kind) {
    case TypeKind::Bool:
      return "bool";
    case TypeKind::Int:
      return std::string(type->isSigned ? "int" : "uint") + std::to_string(type->width);
    case TypeKind::Float:
      return "float" + std::to_string(type->width);
    case TypeKind::Vector:
      return "vector of " + std::to_string(type->count) + " " + describe(type->element);
    case TypeKind::Array:
      return "array of " + std::to_string(type->count) + " " + describe(type->element);
    case TypeKind::RuntimeArray:
      return "runtime array of " + describe(type->element);
    case TypeKind::Struct:
      return "struct of " + std::to_string(type->members.size()) + " members";
    case TypeKind::Pointer:
      return "pointer to " + describe(type->element);
    default:
      return "type %" + std::to_string(id);
  }
}

}  // namespace catcheck::frontends::spirv
