// The operands only some instruction kinds have live in their own struct: a barrier's in
// BarrierOperands, a warp primitive's in WarpOperands. Reading them off an instruction of another kind is a
// logic error, not a silently default value.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/ir/Program.h"

namespace catcheck::core {
namespace {

TEST(InstructionOperands, ABarrierHoldsBarrierOperands) {
  Instruction barrier;
  barrier.kind = InstructionKind::Barrier;
  barrier.barrier().instance = "b0";
  barrier.barrier().scope = ScopeLevel::Workgroup;
  const Instruction& read = barrier;
  EXPECT_EQ(read.barrier().instance, "b0");
  EXPECT_EQ(read.barrier().scope, ScopeLevel::Workgroup);
  EXPECT_THROW((void)read.warp(), std::logic_error);
}

TEST(InstructionOperands, AWarpPrimitiveHoldsWarpOperands) {
  Instruction shuffle;
  shuffle.kind = InstructionKind::Warp;
  shuffle.warp().op = WarpOp::ShuffleXor;
  shuffle.warp().mask = 0xF;
  const Instruction& read = shuffle;
  EXPECT_EQ(read.warp().op, WarpOp::ShuffleXor);
  EXPECT_EQ(read.warp().mask, 0xF);
  EXPECT_THROW((void)read.barrier(), std::logic_error);
}

TEST(InstructionOperands, OtherKindsHaveNone) {
  Instruction load;
  load.kind = InstructionKind::Load;
  EXPECT_THROW((void)load.barrier(), std::logic_error);
  EXPECT_THROW((void)load.warp(), std::logic_error);
  EXPECT_TRUE(std::holds_alternative<std::monostate>(load.operands));
}

TEST(InstructionOperands, ABarrierNotYetGivenOperandsReadsTheDefaults) {
  Instruction barrier;
  barrier.kind = InstructionKind::Barrier;
  const Instruction& read = barrier;
  EXPECT_EQ(read.barrier().scope, ScopeLevel::Cta);
  EXPECT_FALSE(read.barrier().resource.has_value());
}

}  // namespace
}  // namespace catcheck::core
