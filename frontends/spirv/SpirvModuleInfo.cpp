// The module-wide pass (SPIR-V spec §2.4 "Logical Layout of a Module"): names as the text writes them,
// the memory model and entry point, decorations, extended instruction sets, types and constants (in
// module order, since array lengths are constants), and each function's parameters, blocks and OpPhi
// instructions. Instructions that only describe the module for other tools (capabilities, extensions,
// debug information, execution modes) are accepted and ignored here, except clspv's reflection of the
// push constants; anything else outside a function
// that is not a type, constant or variable is rejected by name.
#include <spirv/unified1/NonSemanticClspvReflection.h>

#include <regex>
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {

namespace {

bool isTypeDeclaration(spv::Op op) {
  switch (op) {
    case spv::Op::OpTypeVoid:
    case spv::Op::OpTypeBool:
    case spv::Op::OpTypeInt:
    case spv::Op::OpTypeFloat:
    case spv::Op::OpTypeVector:
    case spv::Op::OpTypeArray:
    case spv::Op::OpTypeRuntimeArray:
    case spv::Op::OpTypeStruct:
    case spv::Op::OpTypePointer:
    case spv::Op::OpTypeFunction:
    case spv::Op::OpTypeForwardPointer:
    case spv::Op::OpTypeMatrix:
    case spv::Op::OpTypeImage:
    case spv::Op::OpTypeSampler:
    case spv::Op::OpTypeSampledImage:
    case spv::Op::OpTypeOpaque:
    case spv::Op::OpTypeEvent:
    case spv::Op::OpTypeDeviceEvent:
    case spv::Op::OpTypeReserveId:
    case spv::Op::OpTypeQueue:
    case spv::Op::OpTypePipe:
      return true;
    default:
      return false;
  }
}

// Instructions that carry no semantics for the memory model.
bool isIgnoredGlobal(spv::Op op) {
  switch (op) {
    case spv::Op::OpNop:
    case spv::Op::OpCapability:
    case spv::Op::OpExtension:
    case spv::Op::OpSource:
    case spv::Op::OpSourceContinued:
    case spv::Op::OpSourceExtension:
    case spv::Op::OpString:
    case spv::Op::OpName:
    case spv::Op::OpMemberName:
    case spv::Op::OpLine:
    case spv::Op::OpNoLine:
    case spv::Op::OpModuleProcessed:
    case spv::Op::OpExecutionMode:
    case spv::Op::OpExecutionModeId:
    case spv::Op::OpDecorate:
    case spv::Op::OpMemberDecorate:
    case spv::Op::OpDecorationGroup:
    case spv::Op::OpGroupDecorate:
    case spv::Op::OpGroupMemberDecorate:
    case spv::Op::OpDecorateString:
    case spv::Op::OpMemberDecorateString:
    case spv::Op::OpDecorateId:
      return true;
    default:
      return false;
  }
}

void readNames(SpirvModuleInfo& info) {
  static const std::regex result(R"(^\s*(%[A-Za-z0-9_.\-]+)\s*=)");
  for (const Instruction& in : info.module.instructions) {
    if (in.resultId == 0) continue;
    std::smatch m;
    std::string name = std::regex_search(in.text, m, result) ? m[1].str() : "%" + std::to_string(in.resultId);
    info.names[in.resultId] = name;
    info.idsByName[name] = in.resultId;
  }
}

void readMemoryModel(SpirvModuleInfo& info, const Instruction& in) {
  auto addressing = static_cast<spv::AddressingModel>(in.word(0));
  // Logical addressing has abstract pointers: 32 bits keep addresses at the width of the usual indexes.
  info.types.setPointerBits(addressing == spv::AddressingModel::Physical64 ? 64 : 32);
  auto model = static_cast<spv::MemoryModel>(in.word(1));
  if (model == spv::MemoryModel::OpenCL) {
    info.memoryModel = MemoryModelKind::OpenCL;
    info.types.setOpenclVectorLayout(true);
  } else if (model == spv::MemoryModel::Vulkan || model == spv::MemoryModel::GLSL450) {
    info.memoryModel = MemoryModelKind::Vulkan;
    info.implicitAvailability = model == spv::MemoryModel::GLSL450;
  } else {
    throw core::InputError(in.location, "unsupported memory model (expected Vulkan, GLSL450 or OpenCL)");
  }
}

void readDecoration(SpirvModuleInfo& info, const Instruction& in) {
  info.types.decorate(in);
  if (static_cast<spv::Op>(in.opcode) == spv::Op::OpDecorate &&
      static_cast<spv::Decoration>(in.word(1)) == spv::Decoration::BuiltIn) {
    info.builtins[in.word(0)] = in.word(2);
  }
}

// The successors named by a block's terminator.
std::vector<uint32_t> successorsOf(const Instruction& terminator) {
  switch (static_cast<spv::Op>(terminator.opcode)) {
    case spv::Op::OpBranch:
      return {terminator.word(0)};
    case spv::Op::OpBranchConditional:
      return {terminator.word(1), terminator.word(2)};
    case spv::Op::OpSwitch: {
      std::vector<uint32_t> targets = {terminator.word(1)};
      for (size_t k = 3; k < terminator.operandCount(); k += 2) targets.push_back(terminator.word(k));
      return targets;
    }
    default:
      return {};
  }
}

void readBlockStructure(const std::vector<Instruction>& all, Function& function) {
  std::map<uint32_t, std::vector<size_t>> predecessors;
  for (size_t b = 0; b < function.blocks.size(); ++b) {
    const Block& block = function.blocks[b];
    function.order[block.label] = b;
    for (size_t i = block.first; i <= block.last; ++i) {
      if (static_cast<spv::Op>(all[i].opcode) == spv::Op::OpLoopMerge)
        function.loopHeaders.insert(block.label);
    }
    for (uint32_t target : successorsOf(all[block.last])) predecessors[target].push_back(b);
  }
  for (const Block& block : function.blocks) {
    size_t position = function.order[block.label];
    bool earlier = true;
    for (size_t p : predecessors[block.label]) earlier = earlier && p < position;
    if (earlier || function.loopHeaders.count(block.label) != 0) function.decidable.insert(block.label);
  }
}

void readFunction(SpirvModuleInfo& info, size_t& i) {
  const std::vector<Instruction>& all = info.module.instructions;
  Function function;
  function.id = all[i].resultId;
  function.returnType = all[i].typeId;
  function.begin = i;
  for (++i; i < all.size(); ++i) {
    const Instruction& in = all[i];
    auto op = static_cast<spv::Op>(in.opcode);
    if (in.resultId != 0) info.definitions[in.resultId] = i;
    if (op == spv::Op::OpFunctionEnd) break;
    if (op == spv::Op::OpFunctionParameter) function.parameters.push_back(in.resultId);
    if (op == spv::Op::OpLabel) function.blocks.push_back({in.resultId, i, i});
    if (op == spv::Op::OpPhi && !function.blocks.empty())
      function.phis[function.blocks.back().label].push_back(i);
    if (op == spv::Op::OpReturnValue) ++function.returnValues;
    if (!function.blocks.empty()) function.blocks.back().last = i;
  }
  if (i == all.size())
    throw core::InputError(all[function.begin].location, "OpFunction without OpFunctionEnd");
  readBlockStructure(all, function);
  info.functions[function.id] = std::move(function);
}

// A type's components (a vector's or array's element, a struct's members) are types declared before it
// (spec §2.4: only pointers may refer forward, through OpTypeForwardPointer), and a type is declared once:
// otherwise a struct could contain itself, and its layout and values would never end.
void requireDeclaredComponents(const SpirvModuleInfo& info, const Instruction& in) {
  if (info.types.find(in.resultId) != nullptr) {
    throw core::InputError(in.location, "the type " + info.nameOf(in.resultId) + " is declared twice");
  }
  std::vector<uint32_t> components;
  switch (static_cast<spv::Op>(in.opcode)) {
    case spv::Op::OpTypeVector:
    case spv::Op::OpTypeArray:
    case spv::Op::OpTypeRuntimeArray:
      components.push_back(in.word(1));
      break;
    case spv::Op::OpTypeStruct:
      for (size_t i = 1; i < in.operandCount(); ++i) components.push_back(in.word(i));
      break;
    default:
      return;
  }
  for (uint32_t component : components) {
    if (info.types.find(component) == nullptr) {
      throw core::InputError(in.location, "the component type " + info.nameOf(component) +
                                              " is not a type declared before " + info.nameOf(in.resultId));
    }
  }
}

void readGlobal(SpirvModuleInfo& info, size_t index) {
  const Instruction& in = info.module.instructions[index];
  auto op = static_cast<spv::Op>(in.opcode);
  if (in.resultId != 0) info.definitions[in.resultId] = index;
  if (isTypeDeclaration(op)) {
    long long length = 0;
    if (op == spv::Op::OpTypeArray) {
      auto it = info.constants.find(in.word(2));
      if (it == info.constants.end() || !it->second.expr.isConstant()) {
        throw core::InputError(in.location, "array length " + info.nameOf(in.word(2)) + " is not a constant");
      }
      length = it->second.expr.constant;
    }
    requireDeclaredComponents(info, in);
    info.types.declare(in, length);
  } else if (op == spv::Op::OpMemoryModel) {
    readMemoryModel(info, in);
  } else if (op == spv::Op::OpEntryPoint) {
    if (info.entryPoint == 0) info.entryPoint = in.word(1);
  } else if (op == spv::Op::OpDecorate || op == spv::Op::OpMemberDecorate) {
    readDecoration(info, in);
  } else if (op == spv::Op::OpString) {
    info.strings[in.resultId] = in.literalString(1);
  } else if (op == spv::Op::OpExtInstImport) {
    info.extInstSets[in.resultId] = in.literalString(1);
  } else if (op == spv::Op::OpVariable) {
    info.globalVariables.push_back(index);
  } else if (op == spv::Op::OpExtInst) {
    // Non-semantic instructions (clspv reflection, debug info) may appear between functions.
  } else if (!isIgnoredGlobal(op) && !defineConstant(info, in)) {
    throw core::InputError(in.location, "unsupported SPIR-V instruction " + in.name());
  }
}

// clspv's NonSemantic.ClspvReflection instructions, in module order, describe the push-constant struct
// field by field: PushConstant{GlobalSize, EnqueuedLocalSize, NumWorkgroups, GlobalOffset, RegionOffset,
// RegionGroupOffset} hold grid values the host would pass, ArgumentPodPushConstant a kernel argument (its
// value comes from @Input). Dat3M fills the fields in this order, and so do we.
void readClspvReflection(SpirvModuleInfo& info) {
  const auto& c = info.headers.config;
  long long perWorkgroup = static_cast<long long>(c[0]) * c[1], all = perWorkgroup * c[2];
  size_t field = 0;
  for (const Instruction& in : info.module.instructions) {
    if (static_cast<spv::Op>(in.opcode) != spv::Op::OpExtInst) continue;
    auto set = info.extInstSets.find(in.word(2));
    if (set == info.extInstSets.end() || set->second.rfind("NonSemantic.ClspvReflection", 0) != 0) continue;
    switch (in.word(3)) {
      case NonSemanticClspvReflectionPushConstantGlobalSize:
        info.pushConstantFields[field++] = {all, 1, 1};
        break;
      case NonSemanticClspvReflectionPushConstantEnqueuedLocalSize:
        info.pushConstantFields[field++] = {perWorkgroup, 1, 1};
        break;
      case NonSemanticClspvReflectionPushConstantNumWorkgroups:
        info.pushConstantFields[field++] = {c[2], 1, 1};
        break;
      case NonSemanticClspvReflectionPushConstantGlobalOffset:
      case NonSemanticClspvReflectionPushConstantRegionOffset:
      case NonSemanticClspvReflectionPushConstantRegionGroupOffset:
        info.pushConstantFields[field++] = {0, 0, 0};
        break;
      case NonSemanticClspvReflectionArgumentPodPushConstant:
        ++field;
        break;
      default:
        break;
    }
  }
}

}  // namespace

const Instruction& SpirvModuleInfo::definition(uint32_t id, const core::SourceLocation& where) const {
  auto it = definitions.find(id);
  if (it == definitions.end()) throw core::InputError(where, "unknown id " + nameOf(id));
  return module.instructions[it->second];
}

std::string SpirvModuleInfo::nameOf(uint32_t id) const {
  auto it = names.find(id);
  return it == names.end() ? "%" + std::to_string(id) : it->second;
}

const core::Target& SpirvModuleInfo::target() const {
  return memoryModel == MemoryModelKind::OpenCL ? core::openclTarget() : core::vulkanTarget();
}

void analyzeModule(SpirvModuleInfo& info) {
  readNames(info);
  // Decorations come before the types they decorate: read them first.
  for (const Instruction& in : info.module.instructions) {
    auto op = static_cast<spv::Op>(in.opcode);
    if (op == spv::Op::OpDecorate || op == spv::Op::OpMemberDecorate) readDecoration(info, in);
  }
  const std::vector<Instruction>& all = info.module.instructions;
  for (size_t i = 0; i < all.size(); ++i) {
    auto op = static_cast<spv::Op>(all[i].opcode);
    if (op == spv::Op::OpFunction) {
      info.definitions[all[i].resultId] = i;
      readFunction(info, i);
    } else if (op != spv::Op::OpDecorate && op != spv::Op::OpMemberDecorate) {
      readGlobal(info, i);
    }
    if (op == spv::Op::OpTypeStruct || op == spv::Op::OpTypeArray || op == spv::Op::OpTypeRuntimeArray) {
      info.types.finish();
    }
  }
  info.types.finish();
  readClspvReflection(info);
  if (info.entryPoint == 0)
    throw core::InputError({info.module.file, 1, 1}, "the module has no OpEntryPoint");
  if (info.functions.count(info.entryPoint) == 0) {
    throw core::InputError({info.module.file, 1, 1}, "the entry point " + info.nameOf(info.entryPoint) +
                                                         " is not a function of the module");
  }
}

}  // namespace catcheck::frontends::spirv
