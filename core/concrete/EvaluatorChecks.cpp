// Whether an execution is one the program can produce (what re-checking a solver's witness needs before its
// relations are evaluated). Each thread is re-run on the values the execution says its reads returned and
// the barrier outcomes it says happened (EvaluatorProgram.cpp); the run must execute exactly the thread's
// executed events, write the values the execution records and end with its final registers. The memory
// side restates the encoding's rules (docs/semantics.md §2.1, §4.5): rf sources are executed writes to the
// same physical location with the value read, a read without one reads 0; co relates executed writes to
// one physical location, init writes first, acyclic apart from pairs of init writes (left free), total
// under Vulkan; sync_fence orders every executed pair of mutually-in-scope SC fences one way, acyclically,
// and relates nothing else but SC fences; each final memory value is that of a co-maximal write.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <set>

#include "core/analysis/BaseRelations.h"
#include "core/concrete/Evaluator.h"
#include "core/concrete/EvaluatorProgram.h"
#include "core/concrete/WarpInstances.h"
#include "core/ir/ExprSemantics.h"

namespace catcheck::core {
namespace {

bool endsWithRegisters(const Execution& x, int t, const ThreadRun& run) {
  const std::vector<long long>& registers = x.finalRegisters[static_cast<size_t>(t)];
  for (size_t r = 0; r < registers.size() && r < run.finalRegisters.size(); ++r) {
    if (run.finalRegisters[r] && *run.finalRegisters[r] != registers[r]) return false;
  }
  return true;
}

// A thread of a termination witness under a progress model that lets threads stop (Execution::reachedSteps):
// the run along the steps the witness says it reached, a prefix of one of its paths. A thread that stopped
// before its end is blocked where its last reached step is a barrier that did not execute, else stopped.
// The registers of a thread that did not terminate are left free: it may have halted on its last reached
// step, where the witness does not record them.
std::optional<ThreadRun> reachedRun(const EventGraph& graph, const Execution& x, int t,
                                    const std::vector<ThreadPath>& paths) {
  const std::vector<int>& reached = x.reachedSteps.at(static_cast<size_t>(t));
  for (const ThreadPath& path : paths) {
    if (path.steps.size() < reached.size() || !std::equal(reached.begin(), reached.end(), path.steps.begin()))
      continue;
    ThreadPath prefix = path;
    if (path.steps.size() > reached.size()) {
      prefix.steps = reached;
      const UnrolledThread& thread = graph.threads.at(static_cast<size_t>(t));
      const Step* last = reached.empty() ? nullptr : &thread.steps.at(static_cast<size_t>(reached.back()));
      bool blocked = last != nullptr && last->waits() && !x.executed.has(last->events.front());
      prefix.end = blocked ? ThreadEnd::Blocked : ThreadEnd::Stop;
    }
    ThreadRun run = completeRun(graph, prefix);
    if (prefix.end != ThreadEnd::Terminated) {  // it may also have halted on its last step
      for (std::optional<long long>& r : run.finalRegisters) r.reset();
    }
    return run;
  }
  return std::nullopt;
}

// The thread's run on the execution's read values and barrier outcomes. Where a loop iteration may stop or
// go on, several runs can execute the events the execution executes; the one chosen also ends with its
// registers (regression: a loop without memory events has runs that differ only in their registers) and,
// in an execution marked terminated, terminates (regression: a last iteration whose barrier the thread
// skips executes no event, so stopping before it and running through it look alike); else the best of
// the runs that execute its events, else the first run.
ThreadRun executionRun(const EventGraph& graph, const Execution& x, int t) {
  RunChoices choices{
      [&](const Event& read) { return std::vector<long long>{x.value[static_cast<size_t>(read.id)]}; },
      [&](const Event& barrier) { return std::vector<bool>{x.executed.has(barrier.id)}; }};
  std::vector<ThreadPath> paths = explorePaths(graph, t, choices, SIZE_MAX).value();
  if (x.threadsMayStop()) {
    if (std::optional<ThreadRun> run = reachedRun(graph, x, t, paths)) return *run;
  }
  std::vector<ThreadRun> runs;
  std::optional<size_t> best;
  int bestScore = -1;
  for (ThreadPath& path : paths) {
    runs.push_back(completeRun(graph, path));
    const ThreadRun& run = runs.back();
    if (!ranAsExecuted(graph, x, t, run)) continue;
    bool endAgrees = !x.terminated || run.path.end == ThreadEnd::Terminated;
    int score = (endsWithRegisters(x, t, run) ? 2 : 0) + (endAgrees ? 1 : 0);
    if (score == 3) return run;
    if (score > bestScore) best = runs.size() - 1, bestScore = score;
  }
  return runs[best.value_or(0)];
}

// The thread's events (those of its steps) that the run and the execution disagree on executing.
std::set<int> mismatchedEvents(const EventGraph& graph, const Execution& x, int t, const ThreadRun& run) {
  std::set<int> ran(run.executed.begin(), run.executed.end()), mismatched;
  for (const Step& step : graph.threads.at(static_cast<size_t>(t)).steps) {
    for (int e : step.events)
      if ((ran.count(e) != 0) != x.executed.has(e)) mismatched.insert(e);
  }
  return mismatched;
}

class WellFormedness {
 public:
  WellFormedness(const EventGraph& graph, const Execution& execution) : graph_(graph), x_(execution) {}

