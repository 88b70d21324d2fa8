// Encodes the unrolled program (after Dat3M's ProgramEncoder): per step a "reached" variable defined by
// its incoming control-flow edges (all jumps go forward after unrolling), register values in SSA form
// with one fresh variable per join point, the values written by stores and RMWs, and control barriers
// (docs/semantics.md §5) and warp primitives (WarpEncoder.cpp): an unnamed barrier group executes iff every
// member is reached; a named barrier executes once enough threads with the same resource id arrive (all of
// them, or its quorum). A thread whose barrier does not execute is blocked: nothing after it is reached.
// Registers start at 0 or their declared initial value; expressions are encoded by ValueEncoder.h (unbounded
// integers for litmus tests, two's-complement at the declared width for SPIR-V).
#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/analysis/BaseRelations.h"
#include "core/graph/BarrierGroups.h"
#include "core/ir/SourceLocation.h"
#include "encoders/EncodingContext.h"
#include "encoders/ReadRanges.h"
#include "encoders/ValueEncoder.h"

namespace catcheck::encoders {
namespace {

using core::Expr;
using core::ExprOp;
using core::InstructionKind;
using core::Step;

std::string name(const char* prefix, int thread, int step) {
  return std::string(prefix) + "_P" + std::to_string(thread) + "_" + std::to_string(step);
}

class ThreadEncoder {
 public:
  ThreadEncoder(EncodingContext& ctx, int thread)
      : ctx_(ctx),
        f_(ctx.f),
        thread_(ctx.graph.threads[static_cast<size_t>(thread)]),
        source_(ctx.graph.program->threads[static_cast<size_t>(thread)]),
        out_(ctx.threads[static_cast<size_t>(thread)]),
        values_(ctx.f, "P" + std::to_string(thread)) {}

  void encodeControlFlow() {
    size_t n = thread_.steps.size();
    out_.reached.resize(n);
    out_.regsIn.resize(n);
    out_.started = ctx_.allThreadsStart ? f_.top() : f_.boolVar(name("start", thread_.thread, 0));
    for (size_t s = 0; s < n; ++s)
      out_.reached[s] = s == 0 ? out_.started : f_.boolVar(name("cf", thread_.thread, static_cast<int>(s)));
    for (size_t s = 0; s < n; ++s) {
      for (int e : thread_.steps[s].events) ctx_.exec[static_cast<size_t>(e)] = out_.reached[s];
    }
  }

  // Called after barrier execution is known: incoming edges, registers and values. A step is reached only
  // through one of its incoming edges; a thread with progress must also take every edge it can.
  void encodeFlowAndData() {
    size_t n = thread_.steps.size();
    std::vector<Term> initial;
    for (size_t r = 0; r < source_.registerNames.size(); ++r) {
      auto it = source_.registerInits.find(static_cast<int>(r));
      initial.push_back(f_.intValue(it == source_.registerInits.end() ? 0 : it->second));
    }
    std::vector<std::vector<Edge>> incoming(n + 1);
    std::vector<Term> regs = initial;
    for (size_t s = 0; s < n; ++s) {
      if (s > 0) {
        Term arrives = anyEdge(incoming[s]);
        f_.require(f_.implies(out_.reached[s], arrives));
        f_.require(f_.implies(f_.both(out_.hasProgress, arrives), out_.reached[s]));
        regs = join(incoming[s], static_cast<int>(s));
      }
      out_.regsIn[s] = regs;
      std::vector<Term> after = applyStep(s, regs);
      const Step& step = thread_.steps[s];
      if (step.kind != InstructionKind::Jump) {
        incoming[s + 1].push_back({flowOut(s), after, true});
        continue;
      }
      Term cond = step.unconditional ? f_.top() : boolOf(*step.instruction->branch().condition, regs);
      Term taken = f_.both(out_.reached[s], cond);
      if (!step.unconditional)
        incoming[s + 1].push_back({f_.both(out_.reached[s], f_.no(cond)), after, true});
      if (step.backEdge) taken = encodeBackEdge(s, taken, regs, incoming[n]);
      bool bound = step.role == core::JumpRole::Bound;
      if (bound) out_.boundJumps.push_back(taken);
      incoming[static_cast<size_t>(step.jumpTarget)].push_back({taken, after, !bound});
    }
    finish(incoming[n], initial);
  }

