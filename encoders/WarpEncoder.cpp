// Warp primitives in the formula (issue 9; the concrete rules are core/ir/Warps.h). Per warp, family and
// mask, a thread's k-th executed primitive joins instance k (PTX sm_70 matching): the ordinal of a primitive
// is the number of earlier ones of its key the thread reached, and two primitives of different lanes meet
// when both are reached with equal ordinals. A primitive completes when every other lane of its mask has
// joined its instance or has exited. Exits are ordered against instances by integer clocks (matched
// primitives share a clock, a thread's primitives and its end are increasing), so that two lanes can never
// justify each other's completion by their exits, while a primitive whose lanes all joined or terminated
// always completes. Collectives compute their results from the joined
// lanes' operands; a shuffle from a lane that did not join, and a primitive whose mask excludes its own
// lane, are undefined behaviour. Under CUDA an instance must hold the complete warp (participation).
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ir/Warps.h"
#include "encoders/EncodingContext.h"

namespace catcheck::encoders {
namespace {

using core::WarpOp;

// Ballots, match.any and activemask yield a mask of lanes: their values are built from 32 digits, so
// that the code masking, reversing and counting them stays digit by digit (Formula::bitsOf).
bool yieldsMask(WarpOp op) {
  return op == WarpOp::VoteBallot || op == WarpOp::MatchAny || op == WarpOp::ActiveMask;
}

struct Primitive {
  int thread = 0;
  int step = 0;
  int event = 0;
  int lane = 0;
  bool inMask = false;
  std::pair<int, long long> key;  // family, normalised mask
  const core::Instruction* in = nullptr;
  const core::WarpOperands* warp = nullptr;  // in->warp(), looked up once
};

class WarpEncoder {
 public:
  WarpEncoder(EncodingContext& ctx, const ValueAt& valueAt)
      : ctx_(ctx), f_(ctx.f), valueAt_(valueAt), layout_(core::warpLayout(*ctx.graph.program)) {
    collect();
  }

  void encode() {
    for (Primitive& p : primitives_) ordinals_[p.event] = ordinal(p);
    for (const Primitive& p : primitives_) declareMatches(p);
    for (const Primitive& p : primitives_) {
      if (!p.inMask) {
        encodeOutsideMask(p);
        continue;
      }
      encodeCompletion(p);
      if (p.warp->op != WarpOp::Sync) encodeResult(p);
      if (core::synchronisesLanes(p.warp->op)) encodeParticipation(p);
    }
  }

 private:
  void collect() {
    for (const core::UnrolledThread& t : ctx_.graph.threads) {
      for (size_t s = 0; s < t.steps.size(); ++s) {
        if (t.steps[s].kind != core::InstructionKind::Warp) continue;
        const core::Instruction& in = *t.steps[s].instruction;
        Primitive p;
        p.thread = t.thread;
        p.step = static_cast<int>(s);
        p.event = t.steps[s].events.front();
        p.lane = layout_.laneOf[static_cast<size_t>(t.thread)];
        p.inMask = layout_.inMask(t.thread, in.warp().mask);
        p.key = {static_cast<int>(core::familyOf(in.warp().op)),
                 layout_.normalisedMask(t.thread, in.warp().mask)};
        p.in = &in;
        p.warp = &in.warp();
        primitives_.push_back(p);
        byThread_[t.thread].push_back(primitives_.size() - 1);
      }
    }
  }

  Term reached(const Primitive& p) const {
    return ctx_.threads[static_cast<size_t>(p.thread)].reached[static_cast<size_t>(p.step)];
  }
  Term exec(const Primitive& p) const { return ctx_.exec[static_cast<size_t>(p.event)]; }
  int warpOf(int thread) const { return layout_.warpOf[static_cast<size_t>(thread)]; }
  int warpSize(int thread) const {
    return static_cast<int>(layout_.lanes[static_cast<size_t>(warpOf(thread))].size());
  }

