// Runs of unrolled threads and control-barrier execution on concrete values (docs/semantics.md §2.2, §5).
// A path follows the thread from its first step: reads return chosen values, writes and registers are
// computed as ExprSemantics.h defines (registers start at 0 or their declared value), and a reached barrier
// either executes or blocks the thread. A taken loop back-edge ends the thread without terminating it when
// the iteration wrote no memory and left the registers written in the loop and live at its header as they
// were at the header (a spin); after any other iteration the thread may stop there or go on, to the next
// unrolled iteration or, from the last one, through the loop-bound jump to its end. As in the
// encoding, every step also has register values when it is not reached: each step joins the values its
// incoming edges carry, taken or not, and a join of different or free values is free. Those values matter
// only for the resource ids and quorums of unreached barriers and the final registers of blocked threads.
// Barrier groups are core/graph/BarrierGroups.h's, the ones the encoder uses; the rules on them restate the
// encoder's.
#include "core/concrete/EvaluatorProgram.h"

#include <algorithm>
#include <string>

#include "core/analysis/BaseRelations.h"
#include "core/graph/BarrierGroups.h"
#include "core/ir/ExprSemantics.h"

namespace catcheck::core {
namespace {

std::optional<long long> rmwResult(const Instruction& in, std::optional<long long> old,
                                   const RegisterValues& regs) {
  std::optional<long long> operand = evaluateExpr(in.value, regs);
  if (in.access().rmwOp == RmwOp::Exchange) return operand;
  if (!old || !operand) return std::nullopt;
  std::optional<long long> expected = 0;
  if (in.access().rmwOp == RmwOp::CompareExchange || in.access().rmwOp == RmwOp::CompareExchangeOnSuccess)
    expected = evaluateExpr(in.access().expected, regs);
  if (!expected) return std::nullopt;
  return applyRmw(in.access().rmwOp, in.value.width, *old, *operand, *expected);
}

RegisterValues initialRegisters(const Thread& thread) {
  RegisterValues regs(thread.registerNames.size(), 0LL);
  for (const auto& [reg, value] : thread.registerInits) regs.at(static_cast<size_t>(reg)) = value;
  return regs;
}

// The registers after step `s` (jumps and barriers change none), given those before it. A read returns
// its value in `readValues`, or a free value at a step the path does not reach.
RegisterValues applyStep(const Step& step, RegisterValues regs, const std::map<int, long long>& readValues) {
  const Instruction& in = *step.instruction;
  auto readValue = [&]() -> std::optional<long long> {
    auto it = readValues.find(step.events.front());
    return it == readValues.end() ? std::nullopt : std::optional<long long>(it->second);
  };
  bool defines = in.kind == InstructionKind::Load || in.kind == InstructionKind::Rmw ||
                 in.kind == InstructionKind::Local || in.kind == InstructionKind::Warp;
  if (!defines || !in.reg) return regs;
  std::optional<long long> value =
      in.kind == InstructionKind::Local ? evaluateExpr(in.value, regs) : readValue();
  regs.at(static_cast<size_t>(*in.reg)) = value;
  return regs;
}

// Successor steps of step s (steps.size() is the thread's end), taken or not: a back-edge can also spin
// or stop, which goes to the end.
std::vector<int> successors(const UnrolledThread& thread, int s) {
  const Step& step = thread.steps[static_cast<size_t>(s)];
  if (step.kind != InstructionKind::Jump) return {s + 1};
  std::vector<int> next{step.jumpTarget};
  if (!step.unconditional) next.push_back(s + 1);
  if (step.backEdge) next.push_back(static_cast<int>(thread.steps.size()));
  return next;
}

RegisterValues join(const std::vector<RegisterValues>& incoming, size_t registers) {
  if (incoming.empty()) return RegisterValues(registers, 0LL);
  RegisterValues result = incoming.front();
  for (const RegisterValues& other : incoming) {
    for (size_t r = 0; r < result.size(); ++r) {
      if (result[r] != other[r]) result[r] = std::nullopt;
    }
  }
  return result;
}

class PathExplorer {
 public:
  PathExplorer(const EventGraph& graph, int thread, const RunChoices& choices, size_t limit)
      : graph_(graph),
        thread_(graph.threads.at(static_cast<size_t>(thread))),
        choices_(choices),
        limit_(limit),
        regsBefore_(thread_.steps.size()),
        onPath_(thread_.steps.size(), false) {
    current_.thread = thread;
  }

