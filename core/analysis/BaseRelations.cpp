// Bounds of the predefined base relations (docs/semantics.md §4.5, Dat3M's NativeRelationAnalysis):
// program order and thread relations, addresses (loc: physical, vloc: generic), the scope relations
// (sr needs a scope tag on both events; scta/ssg/... compare only the threads' positions), reads-from and
// coherence candidates (init writes come first in co), RMW pairs, dependencies computed by a register
// dataflow over the unrolled threads, control barriers and SC fences.
#include "core/analysis/BaseRelations.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include "core/analysis/ThreadRelations.h"
#include "core/graph/AliasPairs.h"
#include "core/ir/Warps.h"

namespace catcheck::core {
namespace {

using PairTest = std::function<bool(const Event&, const Event&)>;

RelationBounds staticRelation(const EventGraph& graph, const PairTest& test) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  for (const Event& a : graph.events) {
    for (const Event& b : graph.events) {
      if (test(a, b)) bounds.may.add(a.id, b.id);
    }
  }
  bounds.must = bounds.may;
  return bounds;
}

const Thread& threadOf(const EventGraph& graph, const Event& e) {
  return graph.program->threads.at(static_cast<size_t>(e.thread));
}

// Per pair of threads (a * threads + b): whether they are in one instance of `level`: compared once per
// pair of threads, not per pair of events.
std::vector<char> sameInstanceTable(const std::vector<Thread>& threads, ScopeLevel level) {
  size_t n = threads.size();
  std::vector<char> same(n * n);
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = 0; b < n; ++b) same[a * n + b] = sameScopeInstance(threads[a], threads[b], level);
  }
  return same;
}

// Events of threads in one instance of `level`. A row depends only on the event's thread: each thread's
// row is built once (from the events of the threads in its instance) and shared by its events.
RelationBounds scopeRelation(const EventGraph& graph, ScopeLevel level) {
  size_t n = graph.program->threads.size();
  std::vector<char> same = sameInstanceTable(graph.program->threads, level);
  std::vector<EventSet> eventsOf = thread_relations::eventsPerThread(graph);
  std::vector<EventSet> rowOf(n, EventSet(graph.size()));
  for (size_t a = 0; a < n; ++a) {
    size_t first = 0;  // the first thread of a's instance: one instance, one row
    while (first < a && same[a * n + first] == 0) ++first;
    if (first < a) {
      rowOf[a] = rowOf[first];
      continue;
    }
    for (size_t b = 0; b < n; ++b) {
      if (same[a * n + b] != 0) rowOf[a] |= eventsOf[b];
    }
  }
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  for (const Event& e : graph.events) {
    if (e.thread >= 0) bounds.may.successors(e.id) = rowOf[static_cast<size_t>(e.thread)];
  }
  bounds.must = bounds.may;
  return bounds;
}

// Registers -> the load events whose value may flow into them, propagated forward over the unrolled
// thread (all jumps go forward). Returns, per step, the state before it.
using Sources = std::map<int, std::set<int>>;

std::set<int> sourcesOf(const Sources& state, const Expr& e) {
  std::set<int> result;
  for (int r : e.registers()) {
    auto it = state.find(r);
    if (it != state.end()) result.insert(it->second.begin(), it->second.end());
  }
  return result;
}

std::vector<Sources> registerSources(const UnrolledThread& thread) {
  std::vector<Sources> before(thread.steps.size() + 1);
  auto merge = [](Sources& into, const Sources& from) {
    for (const auto& [reg, loads] : from) into[reg].insert(loads.begin(), loads.end());
  };
  for (size_t s = 0; s < thread.steps.size(); ++s) {
    const Step& step = thread.steps[s];
    const Instruction& in = *step.instruction;
    Sources after = before[s];
    if (in.kind == InstructionKind::Load || (in.kind == InstructionKind::Rmw && in.reg)) {
      after[*in.reg] = {step.events.front()};
    } else if (in.kind == InstructionKind::Local && in.reg) {
      after[*in.reg] = sourcesOf(before[s], in.value);
    } else if (in.kind == InstructionKind::Warp && in.reg) {
      after[*in.reg] = {};  // a collective's result comes from other lanes, not from this thread's reads
    }
    if (in.kind == InstructionKind::Jump) merge(before[static_cast<size_t>(step.jumpTarget)], after);
    bool fallsThrough = !(in.kind == InstructionKind::Jump && step.unconditional);
    if (fallsThrough) merge(before[s + 1], after);
  }
  return before;
}

