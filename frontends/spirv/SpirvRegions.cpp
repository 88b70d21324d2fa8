// Variables (SPIR-V spec §3.32.8 OpVariable, §2.18 storage classes) and where they live. A variable, or
// an OpenCL kernel's pointer argument, is a region: a base address and its type's layout, one memory
// location per scalar leaf ("%x[1][0]"), at base + the leaf's byte offset. Regions never overlap and the
// first starts at 0x1000, so a null pointer is no location. StorageBuffer, Uniform, CrossWorkgroup and
// Output variables are shared by all threads; Workgroup variables have one region per workgroup;
// Private, Function and Input variables one per thread (Dat3M's MemoryTransformer copies them the same
// way). Initial values: the @Input value, else the initializer, else unknown (any value, fixed per
// execution: Dat3M's fresh constant for uninitialized memory). BuiltIn variables hold the
// thread's builtin values. Read-only storage (Input, UniformConstant, PushConstant) is not memory: nobody
// can write it, so its loads fold to the values and create no events. The exception is a kernel input
// nobody gave (a push-constant field clspv's reflection does not set: one value for the whole execution;
// an OpenCL scalar argument without @Input: one per thread, SpirvThread.cpp), any value, as Dat3M leaves
// it. It lives in a location of its own that is never written, and each use loads it.
//
// Function variables that are only ever loaded and stored directly (no access chain, no escaping
// pointer) live in registers instead (mem2reg; they are private to their thread). When such a variable is
// stored once, in the function's first block before any load, and the value is register-free (typically
// an -O0 kernel spilling its pointer arguments to `%x_addr`), its loads are that value itself, so the
// pointers stay constant and the accesses through them keep static locations.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

// Elements of a kernel's buffer argument without @Input (Dat3M's DEFAULT_INPUT_SIZE).
constexpr long long kDefaultArgumentLength = 10;

bool isReadOnly(uint32_t storageClass) {
  auto sc = static_cast<spv::StorageClass>(storageClass);
  return sc == spv::StorageClass::Input || sc == spv::StorageClass::UniformConstant ||
         sc == spv::StorageClass::PushConstant;
}

// deterministic (issue 27): the memory whose final contents are a module's result, the buffers it shares
// with the host (StorageBuffer, CrossWorkgroup, physical storage buffers, and Uniform, which holds
// BufferBlock storage buffers before SPIR-V 1.3; a uniform block nobody writes never differs).
bool holdsResults(uint32_t storageClass) {
  auto sc = static_cast<spv::StorageClass>(storageClass);
  return sc == spv::StorageClass::StorageBuffer || sc == spv::StorageClass::CrossWorkgroup ||
         sc == spv::StorageClass::PhysicalStorageBuffer || sc == spv::StorageClass::Uniform;
}

bool isPerThread(uint32_t storageClass) {
  auto sc = static_cast<spv::StorageClass>(storageClass);
  return sc == spv::StorageClass::Private || sc == spv::StorageClass::Function ||
         sc == spv::StorageClass::Input;
}

}  // namespace

