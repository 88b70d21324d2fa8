// Encodes the unrolled program (after Dat3M's ProgramEncoder): per step a "reached" variable defined by
// its incoming control-flow edges (all jumps go forward after unrolling), register values in SSA form
// with one fresh variable per join point, the values written by stores and RMWs, and control barriers
// (SEMANTICS.md §5): an unnamed barrier group executes iff every member is reached; a named barrier
// executes once enough threads with the same resource id arrive (all of them, or its quorum). A thread
// whose barrier does not execute is blocked: nothing after it is reached. Registers start at 0 or their
// declared initial value; arithmetic is over unbounded integers.
#include "core/BaseRelations.h"
#include "core/SourceLocation.h"
#include "encoders/EncodingContext.h"

#include <algorithm>
#include <map>
#include <string>

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
      : ctx_(ctx), f_(ctx.f), thread_(ctx.graph.threads[static_cast<size_t>(thread)]),
        source_(ctx.graph.program->threads[static_cast<size_t>(thread)]), out_(ctx.threads[static_cast<size_t>(thread)]) {}

  void encodeControlFlow() {
    size_t n = thread_.steps.size();
    out_.reached.resize(n);
    out_.regsIn.resize(n);
    for (size_t s = 0; s < n; ++s) out_.reached[s] = s == 0 ? f_.top() : f_.boolVar(name("cf", thread_.thread, static_cast<int>(s)));
    for (size_t s = 0; s < n; ++s) {
      for (int e : thread_.steps[s].events) ctx_.exec[static_cast<size_t>(e)] = out_.reached[s];
    }
  }

  // Called after barrier execution is known: incoming edges, registers and values.
  void encodeFlowAndData() {
    size_t n = thread_.steps.size();
    std::vector<Term> initial;
    for (size_t r = 0; r < source_.registerNames.size(); ++r) {
      auto it = source_.registerInits.find(static_cast<int>(r));
      initial.push_back(f_.intValue(it == source_.registerInits.end() ? 0 : it->second));
    }
    std::vector<std::vector<std::pair<Term, std::vector<Term>>>> incoming(n + 1);
    std::vector<Term> regs = initial;
    for (size_t s = 0; s < n; ++s) {
      if (s > 0) {
        if (!incoming[s].empty()) f_.require(f_.iff(out_.reached[s], anyEdge(incoming[s])));
        else f_.require(f_.no(out_.reached[s]));
        regs = join(incoming[s], static_cast<int>(s));
      }
      out_.regsIn[s] = regs;
      std::vector<Term> after = applyStep(s, regs);
      const Step& step = thread_.steps[s];
      if (step.kind == InstructionKind::Jump) {
        Term cond = step.unconditional ? f_.top() : boolOf(*step.instruction->condition, regs);
        Term taken = f_.both(out_.reached[s], cond);
        incoming[static_cast<size_t>(step.jumpTarget)].push_back({taken, after});
        if (step.role == core::JumpRole::Bound) bounds_.push_back(taken);
        if (step.role != core::JumpRole::Normal) abnormalEnds_.push_back(taken);
        if (!step.unconditional) incoming[s + 1].push_back({f_.both(out_.reached[s], f_.no(cond)), after});
      } else {
        incoming[s + 1].push_back({flowOut(s), after});
      }
    }
    finish(incoming[n], initial);
  }

  const std::vector<Term>& bounds() const { return bounds_; }

 private:
  Term flowOut(size_t s) {
    const Step& step = thread_.steps[s];
    if (step.kind == InstructionKind::Barrier) return ctx_.exec[static_cast<size_t>(step.events.front())];
    return out_.reached[s];
  }

  Term anyEdge(const std::vector<std::pair<Term, std::vector<Term>>>& edges) {
    std::vector<Term> conds;
    for (const auto& edge : edges) conds.push_back(edge.first);
    return f_.any(conds);
  }

  std::vector<Term> join(const std::vector<std::pair<Term, std::vector<Term>>>& edges, int step) {
    if (edges.empty()) return std::vector<Term>(source_.registerNames.size(), f_.intValue(0));
    std::vector<Term> result = edges.front().second;
    for (size_t r = 0; r < result.size(); ++r) {
      bool same = true;
      for (const auto& edge : edges) same = same && edge.second[r] == result[r];
      if (same) continue;
      Term merged = f_.intVar(name("reg", thread_.thread, step) + "_r" + std::to_string(r));
      for (const auto& edge : edges) f_.require(f_.implies(edge.first, f_.eq(merged, edge.second[r])));
      result[r] = merged;
    }
    return result;
  }

  void finish(const std::vector<std::pair<Term, std::vector<Term>>>& endEdges, const std::vector<Term>& initial) {
    std::vector<std::pair<Term, std::vector<Term>>> normal;
    for (const auto& edge : endEdges) {
      bool abnormal = std::find(abnormalEnds_.begin(), abnormalEnds_.end(), edge.first) != abnormalEnds_.end();
      if (!abnormal) normal.push_back(edge);
    }
    out_.terminated = thread_.steps.empty() ? f_.top() : anyEdge(normal);
    out_.finalRegisters = thread_.steps.empty() ? initial : join(endEdges, static_cast<int>(thread_.steps.size()));
  }

  std::vector<Term> applyStep(size_t s, const std::vector<Term>& regs) {
    const Step& step = thread_.steps[s];
    const core::Instruction& in = *step.instruction;
    std::vector<Term> after = regs;
    switch (in.kind) {
      case InstructionKind::Load: after[static_cast<size_t>(*in.reg)] = readValue(step.events[0]); break;
      case InstructionKind::Store: ctx_.value[static_cast<size_t>(step.events[0])] = intOf(in.value, regs); break;
      case InstructionKind::Rmw: {
        Term old = readValue(step.events[0]);
        ctx_.value[static_cast<size_t>(step.events[1])] = rmwResult(in, old, regs);
        if (in.reg) after[static_cast<size_t>(*in.reg)] = old;
        break;
      }
      case InstructionKind::Local: after[static_cast<size_t>(*in.reg)] = intOf(in.value, regs); break;
      default: break;
    }
    return after;
  }

  Term readValue(int event) {
    Term v = f_.intVar("val_e" + std::to_string(event));
    ctx_.value[static_cast<size_t>(event)] = v;
    return v;
  }

  Term rmwResult(const core::Instruction& in, Term old, const std::vector<Term>& regs) {
    Term operand = intOf(in.value, regs);
    switch (in.rmwOp) {
      case core::RmwOp::Exchange: return operand;
      case core::RmwOp::Add: return f_.arith(TermOp::Add, old, operand);
      case core::RmwOp::Sub: return f_.arith(TermOp::Sub, old, operand);
      case core::RmwOp::Mul: return f_.arith(TermOp::Mul, old, operand);
      case core::RmwOp::Div: return f_.arith(TermOp::Div, old, operand);
      case core::RmwOp::CompareExchange: return f_.ite(f_.eq(old, intOf(in.expected, regs)), operand, old);
      default: throw core::InputError(in.location, "bitwise read-modify-write operations are not supported");
    }
  }

 public:
  Term intOf(const Expr& e, const std::vector<Term>& regs) {
    switch (e.op) {
      case ExprOp::Constant: return f_.intValue(e.constant);
      case ExprOp::Register: return regs.at(static_cast<size_t>(e.reg));
      case ExprOp::Add: return f_.arith(TermOp::Add, intOf(e.args[0], regs), intOf(e.args[1], regs));
      case ExprOp::Sub: return f_.arith(TermOp::Sub, intOf(e.args[0], regs), intOf(e.args[1], regs));
      case ExprOp::Mul: return f_.arith(TermOp::Mul, intOf(e.args[0], regs), intOf(e.args[1], regs));
      case ExprOp::Div: return f_.arith(TermOp::Div, intOf(e.args[0], regs), intOf(e.args[1], regs));
      case ExprOp::Ite: return f_.ite(boolOf(e.args[0], regs), intOf(e.args[1], regs), intOf(e.args[2], regs));
      default: return f_.ite(boolOf(e, regs), f_.intValue(1), f_.intValue(0));
    }
  }

  Term boolOf(const Expr& e, const std::vector<Term>& regs) {
    auto lhs = [&] { return intOf(e.args[0], regs); };
    auto rhs = [&] { return intOf(e.args[1], regs); };
    switch (e.op) {
      case ExprOp::Eq: return f_.eq(lhs(), rhs());
      case ExprOp::Ne: return f_.no(f_.eq(lhs(), rhs()));
      case ExprOp::Lt: return f_.lt(lhs(), rhs());
      case ExprOp::Le: return f_.le(lhs(), rhs());
      case ExprOp::Gt: return f_.lt(rhs(), lhs());
      case ExprOp::Ge: return f_.le(rhs(), lhs());
      default: return f_.no(f_.eq(intOf(e, regs), f_.intValue(0)));
    }
  }

 private:
  EncodingContext& ctx_;
  Formula& f_;
  const core::UnrolledThread& thread_;
  const core::Thread& source_;
  ThreadEncoding& out_;
  std::vector<Term> bounds_;
  std::vector<Term> abnormalEnds_;
};

