// The PTX kernel front end on small kernels: the launch's placement, the specialiser's folding (addresses
// become locations, branches on the thread id vanish, loops the launch fixes unroll), spin loops that stay
// loops, the §5.5 barrier copies, and the input errors of a launch.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "PtxModuleTestSupport.h"
#include "core/ir/Program.h"
#include "core/ir/Warps.h"
#include "frontends/ptx/PtxKernel.h"

namespace catcheck::frontends::ptx {
namespace {

using testing::kHeader;

std::string kernel(const std::string& body, const std::string& params = ".param .u64 k_param_0") {
  return kHeader + ".shared .align 4 .b8 s[64];\n.visible .entry k(" + params + ")\n{\n" + body + "\n}\n";
}

core::Program lower(const std::string& text, KernelLaunch launch) {
  return lowerKernel(parsePtxModule(text, "k.ptx"), launch, text);
}

KernelLaunch launchOf(long long threads, long long ctas = 1) {
  KernelLaunch launch;
  launch.grid.x = ctas;
  launch.block.x = threads;
  launch.arguments[0] = KernelArgument{KernelArgument::Kind::Buffer, 0, 64, false};
  return launch;
}

size_t count(const core::Thread& thread, core::InstructionKind kind) {
  return static_cast<size_t>(std::count_if(thread.code.begin(), thread.code.end(),
                                           [&](const core::Instruction& in) { return in.kind == kind; }));
}

std::string errorOf(const std::string& text, const KernelLaunch& launch) {
  try {
    lower(text, launch);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

const char* const kStoreByTid =
    ".reg .b32 %r<4>;\n"
    "mov.u32 %r1, %tid.x;\n"
    "shl.b32 %r2, %r1, 2;\n"
    "mov.u32 %r3, s;\n"
    "add.s32 %r3, %r3, %r2;\n"
    "st.shared.u32 [%r3], %r1;\n"
    "ret;";

TEST(PtxKernel, ThreadsArePlacedAsCudaNumbersThem) {
  KernelLaunch launch = launchOf(40, 2);
  core::Program program = lower(kernel(kStoreByTid), launch);
  ASSERT_EQ(program.threads.size(), 80u);
  EXPECT_EQ(program.language, core::SourceLanguage::PtxKernel);
  EXPECT_EQ(program.threads[33].warp, 1);
  EXPECT_EQ(core::scopeKey(program.threads[45].scopes.back().level), "CTA");
  EXPECT_EQ(program.threads[45].scopes.back().id, 1);
}

TEST(PtxKernel, AddressesTheLaunchFixesNameTheirLocation) {
  core::Program program = lower(kernel(kStoreByTid), launchOf(4));
  for (int t = 0; t < 4; ++t) {
    const core::Thread& thread = program.threads[static_cast<size_t>(t)];
    ASSERT_EQ(count(thread, core::InstructionKind::Store), 1u);
    auto store = std::find_if(thread.code.begin(), thread.code.end(), [](const core::Instruction& in) {
      return in.kind == core::InstructionKind::Store;
    });
    ASSERT_GE(store->access().address, 0);
    EXPECT_EQ(program.memory[static_cast<size_t>(store->access().address)].name,
              "s[" + std::to_string(t) + "]");
    EXPECT_TRUE(store->value.isConstant());
    EXPECT_EQ(store->value.constant, t);
  }
}

// Regression: the statics of a function (`_ZZ1kvE1a`) were all named after the function, so two locations
// could share a name, and the engines, which name locations by it, merged them (a race was missed).
TEST(PtxKernel, StaticVariablesKeepTheirOwnNames) {
  std::string text = kHeader +
                     ".visible .entry _Z1kv()\n{\n.shared .align 4 .b8 _ZZ1kvE1a[4];\n"
                     ".shared .align 8 .b8 _ZZ1kvE1b[8];\nst.shared.u32 [_ZZ1kvE1a], 1;\n"
                     "mbarrier.init.shared.b64 [_ZZ1kvE1b], 1;\nret;\n}\n";
  KernelLaunch launch;
  core::Program program = lower(text, launch);
  ASSERT_EQ(program.memory.size(), 2u);
  EXPECT_EQ(program.memory[0].name, "a");
  EXPECT_EQ(program.memory[1].name, "b");
}

TEST(PtxKernel, LoopsTheLaunchFixesUnrollCompletely) {
  std::string body =
      ".reg .pred %p<2>;\n.reg .b32 %r<3>;\n"
      "mov.u32 %r1, %ntid.x;\n"
      "$L_loop:\n"
      "bar.sync 0;\n"
      "shr.u32 %r1, %r1, 1;\n"
      "setp.ne.s32 %p1, %r1, 0;\n"
      "@%p1 bra $L_loop;\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(8));
  EXPECT_EQ(count(program.threads[0], core::InstructionKind::Barrier), 4u);  // 8 4 2 1
  EXPECT_EQ(count(program.threads[0], core::InstructionKind::Jump), 1u);     // the final jump to the end
}

TEST(PtxKernel, SpinLoopsOnLoadedValuesStayLoops) {
  std::string body =
      ".reg .pred %p<2>;\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n"
      "ld.param.u64 %rd1, [k_param_0];\n"
      "$L_spin:\n"
      "ld.volatile.global.u32 %r1, [%rd1];\n"
      "setp.eq.s32 %p1, %r1, 0;\n"
      "@%p1 bra $L_spin;\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(1));
  const core::Thread& thread = program.threads[0];
  EXPECT_EQ(count(thread, core::InstructionKind::Load), 2u);  // the first iteration, then the loop block
  auto conditional = std::count_if(thread.code.begin(), thread.code.end(), [](const core::Instruction& in) {
    return in.kind == core::InstructionKind::Jump && in.branch().condition.has_value();
  });
  EXPECT_EQ(conditional, 2);
  // the loop's block names where the loop is (a spinning thread's witness quotes it)
  for (const core::Instruction& in : thread.code) {
    if (in.kind == core::InstructionKind::Label && in.branch().label != "end") {
      EXPECT_GT(in.location.line, 0) << in.branch().label;
    }
  }
}

// nvcc -G and clang -O0 put a spin loop's exit test and its back-edge in separate blocks; the exit block
// is reached first. The IR reads every backward jump as a loop's back-edge, so the exit block must come
// after the loop's: the only backward jump left is the loop's own (regression: a false hang, leaving the
// loop counted as one more iteration).
TEST(PtxKernel, ALoopsExitBlockComesAfterTheLoop) {
  std::string body =
      ".reg .pred %p<3>;\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n"
      "ld.param.u64 %rd1, [k_param_0];\n"
      "$L_head:\n"
      "ld.volatile.global.u32 %r1, [%rd1];\n"
      "setp.ne.s32 %p1, %r1, 0;\n"
      "@%p1 bra $L_exit;\n"
      "bra.uni $L_latch;\n"
      "$L_latch:\n"
      "bra.uni $L_head;\n"
      "$L_exit:\n"
      "st.volatile.global.u32 [%rd1+4], %r1;\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(1));
  const std::vector<core::Instruction>& code = program.threads[0].code;
  std::map<std::string, size_t> labelAt;
  for (size_t i = 0; i < code.size(); ++i)
    if (code[i].kind == core::InstructionKind::Label) labelAt[code[i].branch().label] = i;
  size_t storeAt = static_cast<size_t>(
      std::find_if(code.begin(), code.end(),
                   [](const core::Instruction& in) { return in.kind == core::InstructionKind::Store; }) -
      code.begin());
  int backward = 0;
  for (size_t i = 0; i < code.size(); ++i) {
    if (code[i].kind != core::InstructionKind::Jump || labelAt.at(code[i].branch().label) > i) continue;
    ++backward;
    EXPECT_LT(i, storeAt) << "a backward jump after the exit block's store";
  }
  EXPECT_EQ(backward, 1);
}

// On the side of a branch where the condition fixes a loaded value (here: it is 2 unless the branch is
// taken), that value is a constant: the store's address s + 4 * v names s[2]. Without it the address stays
// symbolic, computed from memory.
TEST(PtxKernel, ABranchOutcomeFixesTheValueItCompares) {
  std::string body =
      ".reg .pred %p<2>;\n.reg .b32 %r<5>;\n"
      "ld.volatile.shared.u32 %r1, [s];\n"
      "setp.ne.s32 %p1, %r1, 2;\n"
      "@%p1 bra $L_done;\n"
      "shl.b32 %r2, %r1, 2;\n"
      "mov.u32 %r3, s;\n"
      "add.s32 %r4, %r3, %r2;\n"
      "st.shared.u32 [%r4], %r1;\n"
      "$L_done:\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(1));
  const core::Thread& thread = program.threads[0];
  auto store = std::find_if(thread.code.begin(), thread.code.end(), [](const core::Instruction& in) {
    return in.kind == core::InstructionKind::Store;
  });
  ASSERT_NE(store, thread.code.end());
  ASSERT_GE(store->access().address, 0);
  EXPECT_EQ(program.memory[static_cast<size_t>(store->access().address)].name, "s[2]");
  ASSERT_TRUE(store->value.isConstant());
  EXPECT_EQ(store->value.constant, 2);
}

// Found by fuzz_ptx-kernel: a loop whose condition the launch fixes to true, with a load in its body, was
// unrolled 1 024 times in each thread before it became a loop (66 threads: 67 000 loads, out of memory).
// Its constants repeat at the second visit, so it is a loop of the IR from there.
TEST(PtxKernel, ALoopThatRunsForeverBecomesALoopAtOnce) {
  std::string body =
      ".reg .pred %p<2>;\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n"
      "ld.param.u64 %rd1, [k_param_0];\n"
      "mov.u32 %r2, 0;\n"
      "$L_forever:\n"
      "ld.volatile.global.u32 %r1, [%rd1];\n"
      "setp.eq.s32 %p1, %r2, 0;\n"
      "@%p1 bra $L_forever;\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(1));
  EXPECT_LE(count(program.threads[0], core::InstructionKind::Load), 3u);
  EXPECT_GE(count(program.threads[0], core::InstructionKind::Jump), 1u);
}

TEST(PtxKernel, AThreadThatSkipsSyncthreadsHoldsAnUnreachableCopy) {
  std::string body =
      ".reg .pred %p<2>;\n.reg .b32 %r<3>;\n"
      "mov.u32 %r1, %tid.x;\n"
      "setp.ne.s32 %p1, %r1, 0;\n"
      "@%p1 bra $L_skip;\n"
      "bar.sync 0;\n"
      "$L_skip:\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(2));
  ASSERT_EQ(count(program.threads[1], core::InstructionKind::Barrier), 1u);
  const core::Instruction& last = program.threads[1].code.back();
  EXPECT_EQ(last.kind, core::InstructionKind::Label);
  const core::Instruction& copy = program.threads[1].code[program.threads[1].code.size() - 2];
  EXPECT_EQ(copy.kind, core::InstructionKind::Barrier);
  EXPECT_EQ(copy.barrier().instance, "bar0#1");
}

TEST(PtxKernel, LaunchErrorsNameWhatIsMissing) {
  KernelLaunch none;
  EXPECT_NE(errorOf(kernel(kStoreByTid), none).find("kernel parameter 0 (k_param_0) has no value"),
            std::string::npos);
  KernelLaunch wrongName = launchOf(1);
  wrongName.kernel = "other";
  EXPECT_NE(errorOf(kernel(kStoreByTid), wrongName).find("no kernel named 'other'; the module's kernels: k"),
            std::string::npos);
}

TEST(PtxKernel, AnInstructionNotModelledIsAnErrorAtItsPosition) {
  std::string body = ".reg .pred %p<2>;\n.reg .b32 %r<3>;\naddc.u32 %r1, %r2, %r2;\nret;";
  std::string error = errorOf(kernel(body), launchOf(1));
  EXPECT_NE(error.find("k.ptx:9:1: error: unsupported PTX instruction 'addc.u32'"), std::string::npos)
      << error;
}

// barrier.cluster: a split barrier of the cluster; every thread's k-th arrive and wait join "cluster#k".
TEST(PtxKernel, ClusterBarriersAreSplitBarriersOfTheCluster) {
  KernelLaunch launch = launchOf(2, 2);
  launch.cluster.x = 2;
  core::Program program =
      lower(kernel("barrier.cluster.arrive.relaxed.aligned;\nbarrier.cluster.wait.aligned;\nret;"), launch);
  ASSERT_EQ(program.threads.size(), 4u);
  for (const core::Thread& thread : program.threads) {
    ASSERT_EQ(count(thread, core::InstructionKind::Barrier), 2u);
    const core::Instruction& arrive = thread.code[0];
    const core::Instruction& wait = thread.code[1];
    EXPECT_TRUE(arrive.barrier().arriveOnly);
    EXPECT_FALSE(wait.barrier().arriveOnly);
    EXPECT_EQ(core::scopeKey(arrive.barrier().scope), "CLUSTER");
    EXPECT_EQ(arrive.barrier().instance, "cluster#1");
    EXPECT_EQ(wait.barrier().instance, "cluster#1");
    EXPECT_TRUE(arrive.tags.has("RLX"));
    EXPECT_TRUE(wait.tags.has("ACQ"));
  }
}

// mapa names the peer CTA's copy of a shared variable; a store through it is a store there.
TEST(PtxKernel, MapaAddressesReachThePeerCtasSharedMemory) {
  KernelLaunch launch = launchOf(1, 2);
  launch.cluster.x = 2;
  std::string body =
      ".reg .b32 %r<5>;\n"
      "mov.u32 %r1, %cluster_ctarank;\n"
      "xor.b32 %r2, %r1, 1;\n"
      "mov.u32 %r3, s;\n"
      "mapa.shared::cluster.u32 %r4, %r3, %r2;\n"
      "st.shared::cluster.u32 [%r4], %r1;\n"
      "ret;";
  core::Program program = lower(kernel(body), launch);
  ASSERT_EQ(program.threads.size(), 2u);
  for (size_t t = 0; t < 2; ++t) {
    auto store =
        std::find_if(program.threads[t].code.begin(), program.threads[t].code.end(),
                     [](const core::Instruction& in) { return in.kind == core::InstructionKind::Store; });
    ASSERT_NE(store, program.threads[t].code.end());
    EXPECT_EQ(program.memory.at(static_cast<size_t>(store->access().address)).name,
              "s[0]@cta" + std::to_string(1 - t));
  }
  std::string outside =
      errorOf(kernel(".reg .b32 %r<2>;\nmapa.shared::cluster.u32 %r1, s, 2;\nret;"), launch);
  EXPECT_NE(outside.find("CTA rank 2, but the cluster has 2 CTAs (--cluster)"), std::string::npos) << outside;
}

// Floating point: comparisons are exact IEEE (1.0 < 2.0 folds to true), arithmetic a fixed function.
TEST(PtxKernel, MatchSyncBecomesAWarpPrimitive) {
  std::string body =
      ".reg .b32 %r<6>;\n.reg .b64 %rd<2>;\n.reg .pred %p<2>;\n"
      "mov.u32 %r1, %tid.x;\n"
      "match.any.sync.b32 %r2, %r1, -1;\n"
      "cvt.u64.u32 %rd1, %r1;\n"
      "match.all.sync.b64 %r3|%p1, %rd1, 3;\n"
      "selp.b32 %r4, 1, 0, %p1;\n"
      "st.shared.u32 [s], %r3;\n"
      "st.shared.u32 [s+4], %r4;\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(2));
  std::vector<const core::Instruction*> warps;
  for (const core::Instruction& in : program.threads[1].code)
    if (in.kind == core::InstructionKind::Warp) warps.push_back(&in);
  ASSERT_EQ(warps.size(), 2u);
  EXPECT_EQ(warps[0]->warp().op, core::WarpOp::MatchAny);
  EXPECT_EQ(warps[0]->warp().mask, 0xFFFFFFFFLL);
  EXPECT_EQ(warps[1]->warp().op, core::WarpOp::AllEqual) << "match.all: are all members' values equal";
  EXPECT_EQ(warps[1]->warp().mask, 3);
  EXPECT_EQ(warps[1]->value.width, 64);
  EXPECT_NE(errorOf(kernel(".reg .b32 %r<2>;\nmatch.any.sync.u32 %r1, 1, -1;\nret;"), launchOf(1)), "")
      << "match.sync takes .b32 and .b64 only";
}

// activemask: a collective of the lanes that reach the same dynamic instance; a shuffle whose mask is its
// value is dynamic too and keeps the value as its runtime mask. The leader's path runs the shuffle in another
// specialised block than the others' (its base is loaded, theirs is the constant 0), and both copies name
// one instance (regression: counting copies of the PTX line made them two instances, a false hang).
TEST(PtxKernel, ActiveMaskAndRuntimeMasksNameOneDynamicInstancePerPathRun) {
  std::string body =
      ".reg .b32 %r<8>;\n.reg .b64 %rd<2>;\n.reg .pred %p<3>;\n"
      "ld.param.u64 %rd1, [k_param_0];\n"
      "activemask.b32 %r1;\n"
      "mov.u32 %r2, %tid.x;\n"
      "mov.u32 %r3, 0;\n"
      "setp.ne.s32 %p1, %r2, 0;\n"
      "@%p1 bra DONE;\n"
      "ld.global.u32 %r3, [%rd1];\n"
      "DONE:\n"
      "shfl.sync.idx.b32 %r4|%p2, %r3, 0, 31, %r1;\n"
      "st.global.u32 [%rd1], %r4;\n"
      "ret;";
  KernelLaunch launch = launchOf(3);
  core::Program program = lower(kernel(body), launch);
  std::vector<std::vector<const core::Instruction*>> warps(3);
  for (size_t t = 0; t < 3; ++t)
    for (const core::Instruction& in : program.threads[t].code)
      if (in.kind == core::InstructionKind::Warp) warps[t].push_back(&in);
  for (size_t t = 0; t < 3; ++t) {
    ASSERT_EQ(warps[t].size(), 2u) << "thread " << t;
    EXPECT_EQ(warps[t][0]->warp().op, core::WarpOp::ActiveMask);
    EXPECT_TRUE(warps[t][0]->warp().dynamic);
    EXPECT_EQ(warps[t][0]->warp().mask, 7) << "the launched lanes";
    EXPECT_FALSE(core::synchronisesLanes(warps[t][0]->warp().op));
    EXPECT_EQ(warps[t][1]->warp().op, core::WarpOp::ShuffleIdx);
    EXPECT_TRUE(warps[t][1]->warp().dynamic);
    ASSERT_TRUE(warps[t][1]->warp().runtimeMask.has_value());
    EXPECT_FALSE(warps[t][1]->warp().runtimeMask->isConstant());
    EXPECT_EQ(warps[t][0]->warp().instance, warps[0][0]->warp().instance);
    EXPECT_EQ(warps[t][1]->warp().instance, warps[0][1]->warp().instance);
  }
  EXPECT_NE(warps[0][0]->warp().instance, warps[0][1]->warp().instance);
}

// cp.async copies in 4-byte granules of one asynchronous operation; granules past src-size write zeros
// without reading, a true ignore-src reads nothing, and the group markers follow.
TEST(PtxKernel, CpAsyncCopiesGranulesAndZeroFillsPastSrcSize) {
  auto copyWith = [](const std::string& tail) {
    std::string body =
        ".reg .pred %p<2>;\n.reg .b32 %r<3>;\n.reg .b64 %rd<3>;\n"
        "ld.param.u64 %rd1, [k_param_0];\n"
        "mov.u32 %r1, s;\n"
        "setp.eq.s32 %p1, %r1, %r1;\n"
        "cp.async.cg.shared.global [%r1], [%rd1], 16" +
        tail +
        ";\n"
        "cp.async.commit_group;\ncp.async.wait_group 0;\nret;";
    return lower(kernel(body), launchOf(1)).threads[0];
  };
  core::Thread full = copyWith("");
  EXPECT_EQ(count(full, core::InstructionKind::Load), 4u);  // ld.param reads the launch, no event
  EXPECT_EQ(count(full, core::InstructionKind::Store), 4u);
  EXPECT_EQ(count(full, core::InstructionKind::Visible), 2u);  // commit, wait
  for (const core::Instruction& in : full.code) {
    if (in.kind == core::InstructionKind::Store) {
      EXPECT_TRUE(in.tags.has("CPA") && in.tags.has("AOP")) << in.text;
    }
  }
  core::Thread half = copyWith(", 8");
  EXPECT_EQ(count(half, core::InstructionKind::Load), 2u);
  EXPECT_EQ(count(half, core::InstructionKind::Store), 4u);
  core::Thread ignored = copyWith(", %p1");
  EXPECT_EQ(count(ignored, core::InstructionKind::Load), 0u);
  EXPECT_NE(errorOf(kernel(".reg .b32 %r<2>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [k_param_0];\n"
                           "mov.u32 %r1, s;\ncp.async.mbarrier.arrive.shared.b64 [%r1];\nret;"),
                    launchOf(1))
                .find("without .noinc"),
            std::string::npos);
}

TEST(PtxKernel, AtomIncAndDecWrapAtTheirOperand) {
  std::string body =
      ".reg .b32 %r<3>;\n.reg .b64 %rd<2>;\n"
      "ld.param.u64 %rd1, [k_param_0];\n"
      "atom.global.inc.u32 %r1, [%rd1], 3;\n"
      "red.relaxed.gpu.global.dec.u32 [%rd1], 3;\n"
      "ret;";
  core::Thread thread = lower(kernel(body), launchOf(1)).threads[0];
  std::vector<core::RmwOp> ops;
  for (const core::Instruction& in : thread.code)
    if (in.kind == core::InstructionKind::Rmw) ops.push_back(in.access().rmwOp);
  EXPECT_EQ(ops, (std::vector<core::RmwOp>{core::RmwOp::WrappingIncrement, core::RmwOp::WrappingDecrement}));
  std::string signedInc =
      ".reg .b32 %r<3>;\n.reg .b64 %rd<2>;\nld.param.u64 %rd1, [k_param_0];\n"
      "atom.global.inc.s32 %r1, [%rd1], 3;\nret;";
  EXPECT_NE(errorOf(kernel(signedInc), launchOf(1)).find("atom.inc is defined for .u32 only"),
            std::string::npos);
}

TEST(PtxKernel, FloatingPointInstructionsLower) {
  std::string body =
      ".reg .f32 %f<4>;\n.reg .pred %p<2>;\n"
      "setp.lt.f32 %p1, 0f3F800000, 0f40000000;\n"
      "selp.f32 %f1, 0f3F800000, 0f40000000, %p1;\n"
      "add.rn.f32 %f2, %f1, 0f00000000;\n"
      "fma.rn.f32 %f3, %f2, %f2, %f1;\n"
      "st.shared.f32 [s], %f2;\n"
      "st.shared.f32 [s+4], %f3;\n"
      "ret;";
  core::Program program = lower(kernel(body), launchOf(1));
  std::vector<long long> stored;
  for (const core::Instruction& in : program.threads[0].code)
    if (in.kind == core::InstructionKind::Store && in.value.isConstant()) stored.push_back(in.value.constant);
  ASSERT_EQ(stored.size(), 2u);
  EXPECT_EQ(stored[0], 0x3F800000) << "1.0 < 2.0 selects 1.0, and 1.0 + 0 is 1.0";
  EXPECT_NE(stored[1], 0x3F800000);
}

// The constants the shared stores of `body` write, in order (the launch folds everything here).
std::vector<long long> storedConstants(const std::string& body) {
  core::Program program = lower(kernel(body), launchOf(1));
  std::vector<long long> stored;
  for (const core::Instruction& in : program.threads[0].code)
    if (in.kind == core::InstructionKind::Store && in.value.isConstant()) stored.push_back(in.value.constant);
  return stored;
}

TEST(PtxKernel, DoublesLowerExactlyWhereIeeeIsExact) {
  std::string body =
      ".reg .f64 %fd<4>;\n.reg .pred %p<3>;\n.reg .b32 %r<3>;\n"
      "setp.lt.f64 %p1, 0dBFF0000000000000, 0d3FF0000000000000;\n"  // -1.0 < 1.0
      "selp.u32 %r1, 1, 0, %p1;\n"
      "st.shared.u32 [s], %r1;\n"
      "neg.f64 %fd1, 0d3FF0000000000000;\n"
      "st.shared.f64 [s+8], %fd1;\n"
      "testp.infinite.f64 %p2, 0dFFF0000000000000;\n"
      "selp.u32 %r2, 1, 0, %p2;\n"
      "st.shared.u32 [s+16], %r2;\n"
      "add.rn.f64 %fd2, %fd1, 0d0000000000000000;\n"
      "st.shared.f64 [s+24], %fd2;\n"
      "ret;";
  std::vector<long long> stored = storedConstants(body);
  ASSERT_EQ(stored.size(), 4u);
  EXPECT_EQ(stored[0], 1);
  EXPECT_EQ(stored[1], static_cast<long long>(0xBFF0000000000000ULL)) << "-1.0";
  EXPECT_EQ(stored[2], 1) << "-infinity is infinite";
  EXPECT_EQ(stored[3], static_cast<long long>(0xBFF0000000000000ULL)) << "-1.0 + 0 is -1.0";
}

// bfind (CUDA's __ffs after brev, __clz's relative): the most significant bit that differs from the sign.
TEST(PtxKernel, BfindFindsTheMostSignificantBit) {
  std::string body =
      ".reg .b32 %r<6>;\n"
      "bfind.u32 %r1, 0x00010010;\n"
      "bfind.shiftamt.u32 %r2, 0x00010010;\n"
      "bfind.u32 %r3, 0;\n"
      "bfind.s32 %r4, -2;\n"
      "st.shared.u32 [s], %r1;\nst.shared.u32 [s+4], %r2;\nst.shared.u32 [s+8], %r3;\n"
      "st.shared.u32 [s+12], %r4;\nret;";
  EXPECT_EQ(storedConstants(body), (std::vector<long long>{16, 15, 0xFFFFFFFFLL, 0}));
}

// sad (CUDA's __sad, __usad): c + |a - b|, with a signed or an unsigned comparison by the type.
TEST(PtxKernel, SadAddsTheAbsoluteDifference) {
  std::string body =
      ".reg .b32 %r<4>;\n"
      "sad.s32 %r1, 3, 10, 1;\n"
      "sad.s32 %r2, -2, 5, 0;\n"
      "sad.u32 %r3, 0xFFFFFFFE, 5, 0;\n"
      "st.shared.u32 [s], %r1;\nst.shared.u32 [s+4], %r2;\nst.shared.u32 [s+8], %r3;\nret;";
  EXPECT_EQ(storedConstants(body), (std::vector<long long>{8, 7, 0xFFFFFFF9LL}));
}

// bar.red.popc.u32 d, a, b, c with b the CTA's thread count is the barrier without b; more threads reaching
// an instance than its count, and a count that is not a multiple of 32, are input errors.
TEST(PtxKernel, BarRedWithTheCtasThreadCountIsTheBarrierWithoutIt) {
  auto body = [](const std::string& count) {
    return ".reg .pred %p<2>;\n.reg .b32 %r<3>;\n"
           "mov.u32 %r1, %tid.x;\n"
           "setp.lt.u32 %p1, %r1, 4;\n"
           "bar.red.popc.u32 %r2, 0, " +
           count + "%p1;\nret;";
  };
  core::Program without = lower(kernel(body("")), launchOf(64));
  core::Program with = lower(kernel(body("64, ")), launchOf(64));
  ASSERT_EQ(with.threads.size(), without.threads.size());
  for (size_t t = 0; t < with.threads.size(); ++t) {
    ASSERT_EQ(with.threads[t].code.size(), without.threads[t].code.size());
    for (size_t i = 0; i < with.threads[t].code.size(); ++i)
      EXPECT_EQ(with.threads[t].code[i].kind, without.threads[t].code[i].kind);
  }
  // Both warps reaching one instance of count 32: two groups on one barrier resource, not modelled.
  EXPECT_NE(errorOf(kernel(body("32, ")), launchOf(64)).find("more than 32 threads reach bar.red instance"),
            std::string::npos);
  EXPECT_NE(errorOf(kernel(body("48, ")), launchOf(64)).find("a multiple of 32"), std::string::npos);
}

// A smaller count makes a named barrier of that quorum; the group's warps store their sums in the
// instance's slots and every member adds up all of them (the others' stay zero).
TEST(PtxKernel, BarRedWithASmallerCountIsANamedBarrierOfItsGroup) {
  std::string body =
      ".reg .pred %p<3>;\n.reg .b32 %r<3>;\n"
      "mov.u32 %r1, %tid.x;\n"
      "setp.ge.u32 %p2, %r1, 64;\n"
      "@%p2 bra $DONE;\n"
      "setp.lt.u32 %p1, %r1, 4;\n"
      "bar.red.popc.u32 %r2, 1, 64, %p1;\n"
      "$DONE:\nret;";
  core::Program program = lower(kernel(body), launchOf(96));
  for (size_t t : {0u, 63u}) {
    const core::Thread& thread = program.threads[t];
    auto barrier = std::find_if(thread.code.begin(), thread.code.end(), [](const core::Instruction& in) {
      return in.kind == core::InstructionKind::Barrier;
    });
    ASSERT_NE(barrier, thread.code.end());
    EXPECT_EQ(barrier->barrier().instance, "bar1#1");
    ASSERT_TRUE(barrier->barrier().quorum.has_value());
    EXPECT_EQ(barrier->barrier().quorum->constant, 64);
    EXPECT_EQ(count(thread, core::InstructionKind::Load), 3u);  // the three warps' slots
  }
  EXPECT_EQ(count(program.threads[64], core::InstructionKind::Barrier), 0u);
}

TEST(PtxKernel, EveryCorpusKernelWithoutAsynchronousCopiesLowers) {
  for (const std::string& path : testing::corpusFiles()) {
    std::string text = testing::readFile(path);
    if (text.find("mbarrier") != std::string::npos || text.find("cp.async") != std::string::npos) continue;
    Module module = parsePtxModule(text, path);
    KernelLaunch launch;
    launch.block.x = 64;  // two warps: bar_red_named_* reduce over one warp on a named barrier
    for (size_t i = 0; i < module.functions.back().params.size(); ++i)  // the kernel comes last
      launch.arguments[static_cast<int>(i)] = KernelArgument{KernelArgument::Kind::Buffer, 0, 256, true};
    EXPECT_NO_THROW(lowerKernel(module, launch, text)) << path;
  }
}

}  // namespace
}  // namespace catcheck::frontends::ptx