void addDependencies(const EventGraph& graph, const UnrolledThread& thread, PairSet& data, PairSet& ctrl) {
  std::vector<Sources> before = registerSources(thread);
  for (size_t s = 0; s < thread.steps.size(); ++s) {
    const Step& step = thread.steps[s];
    const Instruction& in = *step.instruction;
    if (in.kind == InstructionKind::Store || in.kind == InstructionKind::Rmw) {
      std::set<int> from = sourcesOf(before[s], in.value);
      std::set<int> expected = sourcesOf(before[s], in.access().expected);
      from.insert(expected.begin(), expected.end());
      if (in.kind == InstructionKind::Rmw && in.access().rmwOp != RmwOp::Exchange)
        from.insert(step.events.front());
      for (int load : from) data.add(load, step.events.back());
    }
    if (in.kind == InstructionKind::Jump && in.branch().condition) {
      for (int load : sourcesOf(before[s], *in.branch().condition)) {
        for (size_t later = s + 1; later < thread.steps.size(); ++later) {
          for (int e : thread.steps[later].events) ctrl.add(load, e);
        }
      }
    }
  }
  (void)graph;
}

RelationBounds dependencyRelation(const EventGraph& graph, bool wantData) {
  PairSet data(graph.size()), ctrl(graph.size());
  for (const UnrolledThread& thread : graph.threads) addDependencies(graph, thread, data, ctrl);
  PairSet& chosen = wantData ? data : ctrl;
  return RelationBounds{chosen, chosen};
}

// Local consistency, which the reference tool assumes of every model (its relation analysis option
// wmm.analysis.localConsistency, on by default): one thread's accesses to one address are coherent in
// program order. Coherence follows program order between a thread's writes to one address (a must pair
// where they must alias, and never backwards), a read never reads a later write of its own thread, and it
// never reads a write that a later write of its thread (or, for init writes, any write of its thread) to
// the same address overwrote on every path: one that executes whenever the older write or the read does.
// "Same address" means the same memory object, as the reference tool's alias analysis sees it: a write
// through an alias of the bytes (another proxy, another generic address) does not hide the older value.
// Accesses that certainly name one memory object (the same location, or equal known addresses).
bool sameName(const Event& a, const Event& b) {
  if (a.computedAddress || b.computedAddress) return a.address && b.address && *a.address == *b.address;
  return a.location == b.location;
}

bool poBefore(const Event& a, const Event& b) {
  return a.thread >= 0 && a.thread == b.thread && a.poIndex < b.poIndex;
}

// Program order as local consistency sees it: the events of an asynchronous operation are performed
// outside their thread's program order (PTX ISA "asynchronous operations"), so it orders neither them nor
// anything with them.
bool locallyBefore(const Event& a, const Event& b) {
  return poBefore(a, b) && !a.tags.has(tags::Asynchronous) && !b.tags.has(tags::Asynchronous);
}

// Every path of the unrolled thread that reaches step `later` passes step `earlier` (jumps go forward).
bool dominates(const UnrolledThread& thread, int earlier, int later) {
  for (int j = 0; j < earlier; ++j) {
    const Step& step = thread.steps[static_cast<size_t>(j)];
    if (step.kind == InstructionKind::Jump && step.jumpTarget > earlier && step.jumpTarget <= later)
      return false;
  }
  return true;
}

// Every path of the unrolled thread from step `earlier` reaches step `later`.
bool postDominates(const UnrolledThread& thread, int earlier, int later) {
  for (int j = earlier; j < later; ++j) {
    const Step& step = thread.steps[static_cast<size_t>(j)];
    if (step.kind == InstructionKind::Jump && (step.jumpTarget > later || step.backEdge)) return false;
  }
  return true;
}

bool conditionalWrite(const EventGraph& graph, const Event& w) {
  return w.kind == EventKind::Write && graph.stepOf(w).kind == InstructionKind::Rmw &&
         graph.stepOf(w).instruction->access().rmwOp == RmwOp::CompareExchangeOnSuccess;
}

