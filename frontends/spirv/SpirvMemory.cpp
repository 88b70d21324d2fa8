// Memory instructions (SPIR-V spec §3.32.8): OpLoad, OpStore, the access chains and the pointer casts.
// A pointer is an address expression (region base + byte offset); access chains add member offsets and
// index × stride, folded when the indexes are constants. A load or store of an aggregate is one access
// per scalar leaf. An access whose address folds to a constant names that memory location (`address`);
// one that does not (an index loaded from memory, a loop counter before unrolling) carries the address
// expression in `computedAddress` and `address = -1`, and the encoder compares it with the locations'
// addresses. Loads from read-only storage fold to its contents; variables kept in registers are read and
// written with Local instructions. Tags follow Dat3M (SpirvTags.cpp).
#include <algorithm>
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

// The memory operands of OpLoad/OpStore from operand `first` on: the mask bits and the scopes of
// MakePointerAvailable / MakePointerVisible, in that order.
struct MemoryOperands {
  std::vector<uint32_t> flags;
  std::vector<long long> scopes;
};

MemoryOperands memoryOperands(ThreadLowering& t, const Instruction& in, size_t first) {
  MemoryOperands result;
  if (in.operandCount() <= first) return result;
  uint32_t mask = in.word(first);
  size_t next = first + 1;
  if (mask & static_cast<uint32_t>(spv::MemoryAccessMask::Aligned)) ++next;
  for (uint32_t bit = 1; bit != 0 && bit <= mask; bit <<= 1) {
    if ((mask & bit) != 0) result.flags.push_back(bit);
  }
  for (auto bit : {spv::MemoryAccessMask::MakePointerAvailable, spv::MemoryAccessMask::MakePointerVisible}) {
    if ((mask & static_cast<uint32_t>(bit)) == 0) continue;
    if (next >= in.operandCount()) throw core::InputError(in.location, "missing scope of a memory operand");
    result.scopes.push_back(t.constantOf(in.word(next++), in, "memory operand scope"));
  }
  return result;
}

core::Expr toWidth(const core::Expr& e, int width, bool isSigned) {
  if (e.width == width) return e;
  if (e.width > width) return fold(core::ExprOp::ZeroExtend, {e}, width);
  return fold(isSigned ? core::ExprOp::SignExtend : core::ExprOp::ZeroExtend, {e}, width);
}

}  // namespace

uint32_t ThreadLowering::pointeeOf(const Value& pointer, const Instruction& in) const {
  const Type& type = info_.types.at(pointer.type, in.location);
  if (type.kind != TypeKind::Pointer) throw core::InputError(in.location, "expected a pointer operand");
  return type.element;
}

// The storage class an access is tagged with: its pointer type's, as in Dat3M (a Generic pointer gives no
// region tag; opencl.cat finds the region through the location's init write).
uint32_t ThreadLowering::storageClassOf(const Value& pointer, const Instruction& in) const {
  return info_.types.at(pointer.type, in.location).storageClass;
}

// `region`: the object the pointer was derived from (-1: unknown). A computed access stays in it.
core::Instruction ThreadLowering::access(core::InstructionKind kind, const core::Expr& address, int width,
                                         int region, const Instruction& in) {
  core::Instruction access;
  access.kind = kind;
  access.access().accessWidth = width;
  if (!address.isConstant()) {
    access.access().address = -1;
    access.access().computedAddress = address;
    if (region >= 0) {
      const Region& object = info_.regions[static_cast<size_t>(region)];
      access.access().addressRange = core::AddressRange{object.base, object.base + object.size - 1};
    }
    return access;
  }
  auto it = info_.locationsByAddress.find(address.constant);
  if (it == info_.locationsByAddress.end()) {
    // Out of bounds for this thread (a buffer indexed by the invocation id, smaller than the grid): the
    // address is known but names no location. It stays a computed address that matches none.
    access.access().address = -1;
    access.access().computedAddress = address;
    return access;
  }
  const core::MemoryObject& object = info_.program.memory[static_cast<size_t>(it->second)];
  if (object.width != width) {
    throw core::InputError(in.location, "mixed-size access: " + std::to_string(width) + " bits at " +
                                            object.name + ", which holds " + std::to_string(object.width) +
                                            " bits");
  }
  access.access().address = it->second;
  return access;
}