Value ThreadLowering::builtinValue(uint32_t builtin, uint32_t type, const Instruction& in) {
  const auto& c = info_.headers.config;
  long long t = threadIndex_, perWorkgroup = c[0] * c[1], all = perWorkgroup * c[2];
  std::array<long long, 3> v{0, 0, 0};
  switch (static_cast<spv::BuiltIn>(builtin)) {
    case spv::BuiltIn::GlobalInvocationId:
      v = {t, 0, 0};
      break;
    case spv::BuiltIn::LocalInvocationId:
      v = {t % perWorkgroup, 0, 0};
      break;
    case spv::BuiltIn::LocalInvocationIndex:
      v = {t % perWorkgroup, 0, 0};
      break;
    case spv::BuiltIn::WorkgroupId:
      v = {workgroup(), 0, 0};
      break;
    case spv::BuiltIn::WorkgroupSize:
    case spv::BuiltIn::EnqueuedWorkgroupSize:
      v = {perWorkgroup, 1, 1};
      break;
    case spv::BuiltIn::NumWorkgroups:
      v = {c[2], 1, 1};
      break;
    case spv::BuiltIn::GlobalSize:
      v = {all, 1, 1};
      break;
    case spv::BuiltIn::GlobalOffset:
      v = {0, 0, 0};
      break;
    case spv::BuiltIn::WorkDim:
      v = {1, 0, 0};
      break;
    case spv::BuiltIn::SubgroupId:
      v = {subgroup(), 0, 0};
      break;
    case spv::BuiltIn::SubgroupLocalInvocationId:
      v = {t % c[0], 0, 0};
      break;
    case spv::BuiltIn::SubgroupSize:
    case spv::BuiltIn::SubgroupMaxSize:
      v = {c[0], 0, 0};
      break;
    case spv::BuiltIn::NumSubgroups:
    case spv::BuiltIn::NumEnqueuedSubgroups:
      v = {c[1], 0, 0};
      break;
    case spv::BuiltIn::DeviceIndex:
      v = {0, 0, 0};
      break;
    default:
      throw core::InputError(
          in.location, "unsupported BuiltIn " + std::to_string(builtin) + " of " + info_.nameOf(in.resultId));
  }
  if (info_.types.isScalar(type)) return Value::scalar(constant(v[0], width(type, in)), type);
  long long count = info_.types.elementCount(type, in.location);
  std::vector<Value> elements;
  for (long long i = 0; i < count && i < 3; ++i) {
    uint32_t element = info_.types.elementType(type, static_cast<size_t>(i), in.location);
    elements.push_back(Value::scalar(constant(v[static_cast<size_t>(i)], width(element, in)), element));
  }
  return Value::composite(std::move(elements), type);
}

int ThreadLowering::createRegion(const std::string& name, uint32_t type, long long count,
                                 uint32_t storageClass, const std::optional<Value>& initial,
                                 const Instruction& in) {
  Region region;
  region.name = name;
  region.type = type;
  region.storageClass = storageClass;
  region.readOnly = isReadOnly(storageClass);
  long long runtime = 0;
  if (initial && initial->kind == Value::Kind::Composite) {
    const Type& t = info_.types.at(type, in.location);
    if (t.kind == TypeKind::RuntimeArray) runtime = static_cast<long long>(initial->elements.size());
    if (t.kind == TypeKind::Struct && !t.members.empty() &&
        info_.types.at(t.members.back(), in.location).kind == TypeKind::RuntimeArray) {
      runtime = static_cast<long long>(initial->elements.back().elements.size());
    }
  }
  std::vector<Leaf> one = info_.types.leaves(type, in.location, runtime);
  long long elementSize = std::max(1LL, info_.types.size(type, in.location, runtime));
  long long stride = alignUp(elementSize, info_.types.alignment(type, in.location));
  for (long long i = 0; i < std::max(1LL, count); ++i) {
    for (Leaf leaf : one) {
      if (count >= 0) leaf.path = "[" + std::to_string(i) + "]" + leaf.path;
      leaf.offset += i * stride;
      region.leaves.push_back(leaf);
    }
  }
  region.size = std::max(1LL, count) * stride;
  region.base = alignUp(info_.nextAddress, 16);
  info_.nextAddress = region.base + region.size + 16;
  std::vector<core::Expr> values;
  if (initial) flatten(*initial, values);
  core::TagSet tags = initTags(info_.memoryModel, storageClass);
  region.firstLocation = static_cast<int>(info_.program.memory.size());
  for (size_t k = 0; k < region.leaves.size(); ++k) {
    const Leaf& leaf = region.leaves[k];
    core::Expr value = k < values.size() ? values[k] : constant(0, leaf.width);
    long long address = region.base + leaf.offset;
    if (region.readOnly) {
      bool unknownInput = !isPerThread(storageClass) && value.op == core::ExprOp::Undefined;
      region.contents.push_back(value);
      region.inputLocations.push_back(
          unknownInput ? addLocation(name + leaf.path, address, leaf.width, value, false, tags) : -1);
      continue;
    }
    // No @Input, initializer or builtin value (or an OpUndef one): any value, as Dat3M's fresh constant.
    addLocation(name + leaf.path, address, leaf.width, value, initial && value.isConstant(), tags);
  }
  for (size_t m = static_cast<size_t>(region.firstLocation); m < info_.program.memory.size(); ++m)
    info_.program.memory[m].result = holdsResults(storageClass);
  info_.regions.push_back(std::move(region));
  return static_cast<int>(info_.regions.size()) - 1;
}