// Whether `later` (a write po-before `read` in read's thread) overwrites `older` (init or po-earlier) for
// `read`: it executes whenever `older` or `read` does, and must alias one of them.
bool overwrites(const EventGraph& graph, const Event& older, const Event& later, const Event& read) {
  if (conditionalWrite(graph, later)) return false;
  if (!sameName(older, later) && !sameName(later, read)) return false;
  const UnrolledThread& thread = graph.threads.at(static_cast<size_t>(read.thread));
  if (dominates(thread, later.step, read.step)) return true;
  return older.kind != EventKind::Init && postDominates(thread, older.step, later.step);
}

bool overwrittenBeforeRead(const EventGraph& graph, const Event& w, const Event& r) {
  if (r.tags.has(tags::Asynchronous)) return false;
  if (w.kind != EventKind::Init && !locallyBefore(w, r)) return false;
  const UnrolledThread& thread = graph.threads.at(static_cast<size_t>(r.thread));
  for (int s = w.kind == EventKind::Init ? 0 : w.step; s <= r.step; ++s) {  // only r's thread, up to r
    for (int id : thread.steps[static_cast<size_t>(s)].events) {
      const Event& later = graph.event(id);
      if (!later.isWrite() || !locallyBefore(later, r) || id == r.rmwPartner) continue;
      if (w.kind != EventKind::Init && !locallyBefore(w, later)) continue;
      if (overwrites(graph, w, later, r)) return true;
    }
  }
  return false;
}

RelationBounds coherenceCandidates(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  forEachAliasPair(graph, false, [&](const Event& a, const Event& b, Alias alias) {
    if (a.id == b.id || !a.isWrite() || !b.isWrite()) return;
    bool fromInit = a.kind == EventKind::Init;
    if (!fromInit && b.kind == EventKind::Init) return;
    if (locallyBefore(b, a)) return;  // local consistency
    bounds.may.add(a.id, b.id);
    if (b.kind == EventKind::Init) return;
    bool initFirst = fromInit && alias == Alias::Must;
    bool programOrder = locallyBefore(a, b) && sameName(a, b);
    if (initFirst || programOrder) bounds.must.add(a.id, b.id);
  });
  return bounds;
}

RelationBounds readFromCandidates(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  forEachAliasPair(graph, false, [&](const Event& w, const Event& r, Alias) {
    if (!w.isWrite() || r.kind != EventKind::Read || w.id == r.rmwPartner) return;
    if (locallyBefore(r, w) || overwrittenBeforeRead(graph, w, r)) return;  // local consistency
    bounds.may.add(w.id, r.id);
  });
  return bounds;
}

// Control barriers of one instance in threads that share the barrier's execution scope; bar.arrive is
// never a target. Named barriers need equal resource ids (literal ids decide statically) and, with a
// quorum, actual synchronisation, which the encoder decides.
// Warp barriers (bar.warp.sync) of one warp with one mask that includes both threads: which executions
// meet in one instance is the encoder's choice (core/ir/Warps.h), so none of them is a must pair.
void addWarpBarrierCandidates(const EventGraph& graph, RelationBounds& bounds) {
  std::vector<std::pair<const Event*, long long>> warpBarriers;  // with its normalised mask, below
  for (const Event& e : graph.events) {
    if (e.kind == EventKind::Barrier && graph.stepOf(e).kind == InstructionKind::Warp)
      warpBarriers.emplace_back(&e, 0);
  }
  if (warpBarriers.empty()) return;
  WarpLayout layout = warpLayout(*graph.program);
  for (auto& [e, mask] : warpBarriers)
    mask = layout.normalisedMask(e->thread, graph.stepOf(*e).instruction->warp().mask);
  for (const auto& [pa, mask] : warpBarriers) {
    const Event& a = *pa;
    for (const auto& [pb, maskOfB] : warpBarriers) {
      const Event& b = *pb;
      if (layout.warpOf[static_cast<size_t>(a.thread)] != layout.warpOf[static_cast<size_t>(b.thread)])
        continue;
      if (mask != maskOfB || !layout.inMask(a.thread, mask) || !layout.inMask(b.thread, mask)) continue;
      if (a.thread == b.thread && a.id != b.id) continue;
      int ka = graph.warpOrdinal[static_cast<size_t>(a.id)];
      int kb = graph.warpOrdinal[static_cast<size_t>(b.id)];
      if (ka >= 0 && kb >= 0 && ka != kb) continue;  // instances the code numbers differently never meet
      bounds.may.add(a.id, b.id);
      if (ka >= 0 && ka == kb) bounds.must.add(a.id, b.id);
    }
  }
}