  std::optional<std::vector<ThreadPath>> run() {
    const Thread& source = graph_.program->threads.at(static_cast<size_t>(thread_.thread));
    visit(0, initialRegisters(source));
    if (overflow_) return std::nullopt;
    return std::move(paths_);
  }

 private:
  void finish(ThreadEnd end) {
    if (paths_.size() >= limit_) {
      overflow_ = true;
      return;
    }
    current_.end = end;
    paths_.push_back(current_);
  }

  void visit(int s, const RegisterValues& regs) {
    if (overflow_) return;
    if (s == static_cast<int>(thread_.steps.size())) return finish(ThreadEnd::Terminated);
    const Step& step = thread_.steps[static_cast<size_t>(s)];
    current_.steps.push_back(s);
    regsBefore_[static_cast<size_t>(s)] = regs;
    onPath_[static_cast<size_t>(s)] = true;
    if (step.kind == InstructionKind::Load || step.kind == InstructionKind::Rmw) {
      const Event& read = graph_.event(step.events.front());
      for (long long value : choices_.readValues(read)) {
        current_.readValues[read.id] = value;
        visit(s + 1, applyStep(step, regs, current_.readValues));
      }
      current_.readValues.erase(read.id);
    } else if (step.waits()) {
      for (bool executes : choices_.barrierExecutes(graph_.event(step.events.front()))) {
        if (!executes)
          finish(ThreadEnd::Blocked);
        else if (step.kind == InstructionKind::Warp && step.instruction->reg)
          visitCollective(step, s, regs);
        else
          visit(s + 1, regs);
      }
    } else if (step.kind == InstructionKind::Jump) {
      visitJump(step, s, regs);
    } else {
      visit(s + 1, applyStep(step, regs, current_.readValues));
    }
    onPath_[static_cast<size_t>(s)] = false;
    current_.steps.pop_back();
  }

  void visitCollective(const Step& step, int s, const RegisterValues& regs) {
    const Event& collective = graph_.event(step.events.front());
    for (long long value : choices_.readValues(collective)) {
      current_.readValues[collective.id] = value;
      visit(s + 1, applyStep(step, regs, current_.readValues));
    }
    current_.readValues.erase(collective.id);
  }

  void visitJump(const Step& step, int s, const RegisterValues& regs) {
    bool taken =
        step.unconditional || evaluateExpr(*step.instruction->branch().condition, regs).value_or(0) != 0;
    if (!taken) return visit(s + 1, regs);
    if (step.backEdge) {
      if (quietIteration(step, s, regs)) return finish(ThreadEnd::Spin);
      finish(ThreadEnd::Stop);
    }
    if (step.role == JumpRole::Bound) return finish(ThreadEnd::Bound);
    visit(step.jumpTarget, regs);
  }

  // Whether the iteration ending at back-edge s had no side effect: no write on the path since the
  // iteration's first step, and the live written registers as they were there.
  bool quietIteration(const Step& step, int s, const RegisterValues& regs) const {
    const Iteration& iteration = thread_.iterations.at(static_cast<size_t>(step.iteration));
    for (int i = iteration.first; i <= s; ++i) {
      if (!onPath_[static_cast<size_t>(i)]) continue;
      const Step& visited = thread_.steps[static_cast<size_t>(i)];
      for (int e : visited.events) {
        if (graph_.event(e).kind == EventKind::Write && writes(visited)) return false;
      }
    }
    if (!onPath_[static_cast<size_t>(iteration.first)]) return step.liveWritten.empty();
    const RegisterValues& header = regsBefore_[static_cast<size_t>(iteration.first)];
    for (int r : step.liveWritten) {
      if (regs[static_cast<size_t>(r)] != header[static_cast<size_t>(r)]) return false;
    }
    return true;
  }

  // Whether a visited step's write executes: a compare-exchange-on-success writes only when it succeeds.
  bool writes(const Step& step) const {
    const Instruction& in = *step.instruction;
    if (in.kind != InstructionKind::Rmw || in.access().rmwOp != RmwOp::CompareExchangeOnSuccess) return true;
    const auto& regs = regsBefore_[static_cast<size_t>(&step - thread_.steps.data())];
    std::optional<long long> expected = evaluateExpr(in.access().expected, regs);
    auto read = current_.readValues.find(step.events.front());
    return !expected || read == current_.readValues.end() || read->second == *expected;
  }

