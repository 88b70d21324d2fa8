// The concrete meaning of warp collectives (core/ir/Warps.h): shuffle sources per mode, inside and outside
// the warp; votes over `A != 0`; ballot bits; reductions, the bitwise ones over 32-bit values.
#include <gtest/gtest.h>

#include "core/ir/Warps.h"

namespace catcheck::core {
namespace {

TEST(Warps, ShuffleSourcesPerMode) {
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleIdx, 0, 4, 3), 3);
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleUp, 1, 4, 1), 0);
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleUp, 0, 4, 1), std::nullopt) << "below lane 0: outside the warp";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleDown, 3, 4, 1), std::nullopt);
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleXor, 2, 4, 1), 3);
}

// PTX shfl.sync's c operand (ISA 9.7.8.6): CUDA's width 16 is c = 0x101f (0x1000 for up).
TEST(Warps, ShuffleSourcesInSegments) {
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleDown, 3, 32, 8, 0x101f), 11);
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleDown, 8, 32, 8, 0x101f), std::nullopt) << "past lane 15: own value";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleDown, 8, 32, 8, 0x1f), 16) << "the whole warp";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleDown, 20, 32, 8, 0x101f), 28) << "the upper segment";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleUp, 17, 32, 2, 0x1000), std::nullopt) << "below lane 16";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleUp, 18, 32, 2, 0x1000), 16);
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleIdx, 21, 32, 3, 0x181f), 19) << "idx within an 8-lane segment";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleIdx, 21, 32, 35, 0x1f), 3) << "the selector's low five bits";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleXor, 5, 32, 8, 0x181f), std::nullopt) << "xor leaves the segment";
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleXor, 5, 32, 4, 0x181f), 1);
  EXPECT_EQ(shuffleSource(WarpOp::ShuffleDown, 3, 8, 8, 0x1f), std::nullopt) << "a lane the warp lacks";
}

TEST(Warps, CollectiveResults) {
  std::map<int, long long> operands{{0, 1}, {1, 0}, {2, 4}};
  EXPECT_EQ(collectiveResult(WarpOp::VoteBallot, 0, 3, operands, 0), 5);
  EXPECT_EQ(collectiveResult(WarpOp::MatchAny, 0, 3, {{0, 7}, {1, 9}, {2, 7}}, 0), 5) << "lanes with key 7";
  EXPECT_EQ(collectiveResult(WarpOp::MatchAny, 1, 3, {{0, 7}, {1, 9}, {2, 7}}, 0), 2);
  EXPECT_EQ(collectiveResult(WarpOp::VoteAll, 0, 3, operands, 0), 0);
  EXPECT_EQ(collectiveResult(WarpOp::VoteAny, 0, 3, operands, 0), 1);
  EXPECT_EQ(collectiveResult(WarpOp::VoteUniform, 0, 3, operands, 0), 0);
  EXPECT_EQ(collectiveResult(WarpOp::ReduceAdd, 1, 3, operands, 0), 5);
  EXPECT_EQ(collectiveResult(WarpOp::ReduceMin, 1, 3, operands, 0), 0);
  EXPECT_EQ(collectiveResult(WarpOp::ReduceMax, 1, 3, operands, 0), 4);
  EXPECT_EQ(collectiveResult(WarpOp::ReduceOr, 1, 3, operands, 0), 5);
  EXPECT_EQ(collectiveResult(WarpOp::ReduceXor, 1, 3, {{0, -1}, {1, 1}}, 0), 0xfffffffeLL) << "32-bit values";
  EXPECT_EQ(collectiveResult(WarpOp::ShuffleIdx, 0, 3, operands, 2), 4);
  EXPECT_EQ(collectiveResult(WarpOp::ShuffleIdx, 0, 3, {{0, 1}}, 2), std::nullopt)
      << "lane 2 does not take part";
  EXPECT_EQ(collectiveResult(WarpOp::ShuffleIdx, 0, 3, operands, 7), 1) << "outside the warp: its own value";
}

TEST(Warps, ConfigurationNames) {
  EXPECT_EQ(parseWarpConfig("FMR"), WarpConfig::Fmr);
  EXPECT_THROW(parseWarpConfig("cuda"), std::invalid_argument);
}

}  // namespace
}  // namespace catcheck::core