  const core::Step& stepOf(const Primitive& p) const {
    return ctx_.graph.threads[static_cast<size_t>(p.thread)].steps[static_cast<size_t>(p.step)];
  }
  bool dynamic(const Primitive& p) const { return p.warp->dynamic; }

  // Litmus: the number of earlier primitives of p's key its thread reached. SPIR-V: the dynamic instance.
  Term ordinal(const Primitive& p) {
    if (dynamic(p)) return f_.intValue(stepOf(p).dynamicInstance);
    if (fixedOrdinal(p) >= 0) return f_.intValue(fixedOrdinal(p));  // every earlier one is reached with it
    Term count = f_.intValue(0);
    for (size_t i : byThread_[p.thread]) {
      const Primitive& earlier = primitives_[i];
      if (earlier.step >= p.step) break;
      if (earlier.key != p.key || !earlier.inMask) continue;
      count = f_.arith(TermOp::Add, count, f_.ite(reached(earlier), f_.intValue(1), f_.intValue(0)));
    }
    return count;
  }

  // The instance number the code fixes (core/graph/ExecutionImplication.h), or -1.
  int fixedOrdinal(const Primitive& p) const { return ctx_.graph.warpOrdinal[static_cast<size_t>(p.event)]; }

  // The primitives of `thread` that can meet `p` in one instance.
  std::vector<const Primitive*> partnersIn(const Primitive& p, int thread) const {
    std::vector<const Primitive*> result;
    auto it = byThread_.find(thread);
    if (it == byThread_.end()) return result;
    for (size_t i : it->second) {
      const Primitive& q = primitives_[i];
      if (!q.inMask || q.key != p.key) continue;
      if (dynamic(p) && stepOf(q).dynamicInstance != stepOf(p).dynamicInstance) continue;
      if (fixedOrdinal(p) >= 0 && fixedOrdinal(q) >= 0 && fixedOrdinal(p) != fixedOrdinal(q)) continue;
      result.push_back(&q);
    }
    return result;
  }

  void declareMatches(const Primitive& p) {
    if (!p.inMask) return;
    ctx_.warpMatch[{p.event, p.event}] = exec(p);
    for (int u : layout_.members(p.thread, p.warp->mask)) {
      if (u == p.thread) continue;
      for (const Primitive* q : partnersIn(p, u)) {
        Term meet = f_.all({reached(p), reached(*q), f_.eq(ordinals_.at(p.event), ordinals_.at(q->event))});
        if (p.warp->runtimeMask) meet = f_.both(meet, f_.eq(maskValue(p), maskValue(*q)));
        ctx_.warpMatch[{p.event, q->event}] = f_.both(meet, f_.both(exec(p), exec(*q)));
        joined_[{p.event, u}].push_back({q, meet});
      }
    }
  }

  // Whether lane `u` joined p's instance.
  Term joined(const Primitive& p, int u) {
    std::vector<Term> any;
    for (const auto& [q, meet] : joined_[{p.event, u}]) any.push_back(meet);
    return f_.any(any);
  }

  Term clockOf(const std::string& name) {
    auto [it, fresh] = clocks_.emplace(name, -1);
    if (fresh) it->second = f_.intVar("wclk_" + name);
    return it->second;
  }
  Term clock(const Primitive& p) { return clockOf("e" + std::to_string(p.event)); }
  // A thread's end and its primitives are ordered in time; matched primitives happen together.
  Term endClock(int thread) {
    std::string name = "end_P" + std::to_string(thread);
    bool fresh = clocks_.count(name) == 0;
    Term end = clockOf(name);
    if (!fresh) return end;
    const std::vector<size_t>& own = byThread_[thread];
    for (size_t i = 0; i < own.size(); ++i) {
      Term next = i + 1 < own.size() ? clock(primitives_[own[i + 1]]) : end;
      f_.require(f_.lt(clock(primitives_[own[i]]), next));
    }
    return end;
  }