 private:
  struct Edge {
    Term condition;
    std::vector<Term> registers;
    bool normal;  // false: the thread ends without terminating (spin, stop or bound jump)
  };

  // The spin terminator and the "stop here" choice of a back-edge (docs/semantics.md §7.2, §7.4): an
  // iteration without side effects spins; any other may stop nondeterministically. Returns the edge that
  // continues.
  Term encodeBackEdge(size_t s, Term taken, const std::vector<Term>& regs, std::vector<Edge>& endEdges) {
    const Step& step = thread_.steps[s];
    const core::Iteration& iteration = thread_.iterations.at(static_cast<size_t>(step.iteration));
    if (iteration.fixedTripCount) return taken;
    std::vector<Term> quiet;
    for (int i = iteration.first; i <= static_cast<int>(s); ++i) {
      for (int e : thread_.steps[static_cast<size_t>(i)].events) {
        if (ctx_.graph.event(e).kind == core::EventKind::Write)
          quiet.push_back(f_.no(ctx_.exec[static_cast<size_t>(e)]));
      }
    }
    const auto& header = out_.regsIn[static_cast<size_t>(iteration.first)];
    for (int r : step.liveWritten)
      quiet.push_back(f_.eq(regs[static_cast<size_t>(r)], header[static_cast<size_t>(r)]));
    Term spin = f_.both(taken, f_.all(quiet));
    Term moves = f_.both(taken, f_.no(f_.all(quiet)));
    Term stop = f_.isFalse(moves)
                    ? f_.bottom()
                    : f_.both(moves, f_.boolVar(name("stop", thread_.thread, static_cast<int>(s))));
    endEdges.push_back({spin, regs, false});
    endEdges.push_back({stop, regs, false});
    out_.stuckCases.push_back({step.iteration, spin, true});
    out_.stuckCases.push_back({step.iteration, stop, false});
    return f_.both(moves, f_.no(stop));
  }

  Term flowOut(size_t s) {
    const Step& step = thread_.steps[s];
    if (step.waits()) return ctx_.exec[static_cast<size_t>(step.events.front())];
    return out_.reached[s];
  }

  Term anyEdge(const std::vector<Edge>& edges) {
    std::vector<Term> conds;
    for (const Edge& edge : edges) conds.push_back(edge.condition);
    return f_.any(conds);
  }

  std::vector<Term> join(const std::vector<Edge>& edges, int step) {
    if (edges.empty()) return std::vector<Term>(source_.registerNames.size(), f_.intValue(0));
    std::vector<Term> result = edges.front().registers;
    for (size_t r = 0; r < result.size(); ++r) {
      bool same = true;
      for (const Edge& edge : edges) same = same && edge.registers[r] == result[r];
      if (same) continue;
      Term merged = f_.intVar(name("reg", thread_.thread, step) + "_r" + std::to_string(r));
      for (const Edge& edge : edges) f_.require(f_.implies(edge.condition, f_.eq(merged, edge.registers[r])));
      result[r] = merged;
    }
    return result;
  }

  void finish(const std::vector<Edge>& endEdges, const std::vector<Term>& initial) {
    std::vector<Edge> normal;
    for (const Edge& edge : endEdges) {
      if (edge.normal) normal.push_back(edge);
    }
    out_.terminated = thread_.steps.empty() ? out_.started : anyEdge(normal);
    out_.finalRegisters =
        thread_.steps.empty() ? initial : join(endEdges, static_cast<int>(thread_.steps.size()));
    std::vector<Term> blocked;
    for (size_t s = 0; s < thread_.steps.size(); ++s) {
      if (!thread_.steps[s].waits()) continue;
      blocked.push_back(
          f_.both(out_.reached[s], f_.no(ctx_.exec[static_cast<size_t>(thread_.steps[s].events.front())])));
    }
    out_.blocked = f_.any(blocked);
  }

 public:
  std::vector<Term> applyStep(size_t s, const std::vector<Term>& regs) {
    try {
      return applyEffects(s, regs);
    } catch (const std::domain_error& e) {
      throw core::InputError(thread_.steps[s].instruction->location, e.what());
    }
  }