// A control barrier's event with what the pairing below compares, looked up once per event rather than
// once per pair (a 1 024-thread block has a million pairs per barrier).
struct ControlBarrier {
  const Event* event;
  const Step* step;
  const BarrierOperands* operands;
  const Thread* thread;
};

std::vector<ControlBarrier> controlBarriers(const EventGraph& graph) {
  std::vector<ControlBarrier> barriers;
  for (const Event& e : graph.events) {
    if (e.kind != EventKind::Barrier) continue;
    const Step& step = graph.stepOf(e);
    if (step.kind != InstructionKind::Barrier) continue;  // warp barriers: addWarpBarrierCandidates
    barriers.push_back({&e, &step, &step.instruction->barrier(), &threadOf(graph, e)});
  }
  return barriers;
}

RelationBounds barrierSynchronisation(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  addWarpBarrierCandidates(graph, bounds);
  std::vector<ControlBarrier> barriers = controlBarriers(graph);
  for (const ControlBarrier& a : barriers) {
    for (const ControlBarrier& b : barriers) {
      if (a.step->barrierInstance != b.step->barrierInstance || b.operands->arriveOnly) continue;
      if (!sameScopeInstance(*a.thread, *b.thread, a.operands->scope)) continue;
      if (a.operands->resource.has_value() != b.operands->resource.has_value()) continue;
      int ea = a.event->id, eb = b.event->id;
      if (!a.operands->resource) {
        bounds.may.add(ea, eb);
        bounds.must.add(ea, eb);
        continue;
      }
      const Expr& ia = *a.operands->resource;
      const Expr& ib = *b.operands->resource;
      bool literal = ia.isConstant() && ib.isConstant();
      if (literal && ia.constant != ib.constant) continue;
      bounds.may.add(ea, eb);
      if (literal && !a.operands->quorum) bounds.must.add(ea, eb);
    }
  }
  return bounds;
}

RelationBounds fenceSynchronisationCandidates(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  EventSet fences(graph.size());
  for (const Event& e : graph.events) {
    if (e.isScFence()) fences.add(e.id);
  }
  fences.forEach([&](int a) { bounds.may.successors(a) = fences; });
  return bounds;
}

RelationBounds systemSynchronizesWith(const EventGraph& graph) {
  std::set<std::pair<int, int>> declared(graph.program->systemSynchronizesWith.begin(),
                                         graph.program->systemSynchronizesWith.end());
  return staticRelation(graph, [&](const Event& a, const Event& b) {
    return a.thread >= 0 && b.thread >= 0 && declared.count({a.thread, b.thread}) != 0;
  });
}

// loc and vloc from the alias analysis (EventGraph.h): must-alias pairs are must pairs, may-alias pairs
// (computed addresses) may pairs that the values of the addresses decide.
RelationBounds aliasRelation(const EventGraph& g, bool generic) {
  RelationBounds bounds{PairSet(g.size()), PairSet(g.size())};
  forEachAliasPair(g, generic, [&](const Event& a, const Event& b, Alias alias) {
    bounds.may.add(a.id, b.id);
    if (alias == Alias::Must) bounds.must.add(a.id, b.id);
  });
  return bounds;
}

RelationBounds samePhysicalLocation(const EventGraph& g) {
  return aliasRelation(g, false);
}

RelationBounds sameGenericLocation(const EventGraph& g) {
  return aliasRelation(g, true);
}