  // SPIR-V (dynamic instances): the lanes of a subgroup run a dynamic instance together, so p executes once
  // every other lane that has the instance in its code has joined it or gone past it (reached a later step
  // or terminated without it); a lane still before it holds p back, as lanes in lockstep would.
  void encodeDynamicCompletion(const Primitive& p) {
    std::vector<Term> ready{reached(p)};
    for (int u : layout_.members(p.thread, p.warp->mask)) {
      if (u == p.thread) continue;
      for (const Primitive* q : partnersIn(p, u)) {
        std::vector<Term> past{joined(p, u), ctx_.threads[static_cast<size_t>(u)].terminated};
        const core::UnrolledThread& lane = ctx_.graph.threads[static_cast<size_t>(u)];
        for (size_t s = static_cast<size_t>(q->step) + 1; s < lane.steps.size(); ++s)
          past.push_back(ctx_.threads[static_cast<size_t>(u)].reached[s]);
        ready.push_back(f_.any(past));
      }
    }
    f_.require(f_.iff(exec(p), f_.all(ready)));
  }

  // A runtime mask (PTX, core/ir/Program.h WarpOperands::runtimeMask) as its 32 digits, once per event.
  Term maskValue(const Primitive& p) { return valueAt_(p.thread, p.step, *p.warp->runtimeMask); }
  const std::vector<Term>& maskBits(const Primitive& p) {
    auto [it, fresh] = maskBits_.try_emplace(p.event);
    if (fresh) it->second = f_.decompose(maskValue(p), 32, "wmask_e" + std::to_string(p.event));
    return it->second;
  }
  // Whether p's mask names lane thread `u`: always for a mask the code fixes (members() chose u).
  Term names(const Primitive& p, int u) {
    if (!p.warp->runtimeMask) return f_.top();
    return maskBits(p)[static_cast<size_t>(layout_.laneOf[static_cast<size_t>(u)])];
  }

  // p completes when every other lane its mask names joined or terminated (so it never blocks spuriously),
  // and only if each lane that did not join terminated before p in time (so that two lanes can never
  // justify each other's completion by their exits). A runtime mask names lanes by its value's digits; a
  // value without the thread's own lane is undefined behaviour, and p then executes as it is reached (as
  // encodeOutsideMask does for a mask the code fixes).
  void encodeCompletion(const Primitive& p) {
    if (!core::synchronisesLanes(p.warp->op)) {  // activemask never waits
      f_.require(f_.iff(exec(p), reached(p)));
      return;
    }
    if (dynamic(p) && !p.warp->runtimeMask) return encodeDynamicCompletion(p);
    Term own = names(p, p.thread);
    std::vector<Term> justified{reached(p)}, forced{reached(p)};
    endClock(p.thread);  // orders p's own thread's primitives and end in time
    for (int u : layout_.members(p.thread, p.warp->mask)) {
      if (u == p.thread) continue;
      Term terminated = ctx_.threads[static_cast<size_t>(u)].terminated;
      Term named = names(p, u);
      justified.push_back(
          f_.implies(named, f_.either(joined(p, u), f_.both(terminated, f_.lt(endClock(u), clock(p))))));
      forced.push_back(f_.implies(named, f_.either(joined(p, u), terminated)));
      for (const auto& [q, meet] : joined_[{p.event, u}])
        f_.require(f_.implies(meet, f_.eq(clock(p), clock(*q))));
    }
    f_.require(f_.implies(f_.both(exec(p), own), f_.all(justified)));
    f_.require(f_.implies(f_.both(own, f_.all(forced)), exec(p)));
    if (!p.warp->runtimeMask) return;
    f_.require(f_.implies(f_.no(own), f_.iff(exec(p), reached(p))));
    Term outside = f_.both(exec(p), f_.no(own));
    ctx_.warpUndefined.push_back({p.event, outside, "its mask excludes the thread's own lane"});
    ctx_.warpParticipation.push_back({p.event, outside, "the thread is not in the mask it passes"});
  }

