// tcgen05 in the PTX kernel front end (frontends/ptx/PtxKernelTensor.cpp): the allocation and the address a
// thread reads back, the lanes and columns tcgen05.ld / st reach, the accesses of one mma and their tags,
// the commit's arrival, and the forms that are input errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "PtxModuleTestSupport.h"
#include "core/ir/Program.h"
#include "frontends/ptx/PtxKernel.h"

namespace catcheck::frontends::ptx {
namespace {

// A kernel with a 4-byte slot for the tensor address, an mbarrier and 2 KB of shared memory for operands.
std::string kernel(const std::string& body) {
  return ".version 8.6\n.target sm_100a\n.address_size 64\n"
         ".shared .align 4 .u32 slot;\n.shared .align 8 .u64 bar;\n.shared .align 128 .b8 sa[2048];\n"
         ".visible .entry k(.param .u64 k_param_0)\n{\n"
         ".reg .pred %p<4>;\n.reg .b32 %r<32>;\n.reg .b64 %rd<8>;\n" +
         body + "\nret;\n}\n";
}

core::Program lower(const std::string& text, long long threads) {
  KernelLaunch launch;
  launch.block.x = threads;
  launch.arguments[0] = KernelArgument{KernelArgument::Kind::Buffer, 0, 64, false};
  return lowerKernel(parsePtxModule(text, "k.ptx"), launch, text);
}

std::string errorOf(const std::string& body, long long threads = 32) {
  try {
    lower(kernel(body), threads);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "";
}

// Warp 0 allocates 32 columns and every thread reads the address back after the barrier.
const char* const kAllocate =
    "mov.u32 %r1, %tid.x;\n"
    "setp.gt.u32 %p1, %r1, 31;\n"
    "@%p1 bra $SKIP;\n"
    "mov.u32 %r2, slot;\n"
    "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 32;\n"
    "tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n"
    "$SKIP:\n"
    "tcgen05.fence::before_thread_sync;\n"
    "bar.sync 0;\n"
    "tcgen05.fence::after_thread_sync;\n"
    "ld.shared.u32 %r3, [slot];\n";

// The names of the locations a thread's instructions tagged `tag` access.
std::set<std::string> cellsTagged(const core::Program& program, size_t thread, const std::string& tag) {
  std::set<std::string> names;
  for (const core::Instruction& in : program.threads.at(thread).code) {
    if (!in.isAccess() || !in.tags.has(tag)) continue;
    EXPECT_GE(in.access().address, 0) << in.text;  // the address read back is the allocation's
    if (in.access().address >= 0)
      names.insert(program.memory.at(static_cast<size_t>(in.access().address)).name);
  }
  return names;
}

TEST(PtxKernelTensor, LoadsAndStoresReachTheirWarpsLanesAtTheAllocatedColumns) {
  std::string body = std::string(kAllocate) +
                     "add.s32 %r4, %r3, 4;\n"
                     "tcgen05.st.sync.aligned.32x32b.x2.b32 [%r4], {%r1, %r1};\n"
                     "tcgen05.wait::st.sync.aligned;\n"
                     "tcgen05.ld.sync.aligned.32x32b.x1.b32 {%r5}, [%r3];\n"
                     "tcgen05.wait::ld.sync.aligned;\n";
  core::Program program = lower(kernel(body), 64);
  EXPECT_EQ(cellsTagged(program, 3, "TCST"), (std::set<std::string>{"tmem[3][4]", "tmem[3][5]"}));
  EXPECT_EQ(cellsTagged(program, 33, "TCST"), (std::set<std::string>{"tmem[33][4]", "tmem[33][5]"}));
  EXPECT_EQ(cellsTagged(program, 33, "TCLD"), (std::set<std::string>{"tmem[33][0]"}));
  // Lane 0 of warp 0 writes the address (lane 0, column 0) to the slot; nobody else does.
  auto writesSlot = [&](size_t t) {
    const auto& code = program.threads[t].code;
    return std::any_of(code.begin(), code.end(), [&](const core::Instruction& in) {
      return in.kind == core::InstructionKind::Store && !in.tags.has("ASYNC");
    });
  };
  EXPECT_TRUE(writesSlot(0));
  EXPECT_FALSE(writesSlot(1));
  EXPECT_FALSE(writesSlot(32));
  std::set<std::string> markers;
  for (const core::Instruction& in : program.threads[3].code)
    for (const char* tag : {"TCWAIT_ST", "TCWAIT_LD", "TCFENCE_BEFORE", "TCFENCE_AFTER"})
      if (in.kind == core::InstructionKind::Visible && in.tags.has(tag)) markers.insert(tag);
  EXPECT_EQ(markers.size(), 4u);
}

TEST(PtxKernelTensor, AnMmaReadsEveryOperandWordAndWritesTheAccumulatorTile) {
  // A at sa (64 rows), B 1 KB further (8 rows), no swizzle, LBO 128, SBO 256; idesc: f32 D, M 64, N 8.
  unsigned long long layout = (128ULL >> 4) << 16 | (256ULL >> 4) << 32 | 1ULL << 46;
  unsigned idesc = (1u << 4) | (1u << 17) | (4u << 24);
  std::string body = std::string(kAllocate) +
                     "mov.u32 %r8, sa;\ncvt.u64.u32 %rd3, %r8;\nshr.u64 %rd3, %rd3, 4;\n"
                     "or.b64 %rd1, %rd3, " +
                     std::to_string(layout) +
                     ";\nadd.s64 %rd2, %rd1, 64;\n"
                     "mov.b32 %r6, " +
                     std::to_string(idesc) +
                     ";\nsetp.ne.b32 %p2, %r1, %r1;\n"
                     "tcgen05.mma.cta_group::1.kind::f16 [%r3], %rd1, %rd2, %r6, %p2;\n"
                     "mov.u32 %r7, bar;\n"
                     "tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%r7];\n";
  core::Program program = lower(kernel(body), 1);
  size_t reads = 0, writes = 0, commits = 0;
  std::set<std::string> accumulator;
  for (const core::Instruction& in : program.threads[0].code) {
    if (in.tags.has("TCCOMMIT")) ++commits;
    if (!in.tags.has("TCMMA")) continue;
    EXPECT_TRUE(in.tags.has("AOP") && in.tags.has("ASYNC") && in.tags.has("WEAK")) << in.text;
    if (in.kind == core::InstructionKind::Load) ++reads;
    if (in.kind == core::InstructionKind::Store) {
      ++writes;
      accumulator.insert(program.memory.at(static_cast<size_t>(in.access().address)).name);
    }
  }
  EXPECT_EQ(reads, (64u + 8u) * 8u);  // enable-input-d is false: the old accumulator is not read
  EXPECT_EQ(writes, 64u * 8u);
  EXPECT_EQ(commits, 1u);
  // Layout F: row 15 in lane 15, row 16 in lane 32, row 63 in lane 111.
  EXPECT_TRUE(accumulator.count("tmem[15][7]") && accumulator.count("tmem[32][0]") &&
              accumulator.count("tmem[111][7]"));
  EXPECT_FALSE(accumulator.count("tmem[16][0]"));
}

TEST(PtxKernelTensor, FormsNotModelledAreInputErrors) {
  std::string allocate(kAllocate);
  EXPECT_NE(errorOf(allocate + "tcgen05.ld.sync.aligned.16x64b.x1.b32 {%r5}, [%r3];").find(".16x64b shape"),
            std::string::npos);
  EXPECT_NE(errorOf(allocate + "tcgen05.ld.sync.aligned.32x32b.x2.b32 {%r5}, [%r3];").find("2 registers"),
            std::string::npos);
  // A repetition count past any int (found by reading the code: std::stoi threw out of range).
  EXPECT_NE(errorOf(allocate + "tcgen05.ld.sync.aligned.32x32b.x99999999999.b32 {%r5}, [%r3];")
                .find("needs a shape, .xN"),
            std::string::npos);
  EXPECT_NE(errorOf("mov.u32 %r2, slot;\ntcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 48;")
                .find("48 columns"),
            std::string::npos);
  // One allocation site reached by two warps of a CTA.
  EXPECT_NE(
      errorOf("mov.u32 %r2, slot;\ntcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r2], 32;", 64)
          .find("two warps"),
      std::string::npos);
  EXPECT_NE(
      errorOf("tcgen05.shift.cta_group::1.down [%r3];").find("unsupported PTX instruction 'tcgen05.shift"),
      std::string::npos);
  EXPECT_NE(errorOf(allocate + "mov.b32 %r6, 16;\ntcgen05.mma.cta_group::1.kind::f16 [%r3], 0, 0, %r6, %p1;")
                .find("M = 0"),
            std::string::npos);
}

}  // namespace
}  // namespace catcheck::frontends::ptx
