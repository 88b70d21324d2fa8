// Dispatch of one Vulkan table cell to its instruction family, and the families that need no qualifiers:
// labels, `goto`, the conditional branches beq / bne / blt / ble / bgt / bge, and register arithmetic
// `op r, a, b` with op one of add sub mul div and or xor (docs/semantics.md 4.2). None of these is a memory
// event; they translate as in every litmus dialect (frontends/LitmusLayout.h).
#include "frontends/VulkanInstructions.h"

namespace catcheck::frontends::vulkan {
namespace {

core::Instruction buildBranch(LitmusCell& cell, Parser::BranchContext* ctx) {
  core::Expr condition =
      core::Expr::binary(branchComparison(ctx->op->getText()), cell.value(ctx->lhs), cell.value(ctx->rhs));
  return jumpInstruction(ctx->Name()->getText(), std::move(condition));
}

core::Instruction buildArithmetic(LitmusCell& cell, Parser::ArithmeticContext* ctx) {
  core::Expr value = core::Expr::binary(arithmeticOperation(ctx->op->getText()), cell.value(ctx->value(0)),
                                        cell.value(ctx->value(1)));
  return localInstruction(cell.reg(ctx->Register()), std::move(value));
}

core::Instruction translate(LitmusCell& cell, Parser::InstructionContext* ctx) {
  if (auto* c = ctx->label()) return labelInstruction(c->Name()->getText());
  if (auto* c = ctx->load()) return buildLoad(cell, c);
  if (auto* c = ctx->store()) return buildStore(cell, c);
  if (auto* c = ctx->rmw()) return buildRmw(cell, c);
  if (auto* c = ctx->memoryBarrier()) return buildMemoryBarrier(cell, c);
  if (auto* c = ctx->controlBarrier()) return buildControlBarrier(cell, c);
  if (auto* c = ctx->deviceOperation()) return buildDeviceOperation(c);
  if (auto* c = ctx->arithmetic()) return buildArithmetic(cell, c);
  if (auto* c = ctx->jump()) return jumpInstruction(c->Name()->getText());
  if (auto* c = ctx->branch()) return buildBranch(cell, c);
  Parser::UnknownInstructionContext* unknown = ctx->unknownInstruction();
  cell.fail(unknown->getStart(), "unknown instruction '" + unknown->Name()->getText() + "'");
}

}  // namespace

core::Instruction buildInstruction(LitmusCell& cell, Parser::InstructionContext* ctx) {
  core::Instruction instruction = translate(cell, ctx);
  instruction.location = cell.locate(ctx->getStart());
  instruction.text = sourceText(ctx);
  return instruction;
}

}  // namespace catcheck::frontends::vulkan