  const EventGraph& graph_;
  const UnrolledThread& thread_;
  const RunChoices& choices_;
  size_t limit_;
  std::vector<RegisterValues> regsBefore_;  // per step on the current path
  std::vector<bool> onPath_;
  ThreadPath current_;
  std::vector<ThreadPath> paths_;
  bool overflow_ = false;
};

// Everything a path determines, computed step by step in program order (all jumps go forward).
class RunCompletion {
 public:
  RunCompletion(const EventGraph& graph, ThreadPath path)
      : graph_(graph),
        thread_(graph.threads.at(static_cast<size_t>(path.thread))),
        source_(graph.program->threads.at(static_cast<size_t>(path.thread))),
        path_(std::move(path)),
        reached_(thread_.steps.size(), false),
        predecessor_(thread_.steps.size() + 1, -1),
        incoming_(thread_.steps.size() + 1) {
    after_.resize(thread_.steps.size());
    for (size_t i = 0; i < path_.steps.size(); ++i) {
      reached_[static_cast<size_t>(path_.steps[i])] = true;
      if (i > 0) predecessor_[static_cast<size_t>(path_.steps[i])] = path_.steps[i - 1];
    }
    bool blocked = path_.end == ThreadEnd::Blocked;
    if (!blocked && !path_.steps.empty()) predecessor_[thread_.steps.size()] = path_.steps.back();
    blockedAt_ = blocked ? path_.steps.back() : -1;
  }

  ThreadRun run() {
    size_t n = thread_.steps.size();
    for (size_t s = 0; s < n; ++s) {
      RegisterValues before = s == 0 ? initialRegisters(source_) : registersBefore(s);
      after_[s] = applyStep(thread_.steps[s], before, path_.readValues);
      for (int next : successors(thread_, static_cast<int>(s)))
        incoming_[static_cast<size_t>(next)].push_back(after_[s]);
      if (thread_.steps[s].kind == InstructionKind::Barrier) recordBarrier(s, before);
      if (thread_.steps[s].kind == InstructionKind::Warp) recordWarp(s, before);
      if (reached_[s]) recordEvents(s, before);
    }
    result_.finalRegisters = n == 0 ? initialRegisters(source_) : registersBefore(n);
    result_.path = std::move(path_);
    return std::move(result_);
  }

 private:
  // A reached step gets the registers of the edge the path took; any other joins all its incoming edges.
  RegisterValues registersBefore(size_t s) const {
    if (predecessor_[s] >= 0) return after_.at(static_cast<size_t>(predecessor_[s]));
    return join(incoming_[s], source_.registerNames.size());
  }

  void recordBarrier(size_t s, const RegisterValues& before) {
    const Step& step = thread_.steps[s];
    const Instruction& in = *step.instruction;
    bool executed = reached_[s] && blockedAt_ != static_cast<int>(s);
    BarrierVisit visit{step.events.front(), reached_[s], executed, std::nullopt, std::nullopt};
    if (in.barrier().resource) visit.resource = evaluateExpr(*in.barrier().resource, before);
    if (in.barrier().quorum) visit.quorum = evaluateExpr(*in.barrier().quorum, before);
    result_.barriers.push_back(visit);
  }

  void recordWarp(size_t s, const RegisterValues& before) {
    const Instruction& in = *thread_.steps[s].instruction;
    bool executed = reached_[s] && blockedAt_ != static_cast<int>(s);
    std::optional<long long> mask =
        in.warp().runtimeMask ? evaluateExpr(*in.warp().runtimeMask, before) : in.warp().mask;
    result_.warps.push_back({thread_.steps[s].events.front(), reached_[s], executed,
                             evaluateExpr(in.value, before), evaluateExpr(in.warp().laneSelector, before),
                             mask});
  }

  void recordEvents(size_t s, const RegisterValues& before) {
    const Step& step = thread_.steps[s];
    if (step.waits() && blockedAt_ == static_cast<int>(s)) return;
    const Instruction& in = *step.instruction;
    for (int e : step.events) {
      if (!writeExecutes(step, e, before)) continue;
      result_.executed.push_back(e);
      if (in.computedAddress() != nullptr && graph_.event(e).computedAddress) {
        if (std::optional<long long> at = evaluateExpr(*in.computedAddress(), before))
          result_.addresses.emplace_back(e, *at);
      }
      EventKind kind = graph_.event(e).kind;
      if (kind == EventKind::Read) result_.values.emplace_back(e, path_.readValues.at(e));
      if (kind == EventKind::Collective) result_.values.emplace_back(e, path_.readValues.at(e));
      if (kind != EventKind::Write) continue;
      std::optional<long long> value = evaluateExpr(in.value, before);
      if (in.kind == InstructionKind::Rmw)
        value = rmwResult(in, path_.readValues.at(step.events.front()), before);
      if (!value) result_.freeValues.insert(e);
      result_.values.emplace_back(e, value.value_or(0));
    }
  }