// A memory location; its initial value is `initial` when `known`, else any value fixed per execution.
int ThreadLowering::addLocation(const std::string& name, long long address, int width,
                                const core::Expr& initial, bool known, const core::TagSet& initTags) {
  int location = static_cast<int>(info_.program.memory.size());
  core::MemoryObject object;
  object.name = name;
  object.physical = object.generic = location;
  object.initialValue = known && initial.isConstant() ? initial.constant : 0;
  object.initialValueUnknown = !known || !initial.isConstant();
  object.address = address;
  object.width = width;
  object.initTags = initTags;
  info_.locationsByAddress[object.address] = object.physical;
  info_.program.memory.push_back(std::move(object));
  return location;
}

// The push-constant struct with the fields clspv's reflection describes set to the grid's values.
Value ThreadLowering::withReflectedPushConstants(Value value, const Instruction& in) {
  for (const auto& [field, values] : info_.pushConstantFields) {
    if (value.kind != Value::Kind::Composite || field >= value.elements.size()) {
      throw core::InputError(in.location, "clspv reflection describes push-constant field " +
                                              std::to_string(field) + ", which " + info_.nameOf(in.resultId) +
                                              " does not have");
    }
    Value& target = value.elements[field];
    if (target.kind != Value::Kind::Composite || target.elements.size() != 3) {
      throw core::InputError(in.location, "push-constant field " + std::to_string(field) + " of " +
                                              info_.nameOf(in.resultId) +
                                              " is not a vector of three integers");
    }
    for (size_t k = 0; k < 3; ++k)
      target.elements[k].expr = constant(values[k], target.elements[k].expr.width);
  }
  return value;
}

// `name` of this thread's copy of something every thread has one of ("%x@P3"; as written with one thread).
std::string ThreadLowering::perThreadName(const std::string& name) const {
  const auto& c = info_.headers.config;
  return c[0] * c[1] * c[2] > 1 ? name + "@P" + std::to_string(threadIndex_) : name;
}

// The region of a global variable or an entry point's pointer parameter in this thread.
int ThreadLowering::regionFor(uint32_t variable, const Instruction& in) {
  bool isParameter = static_cast<spv::Op>(in.opcode) == spv::Op::OpFunctionParameter;
  const Type& pointerType = info_.types.at(in.typeId, in.location);
  uint32_t storageClass = isParameter ? pointerType.storageClass : in.word(2);
  const auto& c = info_.headers.config;
  int instance = 0;
  std::string name = info_.nameOf(variable);
  if (static_cast<spv::StorageClass>(storageClass) == spv::StorageClass::Workgroup) {
    instance = workgroup();
    if (c[2] > 1) name += "@WG" + std::to_string(instance);
  } else if (isPerThread(storageClass)) {
    instance = threadIndex_;
    name = perThreadName(name);
  }
  auto key = std::make_pair(variable, instance);
  if (auto it = info_.regionByInstance.find(key); it != info_.regionByInstance.end()) return it->second;

  auto input = info_.headers.inputs.find(info_.nameOf(variable));
  const InputValue* given = input == info_.headers.inputs.end() ? nullptr : &input->second;
  bool hasInitializer = !isParameter && in.operandCount() > 3;
  auto builtin = info_.builtins.find(variable);
  if (given != nullptr && builtin != info_.builtins.end()) {
    throw core::InputError(given->where,
                           "@Input cannot set " + info_.nameOf(variable) + ": it is a BuiltIn variable");
  }
  if (given != nullptr && hasInitializer) {
    throw core::InputError(given->where,
                           "@Input cannot set " + info_.nameOf(variable) + ": it has an initializer");
  }
  std::optional<Value> initial;
  long long count = -1;
  uint32_t type = pointerType.element;
  if (isParameter) {
    count = given == nullptr ? kDefaultArgumentLength
                             : (given->isList ? static_cast<long long>(given->elements.size()) : 1);
    if (given != nullptr) {
      InputValue list = *given;
      if (!list.isList) list = InputValue{true, 0, {*given}, given->where};
      std::vector<Value> elements;
      for (const InputValue& element : list.elements)
        elements.push_back(inputValue(info_, element, type, name));
      initial = Value::composite(std::move(elements), type);
    }
  } else if (given != nullptr) {
    initial = inputValue(info_, *given, type, info_.nameOf(variable));
  } else if (builtin != info_.builtins.end()) {
    initial = builtinValue(builtin->second, type, in);
  } else if (hasInitializer) {
    initial = valueOf(in.word(3), in.location);
  }
  if (static_cast<spv::StorageClass>(storageClass) == spv::StorageClass::PushConstant) {
    initial = withReflectedPushConstants(initial ? *initial : undefinedOf(info_, type, in.location), in);
  }
  int region = createRegion(name, type, count, storageClass, initial, in);
  info_.regionByInstance[key] = region;
  return region;
}

