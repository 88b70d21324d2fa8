// PTX fences and control barriers (docs/semantics.md 5, PTX table). fence.sc and fence.acq_rel are F events
// with their order (SC, ACQ_REL), scope and the generic proxy; fence.proxy.<kind> orders accesses across
// proxies and carries only the proxy's tag (GEN SUR TEX CON ASYNC); fence.proxy.alias carries ALIAS.
// bar.cta.sync and bar.cta.arrive are control barriers of execution scope CTA whose instance id is kept as
// written (`00` is not `0`), with an optional resource id and quorum that may be registers.
#include <map>

#include "frontends/PtxInstructions.h"

namespace catcheck::frontends::ptx {

core::Instruction buildFence(LitmusCell& cell, Parser::FenceContext* ctx) {
  core::Instruction fence;
  fence.kind = core::InstructionKind::Fence;
  fence.tags = {"F", "_", "GEN"};
  fence.tags.add(checkOrder(cell, OrderFamily::Fence, "fence", ctx->memoryOrder(), ctx->scope(), fence.tags));
  return fence;
}

// fence.proxy.async (issue 10) orders the thread's generic-proxy accesses with its async-proxy ones: it
// carries the async proxy's tag, ASYNC, like the other proxy fences carry theirs.
core::Instruction buildProxyFence(LitmusCell& cell, Parser::ProxyFenceContext* ctx) {
  static const std::map<std::string, std::string> proxies = {
      {"generic", "GEN"}, {"surface", "SUR"}, {"texture", "TEX"}, {"constant", "CON"}, {"async", "ASYNC"}};
  core::Instruction fence;
  fence.kind = core::InstructionKind::Fence;
  fence.tags = {"F", "_"};
  if (ctx->alias != nullptr) {
    fence.tags.add("ALIAS");
    return fence;
  }
  std::string kind = ctx->other != nullptr ? ctx->other->getText() : ctx->proxyKind()->getText();
  auto proxy = proxies.find(kind);
  if (proxy == proxies.end()) {
    cell.fail(ctx->other,
              "unknown proxy '" + kind + "' (use generic, surface, texture, constant, async or alias)");
  }
  fence.tags.add(proxy->second);
  return fence;
}

core::Instruction buildBarrier(LitmusCell& cell, Parser::BarrierContext* ctx) {
  core::Instruction barrier;
  barrier.kind = core::InstructionKind::Barrier;
  barrier.tags = {"F", "_"};
  barrier.barrier().instance = ctx->instance->getText();
  if (ctx->resource != nullptr) barrier.barrier().resource = cell.value(ctx->resource);
  if (ctx->quorum != nullptr) barrier.barrier().quorum = cell.value(ctx->quorum);
  barrier.barrier().arriveOnly = ctx->kind->getText() == "arrive";
  barrier.barrier().scope = core::ScopeLevel::Cta;
  return barrier;
}

}  // namespace catcheck::frontends::ptx
