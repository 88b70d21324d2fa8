// Lowering small handwritten SPIR-V modules: threads and their scopes, builtins folded per thread,
// memory layout and addresses (static and computed), tags on events for Vulkan and OpenCL, control flow
// (branches, loops as back jumps, OpPhi on edges), calls, variables kept in registers, binary input, and
// the errors for unsupported or malformed input.
#include <gtest/gtest.h>
#include <spirv-tools/libspirv.h>

#include "SpirvTestSupport.h"

namespace catcheck::frontends {
namespace {

using core::InstructionKind;
using spirv_testing::errorOf;
using spirv_testing::instructionsOf;
using spirv_testing::kLoadId;
using spirv_testing::parse;
using spirv_testing::replaceOnce;
using spirv_testing::tagNames;
using spirv_testing::vulkanModule;

using Tags = std::vector<std::string>;

const core::MemoryObject& locationOf(const core::Program& p, const core::Instruction* in) {
  return p.memory.at(static_cast<size_t>(in->access().address));
}

TEST(SpirvLowering, ThreadsFollowTheGrid) {
  core::Program p = parse(vulkanModule("; @Config: 2, 2, 2\n", ""));
  EXPECT_EQ(p.language, core::SourceLanguage::SpirV);
  EXPECT_EQ(p.target, &core::vulkanTarget());
  ASSERT_EQ(p.threads.size(), 8u);
  const core::Thread& t5 = p.threads[5];  // subgroup (5 mod 4) div 2 = 0, workgroup 5 div 4 = 1
  EXPECT_EQ(t5.name, "P5");
  ASSERT_EQ(t5.scopes.size(), 4u);
  EXPECT_EQ(core::scopeKey(t5.scopes[0].level), "DV");
  EXPECT_EQ(core::scopeKey(t5.scopes[1].level), "QF");
  EXPECT_EQ(core::scopeKey(t5.scopes[2].level), "WG");
  EXPECT_EQ(t5.scopes[2].id, 1);
  EXPECT_EQ(core::scopeKey(t5.scopes[3].level), "SG");
  EXPECT_EQ(t5.scopes[3].id, 0);
  EXPECT_EQ(p.threads[3].scopes[3].id, 1);
}

TEST(SpirvLowering, BuiltinsFoldToAddressesPerThread) {
  std::string body = std::string(kLoadId) +
                     "%p = OpAccessChain %ptr_sb %x %id\n"
                     "OpStore %p %c3\n";
  core::Program p = parse(vulkanModule("; @Config: 2, 1, 1\n", body));
  for (size_t t = 0; t < 2; ++t) {
    auto stores = instructionsOf(p.threads[t], InstructionKind::Store);
    ASSERT_EQ(stores.size(), 1u);
    EXPECT_EQ(locationOf(p, stores[0]).name, "%x[" + std::to_string(t) + "]");
    EXPECT_EQ(stores[0]->value.constant, 3);
    EXPECT_EQ(stores[0]->location.str(), "test.spvasm:31:1");
    EXPECT_EQ(stores[0]->text, "OpStore %p %c3");
  }
  EXPECT_EQ(tagNames(instructionsOf(p.threads[0], InstructionKind::Store)[0]->tags),
            (Tags{"M", "NONPRIV", "SC0", "W", "_"}));
}

// A GLSL450 module has no MakePointerAvailable/Visible operands: its accesses to shared storage classes are
// available / visible at the subgroup level (no scope tag), as in the GPU-consistency paper's clspv modules.
TEST(SpirvLowering, Glsl450AccessesToSharedStorageAreAvailableAndVisible) {
  std::string text = vulkanModule("", "%v = OpLoad %uint %y\nOpStore %w %v\n");
  replaceOnce(text, "OpCapability VulkanMemoryModel\n", "");
  replaceOnce(text, "Logical Vulkan", "Logical GLSL450");
  core::Program p = parse(text);
  EXPECT_EQ(tagNames(instructionsOf(p.threads[0], InstructionKind::Load).at(0)->tags),
            (Tags{"M", "NONPRIV", "R", "SC0", "VIS", "_"}));
  EXPECT_EQ(tagNames(instructionsOf(p.threads[0], InstructionKind::Store).at(0)->tags),
            (Tags{"AV", "M", "NONPRIV", "SC1", "W", "_"}));
}

TEST(SpirvLowering, LocationsHaveDistinctNonNullAddresses) {
  core::Program p = parse(vulkanModule("; @Config: 1, 1, 2\n", ""));
  ASSERT_EQ(p.memory.size(), 5u);  // %x[0] %x[1] %y %w@WG0 %w@WG1
  EXPECT_EQ(p.memory[1].address, p.memory[0].address + 4);
  EXPECT_NE(p.memory[0].address, 0);
  EXPECT_EQ(p.memory[3].name, "%w@WG0");
  EXPECT_EQ(p.memory[4].name, "%w@WG1");
  for (size_t i = 0; i < p.memory.size(); ++i) {
    EXPECT_EQ(p.memory[i].physical, static_cast<int>(i));
    EXPECT_EQ(p.memory[i].generic, static_cast<int>(i));
    EXPECT_EQ(p.memory[i].width, 32);
    if (i > 0) {
      EXPECT_GT(p.memory[i].address, p.memory[i - 1].address);
    }
  }
}

TEST(SpirvLowering, LoadedIndexGivesAComputedAddress) {
  std::string body =
      "%i = OpLoad %uint %y\n"
      "%p = OpAccessChain %ptr_sb %x %i\n"
      "%v = OpLoad %uint %p\n";
  core::Program p = parse(vulkanModule("", body));
  auto loads = instructionsOf(p.threads[0], InstructionKind::Load);
  ASSERT_EQ(loads.size(), 2u);
  EXPECT_EQ(locationOf(p, loads[0]).name, "%y");
  EXPECT_EQ(loads[1]->access().address, -1);
  EXPECT_EQ(loads[1]->access().accessWidth, 32);
  ASSERT_TRUE(loads[1]->access().computedAddress.has_value());
  const core::Expr& address = *loads[1]->access().computedAddress;
  EXPECT_EQ(address.op, core::ExprOp::Add);
  EXPECT_EQ(address.args[0].constant, p.memory[0].address);
  EXPECT_EQ(address.args[1].op, core::ExprOp::Mul);
  EXPECT_EQ(p.threads[0].registerNames.at(static_cast<size_t>(address.args[1].args[0].reg)), "%i");
}

TEST(SpirvLowering, AtomicsAndBarriersCarryDat3MsVulkanTags) {
  std::string globals =
      "%sem_rel = OpConstant %uint 68\n%sem_acq = OpConstant %uint 66\n%sem_ar = OpConstant %uint 72\n";
  std::string body =
      "OpAtomicStore %y %c1 %sem_rel %c1\n"           // Device scope, Release | UniformMemory
      "OpControlBarrier %c2 %c2 %sem_ar\n"            // Workgroup, AcquireRelease | UniformMemory
      "%v = OpAtomicLoad %uint %y %c2 %sem_acq\n"     // Workgroup, Acquire | UniformMemory
      "%o = OpAtomicIAdd %uint %y %c3 %sem_ar %c1\n"  // Subgroup
      "OpControlBarrier %c2 %c2 %c0\n";
  core::Program p = parse(vulkanModule("; @Config: 2, 1, 1\n", body, globals));
  const core::Thread& t = p.threads[1];
  EXPECT_EQ(tagNames(instructionsOf(t, InstructionKind::Store)[0]->tags),
            (Tags{"ATOM", "AV", "AVDEVICE", "DV", "M", "NONPRIV", "REL", "SC0", "SEMSC0", "W", "_"}));
  EXPECT_EQ(tagNames(instructionsOf(t, InstructionKind::Load)[0]->tags),
            (Tags{"ACQ", "ATOM", "M", "NONPRIV", "R", "SC0", "SEMSC0", "VIS", "WG", "_"}));
  const core::Instruction* rmw = instructionsOf(t, InstructionKind::Rmw)[0];
  EXPECT_EQ(rmw->access().rmwOp, core::RmwOp::Add);
  EXPECT_EQ(tagNames(rmw->tags),
            (Tags{"ACQ", "ATOM", "M", "NONPRIV", "R", "RMW", "SC0", "SEMSC0", "SG", "VIS", "_"}));
  EXPECT_EQ(tagNames(rmw->access().storeTags),
            (Tags{"ATOM", "AV", "M", "NONPRIV", "REL", "RMW", "SC0", "SEMSC0", "SG", "W", "_"}));
  auto barriers = instructionsOf(t, InstructionKind::Barrier);
  ASSERT_EQ(barriers.size(), 2u);
  EXPECT_EQ(core::scopeKey(barriers[0]->barrier().scope), "WG");
  EXPECT_EQ(tagNames(barriers[0]->tags), (Tags{"ACQ", "CBAR", "F", "REL", "SEMSC0", "WG", "_"}));
  EXPECT_EQ(tagNames(barriers[1]->tags), (Tags{"CBAR", "WG", "_"}));  // no semantics: no fence
  EXPECT_EQ(barriers[0]->barrier().instance,
            instructionsOf(p.threads[0], InstructionKind::Barrier)[0]->barrier().instance);
  EXPECT_NE(barriers[0]->barrier().instance, barriers[1]->barrier().instance);
}

TEST(SpirvLowering, CompareExchangeIsOneRmw) {
  std::string body = "%old = OpAtomicCompareExchange %uint %y %c1 %c0 %c0 %c2 %c1\n";
  core::Program p = parse(vulkanModule("", body));
  const core::Instruction* rmw = instructionsOf(p.threads[0], InstructionKind::Rmw).at(0);
  EXPECT_EQ(rmw->access().rmwOp, core::RmwOp::CompareExchangeOnSuccess);  // SPIR-V writes only on success
  EXPECT_EQ(rmw->value.constant, 2);
  EXPECT_EQ(rmw->access().expected.constant, 1);
  EXPECT_EQ(p.threads[0].registerNames.at(static_cast<size_t>(*rmw->reg)), "%old");
}

TEST(SpirvLowering, BranchesFoldPerThreadAndDeadBlocksVanish) {
  std::string body = std::string(kLoadId) +
                     "%zero = OpIEqual %bool %id %c0\n"
                     "OpSelectionMerge %merge None\n"
                     "OpBranchConditional %zero %then %merge\n"
                     "%then = OpLabel\n"
                     "OpStore %y %c1\n"
                     "OpBranch %merge\n"
                     "%merge = OpLabel\n";
  core::Program p = parse(vulkanModule("; @Config: 2, 1, 1\n", body));
  EXPECT_EQ(instructionsOf(p.threads[0], InstructionKind::Store).size(), 1u);
  EXPECT_EQ(instructionsOf(p.threads[1], InstructionKind::Store).size(), 0u);
}

TEST(SpirvLowering, LoopsAreBackJumpsWithPhiAssignments) {
  std::string body =
      "OpBranch %header\n"
      "%header = OpLabel\n"
      "%i = OpPhi %uint %c0 %entry %next %body\n"
      "%more = OpULessThan %bool %i %c2\n"
      "OpLoopMerge %exit %body None\n"
      "OpBranchConditional %more %body %exit\n"
      "%body = OpLabel\n"
      "%p = OpAccessChain %ptr_sb %x %i\n"
      "OpStore %p %i\n"
      "%next = OpIAdd %uint %i %c1\n"
      "OpBranch %header\n"
      "%exit = OpLabel\n";
  core::Program p = parse(vulkanModule("", body));
  const core::Thread& t = p.threads[0];
  int reg = -1;
  std::vector<std::string> shape;
  for (const core::Instruction& in : t.code) {
    if (in.kind == InstructionKind::Label) shape.push_back(in.branch().label + ":");
    if (in.kind == InstructionKind::Jump)
      shape.push_back("goto " + in.branch().label + (in.branch().condition ? "?" : ""));
    if (in.kind == InstructionKind::Local) {
      shape.push_back(t.registerNames.at(static_cast<size_t>(*in.reg)) + ":=");
      reg = *in.reg;
    }
    if (in.kind == InstructionKind::Store) shape.push_back("store");
  }
  EXPECT_EQ(shape, (std::vector<std::string>{"%entry:", "%i:=", "goto %header", "%header:", "goto %body?",
                                             "goto %exit", "%body:", "store", "%i:=", "goto %header",
                                             "%exit:", "goto @end", "@end:"}));
  EXPECT_EQ(t.registerNames.at(static_cast<size_t>(reg)), "%i");
  const core::Instruction* store = instructionsOf(t, InstructionKind::Store)[0];
  EXPECT_EQ(store->access().address, -1);  // the index is the loop counter
}

TEST(SpirvLowering, SwappingPhisGoThroughTemporaries) {
  std::string body =
      "OpBranch %header\n"
      "%header = OpLabel\n"
      "%a = OpPhi %uint %c0 %entry %b %header\n"
      "%b = OpPhi %uint %c1 %entry %a %header\n"
      "%v = OpLoad %uint %y\n"
      "%done = OpIEqual %bool %v %c0\n"
      "OpLoopMerge %exit %header None\n"
      "OpBranchConditional %done %exit %header\n"
      "%exit = OpLabel\n"
      "OpStore %y %a\n";
  core::Program p = parse(vulkanModule("", body));
  std::vector<std::string> locals;
  const core::Thread& t = p.threads[0];
  for (const core::Instruction* in : instructionsOf(t, InstructionKind::Local)) {
    locals.push_back(t.registerNames.at(static_cast<size_t>(*in->reg)));
  }
  EXPECT_EQ(locals, (std::vector<std::string>{"%a", "%b", "%a'", "%b'", "%a", "%b"}));
}

TEST(SpirvLowering, CallsAreInlined) {
  std::string globals = "%ufunc = OpTypeFunction %uint %uint\n";
  std::string body = "%r = OpFunctionCall %uint %double %c3\nOpStore %y %r\n";
  std::string text = vulkanModule("", body, globals);
  text +=
      "%double = OpFunction %uint None %ufunc\n%n = OpFunctionParameter %uint\n%l = OpLabel\n"
      "%d = OpIAdd %uint %n %n\nOpReturnValue %d\nOpFunctionEnd\n";
  core::Program p = parse(text);
  const core::Instruction* store = instructionsOf(p.threads[0], InstructionKind::Store).at(0);
  EXPECT_EQ(store->value.constant, 6);
}

TEST(SpirvLowering, RecursionIsAnError) {
  std::string body = "%r = OpFunctionCall %void %rec\n";
  std::string text = vulkanModule("", body);
  text +=
      "%rec = OpFunction %void None %func\n%l = OpLabel\n%s = OpFunctionCall %void "
      "%rec\nOpReturn\nOpFunctionEnd\n";
  EXPECT_EQ(errorOf(text),
            "test.spvasm:32:1: error: recursion limit reached: calls nested deeper than 64 "
            "(recursion is not supported)");
}

TEST(SpirvLowering, UnsupportedInstructionsAreRejectedByName) {
  EXPECT_EQ(errorOf(vulkanModule("", "%m = OpSMod %uint %c1 %c2\n")),
            "test.spvasm:27:1: error: unsupported SPIR-V instruction OpSMod");
}

TEST(SpirvLowering, AssemblerDiagnosticsKeepTheirPosition) {
  EXPECT_EQ(errorOf(vulkanModule("", "  OpFoo %c1\n")),
            "test.spvasm:27:3: error: Invalid Opcode name 'OpFoo'");
}

TEST(SpirvLowering, OutOfRangeConstantIndexesAreErrors) {
  EXPECT_EQ(errorOf(vulkanModule("", "%p = OpAccessChain %ptr_sb %x %c2\n")),
            "test.spvasm:27:1: error: index 2 is out of bounds for array of 2 uint32");
  EXPECT_EQ(errorOf(vulkanModule("", "%v = OpLoad %v3uint %gid\n%e = OpCompositeExtract %uint %v 3\n")),
            "test.spvasm:28:1: error: index 3 is out of bounds for vector of 3 uint32");
}

TEST(SpirvLowering, FunctionVariablesLiveInRegisters) {
  std::string globals = "%ptr_fn = OpTypePointer Function %uint\n";
  std::string body =
      "%t = OpVariable %ptr_fn Function\nOpStore %t %c2\n%v = OpLoad %uint %t\nOpStore %y %v\n";
  core::Program p = parse(vulkanModule("", body, globals));
  auto stores = instructionsOf(p.threads[0], InstructionKind::Store);
  ASSERT_EQ(stores.size(), 1u);  // only the store to %y is memory
  EXPECT_EQ(stores[0]->value.constant, 2);
  EXPECT_TRUE(instructionsOf(p.threads[0], InstructionKind::Load).empty());
}

TEST(SpirvLowering, UnreachableIsUndefinedBehaviour) {
  std::string body = "OpUnreachable\n%dead = OpLabel\n";
  core::Program p = parse(vulkanModule("", body));
  auto visible = instructionsOf(p.threads[0], InstructionKind::Visible);
  ASSERT_EQ(visible.size(), 1u);
  EXPECT_EQ(tagNames(visible[0]->tags), (Tags{"UB"}));
}

TEST(SpirvLowering, SemanticsAndScopeErrors) {
  std::string globals =
      "%bad = OpConstant %uint 6\n%nine = OpConstant %uint 9\n%ptrsem = OpConstant %uint 1\n";
  EXPECT_EQ(errorOf(vulkanModule("", "OpAtomicStore %y %c1 %bad %c1\n", globals)),
            "test.spvasm:30:1: error: illegal memory semantics 6: more than one memory order bit");
  EXPECT_EQ(errorOf(vulkanModule("", "OpAtomicStore %y %c1 %ptrsem %c1\n", globals)),
            "test.spvasm:30:1: error: illegal memory semantics 1: unexpected bits");
  EXPECT_EQ(errorOf(vulkanModule("", "OpAtomicStore %y %nine %c0 %c1\n", globals)),
            "test.spvasm:30:1: error: illegal scope value 9");
  EXPECT_EQ(
      errorOf(vulkanModule("", "OpControlBarrier %c1 %c2 %c0\n")),
      "test.spvasm:27:1: error: unsupported execution scope 1 of OpControlBarrier (expected Workgroup or "
      "Subgroup)");
  EXPECT_EQ(errorOf(vulkanModule("", "%i = OpLoad %uint %y\nOpAtomicStore %y %i %c0 %c1\n")),
            "test.spvasm:28:1: error: scope %i is not a constant");
}

TEST(SpirvLowering, MemoryOperandsGiveAvailabilityAndVisibility) {
  std::string body =
      "%v = OpLoad %uint %y MakePointerVisible|NonPrivatePointer %c1\n"
      "OpStore %y %v MakePointerAvailable|NonPrivatePointer %c2\n";
  core::Program p = parse(vulkanModule("", body));
  EXPECT_EQ(tagNames(instructionsOf(p.threads[0], InstructionKind::Load)[0]->tags),
            (Tags{"DV", "M", "NONPRIV", "R", "SC0", "VIS", "VISDEVICE", "_"}));
  EXPECT_EQ(tagNames(instructionsOf(p.threads[0], InstructionKind::Store)[0]->tags),
            (Tags{"AV", "M", "NONPRIV", "SC0", "W", "WG", "_"}));
  EXPECT_EQ(errorOf(vulkanModule("", "%v = OpLoad %uint %y MakePointerAvailable|NonPrivatePointer %c1\n")),
            "test.spvasm:27:1: error: OpLoad cannot have the MakePointerAvailable operand");
  EXPECT_EQ(errorOf(vulkanModule("", "%v = OpLoad %uint %y MakePointerVisible %c1\n")),
            "test.spvasm:27:1: error: MakePointerAvailable / MakePointerVisible need the NonPrivatePointer "
            "operand");
}

TEST(SpirvLowering, AMergeBlockBeforeItsPredecessorsIsKept) {
  std::string body = std::string(kLoadId) +
                     "%zero = OpIEqual %bool %id %c0\n"
                     "OpSelectionMerge %merge None\n"
                     "OpBranchConditional %zero %then %merge\n"
                     "%merge = OpLabel\n"
                     "OpStore %y %c2\n"
                     "OpReturn\n"
                     "%then = OpLabel\n"
                     "OpBranch %merge\n"
                     "%unused = OpLabel\n";
  core::Program p = parse(vulkanModule("", body));
  EXPECT_EQ(instructionsOf(p.threads[0], InstructionKind::Store).size(), 1u);
}

TEST(SpirvLowering, ClspvReflectionFillsPushConstants) {
  std::string globals =
      "%refl = OpExtInstImport \"NonSemantic.ClspvReflection.5\"\n"
      "%c12 = OpConstant %uint 12\n"
      "%pc_t = OpTypeStruct %v3uint\n"
      "%ptr_pc = OpTypePointer PushConstant %pc_t\n"
      "%ptr_pc_u = OpTypePointer PushConstant %uint\n"
      "%pc = OpVariable %ptr_pc PushConstant\n";
  std::string body = "%g = OpAccessChain %ptr_pc_u %pc %c0 %c0\n%size = OpLoad %uint %g\nOpStore %y %size\n";
  std::string text = vulkanModule("; @Config: 2, 1, 3\n", body, globals);
  text += "%r = OpExtInst %void %refl PushConstantGlobalSize %c0 %c12\n";
  core::Program p = parse(text);
  const core::Instruction* store = instructionsOf(p.threads[0], InstructionKind::Store).at(0);
  EXPECT_EQ(store->value.constant, 6);                                       // 2 * 1 * 3 invocations
  EXPECT_TRUE(instructionsOf(p.threads[0], InstructionKind::Load).empty());  // push constants fold
}

std::string openclKernel() {
  return "; @Input: %buf = {1, 2, 3}\n"
         "; @Config: 1, 1, 2\n"
         "OpCapability Addresses\n"
         "OpCapability Kernel\n"
         "OpMemoryModel Physical32 OpenCL\n"
         "OpEntryPoint Kernel %k \"k\"\n"
         "%void = OpTypeVoid\n"
         "%uint = OpTypeInt 32 0\n"
         "%c1 = OpConstant %uint 1\n"
         "%c2 = OpConstant %uint 2\n"
         "%sem = OpConstant %uint 520\n"  // CrossWorkgroupMemory | AcquireRelease
         "%ptr = OpTypePointer CrossWorkgroup %uint\n"
         "%kf = OpTypeFunction %void %ptr\n"
         "%k = OpFunction %void None %kf\n"
         "%buf = OpFunctionParameter %ptr\n"
         "%l = OpLabel\n"
         "%p = OpInBoundsPtrAccessChain %ptr %buf %c2\n"
         "OpStore %p %c1\n"
         "%o = OpAtomicExchange %uint %buf %c2 %sem %c2\n"
         "OpControlBarrier %c2 %c2 %sem\n"
         "%cas = OpAtomicCompareExchange %uint %buf %c2 %sem %sem %c2 %c1\n"
         "OpReturn\n"
         "OpFunctionEnd\n";
}

TEST(SpirvLowering, OpenclKernelsTakeBuffersAsArguments) {
  core::Program p = parse(openclKernel());
  EXPECT_EQ(p.target, &core::openclTarget());
  ASSERT_EQ(p.memory.size(), 3u);
  EXPECT_EQ(p.memory[2].name, "%buf[2]");
  EXPECT_EQ(p.memory[2].initialValue, 3);
  EXPECT_EQ(tagNames(p.memory[2].initTags), (Tags{"GLOBAL"}));
  const core::Thread& t = p.threads[1];
  EXPECT_EQ(core::scopeKey(t.scopes[0].level), "ALL");
  EXPECT_EQ(core::scopeKey(t.scopes[2].level), "WG");
  EXPECT_EQ(t.scopes[2].id, 1);
  const core::Instruction* store = instructionsOf(t, InstructionKind::Store).at(0);
  EXPECT_EQ(locationOf(p, store).name, "%buf[2]");
  EXPECT_EQ(tagNames(store->tags), (Tags{"GLOBAL", "M", "W", "_"}));
  const core::Instruction* rmw = instructionsOf(t, InstructionKind::Rmw).at(0);
  EXPECT_EQ(tagNames(rmw->tags), (Tags{"ACQ", "GLOBAL", "M", "R", "RMW", "WG", "_"}));
  EXPECT_EQ(instructionsOf(t, InstructionKind::Rmw).at(1)->access().rmwOp, core::RmwOp::CompareExchange);
  EXPECT_EQ(tagNames(rmw->access().storeTags), (Tags{"GLOBAL", "M", "REL", "RMW", "W", "WG", "_"}));
  EXPECT_EQ(tagNames(instructionsOf(t, InstructionKind::Barrier).at(0)->tags),
            (Tags{"ACQ", "F", "GLOBAL", "REL", "WG", "_"}));
}

// Regression: llvm-spirv writes barrier(CLK_GLOBAL_MEM_FENCE) as semantics 0x210 (SequentiallyConsistent |
// CrossWorkgroupMemory). An SC tag on the barrier put every synchronising pair of barrier events in a cycle
// of opencl.cat's scoped SC order, so no execution passed a barrier. OpenCL barriers are acquire-release
// fences; a seq_cst OpMemoryBarrier stays SC.
// A scalar kernel argument without @Input may be any value, one per thread (as Dat3M's uninitialized
// register): each thread loads it once from a location of its own that nothing writes.
TEST(SpirvLowering, ScalarKernelArgumentsWithoutInputAreUnknownPerThread) {
  std::string text = openclKernel();
  replaceOnce(text, "%kf = OpTypeFunction %void %ptr", "%kf = OpTypeFunction %void %ptr %uint");
  replaceOnce(text, "%l = OpLabel\n",
              "%n = OpFunctionParameter %uint\n"
              "%l = OpLabel\n");
  replaceOnce(text, "OpStore %p %c1", "OpStore %p %n");
  core::Program p = parse(text);
  for (size_t t = 0; t < 2; ++t) {
    const core::Instruction* load = instructionsOf(p.threads[t], InstructionKind::Load).at(0);
    const core::MemoryObject& argument = locationOf(p, load);
    EXPECT_EQ(argument.name, "%n@P" + std::to_string(t));
    EXPECT_TRUE(argument.initialValueUnknown);
    const core::Instruction* store = instructionsOf(p.threads[t], InstructionKind::Store).at(0);
    ASSERT_TRUE(load->reg.has_value());
    EXPECT_EQ(store->value.op, core::ExprOp::Register);
    EXPECT_EQ(store->value.reg, *load->reg);
  }
}

// OpenCL lays a 3-component vector out as a 4-component one, aligned to its size (OpenCL C 3.0 §6.3.5): an
// array of uint3 has a 16-byte stride. A Vulkan module's vector is its components.
TEST(SpirvLowering, OpenclThreeComponentVectorsTakeTheSizeOfFour) {
  std::string text = openclKernel();
  replaceOnce(text, "%ptr = OpTypePointer",
              "%v3 = OpTypeVector %uint 3\n%arr = OpTypeArray %v3 %c2\n"
              "%ptr_arr = OpTypePointer CrossWorkgroup %arr\n%ptr_v3 = OpTypePointer CrossWorkgroup %v3\n"
              "%ptr = OpTypePointer");
  replaceOnce(text, "%kf = OpTypeFunction",
              "%g = OpVariable %ptr_arr CrossWorkgroup\n"
              "%kf = OpTypeFunction");
  replaceOnce(text, "OpStore %p %c1", "%e = OpInBoundsAccessChain %ptr_v3 %g %c1\n%v = OpLoad %v3 %e");
  core::Program p = parse(text);
  auto loads = instructionsOf(p.threads[0], InstructionKind::Load);
  ASSERT_EQ(loads.size(), 3u);
  const core::MemoryObject& second = locationOf(p, loads[0]);
  EXPECT_EQ(second.name, "%g[1][0]");
  auto first = std::find_if(p.memory.begin(), p.memory.end(),
                            [](const core::MemoryObject& m) { return m.name == "%g[0][0]"; });
  ASSERT_NE(first, p.memory.end());
  EXPECT_EQ(second.address - first->address, 16);
}

TEST(SpirvLowering, OpenclBarriersWithSeqCstSemanticsAreAcquireRelease) {
  std::string text = openclKernel();
  replaceOnce(text, "OpControlBarrier %c2 %c2 %sem",
              "OpControlBarrier %c2 %c2 %seqcst\nOpMemoryBarrier %c2 %seqcst");
  replaceOnce(text, "%ptr = OpTypePointer",
              "%seqcst = OpConstant %uint 528\n"
              "%ptr = OpTypePointer");
  core::Program p = parse(text);
  const core::Thread& t = p.threads[0];
  EXPECT_EQ(tagNames(instructionsOf(t, InstructionKind::Barrier).at(0)->tags),
            (Tags{"ACQ", "F", "GLOBAL", "REL", "WG", "_"}));
  EXPECT_EQ(tagNames(instructionsOf(t, InstructionKind::Fence).at(0)->tags),
            (Tags{"F", "GLOBAL", "SC", "WG", "_"}));
}

TEST(SpirvLowering, BinaryModulesParse) {
  std::string text = vulkanModule("", "OpStore %y %c2\n");
  spv_context context = spvContextCreate(SPV_ENV_UNIVERSAL_1_6);
  spv_binary binary = nullptr;
  ASSERT_EQ(spvTextToBinary(context, text.data(), text.size(), &binary, nullptr), SPV_SUCCESS);
  std::string bytes(reinterpret_cast<const char*>(binary->code), binary->wordCount * 4);
  spvBinaryDestroy(binary);
  spvContextDestroy(context);
  core::Program p = parse(bytes);
  const core::Instruction* store = instructionsOf(p.threads[0], InstructionKind::Store).at(0);
  EXPECT_EQ(store->value.constant, 2);
  EXPECT_NE(store->text.find("OpStore"), std::string::npos);
}

}  // namespace
}  // namespace catcheck::frontends
