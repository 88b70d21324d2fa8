// PTX warp primitives (issue 9): bar.warp.sync MASK, shfl.sync.{idx,up,down,bfly} RD, A, B, MASK,
// vote.sync.{all,any,uni,ballot} RD, A, MASK and redux.sync.{add,min,max,and,or,xor} RD, A, MASK. Each is
// one Warp instruction (core/ir/Warps.h gives the meaning); the warp barrier carries the tags of a control
// barrier (F), collectives none, as they never order memory. Masks are non-negative integer literals.
#include <map>

#include "frontends/PtxInstructions.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

long long maskOf(LitmusCell& cell, Parser::NumberContext* mask) {
  core::Expr value = cell.constant(mask);
  if (value.constant < 0) cell.fail(mask->getStart(), "a warp mask is a non-negative integer");
  return value.constant;
}

core::WarpOp operationOf(LitmusCell& cell, antlr4::Token* name, const std::string& mnemonic,
                         const WarpModes& operations) {
  auto it = operations.find(name->getText());
  if (it != operations.end()) return it->second;
  std::string expected;
  for (const auto& [text, op] : operations) expected += (expected.empty() ? "" : ", ") + text;
  cell.fail(name, "unknown " + mnemonic + " mode '" + name->getText() + "' (expected " + expected + ")");
}

core::Instruction collective(LitmusCell& cell, core::WarpOp op, antlr4::tree::TerminalNode* reg,
                             Parser::ValueContext* source, Parser::NumberContext* mask) {
  core::Instruction in;
  in.kind = core::InstructionKind::Warp;
  in.warp().op = op;
  in.reg = cell.reg(reg);
  in.value = cell.value(source);
  in.warp().mask = maskOf(cell, mask);
  return in;
}

}  // namespace

core::Instruction buildWarpBarrier(LitmusCell& cell, Parser::WarpBarrierContext* ctx) {
  core::Instruction barrier;
  barrier.kind = core::InstructionKind::Warp;
  barrier.warp().op = core::WarpOp::Sync;
  barrier.tags = {"F", "_"};
  barrier.warp().mask = maskOf(cell, ctx->mask);
  return barrier;
}

core::Instruction buildShuffle(LitmusCell& cell, Parser::ShuffleContext* ctx) {
  core::WarpOp op = operationOf(cell, ctx->variant, "shfl.sync", shuffleModes());
  core::Instruction in = collective(cell, op, ctx->Register(), ctx->source, ctx->mask);
  in.warp().laneSelector = cell.value(ctx->selector);
  return in;
}

core::Instruction buildVote(LitmusCell& cell, Parser::VoteContext* ctx) {
  return collective(cell, operationOf(cell, ctx->variant, "vote.sync", voteModes()), ctx->Register(),
                    ctx->source, ctx->mask);
}

core::Instruction buildRedux(LitmusCell& cell, Parser::ReduxContext* ctx) {
  return collective(cell, operationOf(cell, ctx->op, "redux.sync", reduxOperators()), ctx->Register(),
                    ctx->source, ctx->mask);
}

}  // namespace catcheck::frontends::ptx