  std::vector<std::string> problems() {
    if (!shapeMatches()) return problems_;
    checkInits();
    std::vector<ThreadRun> runs;
    for (const UnrolledThread& thread : graph_.threads) runs.push_back(checkThread(thread.thread));
    checkBarriers(runs);
    checkLocations(x_.sameLocation, BaseRelation::Loc);
    checkLocations(x_.sameGenericLocation, BaseRelation::Vloc);
    checkReadsFrom();
    checkCoherence();
    checkFenceOrder();
    checkFinalMemory();
    return problems_;
  }

 private:
  void problem(const std::string& text) { problems_.push_back(text); }
  std::string describe(int e) const { return "event " + std::to_string(e) + " (" + graph_.describe(e) + ")"; }
  long long value(int e) const { return x_.value[static_cast<size_t>(e)]; }
  bool executed(int e) const { return x_.executed.has(e); }

  bool shapeMatches() {
    int n = graph_.size();
    bool ok = x_.executed.size() == n && x_.value.size() == static_cast<size_t>(n) && x_.rf.size() == n &&
              x_.co.size() == n && x_.syncFence.size() == n && x_.syncBarrier.size() == n &&
              x_.sameLocation.size() == n && x_.sameGenericLocation.size() == n &&
              x_.finalRegisters.size() == graph_.threads.size() &&
              x_.finalMemory.size() == graph_.program->memory.size();
    for (size_t t = 0; ok && t < graph_.threads.size(); ++t) {
      ok = x_.finalRegisters[t].size() == graph_.program->threads[t].registerNames.size();
    }
    if (!ok) problem("the execution's sizes do not match the event graph (" + std::to_string(n) + " events)");
    return ok;
  }

  void checkInits() {
    for (const Event& e : graph_.events) {
      if (e.kind != EventKind::Init) continue;
      const MemoryObject& location = graph_.program->memory[static_cast<size_t>(e.location)];
      long long init = location.initialValue;
      if (!executed(e.id)) problem(describe(e.id) + " is not executed");
      if (location.initialValueUnknown) {
        if (wrapToWidth(value(e.id), location.width) != value(e.id))
          problem(describe(e.id) + " writes " + std::to_string(value(e.id)) + ", out of its width");
      } else if (value(e.id) != init)
        problem(describe(e.id) + " writes " + std::to_string(value(e.id)) + ", not " + std::to_string(init));
    }
  }

  ThreadRun checkThread(int t) {
    ThreadRun run = executionRun(graph_, x_, t);
    const std::string& name = graph_.program->threads[static_cast<size_t>(t)].name;
    for (int e : mismatchedEvents(graph_, x_, t, run)) {
      problem(describe(e) + (executed(e) ? " is executed but control flow does not reach it"
                                         : " is not executed but control flow reaches it"));
    }
    for (const auto& [e, v] : run.values) {
      if (value(e) != v && run.freeValues.count(e) == 0)
        problem(describe(e) + " has value " + std::to_string(value(e)) + " but the program computes " +
                std::to_string(v));
    }
    // A thread's final registers are those of the run's end: one that does not reach its end (blocked,
    // spinning, stopped at the bound) has none, and the encoding leaves them free (ProgramEncoder's join of
    // no end edge), so only a terminated thread's are compared.
    const auto& registers = x_.finalRegisters[static_cast<size_t>(t)];
    bool ended = run.path.end == ThreadEnd::Terminated;
    for (size_t r = 0; ended && r < registers.size(); ++r) {
      if (run.finalRegisters[r] && *run.finalRegisters[r] != registers[r]) {
        problem(name + ":" + graph_.program->threads[static_cast<size_t>(t)].registerNames[r] +
                " ends with " + std::to_string(*run.finalRegisters[r]) + ", not " +
                std::to_string(registers[r]));
      }
    }
    allTerminated_ = allTerminated_ && run.path.end == ThreadEnd::Terminated;
    return run;
  }