  std::vector<Term> applyEffects(size_t s, const std::vector<Term>& regs) {
    const Step& step = thread_.steps[s];
    const core::Instruction& in = *step.instruction;
    std::vector<Term> after = regs;
    if (in.computedAddress() != nullptr && !step.events.empty() &&
        ctx_.graph.event(step.events[0]).computedAddress) {
      Term address = intOf(*in.computedAddress(), regs);
      for (int e : step.events) ctx_.address[static_cast<size_t>(e)] = address;
    }
    switch (in.kind) {
      case InstructionKind::Load:
        after[static_cast<size_t>(*in.reg)] = readValue(step.events[0]);
        break;
      case InstructionKind::Store:
        ctx_.value[static_cast<size_t>(step.events[0])] = intOf(in.value, regs);
        break;
      case InstructionKind::Rmw: {
        Term old = readValue(step.events[0]);
        ctx_.value[static_cast<size_t>(step.events[1])] = rmwResult(in, old, regs);
        if (in.access().rmwOp ==
            core::RmwOp::CompareExchangeOnSuccess) {  // the write executes only on success
          Term& written = ctx_.exec[static_cast<size_t>(step.events[1])];
          written = f_.both(written, f_.eq(old, intOf(in.access().expected, regs)));
        }
        if (in.reg) after[static_cast<size_t>(*in.reg)] = old;
        break;
      }
      case InstructionKind::Local:
        after[static_cast<size_t>(*in.reg)] = intOf(in.value, regs);
        break;
      case InstructionKind::Warp:  // the collective's result (WarpEncoder.cpp)
        if (in.reg) after[static_cast<size_t>(*in.reg)] = ctx_.value[static_cast<size_t>(step.events[0])];
        break;
      case InstructionKind::Fence:
      case InstructionKind::Barrier:
      case InstructionKind::Label:
      case InstructionKind::Jump:
      case InstructionKind::Visible:
        break;
    }
    return after;
  }

  Term readValue(int event) {
    if (auto fixed = ctx_.fixedValues.find(event); fixed != ctx_.fixedValues.end()) {
      Term known = f_.intValue(fixed->second);  // a propagated value (ValuePropagation.h)
      ctx_.value[static_cast<size_t>(event)] = known;
      return known;
    }
    Term v = f_.intVar("val_e" + std::to_string(event));
    ctx_.value[static_cast<size_t>(event)] = v;
    if (const std::optional<Formula::Range>& range = ctx_.readRanges[static_cast<size_t>(event)]) {
      f_.require(f_.both(f_.le(f_.intValue(range->lo), v), f_.le(v, f_.intValue(range->hi))));
      f_.noteRange(v, *range);
    }
    if (const Formula::Domain& domain = ctx_.readDomains[static_cast<size_t>(event)];
        !domain.values.empty()) {
      if (!domain.open) {  // a closed list is every value the read can take
        std::vector<Term> oneOf;
        for (long long d : domain.values) oneOf.push_back(f_.eq(v, f_.intValue(d)));
        f_.require(f_.any(oneOf));
      }
      f_.noteDomain(v, domain.values, domain.open);
    }
    return v;
  }

  Term rmwResult(const core::Instruction& in, Term old, const std::vector<Term>& regs) {
    return values_.rmw(in, old, regs);
  }

 public:
  Term intOf(const Expr& e, const std::vector<Term>& regs) { return values_.intOf(e, regs); }
  Term boolOf(const Expr& e, const std::vector<Term>& regs) { return values_.boolOf(e, regs); }

 private:
  EncodingContext& ctx_;
  Formula& f_;
  const core::UnrolledThread& thread_;
  const core::Thread& source_;
  ThreadEncoding& out_;
  ValueEncoder values_;
};

// --- control barriers -------------------------------------------------------------------------------

using BarrierRef = core::BarrierMember;

class BarrierEncoder {
 public:
  BarrierEncoder(EncodingContext& ctx, std::vector<ThreadEncoder>& threads)
      : ctx_(ctx), f_(ctx.f), threads_(threads) {}

