// Encodes the memory side of an execution (after Dat3M's WmmEncoder and PropertyEncoder):
//  * rf: every executed read takes its value from exactly one same-address write, or is "uninitialised"
//    (value 0) - the stdlib axiom `empty ([R \ range(rf)]);loc;[IW]` rules that out where an init exists;
//    a read whose value the question does not observe keeps the choice without the value equality;
//  * co: one variable per candidate pair; integer clocks make it acyclic (init writes first, at clock 0).
//    PTX coherence is partial (pairs may stay unordered; the model takes co+), Vulkan's total per address;
//  * sync_fence: a total order, by clocks, among executed SC fences that can synchronise at both scopes;
//  * final memory values: each memory object ends with the value of some co-maximal write to its
//    physical location (any of them under partial co), or its own initial value if none is.
#include <string>

#include "core/analysis/BaseRelations.h"
#include "encoders/EncodingContext.h"

namespace catcheck::encoders {
namespace {

using core::BaseRelation;
using core::DecidedRelation;
using core::Event;
using core::EventKind;

std::string pairName(const char* rel, int a, int b) {
  return std::string(rel) + "_" + std::to_string(a) + "_" + std::to_string(b);
}

void encodeReadsFrom(EncodingContext& ctx) {
  Formula& f = ctx.f;
  for (const Event& r : ctx.graph.events) {
    if (r.kind != EventKind::Read) continue;
    bool observed = ctx.observed(r.id);  // otherwise the value read is left free (ValueRelevance.h)
    std::vector<Term> sources;
    for (const Event& w : ctx.graph.events) {
      if (!w.isWrite() || core::physicalAlias(w, r) == core::Alias::No || w.id == r.rmwPartner) continue;
      ctx.declarePair(DecidedRelation::ReadsFrom, w.id, r.id, pairName("rf", w.id, r.id));
      Term edge = ctx.pair(BaseRelation::Rf, w.id, r.id);
      Term sameValue = observed
                           ? f.eq(ctx.value[static_cast<size_t>(w.id)], ctx.value[static_cast<size_t>(r.id)])
                           : f.top();
      f.require(f.implies(edge, f.all({ctx.execBoth(w.id, r.id), ctx.sameAddress(w.id, r.id), sameValue})));
      sources.push_back(edge);
    }
    Term uninitialised = f.boolVar("uninit_" + std::to_string(r.id));
    if (observed)
      f.require(f.implies(uninitialised, f.eq(ctx.value[static_cast<size_t>(r.id)], f.intValue(0))));
    sources.push_back(uninitialised);
    f.require(f.implies(ctx.exec[static_cast<size_t>(r.id)], f.any(sources)));
    f.require(f.atMostOne(sources));
    for (Term s : sources) f.require(f.implies(s, ctx.exec[static_cast<size_t>(r.id)]));
  }
}

void encodeCoherence(EncodingContext& ctx) {
  Formula& f = ctx.f;
  bool total = ctx.graph.program->coherenceIsTotal();
  std::vector<Term> clock(static_cast<size_t>(ctx.graph.size()), -1);
  auto clockOf = [&](const Event& e) {
    Term& c = clock[static_cast<size_t>(e.id)];
    if (c == -1) {
      c = e.kind == EventKind::Init ? f.intValue(0) : f.intVar("coclk_" + std::to_string(e.id));
      if (e.kind != EventKind::Init) f.require(f.lt(f.intValue(0), c));
    }
    return c;
  };
  for (const Event& a : ctx.graph.events) {
    for (const Event& b : ctx.graph.events) {
      if (b.id <= a.id || !a.isWrite() || !b.isWrite() || core::physicalAlias(a, b) == core::Alias::No)
        continue;
      bool bothInit = a.kind == EventKind::Init && b.kind == EventKind::Init;
      Term pair = f.both(ctx.execBoth(a.id, b.id), ctx.sameAddress(a.id, b.id));
      bool initFirst = a.kind == EventKind::Init && core::physicalAlias(a, b) == core::Alias::Must;
      if (initFirst && !bothInit) continue;          // init writes come first: a must edge
      if (a.kind == EventKind::Init && !bothInit) {  // a computed address may hit this init's location
        ctx.declarePair(DecidedRelation::Coherence, a.id, b.id, pairName("co", a.id, b.id));
        f.require(f.iff(ctx.pair(BaseRelation::Co, a.id, b.id), pair));
        continue;
      }
      ctx.declarePair(DecidedRelation::Coherence, a.id, b.id, pairName("co", a.id, b.id));
      ctx.declarePair(DecidedRelation::Coherence, b.id, a.id, pairName("co", b.id, a.id));
      Term forward = ctx.pair(BaseRelation::Co, a.id, b.id);
      Term backward = ctx.pair(BaseRelation::Co, b.id, a.id);
      f.require(f.implies(f.either(forward, backward), pair));
      if (total) f.require(f.implies(pair, f.either(forward, backward)));
      if (bothInit) continue;  // aliases' init writes stay unconstrained, as in the reference tool
      f.require(f.implies(forward, f.lt(clockOf(a), clockOf(b))));
      f.require(f.implies(backward, f.lt(clockOf(b), clockOf(a))));
    }
  }
}

void encodeFenceOrder(EncodingContext& ctx) {
  Formula& f = ctx.f;
  for (const Event& a : ctx.graph.events) {
    for (const Event& b : ctx.graph.events) {
      if (!a.isScFence() || !b.isScFence() || b.id < a.id) continue;
      ctx.declarePair(DecidedRelation::FenceOrder, a.id, b.id, pairName("sf", a.id, b.id));
      Term forward = ctx.pair(BaseRelation::SyncFence, a.id, b.id);
      f.require(f.implies(forward, ctx.execBoth(a.id, b.id)));
      if (a.id == b.id) continue;
      ctx.declarePair(DecidedRelation::FenceOrder, b.id, a.id, pairName("sf", b.id, a.id));
      Term backward = ctx.pair(BaseRelation::SyncFence, b.id, a.id);
      if (!core::mutuallyInScope(ctx.graph, a, b)) {
        f.require(f.implies(backward, ctx.execBoth(a.id, b.id)));
        continue;  // pairs that cannot synchronise are left free among executed fences, as in the reference
                   // tool
      }
      Term ca = f.intVar("sfclk_" + std::to_string(a.id));
      Term cb = f.intVar("sfclk_" + std::to_string(b.id));
      f.require(f.iff(ctx.execBoth(a.id, b.id), f.either(forward, backward)));
      f.require(f.implies(forward, f.lt(ca, cb)));
      f.require(f.implies(backward, f.lt(cb, ca)));
    }
  }
}

// A write is co-last when it executes and has no executed co-successor.
Term coLast(EncodingContext& ctx, const Event& w) {
  std::vector<Term> noSuccessor{ctx.exec[static_cast<size_t>(w.id)]};
  ctx.bounds(BaseRelation::Co).may.successors(w.id).forEach([&](int later) {
    noSuccessor.push_back(ctx.f.no(ctx.pair(BaseRelation::Co, w.id, later)));
  });
  return ctx.f.all(noSuccessor);
}

// The final value of each location: that of a co-last write. A question that does not look at the final
// state (Observation::finalState) leaves them free: the written values, often hashes of floating-point
// results, then occur in no constraint at all (a racy double accumulation of 4 threads, nvcc -G: minutes for
// z3 and cvc5 with them).
void encodeFinalValues(EncodingContext& ctx) {
  Formula& f = ctx.f;
  const auto& memory = ctx.graph.program->memory;
  std::vector<Term>& last = ctx.coLast;
  last.assign(static_cast<size_t>(ctx.graph.size()), f.bottom());
  for (const Event& w : ctx.graph.events) {
    if (w.isWrite()) last[static_cast<size_t>(w.id)] = coLast(ctx, w);
  }
  std::vector<int> initOf(memory.size(), -1);
  for (const Event& e : ctx.graph.events) {
    if (e.kind == EventKind::Init) initOf[static_cast<size_t>(e.location)] = e.id;
  }
  for (size_t m = 0; m < memory.size(); ++m) {
    Term final = f.intVar("final_" + memory[m].name);
    ctx.finalMemory.push_back(final);
    if (!ctx.observation.finalState) continue;
    std::vector<Term> someLast, choices;
    for (const Event& w : ctx.graph.events) {
      if (!w.isWrite() || core::physicalAlias(w, ctx.graph.event(initOf[m])) == core::Alias::No) continue;
      Term isLast = endsLocationWith(ctx, w.id, initOf[m]);
      someLast.push_back(isLast);
      choices.push_back(f.both(isLast, f.eq(final, ctx.value[static_cast<size_t>(w.id)])));
    }
    f.require(f.ite(f.any(someLast), f.any(choices), f.eq(final, ctx.value[static_cast<size_t>(initOf[m])])));
  }
}

}  // namespace

Term endsLocationWith(EncodingContext& ctx, int write, int init) {
  return ctx.f.both(ctx.coLast[static_cast<size_t>(write)], ctx.sameAddress(write, init));
}

void encodeMemory(EncodingContext& ctx) {
  encodeReadsFrom(ctx);
  encodeCoherence(ctx);
  encodeFenceOrder(ctx);
  encodeFinalValues(ctx);
}

}  // namespace catcheck::encoders