// sr, as mutuallyInScope decides it pair by pair, with each event's scope looked up once and each
// (thread, thread, level) instance comparison made once: scope tags are strings, and a test with a
// thousand events has a million pairs.
RelationBounds scopeRelated(const EventGraph& g) {
  const std::vector<ScopeLevelInfo>& levels = g.program->target->levels;
  size_t n = g.program->threads.size();
  std::vector<std::vector<char>> same;  // per level: sameInstanceTable
  for (const ScopeLevelInfo& level : levels)
    same.push_back(sameInstanceTable(g.program->threads, level.level));
  std::vector<int> level(static_cast<size_t>(g.size()), -1);  // the event's scope: an index into levels
  for (const Event& e : g.events) {
    std::optional<ScopeLevel> scope = e.thread >= 0 ? eventScope(e, *g.program->target) : std::nullopt;
    for (size_t l = 0; scope && l < levels.size(); ++l) {
      if (levels[l].level == *scope) level[static_cast<size_t>(e.id)] = static_cast<int>(l);
    }
  }
  auto inScope = [&](const Event& a, const Event& b) {  // a's scope instance includes b's thread
    const std::vector<char>& table = same[static_cast<size_t>(level[static_cast<size_t>(a.id)])];
    return table[static_cast<size_t>(a.thread) * n + static_cast<size_t>(b.thread)] != 0;
  };
  RelationBounds bounds{PairSet(g.size()), PairSet(g.size())};
  for (const Event& a : g.events) {
    if (level[static_cast<size_t>(a.id)] < 0) continue;
    for (const Event& b : g.events) {
      if (level[static_cast<size_t>(b.id)] >= 0 && inScope(a, b) && inScope(b, a)) bounds.may.add(a.id, b.id);
    }
  }
  bounds.must = bounds.may;
  return bounds;
}

// The "same instance of level KEY" relations (scta, swg, ...): empty on targets without the level.
template <ScopeLevel level>
RelationBounds sameScope(const EventGraph& g) {
  return scopeRelation(g, level);
}

// aop: the events one asynchronous operation produces (the steps of one contiguous run of instructions
// with the same asyncOp id), each pair in program order. Static: both events execute together.
RelationBounds asynchronousOperations(const EventGraph& g) {
  RelationBounds bounds{PairSet(g.size()), PairSet(g.size())};
  for (const UnrolledThread& thread : g.threads) {
    std::vector<int> run;
    int runOp = -1;
    for (const Step& step : thread.steps) {
      int op = step.instruction != nullptr ? step.instruction->asyncOp : -1;
      if (op != runOp) run.clear();
      runOp = op;
      if (op < 0) continue;
      for (int e : step.events) {
        for (int earlier : run) bounds.may.add(earlier, e);
      }
      run.insert(run.end(), step.events.begin(), step.events.end());
    }
  }
  bounds.must = bounds.may;
  return bounds;
}

template <bool wantData>
RelationBounds dependencies(const EventGraph& g) {
  return dependencyRelation(g, wantData);
}

// Base relations that litmus programs never populate (no computed addresses, no LL/SC, no RCU).
RelationBounds alwaysEmpty(const EventGraph& g) {
  return RelationBounds{PairSet(g.size()), PairSet(g.size())};
}

using enum BaseRelation;
using enum DecidedRelation;

// The registry: one descriptor per BaseRelation, in enum order.
constexpr std::array<BaseRelationDescriptor, kBaseRelationCount> kDescriptors = {{
    {Po, "po", std::nullopt, thread_relations::programOrder},
    {Int, "int", std::nullopt, thread_relations::internal},
    {Ext, "ext", std::nullopt, thread_relations::external},
    {Id, "id", std::nullopt, thread_relations::identity},
    {Loc, "loc", SameLocation, samePhysicalLocation},
    {Vloc, "vloc", SameGenericLocation, sameGenericLocation},
    {Amo, "amo", std::nullopt, thread_relations::atomicPairs},
    {Sr, "sr", std::nullopt, scopeRelated},
    {Scta, "scta", std::nullopt, sameScope<ScopeLevel::Cta>},
    {Ssg, "ssg", std::nullopt, sameScope<ScopeLevel::Subgroup>},
    {Swg, "swg", std::nullopt, sameScope<ScopeLevel::Workgroup>},
    {Sqf, "sqf", std::nullopt, sameScope<ScopeLevel::QueueFamily>},
    {Sdv, "sdv", std::nullopt, sameScope<ScopeLevel::Device>},
    {Ssw, "ssw", std::nullopt, systemSynchronizesWith},
    {Data, "data", std::nullopt, dependencies<true>},
    {Ctrl, "ctrl", std::nullopt, dependencies<false>},
    {Rf, "rf", ReadsFrom, readFromCandidates},
    {Co, "co", Coherence, coherenceCandidates},
    {SyncFence, "sync_fence", FenceOrder, fenceSynchronisationCandidates},
    {SyncBar, "syncbar", BarrierSync, barrierSynchronisation},
    {Aop, "aop", std::nullopt, asynchronousOperations},
    {Addr, "addr", std::nullopt, alwaysEmpty},
    {Lxsx, "lxsx", std::nullopt, alwaysEmpty},
    {Casdep, "casdep", std::nullopt, alwaysEmpty},
    {Si, "si", std::nullopt, alwaysEmpty},
    {RcuRscs, "rcu-rscs", std::nullopt, alwaysEmpty},
}};