  void checkBarriers(const std::vector<ThreadRun>& runs) {
    if (x_.terminated != allTerminated_)
      problem(std::string("the execution is marked ") + (x_.terminated ? "" : "not ") + "terminated");
    std::vector<PairSet> allowed = BarrierSemantics(graph_).synchronisations(runs);
    WarpInstanceCheck warps = checkWarpInstances(graph_, runs, x_.value, WarpConfig::Cuda);
    for (std::string& p : warps.problems) problem(std::move(p));
    for (PairSet& pairs : allowed) pairs |= warps.syncbar;
    if (allowed.empty())
      problem("the control barriers cannot execute as the execution says they do");
    else if (std::find(allowed.begin(), allowed.end(), x_.syncBarrier) == allowed.end())
      problem("syncbar is not a synchronisation the barriers allow");
  }

  // loc and vloc: every must pair of executed events, only may pairs, and an equivalence (equal addresses).
  void checkLocations(const PairSet& chosen, BaseRelation relation) {
    RelationBounds bounds = baseRelationBounds(graph_, relation);
    std::string name(core::describe(relation).name);
    bounds.must.forEach([&](int a, int b) {
      if (executed(a) && executed(b) && !chosen.has(a, b))
        problem(name + " misses " + describe(a) + " and " + describe(b) + ", which have one address");
    });
    chosen.forEach([&](int a, int b) {
      if (!bounds.may.has(a, b) || !executed(a) || !executed(b))
        problem(name + " relates " + describe(a) + " and " + describe(b) + ", which cannot share an address");
      if (!chosen.has(b, a)) problem(name + " is not symmetric at " + describe(a) + " and " + describe(b));
    });
    PairSet closure = chosen.transitiveClosure();
    if (!(closure == chosen)) problem(name + " is not transitive");
  }

  void checkReadsFrom() {
    x_.rf.forEach([&](int w, int r) {
      const Event& we = graph_.event(w);
      const Event& re = graph_.event(r);
      bool ok = we.isWrite() && re.kind == EventKind::Read && x_.sameLocation.has(w, r) && w != re.rmwPartner;
      if (!ok)
        return problem("rf relates " + describe(w) + " to " + describe(r) +
                       ", which is not a same-address write and read");
      if (!executed(w) || !executed(r))
        return problem("rf relates " + describe(w) + " to " + describe(r) + ", not both executed");
      if (value(w) != value(r))
        problem(describe(r) + " reads " + std::to_string(value(r)) + " from " + describe(w) +
                ", which writes " + std::to_string(value(w)));
    });
    PairSet sourcesOf = x_.rf.inverse();
    for (const Event& r : graph_.events) {
      if (r.kind != EventKind::Read || !executed(r.id)) continue;
      int sources = sourcesOf.successors(r.id).count();
      if (sources > 1) problem(describe(r.id) + " reads from " + std::to_string(sources) + " writes");
      if (sources == 0 && value(r.id) != 0)
        problem(describe(r.id) + " has no rf source but reads " + std::to_string(value(r.id)) + ", not 0");
    }
  }

  void checkCoherence() {
    PairSet ordered(graph_.size());
    x_.co.forEach([&](int a, int b) {
      const Event& ea = graph_.event(a);
      const Event& eb = graph_.event(b);
      bool ok =
          a != b && ea.isWrite() && eb.isWrite() && x_.sameLocation.has(a, b) && executed(a) && executed(b);
      if (!ok)
        return problem("co relates " + describe(a) + " to " + describe(b) +
                       ", which are not two executed writes to one address");
      if (eb.kind == EventKind::Init && ea.kind != EventKind::Init)
        return problem("co orders " + describe(b) + " after " + describe(a));
      if (eb.kind != EventKind::Init) ordered.add(a, b);  // pairs of init writes are free
    });
    PairSet closure = ordered.transitiveClosure();
    for (const Event& a : graph_.events) {
      if (closure.has(a.id, a.id)) return problem("co is cyclic through " + describe(a.id));
    }
    // Pairs of executed writes to one address, from each write's sameLocation row: all pairs of events
    // were 85 M calls at 1 024 threads.
    for (const Event& a : graph_.events) {
      if (!a.isWrite() || !executed(a.id)) continue;
      x_.sameLocation.successors(a.id).forEach([&](int b) { checkCoherencePair(a, graph_.event(b)); });
    }
  }

  void checkCoherencePair(const Event& a, const Event& b) {
    if (a.id >= b.id || !a.isWrite() || !b.isWrite() || !x_.sameLocation.has(a.id, b.id) || !executed(a.id) ||
        !executed(b.id))
      return;
    bool aInit = a.kind == EventKind::Init, bInit = b.kind == EventKind::Init;
    if (aInit != bInit && !x_.co.has(aInit ? a.id : b.id, aInit ? b.id : a.id)) {
      problem("co does not order the init write before " + describe(aInit ? b.id : a.id));
    }
    bool unordered = !x_.co.has(a.id, b.id) && !x_.co.has(b.id, a.id);
    if (graph_.program->coherenceIsTotal() && unordered)
      problem("co leaves " + describe(a.id) + " and " + describe(b.id) + " unordered");
  }

