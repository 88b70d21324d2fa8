// The memory-side choices of a candidate execution, as the encoding allows them (docs/semantics.md §2.1,
// §4.5; encoders/MemoryEncoder.cpp states the same rules as formulas):
//  * rf: each executed read takes its value from one executed same-address write, or has no source and
//    reads 0 (the stdlib's rf-complete axiom rejects that where an init write exists);
//  * co: init writes come before every executed write to their physical location. Under Vulkan the other
//    writes of a location are totally ordered, and two init writes of aliases are ordered one way or both.
//    Under PTX coherence is partial and the models take co+, so every strict partial order of a location's
//    writes is one candidate (a non-transitive choice has the same closure and the same co-maximal writes
//    as its closure). The encoding leaves co between PTX init writes of aliases free; they are left
//    unordered here, which the PTX models cannot observe: init writes are in no ordering relation but co
//    and fr, and aliases start with the same value;
//  * sync_fence: each acyclic orientation of the mutually-in-scope pairs of executed SC fences (those a
//    total order of the fences induces). The encoding leaves the other pairs (a fence with itself, fences
//    not in each other's scope) free; they stay empty here, the choice that adds no synchronisation;
//  * final memory: each memory object ends with the value of some co-maximal write to its location.
#include "core/concrete/EnumeratorChoices.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/analysis/BaseRelations.h"

namespace catcheck::core {
namespace {

using Edges = std::vector<std::pair<int, int>>;  // over indices into a list of writes

// Strict partial orders over k elements, built by adding element i with a down-closed set of
// predecessors and an up-closed set of successors among 0..i-1, each predecessor below each successor.
class PartialOrders {
 public:
  explicit PartialOrders(int k) : k_(k), less_(static_cast<size_t>(k * k), false) {}

  std::vector<Edges> all() {
    extend(0);
    return std::move(orders_);
  }

 private:
  bool lt(int a, int b) const { return less_[static_cast<size_t>(a * k_ + b)]; }
  void set(int a, int b, bool v) { less_[static_cast<size_t>(a * k_ + b)] = v; }

  void extend(int i) {
    if (i == k_) return record();
    int combinations = 1;
    for (int j = 0; j < i; ++j) combinations *= 3;
    for (int code = 0; code < combinations; ++code) {
      std::vector<int> role(static_cast<size_t>(i));  // 0 unrelated, 1 predecessor, 2 successor
      for (int j = 0, c = code; j < i; ++j, c /= 3) role[static_cast<size_t>(j)] = c % 3;
      if (!admissible(role)) continue;
      for (int j = 0; j < i; ++j) {
        if (role[static_cast<size_t>(j)] == 1) set(j, i, true);
        if (role[static_cast<size_t>(j)] == 2) set(i, j, true);
      }
      extend(i + 1);
      for (int j = 0; j < i; ++j) {
        set(j, i, false);
        set(i, j, false);
      }
    }
  }

  bool admissible(const std::vector<int>& role) const {
    int i = static_cast<int>(role.size());
    for (int a = 0; a < i; ++a) {
      for (int b = 0; b < i; ++b) {
        int ra = role[static_cast<size_t>(a)], rb = role[static_cast<size_t>(b)];
        if (lt(a, b) && rb == 1 && ra != 1) return false;  // predecessors are down-closed
        if (lt(a, b) && ra == 2 && rb != 2) return false;  // successors are up-closed
        if (ra == 1 && rb == 2 && !lt(a, b)) return false;
      }
    }
    return true;
  }

  void record() {
    Edges edges;
    for (int a = 0; a < k_; ++a) {
      for (int b = 0; b < k_; ++b) {
        if (lt(a, b)) edges.emplace_back(a, b);
      }
    }
    orders_.push_back(std::move(edges));
  }