  // Barrier execution needs register values at the barrier for named ids: resource ids are evaluated
  // lazily through the thread encoders' register state, so this runs after data flow is set up.
  void declare() {
    groups_ = core::barrierGroups(ctx_.graph);
    for (const core::UnrolledThread& t : ctx_.graph.threads) {
      for (const core::Step& step : t.steps) {
        if (step.kind != InstructionKind::Barrier) continue;
        int event = step.events.front();
        ctx_.exec[static_cast<size_t>(event)] = f_.boolVar("bar_e" + std::to_string(event));
      }
    }
  }

  void encode() {
    for (const std::vector<BarrierRef>& members : groups_) {
      for (size_t m = 0; m < members.size(); ++m) {
        if (instruction(members[m]).barrier().resource)
          encodeNamed(members[m], members);
        else
          encodeUnnamed(members, m);
      }
    }
  }

 private:
  const core::Instruction& instruction(const BarrierRef& b) const {
    return *ctx_.graph.threads[static_cast<size_t>(b.thread)].steps[static_cast<size_t>(b.step)].instruction;
  }
  Term reached(const BarrierRef& b) const {
    return ctx_.threads[static_cast<size_t>(b.thread)].reached[static_cast<size_t>(b.step)];
  }
  Term atBarrier(const BarrierRef& b, const Expr& e) {
    const auto& regs = ctx_.threads[static_cast<size_t>(b.thread)].regsIn[static_cast<size_t>(b.step)];
    return threads_[static_cast<size_t>(b.thread)].intOf(e, regs);
  }

  void encodeUnnamed(const std::vector<BarrierRef>& members, size_t m) {
    std::vector<Term> all;
    for (size_t i : core::awaitedMembers(ctx_.graph, members, m)) all.push_back(reached(members[i]));
    f_.require(f_.iff(ctx_.exec[static_cast<size_t>(members[m].event)], f_.all(all)));
  }

  Term sameResource(const BarrierRef& a, const BarrierRef& b) {
    Term same = f_.eq(atBarrier(a, *instruction(a).barrier().resource),
                      atBarrier(b, *instruction(b).barrier().resource));
    ctx_.sameBarrierResource[{a.event, b.event}] = same;
    return same;
  }

  void encodeNamed(const BarrierRef& b, const std::vector<BarrierRef>& members) {
    std::vector<BarrierRef> partners;
    for (const BarrierRef& m : members) {
      if (instruction(m).barrier().resource) partners.push_back(m);
    }
    Term exec = ctx_.exec[static_cast<size_t>(b.event)];
    if (!instruction(b).barrier().quorum) {
      std::vector<Term> everyoneThere;
      for (const BarrierRef& m : partners)
        everyoneThere.push_back(f_.either(reached(m), f_.no(sameResource(b, m))));
      ctx_.barrierSync[b.event] = f_.top();
      f_.require(f_.iff(exec, f_.both(reached(b), f_.all(everyoneThere))));
      return;
    }
    Term sync = f_.boolVar("barsync_e" + std::to_string(b.event));
    ctx_.barrierSync[b.event] = sync;
    pendingQuorum_.push_back({b, partners});
  }

 public:
  // Quorum counters need every partner's sync variable, so they are encoded after all are declared.
  void encodeQuorums() {
    for (const auto& [b, partners] : pendingQuorum_) {
      Term arrived = f_.intValue(0), synced = f_.intValue(0);
      for (const BarrierRef& m : partners) {
        Term same = sameResource(b, m);
        arrived =
            f_.arith(TermOp::Add, arrived, f_.ite(f_.both(reached(m), same), f_.intValue(1), f_.intValue(0)));
        synced = f_.arith(TermOp::Add, synced,
                          f_.ite(f_.both(ctx_.barrierSync[m.event], same), f_.intValue(1), f_.intValue(0)));
      }
      Term quorum = atBarrier(b, *instruction(b).barrier().quorum);
      Term hasQuorum = f_.boolVar("quorum_e" + std::to_string(b.event));
      Term exec = ctx_.exec[static_cast<size_t>(b.event)];
      f_.require(f_.implies(f_.le(quorum, arrived), hasQuorum));
      f_.require(f_.iff(hasQuorum, f_.le(quorum, synced)));
      f_.require(f_.iff(exec, f_.both(reached(b), hasQuorum)));
      f_.require(f_.implies(ctx_.barrierSync[b.event], exec));
    }
  }

