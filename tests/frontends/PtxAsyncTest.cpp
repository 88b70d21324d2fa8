// The PTX syntax of issue 10 (frontends/PtxAsync.cpp): mbarrier.*, cp.async* and tcgen05.* lower to loads,
// stores, MbarrierUpdate read-modify-writes and marker events with the tags models/ptx-v8.cat reads; the
// events of one asynchronous operation share an asyncOp id; misuse gets one message each.
#include <gtest/gtest.h>

#include "PtxTestSupport.h"
#include "core/ir/Mbarrier.h"

namespace catcheck::frontends {
namespace {

using core::InstructionKind;
using testing::errorOf;
using testing::tagNames;

std::string withCells(const std::string& cells) {
  return "PTX async\n{ x=0; y=0; mb=0; }\n P0@cta 0,gpu 0 | P1@cta 1,cluster 1,gpu 0 ;\n" + cells +
         "\nexists (0==0)\n";
}

const std::vector<core::Instruction>& codeOf(const core::Program& program, int thread) {
  return program.threads.at(static_cast<size_t>(thread)).code;
}

TEST(PtxAsync, MbarrierUpdatesAreReadModifyWritesWithTheirOrderAndScope) {
  core::Program program =
      parseLitmusText(withCells(" mbarrier.init mb, 2 | mbarrier.arrive.expect_tx.relaxed.cluster mb, 16 ;\n"
                                " mbarrier.arrive mb | mbarrier.complete_tx mb, 8 ;"),
                      "async.litmus");
  const core::Instruction& init = codeOf(program, 0)[0];
  EXPECT_EQ(init.kind, InstructionKind::Store);
  ASSERT_FALSE(init.value.isConstant());
  const core::Instruction& arrive = codeOf(program, 0)[1];
  EXPECT_EQ(arrive.kind, InstructionKind::Rmw);
  EXPECT_EQ(arrive.access().rmwOp, core::RmwOp::MbarrierUpdate);
  EXPECT_TRUE(tagNames(arrive.access().storeTags).count("REL")) << "arrive releases by default";
  EXPECT_TRUE(tagNames(arrive.access().storeTags).count("CTA"));
  const core::Instruction& expect = codeOf(program, 1)[0];
  EXPECT_TRUE(tagNames(expect.access().storeTags).count("RLX"));
  EXPECT_TRUE(tagNames(expect.access().storeTags).count("CLUSTER"));
  EXPECT_EQ(arrive.asyncOp, -1) << "mbarrier operations of the thread itself are synchronous";
}

TEST(PtxAsync, WaitIsASpinLoopAndTryWaitAComputation) {
  core::Program program = parseLitmusText(
      withCells(" mbarrier.wait.parity mb, 1 | mbarrier.try_wait.parity.relaxed.cta r0, mb, 0 ;"),
      "async.litmus");
  const auto& wait = codeOf(program, 0);
  ASSERT_EQ(wait.size(), 3U);
  EXPECT_EQ(wait[0].kind, InstructionKind::Label);
  EXPECT_EQ(wait[1].kind, InstructionKind::Load);
  EXPECT_TRUE(tagNames(wait[1].tags).count("ACQ")) << "wait acquires by default";
  EXPECT_EQ(wait[2].kind, InstructionKind::Jump);
  EXPECT_EQ(wait[2].branch().label, wait[0].branch().label);
  const auto& poll = codeOf(program, 1);
  ASSERT_EQ(poll.size(), 2U);
  EXPECT_TRUE(tagNames(poll[0].tags).count("RLX"));
  EXPECT_EQ(poll[1].kind, InstructionKind::Local);
}

TEST(PtxAsync, AsynchronousOperationsShareOneIdAndCarryAop) {
  core::Program program = parseLitmusText(withCells(" cp.async.bulk x, y, 4, mb | tcgen05.mma x, y, y ;\n"
                                                    " cp.async.bulk.shared::cluster.global.mbarrier::"
                                                    "complete_tx::bytes y, x, 4, mb | tcgen05.commit mb ;"),
                                          "async.litmus");
  const auto& copy = codeOf(program, 0);
  ASSERT_EQ(copy.size(), 8U) << "read, write, implicit proxy fence, complete_tx; twice";
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(copy[i].asyncOp, copy[0].asyncOp);
    EXPECT_TRUE(tagNames(copy[i].tags).count("AOP"));
    EXPECT_TRUE(tagNames(copy[i].tags).count("CPBULK"));
  }
  EXPECT_NE(copy[4].asyncOp, copy[0].asyncOp) << "each operation has its own id";
  EXPECT_TRUE(tagNames(copy[0].tags).count("ASYNC")) << "TMA copies use the async proxy";
  EXPECT_EQ(copy[2].kind, InstructionKind::Fence);
  EXPECT_EQ(copy[3].access().rmwOp, core::RmwOp::MbarrierUpdate);
  EXPECT_TRUE(tagNames(copy[3].access().storeTags).count("REL"));
  EXPECT_TRUE(tagNames(copy[3].access().storeTags).count("CLUSTER"));
  const auto& mma = codeOf(program, 1);
  ASSERT_EQ(mma.size(), 4U) << "two reads and the accumulator write, then the commit's arrive";
  EXPECT_TRUE(tagNames(mma[3].access().storeTags).count("TCCOMMIT"));
}

TEST(PtxAsync, MarkersAndTensorMemory) {
  core::Program program = parseLitmusText(
      withCells(" cp.async x, y | tcgen05.alloc x ;\n cp.async.commit_group | tcgen05.st x, 1 ;\n"
                " cp.async.wait_group 1 | tcgen05.wait::st ;\n cp.async.wait_all | tcgen05.ld r1, x ;\n"
                " fence.proxy.async | tcgen05.dealloc x ;"),
      "async.litmus");
  const auto& p0 = codeOf(program, 0);
  EXPECT_TRUE(tagNames(p0[0].tags).count("CPA"));
  EXPECT_TRUE(tagNames(p0[0].tags).count("GEN")) << "non-bulk copies use the generic proxy";
  EXPECT_TRUE(tagNames(p0[2].tags).count("CPA_COMMIT"));
  EXPECT_TRUE(tagNames(p0[3].tags).count("CPA_WAIT_GROUP1"));
  EXPECT_TRUE(tagNames(p0[4].tags).count("CPA_WAIT_ALL"));
  EXPECT_EQ(tagNames(p0[5].tags), (std::set<std::string>{"F", "_", "ASYNC"}));
  const auto& p1 = codeOf(program, 1);
  EXPECT_TRUE(tagNames(p1[0].tags).count("TCALLOC"));
  EXPECT_TRUE(tagNames(p1[2].tags).count("TCWAIT_ST"));
  EXPECT_EQ(p1[3].kind, InstructionKind::Load);
  EXPECT_TRUE(tagNames(p1[4].tags).count("TCDEALLOC"));
}

TEST(PtxAsync, ClusterPlacementIsAScopeLevel) {
  core::Program program = parseLitmusText(withCells(" | ;"), "async.litmus");
  ASSERT_EQ(program.threads[1].scopes.size(), 4U);
  EXPECT_EQ(core::scopeKey(program.threads[1].scopes[2].level), "CLUSTER");
  EXPECT_EQ(program.threads[1].scopes[2].id, 1);
  EXPECT_EQ(
      errorOf("PTX c\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,cluster 1,gpu 0 ;\n | ;\nexists (0==0)\n"),
      "bad.litmus:3:19: error: P1 places CTA 0 in another cluster than an earlier thread of that CTA (a CTA "
      "belongs to one cluster)");
}

TEST(PtxAsync, BarIsALocationNameUnlessADotFollows) {
  core::Program program = parseLitmusText(
      "PTX b\n{ bar=0; }\n P0@cta 0,gpu 0 ;\n mbarrier.init bar, 1 ;\n bar.cta.sync 0 ;\n"
      " mbarrier.arrive bar ;\nexists (bar == 0)\n",
      "bar.litmus");
  EXPECT_EQ(program.memory.size(), 1U);
  EXPECT_EQ(program.memory[0].name, "bar");
  EXPECT_EQ(codeOf(program, 0)[1].kind, InstructionKind::Barrier);
  EXPECT_EQ(codeOf(program, 0)[2].access().address, 0);
}

TEST(PtxAsync, MisuseGetsOneMessage) {
  EXPECT_EQ(errorOf(withCells(" mbarrier.wait mb, 0 | ;")),
            "bad.litmus:4:11: error: mbarrier.wait names its phase by parity: mbarrier.wait.parity");
  EXPECT_EQ(
      errorOf(withCells(" mbarrier.arrive.acquire mb | ;")),
      "bad.litmus:4:18: error: '.acquire' is not allowed in mbarrier.arrive.acquire (it takes .release or "
      ".relaxed, and the scope .cta or .cluster)");
  EXPECT_EQ(errorOf(withCells(" mbarrier.arrive mb, 4 | ;")),
            "bad.litmus:4:18: error: mbarrier.arrive takes 1 operand (BAR), not 2");
  EXPECT_EQ(errorOf(withCells(" mbarrier.init r1, 1 | ;")),
            "bad.litmus:4:16: error: mbarrier.init: 'r1' is not a location");
  EXPECT_EQ(errorOf(withCells(" cp.async.wait_group 9 | ;")),
            "bad.litmus:4:22: error: cp.async.wait_group: '9' must be an integer from 0 to 3");
  EXPECT_EQ(errorOf(withCells(" tcgen05.frob x | ;")),
            "bad.litmus:4:10: error: unknown instruction 'tcgen05.frob'");
  EXPECT_EQ(errorOf(withCells(" foo.bar x | ;")), "bad.litmus:4:2: error: unknown instruction 'foo'");
  EXPECT_EQ(errorOf(withCells(" fence.proxy.tma | ;")),
            "bad.litmus:4:14: error: unknown proxy 'tma' (use generic, surface, texture, constant, async or "
            "alias)");
}

}  // namespace
}  // namespace catcheck::frontends