  // The write of a compare-exchange-on-success executes only when the old value equals the expected one.
  bool writeExecutes(const Step& step, int e, const RegisterValues& before) const {
    const Instruction& in = *step.instruction;
    if (in.kind != InstructionKind::Rmw || in.access().rmwOp != RmwOp::CompareExchangeOnSuccess) return true;
    if (graph_.event(e).kind != EventKind::Write) return true;
    std::optional<long long> expected = evaluateExpr(in.access().expected, before);
    return expected && path_.readValues.at(step.events.front()) == *expected;
  }

  const EventGraph& graph_;
  const UnrolledThread& thread_;
  const Thread& source_;
  ThreadPath path_;
  std::vector<bool> reached_;
  std::vector<int> predecessor_;                       // per step (and the end): the path's previous step
  std::vector<std::vector<RegisterValues>> incoming_;  // per step (and the end): what each edge carries
  std::vector<RegisterValues> after_;                  // per step: registers after it
  int blockedAt_ = -1;
  ThreadRun result_;
};

}  // namespace

std::optional<std::vector<ThreadPath>> explorePaths(const EventGraph& graph, int thread,
                                                    const RunChoices& choices, size_t limit) {
  return PathExplorer(graph, thread, choices, limit).run();
}

ThreadRun completeRun(const EventGraph& graph, ThreadPath path) {
  return RunCompletion(graph, std::move(path)).run();
}

// --- control barriers ---------------------------------------------------------------------------------

namespace {

bool sameResource(const BarrierVisit& a, const BarrierVisit& b) {
  if (a.event == b.event) return true;
  return a.resource && b.resource && *a.resource == *b.resource;
}

}  // namespace

BarrierSemantics::BarrierSemantics(const EventGraph& graph)
    : memberOfEvent_(static_cast<size_t>(graph.size())),
      may_(baseRelationBounds(graph, BaseRelation::SyncBar).may) {
  for (const std::vector<BarrierMember>& group : barrierGroups(graph)) {
    groups_.emplace_back();
    int quorumMembers = 0;
    for (const BarrierMember& b : group) {
      const Instruction& in =
          *graph.threads.at(static_cast<size_t>(b.thread)).steps.at(static_cast<size_t>(b.step)).instruction;
      bool quorum = in.barrier().resource.has_value() && in.barrier().quorum.has_value();
      groups_.back().push_back(Member{b.thread,
                                      b.ordinal,
                                      b.event,
                                      in.barrier().resource.has_value(),
                                      quorum,
                                      quorum ? quorumMembers++ : -1,
                                      {}});
      memberOfEvent_[static_cast<size_t>(b.event)] = {groups_.size() - 1, groups_.back().size() - 1};
    }
    for (size_t m = 0; m < group.size(); ++m)
      if (!groups_.back()[m].named) groups_.back()[m].awaited = awaitedMembers(graph, group, m);
  }
}

bool BarrierSemantics::plainMembersAgree(const std::vector<Member>& group, const Visits& visits) const {
  for (size_t i = 0; i < group.size(); ++i) {
    if (group[i].quorum) continue;
    bool executes = std::all_of(group[i].awaited.begin(), group[i].awaited.end(),
                                [&](size_t a) { return visits[a]->reached; });
    if (group[i].named) {
      executes = visits[i]->reached;
      for (size_t j = 0; j < group.size(); ++j) {
        if (group[j].named && !visits[j]->reached && sameResource(*visits[i], *visits[j])) executes = false;
      }
    }
    if (executes != visits[i]->executed) return false;
  }
  return true;
}

// `synced`: the quorum members that synchronise (Member::bit).
bool BarrierSemantics::quorumChoiceAgrees(const std::vector<Member>& group, const Visits& visits,
                                          const QuorumChoice& synced) const {
  for (size_t i = 0; i < group.size(); ++i) {
    if (!group[i].quorum) continue;
    bool syncs = syncsIn(group[i], synced);
    if (syncs && !visits[i]->executed) return false;
    long long arrived = 0, together = 0;
    for (size_t j = 0; j < group.size(); ++j) {
      if (!group[j].named || !sameResource(*visits[i], *visits[j])) continue;
      arrived += visits[j]->reached ? 1 : 0;
      together += (!group[j].quorum || syncsIn(group[j], synced)) ? 1 : 0;
    }
    if (!visits[i]->quorum) {  // a free quorum (unreached barrier) can be chosen to constrain nothing
      if (visits[i]->executed) return false;
      continue;
    }
    long long q = *visits[i]->quorum;
    if (q <= arrived && q > together) return false;
    if (visits[i]->executed != (visits[i]->reached && q <= together)) return false;
  }
  return true;
}

// Every subset of the executed quorum members that agrees with the runs. Beyond kEnumeratedQuorumMembers
// executed members (a named barrier of 64 threads) only the two uniform choices are tried, all of them or
// none: a witness that needs another split is then not confirmed rather than enumerated for ever.
std::vector<BarrierSemantics::QuorumChoice> BarrierSemantics::quorumChoices(const std::vector<Member>& group,
                                                                            const Visits& visits) const {
  constexpr size_t kEnumeratedQuorumMembers = 16;
  if (!plainMembersAgree(group, visits)) return {};
  std::vector<int> executed;
  for (size_t i = 0; i < group.size(); ++i) {
    if (group[i].quorum && visits[i]->executed) executed.push_back(group[i].bit);
  }
  // Each subset to try, as the members of `executed` it takes (bit k: executed[k]), kept when it agrees
  // with the visits; beyond the enumerated size, all of them and none.
  std::vector<QuorumChoice> choices;
  auto take = [&](auto member) {
    QuorumChoice synced(group.size(), false);
    for (size_t k = 0; k < executed.size(); ++k) synced[static_cast<size_t>(executed[k])] = member(k);
    if (quorumChoiceAgrees(group, visits, synced)) choices.push_back(std::move(synced));
  };
  if (executed.size() <= kEnumeratedQuorumMembers) {
    for (unsigned s = 1U << executed.size(); s-- > 0;) take([s](size_t k) { return ((s >> k) & 1U) != 0; });
  } else {
    take([](size_t) { return true; });
    take([](size_t) { return false; });
  }
  return choices;
}

PairSet BarrierSemantics::syncbar(const std::vector<const Visits*>& visits,
                                  const std::vector<QuorumChoice>& choice) const {
  PairSet result(may_.size());
  may_.forEach([&](int a, int b) {
    const auto& memberA = memberOfEvent_[static_cast<size_t>(a)];
    const auto& memberB = memberOfEvent_[static_cast<size_t>(b)];
    if (!memberA || !memberB) return;  // warp barriers: WarpInstances.h
    auto [ga, ma] = *memberA;
    auto [gb, mb] = *memberB;
    const BarrierVisit& va = *(*visits[ga])[ma];
    const BarrierVisit& vb = *(*visits[gb])[mb];
    if (!va.executed || !vb.executed) return;
    const Member& member = groups_[ga][ma];
    bool synchronises = !member.quorum || syncsIn(member, choice[ga]);
    if (!member.named || (synchronises && sameResource(va, vb))) result.add(a, b);
  });
  return result;
}

std::vector<PairSet> BarrierSemantics::synchronisations(const std::vector<ThreadRun>& runs) const {
  std::vector<Visits> visits(groups_.size());
  std::vector<std::vector<QuorumChoice>> choices(groups_.size());
  for (size_t g = 0; g < groups_.size(); ++g) {
    for (const Member& m : groups_[g]) {
      visits[g].push_back(
          &runs.at(static_cast<size_t>(m.thread)).barriers.at(static_cast<size_t>(m.ordinal)));
    }
    choices[g] = quorumChoices(groups_[g], visits[g]);
    if (choices[g].empty()) return {};
  }
  std::vector<const Visits*> visitPointers;
  for (const Visits& v : visits) visitPointers.push_back(&v);
  std::vector<PairSet> result;
  std::vector<size_t> index(groups_.size(), 0);
  while (true) {
    std::vector<QuorumChoice> choice;
    for (size_t g = 0; g < groups_.size(); ++g) choice.push_back(choices[g][index[g]]);
    result.push_back(syncbar(visitPointers, choice));
    size_t g = 0;
    while (g < groups_.size() && ++index[g] == choices[g].size()) index[g++] = 0;
    if (g == groups_.size()) return result;
  }
}

}  // namespace catcheck::core