constexpr bool descriptorsInEnumOrder() {
  for (std::size_t i = 0; i < kDescriptors.size(); ++i) {
    if (kDescriptors[i].id != static_cast<BaseRelation>(i) || kDescriptors[i].name.empty()) return false;
  }
  return true;
}
static_assert(descriptorsInEnumOrder(), "one descriptor per BaseRelation, in enum order");

}  // namespace

bool sameScopeInstance(const Thread& a, const Thread& b, ScopeLevel level) {
  for (size_t i = 0; i < a.scopes.size() && i < b.scopes.size(); ++i) {
    if (a.scopes[i].level != b.scopes[i].level || a.scopes[i].id != b.scopes[i].id) return false;
    if (a.scopes[i].level == level) return true;
  }
  return false;
}

std::optional<ScopeLevel> eventScope(const Event& e, const Target& target) {
  for (const ScopeLevelInfo& level : target.levels) {
    if (e.tags.has(scopeKey(level.level))) return level.level;
  }
  return std::nullopt;
}

void setStaticLocations(const EventGraph& graph, Execution& x) {
  auto executedMust = [&](BaseRelation relation) {
    PairSet result(graph.size());
    baseRelationBounds(graph, relation).must.forEach([&](int a, int b) {
      if (x.executed.has(a) && x.executed.has(b)) result.add(a, b);
    });
    return result;
  };
  x.sameLocation = executedMust(BaseRelation::Loc);
  x.sameGenericLocation = executedMust(BaseRelation::Vloc);
}

bool mutuallyInScope(const EventGraph& graph, const Event& a, const Event& b) {
  if (a.thread < 0 || b.thread < 0) return false;
  auto sa = eventScope(a, *graph.program->target);
  auto sb = eventScope(b, *graph.program->target);
  if (!sa || !sb) return false;
  const Thread& ta = threadOf(graph, a);
  const Thread& tb = threadOf(graph, b);
  return sameScopeInstance(ta, tb, *sa) && sameScopeInstance(tb, ta, *sb);
}

std::span<const BaseRelationDescriptor> baseRelations() {
  return kDescriptors;
}

const BaseRelationDescriptor& describe(BaseRelation relation) {
  return kDescriptors.at(static_cast<std::size_t>(relation));
}

std::optional<BaseRelation> baseRelationNamed(std::string_view name) {
  for (const BaseRelationDescriptor& d : kDescriptors) {
    if (d.name == name) return d.id;
  }
  return std::nullopt;
}

bool isBaseRelationName(const std::string& name) {
  return baseRelationNamed(name).has_value();
}

BaseRelation baseRelationOf(DecidedRelation relation) {
  switch (relation) {
    case ReadsFrom:
      return Rf;
    case Coherence:
      return Co;
    case FenceOrder:
      return SyncFence;
    case BarrierSync:
      return SyncBar;
    case SameLocation:
      return Loc;
    case SameGenericLocation:
      return Vloc;
  }
  throw std::logic_error("unknown decided relation");
}

RelationBounds baseRelationBounds(const EventGraph& graph, BaseRelation relation) {
  return describe(relation).bounds(graph);
}

}  // namespace catcheck::core
