// The PTX warp-primitive syntax of issue 9: thread placement with `warp` and `cluster`, and bar.warp.sync,
// shfl.sync, vote.sync and redux.sync as Warp instructions with their masks, operands and tags; bad
// modes and masks get one message each.
#include <gtest/gtest.h>

#include "PtxTestSupport.h"
#include "core/ir/Warps.h"

namespace catcheck::frontends {
namespace {

using testing::errorOf;

std::string withCells(const std::string& cells) {
  return "PTX warp\n{ x=0; }\n P0@warp 0,cta 0,cluster 2,gpu 0 | P1@warp 0,cta 0,cluster 2,gpu 0 | P2@cta "
         "0,cluster 2,gpu 0 ;\n" +
         cells + "\nexists (0==0)\n";
}

TEST(PtxWarp, PlacementFormsWarpsOfOneCtaAndWarpId) {
  core::Program program = parseLitmusText(withCells(" | | ;"), "warp.litmus");
  EXPECT_EQ(program.threads[0].warp, 0);
  EXPECT_EQ(program.threads[1].cluster, 2);
  EXPECT_FALSE(program.threads[2].warp.has_value());
  core::WarpLayout layout = core::warpLayout(program);
  EXPECT_EQ(layout.warpOf[0], layout.warpOf[1]);
  EXPECT_NE(layout.warpOf[0], layout.warpOf[2]) << "a thread without a warp id is a warp of its own";
  EXPECT_EQ(layout.laneOf[1], 1);
  EXPECT_EQ(layout.members(0, 0xffffffff), (std::vector<int>{0, 1})) << "bits past the last lane are ignored";
  EXPECT_EQ(layout.normalisedMask(0, 0xffffffff), 3);
}

TEST(PtxWarp, InstructionsBecomeWarpPrimitives) {
  core::Program program = parseLitmusText(
      withCells(" bar.warp.sync 0x3 | shfl.sync.bfly r1, r0, 1, 3 | vote.sync.ballot r2, 1, 0xffffffff ;\n"
                " redux.sync.min r3, r0, 3 | redux.sync.xor r3, 5, 3 | vote.sync.uni r4, r0, 1 ;"),
      "warp.litmus");
  const core::Instruction& barrier = program.threads[0].code[0];
  EXPECT_EQ(barrier.kind, core::InstructionKind::Warp);
  EXPECT_EQ(barrier.warp().op, core::WarpOp::Sync);
  EXPECT_EQ(barrier.warp().mask, 3);
  EXPECT_EQ(testing::tagNames(barrier.tags), (std::set<std::string>{"F", "_"}));
  const core::Instruction& shuffle = program.threads[1].code[0];
  EXPECT_EQ(shuffle.warp().op, core::WarpOp::ShuffleXor);
  EXPECT_TRUE(shuffle.warp().laneSelector.isConstant());
  EXPECT_EQ(shuffle.warp().laneSelector.constant, 1);
  EXPECT_TRUE(shuffle.tags.names().empty()) << "collectives order no memory";
  EXPECT_EQ(program.threads[2].code[0].warp().op, core::WarpOp::VoteBallot);
  EXPECT_EQ(program.threads[2].code[0].warp().mask, 0xffffffffLL);
  EXPECT_EQ(program.threads[0].code[1].warp().op, core::WarpOp::ReduceMin);
  EXPECT_EQ(program.threads[1].code[1].warp().op, core::WarpOp::ReduceXor);
  EXPECT_EQ(program.threads[2].code[1].warp().op, core::WarpOp::VoteUniform);
}

TEST(PtxWarp, BadModesAndMasks) {
  EXPECT_EQ(errorOf(withCells(" shfl.sync.left r1, r0, 1, 3 | | ;")),
            "bad.litmus:4:12: error: unknown shfl.sync mode 'left' (expected bfly, down, idx, up)");
  EXPECT_EQ(errorOf(withCells(" vote.sync.most r1, r0, 3 | | ;")),
            "bad.litmus:4:12: error: unknown vote.sync mode 'most' (expected all, any, ballot, uni)");
  EXPECT_EQ(errorOf(withCells(" redux.sync.mul r1, r0, 3 | | ;")),
            "bad.litmus:4:13: error: unexpected 'mul', expected 'add', 'and', 'or', 'xor' or a name");
  EXPECT_EQ(errorOf(withCells(" bar.warp.sync -1 | | ;")),
            "bad.litmus:4:16: error: a warp mask is a non-negative integer");
  EXPECT_EQ(errorOf(withCells(" bar.warp.sync r1 | | ;")),
            "bad.litmus:4:16: error: unexpected 'r1', expected '-' or a number");
}

}  // namespace
}  // namespace catcheck::frontends
