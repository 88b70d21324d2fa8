// One thread: a copy of the entry point instantiated for one invocation of the grid. Its result ids map
// to symbolic values (SpirvValues.h); builtins are per-thread constants (Dat3M's BuiltIn decoration: the
// grid runs along x, GlobalInvocationId = (thread, 0, 0), LocalInvocationId = (thread mod T·S, 0, 0),
// WorkgroupId = (workgroup, 0, 0), WorkgroupSize = (T·S, 1, 1), NumWorkgroups = (W, 1, 1), ...). Global
// variables become memory regions (shared, one per workgroup, or one per thread by storage class); the
// entry point's body is lowered block by block, calls inlined. This file holds the dispatch and the
// helpers every instruction family uses.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {

namespace {

constexpr size_t kMaxInlineExpression = 24;

bool isDebugOrAnnotation(spv::Op op) {
  switch (op) {
    case spv::Op::OpNop:
    case spv::Op::OpLine:
    case spv::Op::OpNoLine:
    case spv::Op::OpName:
    case spv::Op::OpMemberName:
    case spv::Op::OpString:
    case spv::Op::OpSource:
    case spv::Op::OpModuleProcessed:
    case spv::Op::OpSelectionMerge:
    case spv::Op::OpLoopMerge:
    case spv::Op::OpLifetimeStart:
    case spv::Op::OpLifetimeStop:
      return true;
    default:
      return false;
  }
}

}  // namespace

ThreadLowering::ThreadLowering(SpirvModuleInfo& info, int threadIndex)
    : info_(info), threadIndex_(threadIndex) {}

int ThreadLowering::workgroup() const {
  const auto& c = info_.headers.config;
  return threadIndex_ / (c[0] * c[1]);
}

int ThreadLowering::subgroup() const {
  const auto& c = info_.headers.config;
  return (threadIndex_ % (c[0] * c[1])) / c[0];
}

core::Thread ThreadLowering::lower() {
  thread_.name = "P" + std::to_string(threadIndex_);
  thread_.scopes = info_.target().place({0, 0, workgroup(), subgroup()});
  thread_.warp = 0;  // the subgroup is the warp: lanes in invocation order (core/ir/Warps.h)
  lowerGlobals();
  const Function& entry = info_.functions.at(info_.entryPoint);
  current_ = &info_.module.instructions[entry.begin];
  bindEntryParameters(entry);
  lowerFunctionBody(entry, "", "@end", {});
  core::Instruction end;
  end.kind = core::InstructionKind::Label;
  end.branch().label = "@end";
  current_ = &info_.module.instructions[entry.begin];
  emit(std::move(end));
  return std::move(thread_);
}

void ThreadLowering::lowerGlobals() {
  for (size_t index : info_.globalVariables) {
    const Instruction& in = info_.module.instructions[index];
    current_ = &in;
    int region = regionFor(in.resultId, in);
    define(in.resultId, Value::pointer(constant(info_.regions[static_cast<size_t>(region)].base,
                                                info_.types.pointerBits()),
                                       in.typeId, region));
  }
}

// OpenCL kernels take their buffers as pointer parameters: each becomes a region holding an array of the
// pointee type as long as its @Input (ten without one, as in Dat3M); a scalar parameter is its @Input value,
// or without one any value, a value of each thread's own (Dat3M gives each thread an uninitialized
// register), kept in a location of the thread's own that the thread loads once.
void ThreadLowering::bindEntryParameters(const Function& entry) {
  for (uint32_t parameter : entry.parameters) {
    const Instruction& in = info_.definition(parameter, here());
    current_ = &in;
    const Type& type = info_.types.at(in.typeId, in.location);
    auto input = info_.headers.inputs.find(info_.nameOf(parameter));
    if (type.kind == TypeKind::Pointer) {
      int region = regionFor(parameter, in);
      define(parameter, Value::pointer(constant(info_.regions[static_cast<size_t>(region)].base,
                                                info_.types.pointerBits()),
                                       in.typeId, region));
    } else if (input != info_.headers.inputs.end()) {
      define(parameter, inputValue(info_, input->second, in.typeId, info_.nameOf(parameter)));
    } else {
      int region = unknownArgumentRegion(parameter, in);
      Value where = Value::pointer(
          constant(info_.regions[static_cast<size_t>(region)].base, info_.types.pointerBits()), 0, region);
      define(parameter, load(where, in.typeId, {}, info_.nameOf(parameter), in));
    }
  }
}

// The read-only region of this thread holding a scalar kernel argument no @Input gives.
int ThreadLowering::unknownArgumentRegion(uint32_t parameter, const Instruction& in) {
  auto key = std::make_pair(parameter, threadIndex_);
  if (auto it = info_.regionByInstance.find(key); it != info_.regionByInstance.end()) return it->second;
  int region = createRegion(perThreadName(info_.nameOf(parameter)), in.typeId, -1,
                            static_cast<uint32_t>(spv::StorageClass::UniformConstant),
                            undefinedOf(info_, in.typeId, in.location), in);
  info_.regionByInstance[key] = region;
  return region;
}

