// What every PTX instruction family shares: the memory-order and scope rules of docs/semantics.md 4.1 (the
// grammar accepts any order with an optional scope so that misuse gets a message naming the rule), and the
// dispatch of a cell to its family.
#include "frontends/PtxInstructions.h"

#include <algorithm>
#include <map>
#include <vector>

#include "frontends/LitmusSupport.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

struct OrderRule {
  std::vector<std::string> allowed;
  std::string description;
};

const OrderRule& orderRule(OrderFamily family) {
  static const std::map<OrderFamily, OrderRule> rules = {
      {OrderFamily::Load, {{"weak", "relaxed", "acquire"}, "weak, relaxed or acquire"}},
      {OrderFamily::Store, {{"weak", "relaxed", "release"}, "weak, relaxed or release"}},
      {OrderFamily::Atomic,
       {{"relaxed", "acquire", "release", "acq_rel"}, "relaxed, acquire, release or acq_rel"}},
      {OrderFamily::Fence, {{"acq_rel", "sc"}, "acq_rel or sc"}},
  };
  return rules.at(family);
}

core::Instruction translate(LitmusCell& cell, Parser::InstructionContext* ctx) {
  if (auto* c = ctx->label()) return buildLabel(c);
  if (auto* c = ctx->load()) return buildLoad(cell, c);
  if (auto* c = ctx->move()) return buildMove(cell, c);
  if (auto* c = ctx->store()) return buildStore(cell, c);
  if (auto* c = ctx->arithmetic()) return buildArithmetic(cell, c);
  if (auto* c = ctx->atom()) return buildAtom(cell, c);
  if (auto* c = ctx->atomCas()) return buildAtomCas(cell, c);
  if (auto* c = ctx->red()) return buildRed(cell, c);
  if (auto* c = ctx->fence()) return buildFence(cell, c);
  if (auto* c = ctx->proxyFence()) return buildProxyFence(cell, c);
  if (auto* c = ctx->barrier()) return buildBarrier(cell, c);
  if (auto* c = ctx->warpBarrier()) return buildWarpBarrier(cell, c);
  if (auto* c = ctx->shuffle()) return buildShuffle(cell, c);
  if (auto* c = ctx->vote()) return buildVote(cell, c);
  if (auto* c = ctx->redux()) return buildRedux(cell, c);
  if (auto* c = ctx->jump()) return buildJump(c);
  if (auto* c = ctx->branch()) return buildBranch(cell, c);
  Parser::UnknownInstructionContext* unknown = ctx->unknownInstruction();
  cell.fail(unknown->getStart(), "unknown instruction '" + unknown->Name()->getText() + "'");
}

}  // namespace

std::string checkOrder(LitmusCell& cell, OrderFamily family, const std::string& mnemonic,
                       Parser::MemoryOrderContext* order, Parser::ScopeContext* scope, core::TagSet& tags) {
  const OrderRule& rule = orderRule(family);
  std::string name = order->getText();
  if (std::find(rule.allowed.begin(), rule.allowed.end(), name) == rule.allowed.end()) {
    cell.fail(order->getStart(), "memory order '" + name + "' is not allowed on " + mnemonic + " (use " +
                                     rule.description + ")");
  }
  if (name == "weak" && scope != nullptr) cell.fail(scope->getStart(), mnemonic + ".weak takes no scope");
  if (name != "weak" && scope == nullptr) {
    cell.fail(order->getStart(), mnemonic + "." + name + " needs a scope (.cta, .gpu or .sys)");
  }
  if (scope != nullptr) tags.add(scopeTag(scope->getText()).value());  // the grammar admits no other words
  return orderTag(name).value();
}

std::vector<core::Instruction> buildInstruction(LitmusCell& cell, Parser::InstructionContext* ctx) {
  std::vector<core::Instruction> lowered;
  if (auto* c = ctx->asyncInstruction()) {
    lowered = buildAsync(cell, c);
  } else {
    lowered.push_back(translate(cell, ctx));
  }
  for (core::Instruction& instruction : lowered) {
    instruction.location = cell.locate(ctx->getStart());
    instruction.text = sourceText(ctx);
  }
  return lowered;
}

}  // namespace catcheck::frontends::ptx
