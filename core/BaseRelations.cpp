// Bounds of the predefined base relations (SEMANTICS.md §4.5, Dat3M's NativeRelationAnalysis):
// program order and thread relations, addresses (loc: physical, vloc: generic), the scope relations
// (sr needs a scope tag on both events; scta/ssg/... compare only the threads' positions), reads-from and
// coherence candidates (init writes come first in co), RMW pairs, dependencies computed by a register
// dataflow over the unrolled threads, control barriers and SC fences.
#include "core/BaseRelations.h"

#include <functional>
#include <map>
#include <set>

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

bool sameThread(const Event& a, const Event& b) {
  return a.thread == b.thread && (a.thread >= 0 || a.id == b.id);
}

RelationBounds scopeRelation(const EventGraph& graph, ScopeLevel level) {
  return staticRelation(graph, [&](const Event& a, const Event& b) {
    return a.thread >= 0 && b.thread >= 0 && sameScopeInstance(threadOf(graph, a), threadOf(graph, b), level);
  });
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
      std::set<int> expected = sourcesOf(before[s], in.expected);
      from.insert(expected.begin(), expected.end());
      if (in.kind == InstructionKind::Rmw && in.rmwOp != RmwOp::Exchange) from.insert(step.events.front());
      for (int load : from) data.add(load, step.events.back());
    }
    if (in.kind == InstructionKind::Jump && in.condition) {
      for (int load : sourcesOf(before[s], *in.condition)) {
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

RelationBounds coherenceCandidates(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  for (const Event& a : graph.events) {
    for (const Event& b : graph.events) {
      if (a.id == b.id || !a.isWrite() || !b.isWrite() || a.physical != b.physical) continue;
      bool fromInit = a.kind == EventKind::Init;
      if (!fromInit && b.kind == EventKind::Init) continue;
      bounds.may.add(a.id, b.id);
      if (fromInit && b.kind != EventKind::Init) bounds.must.add(a.id, b.id);
    }
  }
  return bounds;
}

RelationBounds readFromCandidates(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  for (const Event& w : graph.events) {
    for (const Event& r : graph.events) {
      if (w.isWrite() && r.kind == EventKind::Read && w.physical == r.physical && w.id != r.rmwPartner) {
        bounds.may.add(w.id, r.id);
      }
    }
  }
  return bounds;
}

bool isNamedBarrier(const Event& e, const EventGraph& graph) {
  return e.kind == EventKind::Barrier && graph.stepOf(e).instruction->barrierResource.has_value();
}

// Control barriers of one instance in threads that share the barrier's execution scope; bar.arrive is
// never a target. Named barriers need equal resource ids (literal ids decide statically) and, with a
// quorum, actual synchronisation, which the encoder decides.
RelationBounds barrierSynchronisation(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  for (const Event& a : graph.events) {
    for (const Event& b : graph.events) {
      if (a.kind != EventKind::Barrier || b.kind != EventKind::Barrier) continue;
      const Step& sa = graph.stepOf(a);
      const Step& sb = graph.stepOf(b);
      if (sa.barrierInstance != sb.barrierInstance || sb.instruction->barrierArriveOnly) continue;
      if (!sameScopeInstance(threadOf(graph, a), threadOf(graph, b), sa.instruction->barrierScope)) continue;
      if (isNamedBarrier(a, graph) != isNamedBarrier(b, graph)) continue;
      if (!isNamedBarrier(a, graph)) {
        bounds.may.add(a.id, b.id);
        bounds.must.add(a.id, b.id);
        continue;
      }
      const Expr& ia = *sa.instruction->barrierResource;
      const Expr& ib = *sb.instruction->barrierResource;
      bool literal = ia.isConstant() && ib.isConstant();
      if (literal && ia.constant != ib.constant) continue;
      bounds.may.add(a.id, b.id);
      if (literal && !sa.instruction->barrierQuorum) bounds.must.add(a.id, b.id);
    }
  }
  return bounds;
}

RelationBounds fenceSynchronisationCandidates(const EventGraph& graph) {
  RelationBounds bounds{PairSet(graph.size()), PairSet(graph.size())};
  for (const Event& a : graph.events) {
    for (const Event& b : graph.events) {
      if (a.kind == EventKind::Fence && b.kind == EventKind::Fence && a.tags.has("SC") && b.tags.has("SC")) {
        bounds.may.add(a.id, b.id);
      }
    }
  }
  return bounds;
}

RelationBounds systemSynchronizesWith(const EventGraph& graph) {
  std::set<std::pair<int, int>> declared(graph.program->systemSynchronizesWith.begin(),
                                         graph.program->systemSynchronizesWith.end());
  return staticRelation(graph, [&](const Event& a, const Event& b) {
    return a.thread >= 0 && b.thread >= 0 && declared.count({a.thread, b.thread}) != 0;
  });
}

using Builder = std::function<RelationBounds(const EventGraph&)>;

const std::map<std::string, Builder>& builders() {
  static const std::map<std::string, Builder> table = {
      {"po",
       [](const EventGraph& g) {
         return staticRelation(g, [](const Event& a, const Event& b) {
           return a.thread >= 0 && a.thread == b.thread && a.poIndex < b.poIndex;
         });
       }},
      {"int", [](const EventGraph& g) { return staticRelation(g, sameThread); }},
      {"ext",
       [](const EventGraph& g) {
         return staticRelation(g, [](const Event& a, const Event& b) { return !sameThread(a, b); });
       }},
      {"id",
       [](const EventGraph& g) {
         return staticRelation(g, [](const Event& a, const Event& b) { return a.id == b.id; });
       }},
      {"loc",
       [](const EventGraph& g) {
         return staticRelation(g, [](const Event& a, const Event& b) {
           return a.isMemory() && b.isMemory() && a.physical == b.physical;
         });
       }},
      {"vloc",
       [](const EventGraph& g) {
         return staticRelation(g, [](const Event& a, const Event& b) {
           return a.isMemory() && b.isMemory() && a.generic == b.generic;
         });
       }},
      {"amo",
       [](const EventGraph& g) {
         return staticRelation(g, [](const Event& a, const Event& b) {
           return a.kind == EventKind::Read && a.rmwPartner == b.id;
         });
       }},
      {"sr",
       [](const EventGraph& g) {
         return staticRelation(g, [&g](const Event& a, const Event& b) { return mutuallyInScope(g, a, b); });
       }},
      {"scta", [](const EventGraph& g) { return scopeRelation(g, ScopeLevel::Cta); }},
      {"ssg", [](const EventGraph& g) { return scopeRelation(g, ScopeLevel::Subgroup); }},
      {"swg", [](const EventGraph& g) { return scopeRelation(g, ScopeLevel::Workgroup); }},
      {"sqf", [](const EventGraph& g) { return scopeRelation(g, ScopeLevel::QueueFamily); }},
      {"sdv", [](const EventGraph& g) { return scopeRelation(g, ScopeLevel::Device); }},
      {"data", [](const EventGraph& g) { return dependencyRelation(g, true); }},
      {"ctrl", [](const EventGraph& g) { return dependencyRelation(g, false); }},
      {"rf", readFromCandidates},
      {"co", coherenceCandidates},
      {"syncbar", barrierSynchronisation},
      {"sync_fence", fenceSynchronisationCandidates},
      {"ssw", systemSynchronizesWith},
  };
  return table;
}

// Base relations that litmus programs never populate (no computed addresses, no LL/SC, no RCU).
const std::set<std::string>& alwaysEmpty() {
  static const std::set<std::string> names = {"addr", "lxsx", "casdep", "si", "rcu-rscs"};
  return names;
}

}  // namespace

bool sameScopeInstance(const Thread& a, const Thread& b, ScopeLevel level) {
  for (size_t i = 0; i < a.scopes.size() && i < b.scopes.size(); ++i) {
    if (a.scopes[i].level != b.scopes[i].level || a.scopes[i].id != b.scopes[i].id) return false;
    if (a.scopes[i].level == level) return true;
  }
  return false;
}

std::optional<ScopeLevel> eventScope(const Event& e) {
  static const std::pair<const char*, ScopeLevel> tags[] = {
      {"CTA", ScopeLevel::Cta},     {"GPU", ScopeLevel::Gpu},      {"SYS", ScopeLevel::System},
      {"SG", ScopeLevel::Subgroup}, {"WG", ScopeLevel::Workgroup}, {"QF", ScopeLevel::QueueFamily},
      {"DV", ScopeLevel::Device}};
  for (const auto& [tag, level] : tags) {
    if (e.tags.has(tag)) return level;
  }
  return std::nullopt;
}

bool mutuallyInScope(const EventGraph& graph, const Event& a, const Event& b) {
  if (a.thread < 0 || b.thread < 0) return false;
  auto sa = eventScope(a);
  auto sb = eventScope(b);
  if (!sa || !sb) return false;
  const Thread& ta = threadOf(graph, a);
  const Thread& tb = threadOf(graph, b);
  return sameScopeInstance(ta, tb, *sa) && sameScopeInstance(tb, ta, *sb);
}

bool isBaseRelationName(const std::string& name) {
  return builders().count(name) != 0 || alwaysEmpty().count(name) != 0;
}

std::optional<RelationBounds> baseRelationBounds(const EventGraph& graph, const std::string& name) {
  auto it = builders().find(name);
  if (it != builders().end()) return it->second(graph);
  if (alwaysEmpty().count(name) != 0) return RelationBounds{PairSet(graph.size()), PairSet(graph.size())};
  return std::nullopt;
}

}  // namespace catcheck::core