  int k_;
  std::vector<bool> less_;
  std::vector<Edges> orders_;
};

std::vector<Edges> totalOrders(int k) {
  std::vector<int> order(static_cast<size_t>(k));
  for (int i = 0; i < k; ++i) order[static_cast<size_t>(i)] = i;
  std::vector<Edges> result;
  do {
    Edges edges;
    for (int i = 0; i < k; ++i) {
      for (int j = i + 1; j < k; ++j)
        edges.emplace_back(order[static_cast<size_t>(i)], order[static_cast<size_t>(j)]);
    }
    result.push_back(std::move(edges));
  } while (std::next_permutation(order.begin(), order.end()));
  return result;
}

// Vulkan: each pair of init writes of aliases is ordered one way, the other, or both.
std::vector<Edges> initOrientations(int k) {
  std::vector<Edges> result{{}};
  for (int a = 0; a < k; ++a) {
    for (int b = a + 1; b < k; ++b) {
      std::vector<Edges> next;
      for (const Edges& edges : result) {
        for (Edges extra : std::vector<Edges>{{{a, b}}, {{b, a}}, {{a, b}, {b, a}}}) {
          extra.insert(extra.end(), edges.begin(), edges.end());
          next.push_back(std::move(extra));
        }
      }
      result = std::move(next);
    }
  }
  return result;
}

// The co choices of one physical location.
// Whether a location's co choice stays within co's bounds among executed writes (local consistency
// fixes the order of one thread's writes).
bool withinBounds(const PairSet& co, const RelationBounds& bounds, const std::vector<int>& writes) {
  for (int a : writes) {
    for (int b : writes) {
      if (co.has(a, b) && !bounds.may.has(a, b)) return false;
      if (!co.has(a, b) && bounds.must.has(a, b)) return false;
    }
  }
  return true;
}

std::vector<PairSet> locationChoices(const EventGraph& graph, const std::vector<int>& inits,
                                     const std::vector<int>& writes, const RelationBounds& bounds) {
  bool total = graph.program->coherenceIsTotal();
  int k = static_cast<int>(writes.size());
  std::vector<Edges> orders = total ? totalOrders(k) : PartialOrders(k).all();
  std::vector<Edges> initOrders =
      total ? initOrientations(static_cast<int>(inits.size())) : std::vector<Edges>{{}};
  PairSet base(graph.size());
  for (int i : inits) {
    for (int w : writes) base.add(i, w);
  }
  std::vector<PairSet> result;
  for (const Edges& order : orders) {
    for (const Edges& initOrder : initOrders) {
      PairSet co = base;
      for (auto [a, b] : order) co.add(writes[static_cast<size_t>(a)], writes[static_cast<size_t>(b)]);
      for (auto [a, b] : initOrder) co.add(inits[static_cast<size_t>(a)], inits[static_cast<size_t>(b)]);
      if (withinBounds(co, bounds, writes)) result.push_back(std::move(co));
    }
  }
  return result;
}

}  // namespace

std::vector<std::vector<int>> readSources(const EventGraph& graph, const Execution& execution,
                                          const std::vector<int>& reads, const PairSet& rfMay) {
  std::vector<std::vector<int>> result;
  for (int r : reads) {
    long long v = execution.value[static_cast<size_t>(r)];
    std::vector<int> sources;
    for (const Event& w : graph.events) {
      bool candidate = w.isWrite() && rfMay.has(w.id, r) && execution.executed.has(w.id);
      if (candidate && execution.value[static_cast<size_t>(w.id)] == v) sources.push_back(w.id);
    }
    if (v == 0) sources.push_back(-1);
    result.push_back(std::move(sources));
  }
  return result;
}

std::optional<std::vector<PairSet>> coherenceChoices(const EventGraph& graph, const EventSet& executed,
                                                     size_t limit, const RelationBounds& bounds) {
  std::map<int, std::pair<std::vector<int>, std::vector<int>>> locations;  // physical -> (inits, writes)
  for (const Event& e : graph.events) {
    if (!e.isWrite() || !executed.has(e.id)) continue;
    auto& [inits, writes] = locations[e.physical];
    (e.kind == EventKind::Init ? inits : writes).push_back(e.id);
  }
  std::vector<std::vector<PairSet>> perLocation;
  std::vector<size_t> sizes;
  size_t total = 1;
  for (const auto& [physical, members] : locations) {
    if (members.second.size() > 6) return std::nullopt;  // 130023 partial orders at 6 writes already
    perLocation.push_back(locationChoices(graph, members.first, members.second, bounds));
    sizes.push_back(perLocation.back().size());
    total *= sizes.back();
    if (total > limit) return std::nullopt;
  }
  std::vector<PairSet> result;
  forEachCombination(sizes, [&](const std::vector<size_t>& index) {
    PairSet co(graph.size());
    for (size_t l = 0; l < index.size(); ++l) co |= perLocation[l][index[l]];
    result.push_back(std::move(co));
    return true;
  });
  return result;
}

std::optional<std::vector<PairSet>> fenceOrderChoices(const EventGraph& graph, const EventSet& executed,
                                                      size_t limit) {
  std::vector<int> fences;
  for (const Event& e : graph.events) {
    if (e.isScFence() && executed.has(e.id)) fences.push_back(e.id);
  }
  if (fences.size() > 8) return std::nullopt;
  std::vector<PairSet> result;
  do {
    PairSet order(graph.size());
    for (size_t i = 0; i < fences.size(); ++i) {
      for (size_t j = i + 1; j < fences.size(); ++j) {
        if (mutuallyInScope(graph, graph.event(fences[i]), graph.event(fences[j])))
          order.add(fences[i], fences[j]);
      }
    }
    if (std::find(result.begin(), result.end(), order) != result.end()) continue;
    if (result.size() == limit) return std::nullopt;
    result.push_back(std::move(order));
  } while (std::next_permutation(fences.begin(), fences.end()));
  return result;
}

std::vector<std::vector<long long>> finalMemoryChoices(const EventGraph& graph, const Execution& execution) {
  const auto& memory = graph.program->memory;
  std::vector<std::vector<long long>> options;
  std::vector<size_t> sizes;
  for (const MemoryObject& object : memory) {
    std::set<long long> values;
    for (const Event& w : graph.events) {
      bool last = w.isWrite() && w.physical == object.physical && execution.executed.has(w.id) &&
                  execution.co.successors(w.id).empty();
      if (last) values.insert(execution.value[static_cast<size_t>(w.id)]);
    }
    if (values.empty()) values.insert(object.initialValue);
    options.emplace_back(values.begin(), values.end());
    sizes.push_back(options.back().size());
  }
  std::vector<std::vector<long long>> result;
  forEachCombination(sizes, [&](const std::vector<size_t>& index) {
    std::vector<long long> finalMemory;
    for (size_t m = 0; m < index.size(); ++m) finalMemory.push_back(options[m][index[m]]);
    result.push_back(std::move(finalMemory));
    return true;
  });
  return result;
}

bool forEachCombination(const std::vector<size_t>& sizes,
                        const std::function<bool(const std::vector<size_t>&)>& visit) {
  for (size_t s : sizes) {
    if (s == 0) return true;
  }
  std::vector<size_t> index(sizes.size(), 0);
  while (true) {
    if (!visit(index)) return false;
    size_t i = 0;
    while (i < sizes.size() && ++index[i] == sizes[i]) index[i++] = 0;
    if (i == sizes.size()) return true;
  }
}

}  // namespace catcheck::core