Value ThreadLowering::load(const Value& pointer, uint32_t type, const core::TagSet& tags,
                           const std::string& name, const Instruction& in) {
  std::vector<Leaf> leaves = info_.types.leaves(type, in.location);
  std::vector<core::Expr> scalars;
  const Region* region = pointer.region >= 0 ? &info_.regions[static_cast<size_t>(pointer.region)] : nullptr;
  for (const Leaf& leaf : leaves) {
    core::Expr address = add(pointer.expr, leaf.offset, info_.types.pointerBits());
    core::TagSet readTags = tags;
    if (region != nullptr && region->readOnly) {
      size_t k = readOnlyLeaf(*region, address, in);
      if (region->inputLocations[k] < 0) {
        scalars.push_back(region->contents[k]);
        continue;
      }
      readTags = {"R", "M", "_"};  // a kernel input nobody gave: its location only has its initial value
    }
    core::Instruction read = access(core::InstructionKind::Load, address, leaf.width, pointer.region, in);
    read.reg = reg(prefix_ + name + leaf.path);
    read.tags = readTags;
    scalars.push_back(core::Expr::registerValue(*read.reg, leaf.width));
    emit(std::move(read));
  }
  size_t next = 0;
  return valueFromScalars(scalars, next, type, in);
}

// The leaf of read-only `region` at `address` (which must be constant).
size_t ThreadLowering::readOnlyLeaf(const Region& region, const core::Expr& address, const Instruction& in) {
  if (!address.isConstant())
    throw core::InputError(in.location,
                           "computed access into read-only " + region.name + " is not supported");
  long long offset = address.constant - region.base;
  auto found = std::find_if(region.leaves.begin(), region.leaves.end(),
                            [&](const Leaf& l) { return l.offset == offset; });
  if (found == region.leaves.end())
    throw core::InputError(in.location, "access outside of read-only " + region.name);
  return static_cast<size_t>(found - region.leaves.begin());
}

void ThreadLowering::store(const Value& pointer, const Value& value, const core::TagSet& tags,
                           const Instruction& in) {
  if (pointer.region >= 0 && info_.regions[static_cast<size_t>(pointer.region)].readOnly) {
    throw core::InputError(in.location,
                           "store to read-only " + info_.regions[static_cast<size_t>(pointer.region)].name);
  }
  std::vector<Leaf> leaves = info_.types.leaves(value.type, in.location);
  std::vector<core::Expr> scalars;
  flatten(value, scalars);
  // SPIRV-Tools' assembler does not check types: a composite built from parts of other types has more or
  // fewer scalars than its type says (found by fuzzing: std::out_of_range below).
  if (scalars.size() != leaves.size()) {
    throw core::InputError(in.location, "the stored value has " + std::to_string(scalars.size()) +
                                            " scalars, but its type " + info_.types.describe(value.type) +
                                            " has " + std::to_string(leaves.size()));
  }
  for (size_t k = 0; k < leaves.size(); ++k) {
    core::Expr address = add(pointer.expr, leaves[k].offset, info_.types.pointerBits());
    core::Instruction write =
        access(core::InstructionKind::Store, address, leaves[k].width, pointer.region, in);
    write.value = scalars.at(k);
    write.tags = tags;
    emit(std::move(write));
  }
}