  void encodeOutsideMask(const Primitive& p) {
    f_.require(f_.iff(exec(p), reached(p)));
    ctx_.warpUndefined.push_back({p.event, exec(p), "its mask excludes the thread's own lane"});
    ctx_.warpParticipation.push_back({p.event, exec(p), "the thread is not in the mask it passes"});
  }

  // Per lane of the warp: whether it takes part in p's instance and its operand there.
  struct Contribution {
    Term present = -1;
    Term operand = -1;
  };
  std::vector<Contribution> contributions(const Primitive& p) {
    std::vector<Contribution> result(static_cast<size_t>(warpSize(p.thread)), {f_.bottom(), f_.intValue(0)});
    result[static_cast<size_t>(p.lane)] = {f_.top(), valueAt_(p.thread, p.step, p.in->value)};
    for (int u : layout_.members(p.thread, p.warp->mask)) {
      if (u == p.thread) continue;
      Term operand = f_.intValue(0);
      for (const auto& [q, meet] : joined_[{p.event, u}])
        operand = f_.ite(meet, valueAt_(q->thread, q->step, q->in->value), operand);
      result[static_cast<size_t>(layout_.laneOf[static_cast<size_t>(u)])] = {joined(p, u), operand};
    }
    return result;
  }

  void encodeResult(const Primitive& p) {
    std::vector<Contribution> lanes = contributions(p);
    Term value = ctx_.value[static_cast<size_t>(p.event)];
    Term undefined = f_.bottom();
    Term result = core::familyOf(p.warp->op) == core::WarpFamily::Shuffle ? shuffle(p, lanes, undefined)
                  : core::familyOf(p.warp->op) == core::WarpFamily::Vote  ? vote(p, lanes)
                                                                          : reduce(p.warp->op, lanes);
    if (!f_.isFalse(undefined))
      ctx_.warpUndefined.push_back(
          {p.event, f_.both(exec(p), undefined), "it shuffles from a lane that does not take part"});
    Term equal = f_.eq(value, result);
    // A mask (ballot, match.any) is equated digit by digit, so that masking and counting it stay linear.
    if (std::optional<std::vector<Term>> digits = f_.bitsOf(result, 32); digits && !f_.constantOf(result)) {
      std::optional<std::vector<Term>> known = f_.bitsOf(value, 32);
      std::vector<Term> own = known ? *known : f_.decompose(value, 32, "warp_e" + std::to_string(p.event));
      std::vector<Term> same;
      for (size_t i = 0; i < own.size(); ++i) same.push_back(f_.iff(own[i], (*digits)[i]));
      equal = f_.all(same);
    }
    f_.require(f_.implies(f_.both(exec(p), f_.no(undefined)), equal));
  }

  // The source lane l is chosen when the selector equals the constant that names it (core::shuffleSource).
  Term shuffle(const Primitive& p, const std::vector<Contribution>& lanes, Term& undefined) {
    if (p.warp->op == WarpOp::BroadcastFirst)
      return lowestPresent(lanes, [](const Contribution& c) { return c.operand; });
    Term selector = valueAt_(p.thread, p.step, p.warp->laneSelector);
    Term result = lanes[static_cast<size_t>(p.lane)].operand;  // a source outside the warp: its own value
    std::vector<Term> absent;
    auto choose = [&](Term chosen, int l) {
      result = f_.ite(chosen, lanes[static_cast<size_t>(l)].operand, result);
      absent.push_back(f_.both(chosen, f_.no(lanes[static_cast<size_t>(l)].present)));
    };
    if (p.warp->shuffleControl) {  // PTX: the front end keeps the selector in [0, 32)
      for (long long b = 0; b < 32; ++b) {
        std::optional<int> source = core::shuffleSource(p.warp->op, p.lane, static_cast<int>(lanes.size()), b,
                                                        p.warp->shuffleControl);
        if (source) choose(f_.eq(selector, f_.intValue(b)), *source);
      }
    } else {
      for (int l = 0; l < static_cast<int>(lanes.size()); ++l) {
        long long names = l;
        if (p.warp->op == WarpOp::ShuffleUp) names = p.lane - l;
        if (p.warp->op == WarpOp::ShuffleDown) names = l - p.lane;
        if (p.warp->op == WarpOp::ShuffleXor) names = p.lane ^ l;
        choose(f_.eq(selector, f_.intValue(names)), l);
      }
    }
    undefined = f_.any(absent);
    return result;
  }