// --- control barriers -------------------------------------------------------------------------------

struct BarrierRef {
  int thread;
  int step;
  int event;
};

std::string groupKey(const EncodingContext& ctx, const BarrierRef& b) {
  const core::Step& step = ctx.graph.threads[static_cast<size_t>(b.thread)].steps[static_cast<size_t>(b.step)];
  const core::Thread& thread = ctx.graph.program->threads[static_cast<size_t>(b.thread)];
  std::string key;
  for (const core::ScopePosition& p : thread.scopes) {
    key += std::to_string(p.id) + ".";
    if (p.level == step.instruction->barrierScope) break;
  }
  return key + "@" + step.barrierInstance;
}

class BarrierEncoder {
 public:
  BarrierEncoder(EncodingContext& ctx, std::vector<ThreadEncoder>& threads) : ctx_(ctx), f_(ctx.f), threads_(threads) {}

  // Barrier execution needs register values at the barrier for named ids: resource ids are evaluated
  // lazily through the thread encoders' register state, so this runs after data flow is set up.
  void declare() {
    for (const core::UnrolledThread& t : ctx_.graph.threads) {
      for (size_t s = 0; s < t.steps.size(); ++s) {
        if (t.steps[s].kind != InstructionKind::Barrier) continue;
        BarrierRef ref{t.thread, static_cast<int>(s), t.steps[s].events.front()};
        ctx_.exec[static_cast<size_t>(ref.event)] = f_.boolVar("bar_e" + std::to_string(ref.event));
        groups_[groupKey(ctx_, ref)].push_back(ref);
      }
    }
  }

