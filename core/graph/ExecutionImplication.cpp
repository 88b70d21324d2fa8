// Execution implications (ExecutionImplication.h). Straight-line code after a barrier is the common case in
// kernels: without this, an event after a CTA barrier could not be known to follow the barrier's partners
// in every execution that executes it (the barrier might block), and the causality orders the barriers
// give (po ; syncbar ; po) stayed undecided pairs for the solver, quadratic in the events of a block.
// Dominance is computed per thread from the unrolled steps (every jump goes forward); barrier groups and
// warp-barrier instances whose numbering the code fixes add cross-thread implications, closed by a
// fixpoint over the groups. The same numbering lets the analysis and the warp encoder pair warp primitives
// by instance.
#include "core/graph/ExecutionImplication.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <vector>

#include "core/graph/BarrierGroups.h"
#include "core/ir/Warps.h"

namespace catcheck::core {
namespace {

// dominators[s]: the steps every path from the thread's start to step s passes through.
std::vector<std::vector<int>> dominators(const UnrolledThread& thread) {
  size_t n = thread.steps.size();
  // firstLanding[t]: the smallest jump target > t of a jump at a step < t (n + 1 when none).
  std::vector<int> firstLanding(n, static_cast<int>(n) + 1);
  std::multiset<int> targets;
  for (size_t t = 0; t < n; ++t) {
    auto after = targets.upper_bound(static_cast<int>(t));
    if (after != targets.end()) firstLanding[t] = *after;
    const Step& step = thread.steps[t];
    if (step.kind == InstructionKind::Jump) targets.insert(step.jumpTarget);
  }
  std::vector<std::vector<int>> result(n);
  for (size_t s = 0; s < n; ++s)
    for (size_t t = 0; t < s; ++t)
      if (firstLanding[t] > static_cast<int>(s)) result[s].push_back(static_cast<int>(t));
  return result;
}

bool isWarpBarrier(const Step& step) {
  return step.kind == InstructionKind::Warp && step.instruction->warp().op == WarpOp::Sync;
}

// Each warp primitive's instance number when the thread's code fixes it (every earlier primitive of its
// family and mask that includes the lane dominates it; SPIR-V's dynamic instances are numbered otherwise),
// and whether the step lies on every path to the thread's end.
void numberWarpBarriers(const WarpLayout& layout, const UnrolledThread& thread,
                        const std::vector<std::vector<int>>& dom, std::vector<int>& ordinal,
                        std::vector<char>& unavoidable) {
  std::map<std::pair<int, long long>, std::vector<int>> earlier;  // (family, mask) -> its steps so far
  size_t n = thread.steps.size();
  std::vector<int> lastJumpLanding(n + 1, -1);  // does some jump from before t land past t?
  int furthest = -1;
  for (size_t t = 0; t < n; ++t) {
    lastJumpLanding[t] = furthest;
    if (thread.steps[t].kind == InstructionKind::Jump)
      furthest = std::max(furthest, thread.steps[t].jumpTarget);
  }
  for (size_t s = 0; s < n; ++s) {
    const Step& step = thread.steps[s];
    if (step.kind != InstructionKind::Warp || step.instruction->warp().dynamic || step.events.empty())
      continue;
    long long mask = layout.normalisedMask(thread.thread, step.instruction->warp().mask);
    if (!layout.inMask(thread.thread, mask)) continue;
    std::vector<int>& before = earlier[{static_cast<int>(familyOf(step.instruction->warp().op)), mask}];
    bool fixed = true;
    for (int t : before) fixed = fixed && std::find(dom[s].begin(), dom[s].end(), t) != dom[s].end();
    int event = step.events.front();
    if (fixed) ordinal[static_cast<size_t>(event)] = static_cast<int>(before.size());
    unavoidable[static_cast<size_t>(event)] = lastJumpLanding[s] <= static_cast<int>(s);
    before.push_back(static_cast<int>(s));
  }
}

// Warp barrier instances whose members execute together: every lane of the mask has a member with the same
// fixed instance number on every path to its end (an instance completes when every other lane of its mask
// joined it or terminated, docs/semantics.md §5.6; a lane that must pass the step cannot terminate without
// joining).
std::vector<std::vector<int>> warpGroups(const EventGraph& graph, const WarpLayout& layout,
                                         const std::vector<int>& ordinal,
                                         const std::vector<char>& unavoidable) {
  std::map<std::tuple<int, long long, int>, std::vector<int>> byInstance;
  std::set<std::tuple<int, long long, int>> broken;
  for (const Event& e : graph.events) {
    if (e.kind != EventKind::Barrier || !isWarpBarrier(graph.stepOf(e)) ||
        graph.stepOf(e).events.front() != e.id)
      continue;
    long long mask = layout.normalisedMask(e.thread, graph.stepOf(e).instruction->warp().mask);
    auto key = std::make_tuple(layout.warpOf[static_cast<size_t>(e.thread)], mask,
                               ordinal[static_cast<size_t>(e.id)]);
    if (ordinal[static_cast<size_t>(e.id)] < 0 || !unavoidable[static_cast<size_t>(e.id)] ||
        !layout.inMask(e.thread, mask))
      broken.insert(key);
    byInstance[key].push_back(e.id);
  }
  std::vector<std::vector<int>> groups;
  for (auto& [key, members] : byInstance) {
    if (std::get<2>(key) < 0 || broken.count(key) > 0) continue;
    int thread = graph.event(members.front()).thread;
    if (layout.members(thread, std::get<1>(key)).size() != members.size()) continue;
    groups.push_back(std::move(members));
  }
  return groups;
}

}  // namespace

ExecutionFacts executionFacts(const EventGraph& graph) {
  int n = graph.size();
  ExecutionFacts facts;
  facts.warpOrdinal.assign(static_cast<size_t>(n), -1);
  PairSet& implies = facts.implies;
  implies = PairSet(n);
  WarpLayout layout = warpLayout(*graph.program);
  std::vector<char> unavoidable(static_cast<size_t>(n), 0);
  // Groups of events that execute together: unnamed control barriers, and complete warp-barrier instances.
  std::vector<std::vector<int>> groups;
  for (const std::vector<BarrierMember>& group : barrierGroups(graph)) {
    if (isSplitBarrier(graph, group)) continue;  // its waits need not execute together
    groups.emplace_back();
    for (const BarrierMember& m : group) {
      const Step& step = graph.threads[static_cast<size_t>(m.thread)].steps[static_cast<size_t>(m.step)];
      if (!step.instruction->barrier().resource) groups.back().push_back(m.event);
    }
  }
  // Within threads: the events of dominating steps, and the earlier events of the same step.
  for (const UnrolledThread& thread : graph.threads) {
    std::vector<std::vector<int>> dom = dominators(thread);
    numberWarpBarriers(layout, thread, dom, facts.warpOrdinal, unavoidable);
    for (size_t s = 0; s < thread.steps.size(); ++s) {
      const std::vector<int>& events = thread.steps[s].events;
      for (size_t i = 0; i < events.size(); ++i) {
        for (int t : dom[s])
          for (int c : thread.steps[static_cast<size_t>(t)].events) implies.add(events[i], c);
        for (size_t j = 0; j < i; ++j) implies.add(events[i], events[j]);
      }
    }
  }
  for (std::vector<int>& group : warpGroups(graph, layout, facts.warpOrdinal, unavoidable))
    groups.push_back(std::move(group));
  std::vector<int> groupOf(static_cast<size_t>(n), -1);
  for (size_t g = 0; g < groups.size(); ++g)
    for (int e : groups[g]) groupOf[static_cast<size_t>(e)] = static_cast<int>(g);
  // What a group implies: its members and what each member implies, up to a fixpoint over the groups.
  std::vector<EventSet> groupImplies(groups.size(), EventSet(n));
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t g = 0; g < groups.size(); ++g) {
      EventSet next = groupImplies[g];
      for (int member : groups[g]) {
        next.add(member);
        next |= implies.successors(member);
        implies.successors(member).forEach([&](int c) {
          int other = groupOf[static_cast<size_t>(c)];
          if (other >= 0 && other != static_cast<int>(g)) next |= groupImplies[static_cast<size_t>(other)];
        });
      }
      if (!(next == groupImplies[g])) {
        groupImplies[g] = std::move(next);
        changed = true;
      }
    }
  }
  // Every event: what the groups of the barriers it implies (or is) imply.
  for (int y = 0; y < n; ++y) {
    EventSet extra(n);
    auto addGroup = [&](int c) {
      int g = groupOf[static_cast<size_t>(c)];
      if (g >= 0) extra |= groupImplies[static_cast<size_t>(g)];
    };
    addGroup(y);
    implies.successors(y).forEach(addGroup);
    extra.remove(y);
    extra.forEach([&](int c) { implies.add(y, c); });
  }
  return facts;
}

}  // namespace catcheck::core