  // The value `of` the lowest participating lane (p's own lane always takes part).
  template <class Of>
  Term lowestPresent(const std::vector<Contribution>& lanes, const Of& of) {
    Term result = of(lanes.back());
    for (size_t l = lanes.size(); l-- > 0;) result = f_.ite(lanes[l].present, of(lanes[l]), result);
    return result;
  }

  Term vote(const Primitive& p, const std::vector<Contribution>& lanes) {
    WarpOp op = p.warp->op;
    auto flag = [&](Term t) { return f_.ite(t, f_.intValue(1), f_.intValue(0)); };
    if (op == WarpOp::Elect) {
      std::vector<Term> lowerAbsent;
      for (int l = 0; l < p.lane; ++l) lowerAbsent.push_back(f_.no(lanes[static_cast<size_t>(l)].present));
      return flag(f_.all(lowerAbsent));
    }
    if (op == WarpOp::AllEqual) {
      std::vector<Term> equal;
      Term own = lanes[static_cast<size_t>(p.lane)].operand;
      for (const Contribution& c : lanes) equal.push_back(f_.implies(c.present, f_.eq(c.operand, own)));
      return flag(f_.all(equal));
    }
    std::vector<Term> allSet, allClear, anySet;
    std::vector<Term> ballot;
    Term own = lanes[static_cast<size_t>(p.lane)].operand;
    for (size_t l = 0; l < lanes.size(); ++l) {
      // a ballot counts the lanes whose operand is set, match.any those whose operand equals this lane's
      Term set = op == WarpOp::MatchAny ? f_.eq(lanes[l].operand, own)
                                        : f_.no(f_.eq(lanes[l].operand, f_.intValue(0)));
      allSet.push_back(f_.implies(lanes[l].present, set));
      allClear.push_back(f_.implies(lanes[l].present, f_.no(set)));
      anySet.push_back(f_.both(lanes[l].present, set));
      ballot.push_back(f_.both(lanes[l].present, set));
    }
    switch (op) {
      case WarpOp::VoteAll:
        return flag(f_.all(allSet));
      case WarpOp::VoteAny:
        return flag(f_.any(anySet));
      case WarpOp::VoteUniform:
        return flag(f_.either(f_.all(allSet), f_.all(allClear)));
      case WarpOp::VoteBallot:
      case WarpOp::MatchAny:
      case WarpOp::Sync:
      case WarpOp::ShuffleIdx:
      case WarpOp::ShuffleUp:
      case WarpOp::ShuffleDown:
      case WarpOp::ShuffleXor:
      case WarpOp::ReduceAdd:
      case WarpOp::ReduceMin:
      case WarpOp::ReduceMax:
      case WarpOp::ReduceAnd:
      case WarpOp::ReduceOr:
      case WarpOp::ReduceXor:
      case WarpOp::Elect:
      case WarpOp::AllEqual:
      case WarpOp::BroadcastFirst:
      case WarpOp::ActiveMask:
        return f_.fromBits(ballot);
    }
    throw std::logic_error("unknown WarpOp");
  }

  Term as32(Term t) { return f_.arith(TermOp::Mod, t, f_.intValue(1LL << 32)); }

