// Group non-uniform instructions (frontends/spirv/SpirvSubgroup.cpp, issue 9): each becomes a dynamic warp
// primitive over the thread's subgroup (the lanes of one @Config subgroup); unsupported scopes and group
// operations get one message each.
#include "SpirvTestSupport.h"

namespace catcheck::frontends::spirv_testing {
namespace {

using core::InstructionKind;
using core::WarpOp;

const std::string kSubgroupHeader = "; @Config: 2, 1, 1\n";

std::string withGroupOps(const std::string& body) {
  return vulkanModule(kSubgroupHeader, body);
}

TEST(SpirvSubgroup, GroupOperationsAreDynamicWarpPrimitives) {
  std::string body =
      "%b = OpGroupNonUniformAll %bool %c3 %true\n"
      "%s = OpGroupNonUniformIAdd %uint %c3 Reduce %c1\n"
      "%f = OpGroupNonUniformShuffleXor %uint %c3 %c2 %c1\n"
      "%e = OpGroupNonUniformElect %bool %c3\n";
  core::Program p = parse(vulkanModule(kSubgroupHeader, body, "%true = OpConstantTrue %bool\n"));
  ASSERT_EQ(p.threads.size(), 2u);
  EXPECT_EQ(p.threads[0].warp, 0) << "the subgroup is the warp";
  auto warps = instructionsOf(p.threads[1], InstructionKind::Warp);
  ASSERT_EQ(warps.size(), 4u);
  EXPECT_EQ(warps[0]->warp().op, WarpOp::VoteAll);
  EXPECT_EQ(warps[1]->warp().op, WarpOp::ReduceAdd);
  EXPECT_EQ(warps[2]->warp().op, WarpOp::ShuffleXor);
  EXPECT_EQ(warps[3]->warp().op, WarpOp::Elect);
  for (const core::Instruction* w : warps) {
    EXPECT_TRUE(w->warp().dynamic);
    EXPECT_EQ(w->warp().mask, -1);
  }
}

TEST(SpirvSubgroup, OnlySubgroupScopeAndReduce) {
  EXPECT_NE(errorOf(withGroupOps("%s = OpGroupNonUniformIAdd %uint %c2 Reduce %c1\n"))
                .find("error: OpGroupNonUniformIAdd is supported with the Subgroup execution scope only"),
            std::string::npos);
  EXPECT_NE(errorOf(withGroupOps("%s = OpGroupNonUniformIAdd %uint %c3 InclusiveScan %c1\n"))
                .find("error: OpGroupNonUniformIAdd is supported with the Reduce group operation only"),
            std::string::npos);
  EXPECT_NE(errorOf(withGroupOps("%s = OpGroupNonUniformBallotBitCount %uint %c3 Reduce %c1\n"))
                .find("unsupported SPIR-V instruction OpGroupNonUniformBallotBitCount"),
            std::string::npos);
}

}  // namespace
}  // namespace catcheck::frontends::spirv_testing