const Value& ThreadLowering::valueOf(uint32_t id, const core::SourceLocation& where) {
  auto it = values_.find(id);
  if (it != values_.end()) return it->second;
  auto constant = info_.constants.find(id);
  if (constant != info_.constants.end()) return constant->second;
  throw core::InputError(where, "unknown id " + info_.nameOf(id) + " (not defined before its use)");
}

void ThreadLowering::define(uint32_t id, Value value) {
  values_[id] = std::move(value);
}

core::Expr ThreadLowering::scalarOf(uint32_t id, const Instruction& in) {
  const Value& value = valueOf(id, in.location);
  if (value.kind == Value::Kind::Composite) {
    throw core::InputError(in.location, "expected a scalar operand, " + info_.nameOf(id) + " is a composite");
  }
  return value.expr;
}

long long ThreadLowering::constantOf(uint32_t id, const Instruction& in, const std::string& what) {
  core::Expr e = scalarOf(id, in);
  if (!e.isConstant())
    throw core::InputError(in.location, what + " " + info_.nameOf(id) + " is not a constant");
  return e.constant;
}

void ThreadLowering::emit(core::Instruction instruction) {
  if (instruction.kind == core::InstructionKind::Jump) targeted_.insert(instruction.branch().label);
  if (current_ != nullptr) {
    instruction.location = current_->location;
    instruction.text = current_->text;
    if (!sourceLine_.file.empty()) {
      instruction.text += "  (" + sourceLine_.file + ":" + std::to_string(sourceLine_.line) + ")";
      // witnesses and race lines answer in the shader's own file (its name without the folders)
      instruction.userSource = sourceLine_;
      instruction.userSource.file = sourceLine_.file.substr(sourceLine_.file.find_last_of('/') + 1);
    }
  }
  thread_.code.push_back(std::move(instruction));
}

core::Expr ThreadLowering::materialize(const std::string& name, core::Expr value) {
  if (value.isConstant() || exprSize(value) <= kMaxInlineExpression) return value;
  int r = reg(prefix_ + name);
  core::Instruction local;
  local.kind = core::InstructionKind::Local;
  local.reg = r;
  local.value = value;
  emit(std::move(local));
  return core::Expr::registerValue(r, value.width);
}

Value ThreadLowering::valueFromRegisters(const std::string& name, uint32_t type, const Instruction& in) {
  const Type& t = info_.types.at(type, in.location);
  if (info_.types.isScalar(type)) {
    core::Expr r = core::Expr::registerValue(reg(name), width(type, in));
    return t.kind == TypeKind::Pointer ? Value::pointer(r, type, -1) : Value::scalar(r, type);
  }
  std::vector<Value> elements;
  long long count = info_.types.elementCount(type, in.location);
  for (long long i = 0; i < count; ++i) {
    uint32_t element = info_.types.elementType(type, static_cast<size_t>(i), in.location);
    elements.push_back(valueFromRegisters(name + "[" + std::to_string(i) + "]", element, in));
  }
  return Value::composite(std::move(elements), type);
}

Value ThreadLowering::valueFromScalars(const std::vector<core::Expr>& scalars, size_t& next, uint32_t type,
                                       const Instruction& in) {
  const Type& t = info_.types.at(type, in.location);
  if (info_.types.isScalar(type)) {
    if (next >= scalars.size()) {  // a result type larger than its operand's (the validator's rule)
      throw core::InputError(in.location, "the result type " + info_.types.describe(in.typeId) + " of " +
                                              in.name() + " does not match its operand's type");
    }
    core::Expr e = scalars[next++];
    return t.kind == TypeKind::Pointer ? Value::pointer(e, type, -1) : Value::scalar(e, type);
  }
  std::vector<Value> elements;
  long long count = info_.types.elementCount(type, in.location);
  for (long long i = 0; i < count; ++i) {
    uint32_t element = info_.types.elementType(type, static_cast<size_t>(i), in.location);
    elements.push_back(valueFromScalars(scalars, next, element, in));
  }
  return Value::composite(std::move(elements), type);
}

void ThreadLowering::unsupported(const Instruction& in) const {
  throw core::InputError(in.location, "unsupported SPIR-V instruction " + in.name());
}

void ThreadLowering::lowerInstruction(const Instruction& in) {
  current_ = &in;
  auto op = static_cast<spv::Op>(in.opcode);
  if (op == spv::Op::OpLine) {
    auto file = info_.strings.find(in.word(0));
    sourceLine_ = {file == info_.strings.end() ? info_.nameOf(in.word(0)) : file->second,
                   static_cast<int>(in.word(1)), static_cast<int>(in.word(2))};
  }
  if (op == spv::Op::OpNoLine) sourceLine_ = {};
  if (isDebugOrAnnotation(op)) return;
  if (op == spv::Op::OpFunctionCall) {
    lowerCall(in);
    return;
  }
  if (lowerControlFlow(in) || lowerMemory(in) || lowerAtomic(in) || lowerBarrier(in) || lowerArithmetic(in) ||
      lowerConversion(in) || lowerComposite(in) || lowerExtInst(in) || lowerGroup(in)) {
    return;
  }
  if (defineConstant(info_, in)) return;  // constants may also appear inside functions
  if (op == spv::Op::OpUndef) {
    define(in.resultId, undefinedOf(info_, in.typeId, in.location));
    return;
  }
  unsupported(in);
}

}  // namespace catcheck::frontends::spirv