  void encode() {
    for (const auto& [key, members] : groups_) {
      for (const BarrierRef& b : members) {
        if (instruction(b).barrierResource) encodeNamed(b, members);
        else encodeUnnamed(b, members);
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

  void encodeUnnamed(const BarrierRef& b, const std::vector<BarrierRef>& members) {
    std::vector<Term> all;
    for (const BarrierRef& m : members) {
      if (!instruction(m).barrierResource) all.push_back(reached(m));
    }
    f_.require(f_.iff(ctx_.exec[static_cast<size_t>(b.event)], f_.all(all)));
  }

  Term sameResource(const BarrierRef& a, const BarrierRef& b) {
    Term same = f_.eq(atBarrier(a, *instruction(a).barrierResource), atBarrier(b, *instruction(b).barrierResource));
    ctx_.sameBarrierResource[{a.event, b.event}] = same;
    return same;
  }

  void encodeNamed(const BarrierRef& b, const std::vector<BarrierRef>& members) {
    std::vector<BarrierRef> partners;
    for (const BarrierRef& m : members) {
      if (instruction(m).barrierResource) partners.push_back(m);
    }
    Term exec = ctx_.exec[static_cast<size_t>(b.event)];
    if (!instruction(b).barrierQuorum) {
      std::vector<Term> everyoneThere;
      for (const BarrierRef& m : partners) everyoneThere.push_back(f_.either(reached(m), f_.no(sameResource(b, m))));
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
        arrived = f_.arith(TermOp::Add, arrived, f_.ite(f_.both(reached(m), same), f_.intValue(1), f_.intValue(0)));
        synced = f_.arith(TermOp::Add, synced, f_.ite(f_.both(ctx_.barrierSync[m.event], same), f_.intValue(1), f_.intValue(0)));
      }
      Term quorum = atBarrier(b, *instruction(b).barrierQuorum);
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
  std::map<std::string, std::vector<BarrierRef>> groups_;
  std::vector<std::pair<BarrierRef, std::vector<BarrierRef>>> pendingQuorum_;
};

void encodeInitValues(EncodingContext& ctx) {
  for (const core::Event& e : ctx.graph.events) {
    if (e.kind != core::EventKind::Init) continue;
    ctx.exec[static_cast<size_t>(e.id)] = ctx.f.top();
    ctx.value[static_cast<size_t>(e.id)] = ctx.f.intValue(ctx.graph.program->memory[static_cast<size_t>(e.location)].initialValue);
  }
}

}  // namespace

void encodeProgram(EncodingContext& ctx) {
  ctx.exec.assign(static_cast<size_t>(ctx.graph.size()), ctx.f.bottom());
  ctx.value.assign(static_cast<size_t>(ctx.graph.size()), ctx.f.intValue(0));
  ctx.threads.assign(ctx.graph.threads.size(), ThreadEncoding{});
  encodeInitValues(ctx);
  std::vector<ThreadEncoder> threads;
  for (size_t t = 0; t < ctx.graph.threads.size(); ++t) threads.emplace_back(ctx, static_cast<int>(t));
  for (ThreadEncoder& t : threads) t.encodeControlFlow();
  BarrierEncoder barriers(ctx, threads);
  barriers.declare();
  std::vector<Term> bounds, terminated;
  for (size_t t = 0; t < threads.size(); ++t) {
    threads[t].encodeFlowAndData();
    bounds.insert(bounds.end(), threads[t].bounds().begin(), threads[t].bounds().end());
    terminated.push_back(ctx.threads[t].terminated);
  }
  barriers.encode();
  barriers.encodeQuorums();
  ctx.boundReached = ctx.f.any(bounds);
  ctx.allTerminated = ctx.f.all(terminated);
}

}  // namespace catcheck::encoders
