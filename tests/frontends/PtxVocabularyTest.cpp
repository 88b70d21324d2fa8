// One home for PTX's words (frontends/ptx/PtxVocabulary.h): the litmus front end and the kernel front end
// read the same instruction into the same tags and operations, so that one model means the same for a
// litmus test and for a kernel. Each case writes one instruction both ways and compares what it lowers to.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "PtxModuleTestSupport.h"
#include "PtxTestSupport.h"
#include "core/ir/Program.h"
#include "frontends/Litmus.h"
#include "frontends/ptx/PtxKernel.h"

namespace catcheck::frontends::ptx {
namespace {

bool isEvent(const core::Instruction& in) {
  return in.kind == core::InstructionKind::Load || in.kind == core::InstructionKind::Store ||
         in.kind == core::InstructionKind::Rmw || in.kind == core::InstructionKind::Fence ||
         in.kind == core::InstructionKind::Warp;
}

// The one event instruction of thread 0.
core::Instruction onlyEvent(const core::Program& program) {
  const std::vector<core::Instruction>& code = program.threads.at(0).code;
  EXPECT_EQ(std::count_if(code.begin(), code.end(), isEvent), 1);
  auto found = std::find_if(code.begin(), code.end(), isEvent);
  return found == code.end() ? core::Instruction{} : *found;
}

// `cell` as the one instruction of a one-thread PTX litmus test over location x and register r0.
core::Instruction fromLitmus(const std::string& cell) {
  std::string text =
      "PTX vocabulary\n{\nx=0;\nP0:r0=0;\n}\n P0@cta 0,gpu 0 ;\n " + cell + " ;\nexists (P0:r0 == 0)\n";
  return onlyEvent(parseLitmusText(text, "vocabulary.litmus"));
}

// `instruction` as the one memory instruction of a one-thread kernel over shared word s and register %r1.
core::Instruction fromKernel(const std::string& instruction) {
  std::string text = testing::kHeader +
                     ".shared .align 4 .b32 s;\n.visible .entry k()\n{\n.reg .b32 %r<4>;\n" + instruction +
                     "\nret;\n}\n";
  KernelLaunch launch;
  return onlyEvent(lowerKernel(parsePtxModule(text, "k.ptx"), launch, text));
}

void expectAlike(const std::string& cell, const std::string& instruction) {
  SCOPED_TRACE(cell + "  /  " + instruction);
  core::Instruction litmus = fromLitmus(cell), kernel = fromKernel(instruction);
  EXPECT_EQ(litmus.kind, kernel.kind);
  EXPECT_EQ(frontends::testing::tagNames(litmus.tags), frontends::testing::tagNames(kernel.tags));
  if (litmus.kind == core::InstructionKind::Rmw) {
    EXPECT_EQ(frontends::testing::tagNames(litmus.access().storeTags),
              frontends::testing::tagNames(kernel.access().storeTags));
    EXPECT_EQ(litmus.access().rmwOp, kernel.access().rmwOp);
  }
  if (litmus.kind == core::InstructionKind::Warp) {
    EXPECT_EQ(litmus.warp().op, kernel.warp().op);
  }
}

TEST(PtxVocabulary, LoadsAndStoresOfEveryOrderAndScopeTagAlike) {
  expectAlike("ld.weak r0, x", "ld.shared.u32 %r1, [s];");
  expectAlike("ld.relaxed.cta r0, x", "ld.relaxed.cta.shared.u32 %r1, [s];");
  expectAlike("ld.acquire.gpu r0, x", "ld.acquire.gpu.shared.u32 %r1, [s];");
  expectAlike("ld.acquire.cluster r0, x", "ld.acquire.cluster.shared.u32 %r1, [s];");
  expectAlike("st.release.sys x, 1", "st.release.sys.shared.u32 [s], 1;");
  expectAlike("st.relaxed.gpu x, 1", "st.relaxed.gpu.shared.u32 [s], 1;");
}

TEST(PtxVocabulary, AtomicsSplitTheirOrderOverBothHalvesAlike) {
  expectAlike("atom.acq_rel.gpu.add r0, x, 1", "atom.acq_rel.gpu.shared.add.u32 %r1, [s], 1;");
  expectAlike("atom.acquire.cta.exch r0, x, 1", "atom.acquire.cta.shared.exch.b32 %r1, [s], 1;");
  expectAlike("atom.release.sys.or r0, x, 1", "atom.release.sys.shared.or.b32 %r1, [s], 1;");
  expectAlike("atom.relaxed.cluster.xor r0, x, 1", "atom.relaxed.cluster.shared.xor.b32 %r1, [s], 1;");
  expectAlike("red.release.gpu.add x, 1", "red.release.gpu.shared.add.u32 [s], 1;");
  expectAlike("atom.acquire.gpu.cas r0, x, 0, 1", "atom.acquire.gpu.shared.cas.b32 %r1, [s], 0, 1;");
}

TEST(PtxVocabulary, FencesAndWarpCollectivesAlike) {
  expectAlike("fence.sc.gpu", "fence.sc.gpu;");
  expectAlike("fence.acq_rel.cta", "fence.acq_rel.cta;");
  expectAlike("shfl.sync.bfly r0, 1, 1, 1", "shfl.sync.bfly.b32 %r1, 1, 1, 31, 1;");
  expectAlike("vote.sync.ballot r0, 1, 1", "vote.sync.ballot.b32 %r1, 1, 1;");
  expectAlike("redux.sync.max r0, 1, 1", "redux.sync.max.u32 %r1, 1, 1;");
}

}  // namespace
}  // namespace catcheck::frontends::ptx