  Term reduce(WarpOp op, const std::vector<Contribution>& lanes) {
    Term result = -1;
    for (const Contribution& c : lanes) {
      if (f_.isFalse(c.present)) continue;
      Term a = c.operand;
      Term combined = a;
      if (result != -1) {
        switch (op) {
          case WarpOp::ReduceAdd:
            combined = f_.arith(TermOp::Add, result, a);
            break;
          case WarpOp::ReduceMin:
            combined = f_.ite(f_.lt(a, result), a, result);
            break;
          case WarpOp::ReduceMax:
            combined = f_.ite(f_.lt(result, a), a, result);
            break;
          case WarpOp::ReduceAnd:
            combined = f_.bitwise(BitwiseOp::And, 32, {result, as32(a)});
            break;
          case WarpOp::ReduceOr:
            combined = f_.bitwise(BitwiseOp::Or, 32, {result, as32(a)});
            break;
          case WarpOp::ReduceXor:
          case WarpOp::Sync:
          case WarpOp::ShuffleIdx:
          case WarpOp::ShuffleUp:
          case WarpOp::ShuffleDown:
          case WarpOp::ShuffleXor:
          case WarpOp::VoteAll:
          case WarpOp::VoteAny:
          case WarpOp::VoteUniform:
          case WarpOp::VoteBallot:
          case WarpOp::MatchAny:
          case WarpOp::Elect:
          case WarpOp::AllEqual:
          case WarpOp::BroadcastFirst:
          case WarpOp::ActiveMask:
            combined = f_.bitwise(BitwiseOp::Xor, 32, {result, as32(a)});
            break;
        }
      } else if (core::combinesBits(op)) {
        combined = as32(a);
      }
      result = result == -1 ? combined : f_.ite(c.present, combined, result);
    }
    return result;
  }

  // CUDA guarantees only the complete warp; SMR and FMR guarantee the threads of the instance's dynamic
  // block, which in a litmus test (every column its own code) is whoever joined.
  void encodeParticipation(const Primitive& p) {
    if (ctx_.warpConfig != core::WarpConfig::Cuda) return;
    std::vector<Term> everyLane;
    for (int u : layout_.lanes[static_cast<size_t>(warpOf(p.thread))]) {
      if (u != p.thread) everyLane.push_back(joined(p, u));
    }
    Term partial = f_.both(exec(p), f_.no(f_.all(everyLane)));
    if (!f_.isFalse(partial))
      ctx_.warpParticipation.push_back({p.event, partial, "CUDA guarantees only the complete warp"});
  }

  EncodingContext& ctx_;
  Formula& f_;
  const ValueAt& valueAt_;
  core::WarpLayout layout_;
  std::vector<Primitive> primitives_;
  std::map<int, std::vector<size_t>> byThread_;
  std::map<int, Term> ordinals_;
  std::map<std::pair<int, int>, std::vector<std::pair<const Primitive*, Term>>>
      joined_;  // (event, lane thread)
  std::map<std::string, Term> clocks_;
  std::map<int, std::vector<Term>> maskBits_;  // event -> digits of its runtime mask
};

}  // namespace

void declareWarpPrimitives(EncodingContext& ctx) {
  for (const core::UnrolledThread& t : ctx.graph.threads) {
    for (const core::Step& step : t.steps) {
      if (step.kind != core::InstructionKind::Warp) continue;
      int e = step.events.front();
      ctx.exec[static_cast<size_t>(e)] = ctx.f.boolVar("warp_e" + std::to_string(e));
      std::string name = "warpval_e" + std::to_string(e);
      if (yieldsMask(step.instruction->warp().op)) {  // digits known before any code uses the value
        std::vector<Term> digits;
        for (int i = 0; i < 32; ++i) digits.push_back(ctx.f.boolVar(name + "_bit" + std::to_string(i)));
        ctx.value[static_cast<size_t>(e)] = ctx.f.fromBits(digits);
      } else if (step.instruction->warp().op != WarpOp::Sync) {
        ctx.value[static_cast<size_t>(e)] = ctx.f.intVar(name);
      }
    }
  }
}

void encodeWarpPrimitives(EncodingContext& ctx, const ValueAt& valueAt) {
  WarpEncoder(ctx, valueAt).encode();
}

}  // namespace catcheck::encoders