namespace {

bool isPointerCopy(spv::Op op) {
  return op == spv::Op::OpPtrCastToGeneric || op == spv::Op::OpGenericCastToPtr ||
         op == spv::Op::OpCopyObject;
}

// Which of `aliases` (the variable and its casts) instruction `in` uses, if any.
std::optional<uint32_t> usedAlias(const Instruction& in, const std::set<uint32_t>& aliases) {
  for (uint32_t alias : aliases)
    if (in.uses(alias)) return alias;
  return std::nullopt;
}

}  // namespace

// Whether a function variable can live in registers (it and its pointer casts are only loaded from and
// stored to), and whether it is stored exactly once, in the function's first block, before any load.
std::pair<bool, bool> ThreadLowering::promotionOf(uint32_t variable) {
  if (auto it = info_.promotion.find(variable); it != info_.promotion.end()) return it->second;
  const std::vector<Instruction>& all = info_.module.instructions;
  const Block& first = function_->blocks.front();
  std::set<uint32_t> aliases = {variable};
  bool promotable = true, loadedBeforeStore = false;
  int stores = 0;
  size_t storeIndex = 0;
  for (size_t i = function_->begin; i <= function_->blocks.back().last && promotable; ++i) {
    const Instruction& in = all[i];
    if (in.resultId == variable || !usedAlias(in, aliases)) continue;
    auto op = static_cast<spv::Op>(in.opcode);
    if (op == spv::Op::OpLoad && aliases.count(in.word(2)) != 0) {
      if (i <= first.last && stores == 0) loadedBeforeStore = true;
    } else if (op == spv::Op::OpStore && aliases.count(in.word(0)) != 0 && aliases.count(in.word(1)) == 0) {
      ++stores;
      storeIndex = i;
    } else if (isPointerCopy(op) && aliases.count(in.word(2)) != 0) {
      aliases.insert(in.resultId);
    } else {
      promotable = false;
    }
  }
  const Instruction& declaration = info_.definition(variable, here());
  if (declaration.operandCount() > 3) ++stores;
  bool single =
      stores == 1 && !loadedBeforeStore && (declaration.operandCount() > 3 || storeIndex <= first.last);
  return info_.promotion[variable] = {promotable, single};
}

void ThreadLowering::lowerFunctionVariable(const Instruction& in) {
  const Type& pointerType = info_.types.at(in.typeId, in.location);
  auto [promotable, single] = promotionOf(in.resultId);
  std::optional<Value> initial;
  if (in.operandCount() > 3) initial = valueOf(in.word(3), in.location);
  if (!promotable) {
    std::string name = prefix_ + info_.nameOf(in.resultId) + "@P" + std::to_string(threadIndex_);
    int region = createRegion(name, pointerType.element, -1, in.word(2), initial, in);
    define(in.resultId, Value::pointer(constant(info_.regions[static_cast<size_t>(region)].base,
                                                info_.types.pointerBits()),
                                       in.typeId, region));
    return;
  }
  PromotedVariable variable;
  variable.type = pointerType.element;
  variable.singleStore = single;
  for (const Leaf& leaf : info_.types.leaves(pointerType.element, in.location)) {
    variable.registers.push_back(reg(prefix_ + info_.nameOf(in.resultId) + leaf.path));
  }
  promoted_.push_back(std::move(variable));
  Value pointer = Value::pointer(constant(0, info_.types.pointerBits()), in.typeId, -1);
  pointer.promoted = static_cast<int>(promoted_.size()) - 1;
  define(in.resultId, pointer);
  if (initial) {
    PromotedVariable& v = promoted_.back();
    if (v.singleStore && initial->isConstant()) {
      v.single = *initial;
    } else {
      std::vector<core::Expr> scalars;
      flatten(*initial, scalars);
      for (size_t k = 0; k < scalars.size(); ++k) {
        core::Instruction local;
        local.kind = core::InstructionKind::Local;
        local.reg = v.registers[k];
        local.value = scalars[k];
        emit(std::move(local));
      }
    }
  }
}

}  // namespace catcheck::frontends::spirv
