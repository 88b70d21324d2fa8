// PTX control flow and register arithmetic, none of which are memory events: labels, `goto`, the conditional
// branches beq / bne / blt / ble / bgt / bge (a jump whose condition compares two registers or constants),
// and add / sub / mul / div into a register. The instructions themselves are spelled as in every dialect
// (LitmusLayout.h). Whether jump targets exist is checked per thread by the caller.
#include "frontends/PtxInstructions.h"

namespace catcheck::frontends::ptx {

core::Instruction buildLabel(Parser::LabelContext* ctx) {
  return labelInstruction(ctx->Name()->getText());
}

core::Instruction buildJump(Parser::JumpContext* ctx) {
  return jumpInstruction(ctx->Name()->getText());
}

core::Instruction buildBranch(LitmusCell& cell, Parser::BranchContext* ctx) {
  core::Expr condition =
      core::Expr::binary(branchComparison(ctx->op->getText()), cell.value(ctx->lhs), cell.value(ctx->rhs));
  return jumpInstruction(ctx->Name()->getText(), std::move(condition));
}

// The target register is numbered before the operands, as it is written first.
core::Instruction buildArithmetic(LitmusCell& cell, Parser::ArithmeticContext* ctx) {
  int reg = cell.reg(ctx->Register());
  core::Expr value = core::Expr::binary(arithmeticOperation(ctx->op->getText()), cell.value(ctx->value(0)),
                                        cell.value(ctx->value(1)));
  return localInstruction(reg, std::move(value));
}

}  // namespace catcheck::frontends::ptx
