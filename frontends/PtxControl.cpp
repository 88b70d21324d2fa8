// PTX control flow and register arithmetic, none of which are memory events: labels, `goto`, the conditional
// branches beq / bne / blt / ble / bgt / bge (a jump whose condition compares two registers or constants),
// and add / sub / mul / div into a register. Whether jump targets exist is checked per thread by the caller.
#include "frontends/PtxInstructions.h"

#include <map>

namespace catcheck::frontends::ptx {

core::Instruction buildLabel(Parser::LabelContext* ctx) {
  core::Instruction label;
  label.kind = core::InstructionKind::Label;
  label.label = ctx->Name()->getText();
  return label;
}

core::Instruction buildJump(Parser::JumpContext* ctx) {
  core::Instruction jump;
  jump.kind = core::InstructionKind::Jump;
  jump.label = ctx->Name()->getText();
  return jump;
}

core::Instruction buildBranch(CellContext& cell, Parser::BranchContext* ctx) {
  static const std::map<std::string, core::ExprOp> comparisons = {
      {"beq", core::ExprOp::Eq}, {"bne", core::ExprOp::Ne}, {"blt", core::ExprOp::Lt},
      {"ble", core::ExprOp::Le}, {"bgt", core::ExprOp::Gt}, {"bge", core::ExprOp::Ge},
  };
  core::Instruction branch;
  branch.kind = core::InstructionKind::Jump;
  branch.label = ctx->Name()->getText();
  branch.condition =
      core::Expr::binary(comparisons.at(ctx->op->getText()), cell.value(ctx->lhs), cell.value(ctx->rhs));
  return branch;
}

core::Instruction buildArithmetic(CellContext& cell, Parser::ArithmeticContext* ctx) {
  static const std::map<std::string, core::ExprOp> operations = {{"add", core::ExprOp::Add},
                                                                 {"sub", core::ExprOp::Sub},
                                                                 {"mul", core::ExprOp::Mul},
                                                                 {"div", core::ExprOp::Div}};
  core::Instruction local;
  local.kind = core::InstructionKind::Local;
  local.reg = cell.reg(ctx->Register());
  local.value = core::Expr::binary(operations.at(ctx->op->getText()), cell.value(ctx->value(0)),
                                   cell.value(ctx->value(1)));
  return local;
}

}  // namespace catcheck::frontends::ptx