bool ThreadLowering::loadPromoted(const Instruction& in) {
  const Value& pointer = valueOf(in.word(2), in.location);
  if (pointer.promoted < 0) return false;
  const PromotedVariable& variable = promoted_[static_cast<size_t>(pointer.promoted)];
  if (variable.single) {
    define(in.resultId, *variable.single);
    return true;
  }
  // The variable's registers change with later stores: the loaded value is a copy of them.
  std::vector<core::Expr> scalars;
  std::vector<Leaf> leaves = info_.types.leaves(variable.type, in.location);
  for (size_t k = 0; k < leaves.size(); ++k) {
    core::Instruction copy;
    copy.kind = core::InstructionKind::Local;
    copy.reg = reg(prefix_ + info_.nameOf(in.resultId) + leaves[k].path);
    copy.value = core::Expr::registerValue(variable.registers[k], leaves[k].width);
    scalars.push_back(core::Expr::registerValue(*copy.reg, leaves[k].width));
    emit(std::move(copy));
  }
  size_t next = 0;
  define(in.resultId, valueFromScalars(scalars, next, in.typeId, in));
  return true;
}

bool ThreadLowering::storePromoted(const Instruction& in) {
  const Value& pointer = valueOf(in.word(0), in.location);
  if (pointer.promoted < 0) return false;
  PromotedVariable& variable = promoted_[static_cast<size_t>(pointer.promoted)];
  const Value& value = valueOf(in.word(1), in.location);
  if (variable.singleStore && value.isConstant()) {
    variable.single = value;
    return true;
  }
  std::vector<core::Expr> scalars;
  flatten(value, scalars);
  for (size_t k = 0; k < scalars.size(); ++k) {
    core::Instruction local;
    local.kind = core::InstructionKind::Local;
    local.reg = variable.registers.at(k);
    local.value = scalars[k];
    emit(std::move(local));
  }
  return true;
}

// OpAccessChain / OpInBoundsAccessChain (base, indexes) and OpPtrAccessChain / OpInBoundsPtrAccessChain
// (base, element, indexes).
void ThreadLowering::lowerAccessChain(const Instruction& in, bool withElement) {
  Value base = valueOf(in.word(2), in.location);
  if (base.promoted >= 0) {
    throw core::InputError(in.location, "internal: access chain into a variable kept in registers");
  }
  int bits = info_.types.pointerBits();
  core::Expr address = base.expr;
  uint32_t type = pointeeOf(base, in);
  size_t next = 3;
  auto indexOf = [&](size_t operand) {
    core::Expr index = scalarOf(in.word(operand), in);
    return toWidth(index, bits, true);
  };
  if (withElement) {
    const Type& pointerType = info_.types.at(base.type, in.location);
    long long alignment = info_.types.alignment(type, in.location);
    long long stride = pointerType.arrayStride > 0
                           ? pointerType.arrayStride
                           : (info_.types.size(type, in.location) + alignment - 1) / alignment * alignment;
    address = fold(core::ExprOp::Add,
                   {address, fold(core::ExprOp::Mul, {indexOf(next++), constant(stride, bits)}, bits)}, bits);
  }
  for (; next < in.operandCount(); ++next) {
    const Type& t = info_.types.at(type, in.location);
    core::Expr index = indexOf(next);
    if (t.kind == TypeKind::Struct) {
      if (!index.isConstant()) throw core::InputError(in.location, "struct member index must be a constant");
      size_t member = static_cast<size_t>(index.constant);
      address = add(address, info_.types.memberOffset(type, member, in.location), bits);
      type = t.members[member];
      continue;
    }
    if (t.kind != TypeKind::Vector && t.kind != TypeKind::Array && t.kind != TypeKind::RuntimeArray) {
      throw core::InputError(in.location,
                             "access chain indexes into " + info_.types.describe(type) +
                                 ", which is not a composite (index not deep enough or too deep)");
    }
    // Indexes given by module constants are checked here; ones that fold only in this thread (from the
    // invocation id) may run past the end, as Dat3M allows: that access then names no location.
    bool moduleConstant = info_.constants.count(in.word(next)) != 0;
    if (moduleConstant && index.isConstant() && t.kind != TypeKind::RuntimeArray &&
        (signedAt(static_cast<unsigned long long>(index.constant), bits) < 0 || index.constant >= t.count)) {
      throw core::InputError(
          in.location, "index " +
                           std::to_string(signedAt(static_cast<unsigned long long>(index.constant), bits)) +
                           " is out of bounds for " + info_.types.describe(type));
    }
    long long stride = t.kind == TypeKind::Vector ? info_.types.size(t.element, in.location)
                                                  : info_.types.stride(type, in.location);
    address = fold(core::ExprOp::Add,
                   {address, fold(core::ExprOp::Mul, {index, constant(stride, bits)}, bits)}, bits);
    type = t.element;
  }
  define(in.resultId,
         Value::pointer(materialize(info_.nameOf(in.resultId), address), in.typeId, base.region));
}

