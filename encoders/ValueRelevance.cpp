// The reads whose values a question can observe (ValueRelevance.h): a backward data-flow fixpoint from the
// places where a value decides something. Registers are tracked per thread and flow-insensitively (a
// register that matters anywhere makes every instruction defining it matter), reads and writes per event;
// a read that matters makes every write it may read from matter, and a write that matters makes the
// registers of its stored value (and, for an RMW, the value it read) matter. Over-approximate on purpose:
// marking too much only keeps an equality the relaxation could have dropped.
#include "encoders/ValueRelevance.h"

#include <deque>
#include <map>
#include <utility>

#include "core/ir/Program.h"

namespace catcheck::encoders {
namespace {

using core::Event;
using core::EventKind;
using core::Expr;
using core::Instruction;
using core::InstructionKind;

class Relevance {
 public:
  explicit Relevance(const core::EventGraph& graph)
      : graph_(graph),
        read_(static_cast<size_t>(graph.size()), 0),
        write_(static_cast<size_t>(graph.size()), 0),
        registers_(graph.threads.size()),
        definers_(core::registerDefiners(graph)) {
    for (const Event& e : graph.events) {
      if (e.isWrite()) writes_.push_back(e.id);
    }
  }

  // The steps of the unrolled threads (their instructions may be copies the unrolling made).
  void markSinks() {
    for (size_t t = 0; t < graph_.threads.size(); ++t) {
      int thread = static_cast<int>(t);
      for (const core::Step& step : graph_.threads[t].steps) {
        const Instruction& in = *step.instruction;
        if (const Expr* condition = in.jumpCondition()) markExpr(thread, *condition);
        if (const Expr* address = in.computedAddress()) markExpr(thread, *address);
        if (in.kind == InstructionKind::Barrier) {
          if (in.barrier().resource) markExpr(thread, *in.barrier().resource);
          if (in.barrier().quorum) markExpr(thread, *in.barrier().quorum);
        }
        if (in.kind == InstructionKind::Warp) {
          markExpr(thread, in.value);
          markExpr(thread, in.warp().laneSelector);
          if (in.warp().runtimeMask) markExpr(thread, *in.warp().runtimeMask);
        }
        if (in.kind == InstructionKind::Rmw && in.access().rmwOp == core::RmwOp::CompareExchangeOnSuccess) {
          markExpr(thread, in.access().expected);  // whether it writes depends on the value it reads
          markReadsOf(step);
        }
        for (int r : step.liveWritten) markRegister(thread, r);  // a spin loop compares them
      }
    }
  }

  void markCondition(const core::Condition& c) {
    for (const core::Condition& child : c.children) markCondition(child);
    if (c.op != core::ConditionOp::Compare) return;
    for (const core::Operand* op : {&c.lhs, &c.rhs}) {
      if (op->kind == core::Operand::Kind::Register) markRegister(op->thread, op->reg);
      if (op->kind == core::Operand::Kind::Location) markFinalValue(op->location);
    }
  }

  void propagate() {
    while (!registerQueue_.empty() || !eventQueue_.empty()) {
      while (!registerQueue_.empty()) {
        auto [thread, reg] = registerQueue_.front();
        registerQueue_.pop_front();
        registerMatters(thread, reg);
      }
      while (!eventQueue_.empty()) {
        int e = eventQueue_.front();
        eventQueue_.pop_front();
        eventMatters(graph_.event(e));
      }
    }
  }

  std::vector<char> reads() const { return read_; }

 private:
  void markRegister(int thread, int reg) {
    std::vector<char>& marks = registers_.at(static_cast<size_t>(thread));
    if (static_cast<size_t>(reg) >= marks.size()) marks.resize(static_cast<size_t>(reg) + 1, 0);
    if (marks[static_cast<size_t>(reg)]) return;
    marks[static_cast<size_t>(reg)] = 1;
    registerQueue_.emplace_back(thread, reg);
  }
  void markExpr(int thread, const Expr& e) {
    for (int reg : e.registers()) markRegister(thread, reg);
  }
  void markEvent(std::vector<char>& marks, int e) {
    if (marks[static_cast<size_t>(e)]) return;
    marks[static_cast<size_t>(e)] = 1;
    eventQueue_.push_back(e);
  }
  void markReadsOf(const core::Step& step) {
    for (int e : step.events) {
      if (graph_.event(e).kind == EventKind::Read) markEvent(read_, e);
    }
  }
  // Every write that may be a location's last one.
  void markFinalValue(int location) {
    for (const Event& init : graph_.events) {
      if (init.kind != EventKind::Init || init.location != location) continue;
      for (int w : writes_) {
        if (core::physicalAlias(graph_.event(w), init) != core::Alias::No) markEvent(write_, w);
      }
    }
  }

  void registerMatters(int thread, int reg) {
    const auto& definers = definers_[static_cast<size_t>(thread)];
    auto found = definers.find(reg);
    if (found == definers.end()) return;
    const std::vector<core::Step>& steps = graph_.threads[static_cast<size_t>(thread)].steps;
    for (size_t s : found->second) {
      const Instruction& in = *steps[s].instruction;
      switch (in.kind) {
        case InstructionKind::Local:
          markExpr(thread, in.value);
          break;
        case InstructionKind::Load:
        case InstructionKind::Rmw:
          markReadsOf(steps[s]);
          break;
        case InstructionKind::Warp:  // its operands are sinks already
        case InstructionKind::Store:
        case InstructionKind::Fence:
        case InstructionKind::Barrier:
        case InstructionKind::Label:
        case InstructionKind::Jump:
        case InstructionKind::Visible:
          break;
      }
    }
  }

  void eventMatters(const Event& e) {
    if (e.kind == EventKind::Read) {
      for (int w : writes_) {
        if (w != e.rmwPartner && core::physicalAlias(graph_.event(w), e) != core::Alias::No)
          markEvent(write_, w);
      }
      return;
    }
    if (e.kind != EventKind::Write) return;  // init values are fixed or free inputs
    const Instruction& in = *graph_.stepOf(e).instruction;
    markExpr(e.thread, in.value);
    if (in.kind != InstructionKind::Rmw) return;
    markExpr(e.thread, in.access().expected);
    if (e.rmwPartner >= 0) markEvent(read_, e.rmwPartner);
  }

  const core::EventGraph& graph_;
  std::vector<char> read_, write_;
  std::vector<std::vector<char>> registers_;  // per thread, per register
  core::RegisterDefiners definers_;
  std::vector<int> writes_;
  std::deque<std::pair<int, int>> registerQueue_;
  std::deque<int> eventQueue_;
};

}  // namespace

std::vector<char> observableReads(const core::EventGraph& graph, bool conditionsObserved) {
  Relevance relevance(graph);
  relevance.markSinks();
  if (graph.program->filter) relevance.markCondition(*graph.program->filter);
  if (conditionsObserved) relevance.markCondition(graph.program->assertion);
  relevance.propagate();
  return relevance.reads();
}

}  // namespace catcheck::encoders