  void checkFenceOrder() {
    PairSet mutual(graph_.size());
    x_.syncFence.forEach([&](int a, int b) {
      if (!graph_.event(a).isScFence() || !graph_.event(b).isScFence())
        problem("sync_fence relates " + describe(a) + " to " + describe(b) + ", not two SC fences");
    });
    std::vector<const Event*> fences;
    for (const Event& e : graph_.events) {
      if (e.isScFence()) fences.push_back(&e);
    }
    for (size_t i = 0; i < fences.size(); ++i) {
      for (size_t j = i + 1; j < fences.size(); ++j) {  // events are in id order: a.id < b.id
        const Event& a = *fences[i];
        const Event& b = *fences[j];
        if (!mutuallyInScope(graph_, a, b)) continue;
        int directions = (x_.syncFence.has(a.id, b.id) ? 1 : 0) + (x_.syncFence.has(b.id, a.id) ? 1 : 0);
        int expected = executed(a.id) && executed(b.id) ? 1 : 0;
        if (directions != expected)
          problem("sync_fence orders " + describe(a.id) + " and " + describe(b.id) + " " +
                  std::to_string(directions) + " ways, not " + std::to_string(expected));
        if (x_.syncFence.has(a.id, b.id)) mutual.add(a.id, b.id);
        if (x_.syncFence.has(b.id, a.id)) mutual.add(b.id, a.id);
      }
    }
    PairSet closure = mutual.transitiveClosure();
    for (const Event& a : graph_.events) {
      if (closure.has(a.id, a.id)) return problem("sync_fence is cyclic through " + describe(a.id));
    }
  }

  void checkFinalMemory() {
    const auto& memory = graph_.program->memory;
    std::vector<int> initOf(memory.size(), -1);
    for (const Event& e : graph_.events) {
      if (e.kind == EventKind::Init) initOf[static_cast<size_t>(e.location)] = e.id;
    }
    for (size_t m = 0; m < memory.size(); ++m) {
      std::set<long long> allowed;
      for (const Event& w : graph_.events) {
        if (w.isWrite() && x_.sameLocation.has(w.id, initOf[m]) && executed(w.id) &&
            x_.co.successors(w.id).empty())
          allowed.insert(value(w.id));
      }
      if (allowed.empty()) allowed.insert(value(initOf[m]));
      if (allowed.count(x_.finalMemory[m]) == 0) {
        problem(memory[m].name + " ends with " + std::to_string(x_.finalMemory[m]) +
                ", which no co-maximal write wrote");
      }
    }
  }

  const EventGraph& graph_;
  const Execution& x_;
  std::vector<std::string> problems_;
  bool allTerminated_ = true;
};

}  // namespace

WarpInstanceCheck warpInstancesOf(const EventGraph& graph, const Execution& execution, WarpConfig config) {
  std::vector<ThreadRun> runs;
  for (const UnrolledThread& thread : graph.threads)
    runs.push_back(executionRun(graph, execution, thread.thread));
  return checkWarpInstances(graph, runs, execution.value, config);
}

namespace {

bool namesSafeLocation(const Program& program, const Event& access, long long address) {
  if (access.addressRange && !access.addressRange->contains(address)) return false;
  for (const MemoryObject& m : program.memory) {
    bool widthFits = access.width == 0 || m.width == 0 || m.width == access.width;
    if (m.address == address && widthFits && m.unsafe.empty()) return true;
  }
  return false;
}

}  // namespace

std::vector<int> unsafeAccessesOf(const EventGraph& graph, const Execution& execution) {
  std::vector<int> unsafe;
  for (const Event& e : graph.events) {
    if (!e.isMemory() || e.kind == EventKind::Init || e.computedAddress || !execution.executed.has(e.id))
      continue;
    if (!graph.program->memory[static_cast<size_t>(e.location)].unsafe.empty()) unsafe.push_back(e.id);
  }
  for (const UnrolledThread& thread : graph.threads) {
    for (auto [e, address] : executionRun(graph, execution, thread.thread).addresses) {
      if (execution.executed.has(e) && !namesSafeLocation(*graph.program, graph.event(e), address))
        unsafe.push_back(e);
    }
  }
  return unsafe;
}

std::vector<std::string> wellFormednessProblems(const EventGraph& graph, const Execution& execution) {
  return WellFormedness(graph, execution).problems();
}

bool ranAsExecuted(const EventGraph& graph, const Execution& execution, int t, const ThreadRun& run) {
  return mismatchedEvents(graph, execution, t, run).empty();
}

}  // namespace catcheck::core