// The operand an OpLoad or OpStore goes through must be a pointer (SPIRV-Tools' assembler does not check
// operand types: `OpStore %constant %value` used to store to the constant's value as an address).
void ThreadLowering::requirePointer(uint32_t id, const char* opcode, const Instruction& in) {
  const Value& value = valueOf(id, in.location);
  if (value.kind != Value::Kind::Pointer)
    throw core::InputError(
        in.location, std::string(opcode) + "'s pointer operand " + info_.nameOf(id) + " is not a pointer");
}

bool ThreadLowering::lowerMemory(const Instruction& in) {
  switch (static_cast<spv::Op>(in.opcode)) {
    case spv::Op::OpVariable:
      lowerFunctionVariable(in);
      return true;
    case spv::Op::OpLoad: {
      requirePointer(in.word(2), "OpLoad", in);
      if (loadPromoted(in)) return true;
      Value pointer = valueOf(in.word(2), in.location);
      MemoryOperands operands = memoryOperands(*this, in, 3);
      core::TagSet tags =
          plainLoadTags(info_.memoryModel, info_.implicitAvailability, storageClassOf(pointer, in),
                        operands.flags, operands.scopes, in.location);
      define(in.resultId, load(pointer, in.typeId, tags, info_.nameOf(in.resultId), in));
      return true;
    }
    case spv::Op::OpStore: {
      requirePointer(in.word(0), "OpStore", in);
      if (storePromoted(in)) return true;
      Value pointer = valueOf(in.word(0), in.location);
      MemoryOperands operands = memoryOperands(*this, in, 2);
      core::TagSet tags =
          plainStoreTags(info_.memoryModel, info_.implicitAvailability, storageClassOf(pointer, in),
                         operands.flags, operands.scopes, in.location);
      store(pointer, valueOf(in.word(1), in.location), tags, in);
      return true;
    }
    case spv::Op::OpAccessChain:
    case spv::Op::OpInBoundsAccessChain:
      lowerAccessChain(in, false);
      return true;
    case spv::Op::OpPtrAccessChain:
    case spv::Op::OpInBoundsPtrAccessChain:
      lowerAccessChain(in, true);
      return true;
    case spv::Op::OpPtrCastToGeneric:
    case spv::Op::OpGenericCastToPtr:
    case spv::Op::OpGenericCastToPtrExplicit: {
      Value pointer = valueOf(in.word(2), in.location);
      pointer.type = in.typeId;
      define(in.resultId, pointer);
      return true;
    }
    case spv::Op::OpConvertPtrToU: {
      const Value& pointer = valueOf(in.word(2), in.location);
      define(in.resultId, Value::scalar(toWidth(pointer.expr, width(in.typeId, in), false), in.typeId));
      return true;
    }
    case spv::Op::OpConvertUToPtr: {
      core::Expr address = toWidth(scalarOf(in.word(2), in), info_.types.pointerBits(), false);
      define(in.resultId, Value::pointer(address, in.typeId, -1));
      return true;
    }
    default:
      return false;
  }
}

}  // namespace catcheck::frontends::spirv
