// The operands only some instruction kinds have live in their own struct: an access's in AccessOperands,
// a label's or jump's in BranchOperands, a barrier's in BarrierOperands, a warp primitive's in
// WarpOperands. Reading them off an instruction of another kind is a logic error, not a silently default
// value.
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

TEST(InstructionOperands, LoadsStoresAndRmwsHoldAccessOperands) {
  for (InstructionKind kind : {InstructionKind::Load, InstructionKind::Store, InstructionKind::Rmw}) {
    Instruction access;
    access.kind = kind;
    access.access().computedAddress = Expr::constantValue(64);
    const Instruction& read = access;
    ASSERT_NE(read.computedAddress(), nullptr);
    EXPECT_EQ(read.computedAddress()->constant, 64);
    EXPECT_EQ(read.jumpCondition(), nullptr);
    EXPECT_THROW((void)read.branch(), std::logic_error);
  }
}

TEST(InstructionOperands, LabelsAndJumpsHoldBranchOperands) {
  Instruction jump;
  jump.kind = InstructionKind::Jump;
  jump.branch().label = "loop";
  const Instruction& read = jump;
  EXPECT_EQ(read.jumpCondition(), nullptr) << "no condition: always taken";
  jump.branch().condition = Expr::constantValue(1);
  EXPECT_NE(read.jumpCondition(), nullptr);
  EXPECT_EQ(read.computedAddress(), nullptr);
  EXPECT_THROW((void)read.access(), std::logic_error);
}

TEST(InstructionOperands, OtherKindsHaveNone) {
  for (InstructionKind kind : {InstructionKind::Fence, InstructionKind::Local, InstructionKind::Visible}) {
    Instruction in;
    in.kind = kind;
    EXPECT_THROW((void)in.access(), std::logic_error);
    EXPECT_THROW((void)in.branch(), std::logic_error);
    EXPECT_THROW((void)in.barrier(), std::logic_error);
    EXPECT_THROW((void)in.warp(), std::logic_error);
    EXPECT_TRUE(std::holds_alternative<std::monostate>(in.operands));
    EXPECT_EQ(in.computedAddress(), nullptr);
    EXPECT_EQ(in.jumpCondition(), nullptr);
  }
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