 private:
  EncodingContext& ctx_;
  Formula& f_;
  std::vector<ThreadEncoder>& threads_;
  std::vector<std::vector<BarrierRef>> groups_;
  std::vector<std::pair<BarrierRef, std::vector<BarrierRef>>> pendingQuorum_;
};

// Static addresses are constants; computed ones are set when their step is encoded.
void encodeStaticAddresses(EncodingContext& ctx) {
  const auto& memory = ctx.graph.program->memory;
  for (const core::Event& e : ctx.graph.events) {
    if (e.isMemory() && !e.computedAddress)
      ctx.address[static_cast<size_t>(e.id)] =
          ctx.f.intValue(memory[static_cast<size_t>(e.location)].address);
  }
}

void encodeInitValues(EncodingContext& ctx) {
  for (const core::Event& e : ctx.graph.events) {
    if (e.kind != core::EventKind::Init) continue;
    ctx.exec[static_cast<size_t>(e.id)] = ctx.f.top();
    const core::MemoryObject& location = ctx.graph.program->memory[static_cast<size_t>(e.location)];
    auto fixed = ctx.fixedValues.find(e.id);
    if (fixed != ctx.fixedValues.end())
      ctx.value[static_cast<size_t>(e.id)] = ctx.f.intValue(fixed->second);
    else
      ctx.value[static_cast<size_t>(e.id)] = location.initialValueUnknown
                                                 ? ValueEncoder(ctx.f, "init_" + std::to_string(e.id))
                                                       .intOf(core::Expr::undefinedValue(location.width), {})
                                                 : ctx.f.intValue(location.initialValue);
  }
}

}  // namespace

void encodeProgram(EncodingContext& ctx, const core::ProgressSpec& progress) {
  ctx.allThreadsStart = progress.uniformlyFair();
  ctx.exec.assign(static_cast<size_t>(ctx.graph.size()), ctx.f.bottom());
  ctx.value.assign(static_cast<size_t>(ctx.graph.size()), ctx.f.intValue(0));
  ctx.address.assign(static_cast<size_t>(ctx.graph.size()), ctx.f.intValue(0));
  ctx.threads.assign(ctx.graph.threads.size(), ThreadEncoding{});
  encodeStaticAddresses(ctx);
  encodeInitValues(ctx);
  auto initialRange = [&](int init) { return ctx.f.rangeOf(ctx.value[static_cast<size_t>(init)]); };
  ctx.readRanges = boundedReads(ctx.graph, initialRange);
  ctx.readDomains = mbarrierReadDomains(ctx.graph, initialRange);
  std::vector<ThreadEncoder> threads;
  for (size_t t = 0; t < ctx.graph.threads.size(); ++t) threads.emplace_back(ctx, static_cast<int>(t));
  for (size_t t = 0; t < threads.size(); ++t) {
    ctx.threads[t].hasProgress =
        ctx.allThreadsStart ? ctx.f.top() : ctx.f.boolVar("progress_P" + std::to_string(t));
    threads[t].encodeControlFlow();
  }
  BarrierEncoder barriers(ctx, threads);
  barriers.declare();
  declareWarpPrimitives(ctx);
  std::vector<Term> bounds, terminated;
  for (size_t t = 0; t < threads.size(); ++t) {
    threads[t].encodeFlowAndData();
    bounds.insert(bounds.end(), ctx.threads[t].boundJumps.begin(), ctx.threads[t].boundJumps.end());
    terminated.push_back(ctx.threads[t].terminated);
  }
  barriers.encode();
  barriers.encodeQuorums();
  encodeWarpPrimitives(ctx, [&](int t, int s, const core::Expr& e) {
    return threads[static_cast<size_t>(t)].intOf(
        e, ctx.threads[static_cast<size_t>(t)].regsIn[static_cast<size_t>(s)]);
  });
  ctx.boundReached = ctx.f.any(bounds);
  ctx.allTerminated = ctx.f.all(terminated);
  encodeProgress(ctx, progress);
}

}  // namespace catcheck::encoders
