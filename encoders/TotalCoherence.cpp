// Finds the locations whose coherence order a model makes total (see TotalCoherence.h for why it pays).
// Three facts are read off the relation graph and the bounds, each a condition of soundness:
//  1. every path from an axiom (flagged or not) to the base relation co passes through one closure co+:
//     then two choices of co with the same closure give the same model relations;
//  2. some consistency axiom `empty A \ (co+ | co+^-1)` (not flagged, not negated): in every consistent
//     execution, each must pair of A whose two events execute is ordered by co+ one way or the other;
//  3. every candidate pair of co whose events form one component (one location's writes) is such a pair,
//     or a must pair of co itself (init writes first, program order): then co+ totally orders the writes
//     of the component that execute, and requiring co to order them directly keeps every execution.
#include "encoders/TotalCoherence.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <vector>

namespace catcheck::encoders {
namespace {

using core::NodeId;
using core::RelationOp;

std::optional<NodeId> baseCoherence(const core::Model& model) {
  for (size_t id = 0; id < model.nodes.size(); ++id) {
    const core::Node& node = model.nodes[id];
    if (node.is(RelationOp::BaseRelation) && node.base == core::BaseRelation::Co)
      return static_cast<NodeId>(id);
  }
  return std::nullopt;
}

std::optional<NodeId> closureOf(const core::Model& model, NodeId base) {
  for (size_t id = 0; id < model.nodes.size(); ++id) {
    const core::Node& node = model.nodes[id];
    if (node.is(RelationOp::TransitiveClosure) && node.args.at(0) == base) return static_cast<NodeId>(id);
  }
  return std::nullopt;
}

// Fact 1: no node the axioms read, other than `closure`, has `base` as an operand.
bool readOnlyThroughClosure(const core::Model& model, NodeId base, NodeId closure) {
  std::vector<NodeId> work;
  for (const core::Axiom& axiom : model.axioms) work.push_back(axiom.relation);
  std::set<NodeId> seen;
  while (!work.empty()) {
    NodeId id = work.back();
    work.pop_back();
    if (id == base) return false;  // an axiom is co itself
    if (id == closure || !seen.insert(id).second) continue;
    const core::Node& node = model.node(id);
    for (NodeId arg : node.args) work.push_back(arg);
    if (node.is(RelationOp::RecursiveRef))
      work.push_back(model.recursives.at(static_cast<size_t>(node.recursive)).body);
  }
  return true;
}

// Fact 2: A of each axiom `empty A \ (closure | closure^-1)`.
std::vector<NodeId> orderedPairSets(const core::Model& model, NodeId closure) {
  auto isInverse = [&](NodeId id) {
    const core::Node& node = model.node(id);
    return node.is(RelationOp::Inverse) && node.args.at(0) == closure;
  };
  std::vector<NodeId> sets;
  for (const core::Axiom& axiom : model.axioms) {
    if (axiom.flagged || axiom.negated || axiom.kind != core::AxiomKind::Empty) continue;
    const core::Node& difference = model.node(axiom.relation);
    if (!difference.is(RelationOp::Difference)) continue;
    const core::Node& both = model.node(difference.args.at(1));
    if (!both.is(RelationOp::Union)) continue;
    NodeId x = both.args.at(0), y = both.args.at(1);
    if ((x == closure && isInverse(y)) || (y == closure && isInverse(x)))
      sets.push_back(difference.args.at(0));
  }
  return sets;
}

// Fact 3 for one location: each two of its writes are ordered by co's must bounds, or are a pair of A that
// co may relate either way (so that every pair of the closure is a candidate pair of co).
bool totallyOrdered(const std::vector<int>& writes, const core::RelationBounds& co,
                    const core::PairSet& ordered) {
  for (size_t i = 0; i < writes.size(); ++i) {
    for (size_t j = i + 1; j < writes.size(); ++j) {
      int a = writes[i], b = writes[j];
      if (co.must.has(a, b) || co.must.has(b, a)) continue;
      bool eitherWay = co.may.has(a, b) && co.may.has(b, a);
      if (!eitherWay || !(ordered.has(a, b) || ordered.has(b, a))) return false;
    }
  }
  return true;
}

int findRoot(std::vector<int>& parent, int e) {
  while (parent[static_cast<size_t>(e)] != e)
    e = parent[static_cast<size_t>(e)] = parent[static_cast<size_t>(parent[static_cast<size_t>(e)])];
  return e;
}

}  // namespace

size_t& minTotalCoherenceWrites() {
  static size_t writes = 48;
  return writes;
}

std::optional<TotalCoherence> findTotalCoherence(const core::Model& model,
                                                 const core::RelationAnalysis& bounds, size_t minWrites) {
  std::optional<NodeId> base = baseCoherence(model);
  if (!base) return std::nullopt;
  std::optional<NodeId> closure = closureOf(model, *base);
  if (!closure || !readOnlyThroughClosure(model, *base, *closure)) return std::nullopt;
  std::vector<NodeId> sets = orderedPairSets(model, *closure);
  if (sets.empty()) return std::nullopt;
  const core::RelationBounds& co = bounds.relation(*base);
  int n = co.may.size();
  core::PairSet ordered(n);  // fact 2: pairs co+ orders one way or the other whenever both execute
  for (NodeId set : sets) ordered |= bounds.relation(set).must;
  std::vector<int> parent(static_cast<size_t>(n));
  std::iota(parent.begin(), parent.end(), 0);
  co.may.forEach(
      [&](int a, int b) { parent[static_cast<size_t>(findRoot(parent, a))] = findRoot(parent, b); });
  std::map<int, std::vector<int>> components;  // root -> the writes of one location
  co.may.forEach([&](int a, int b) {
    components[findRoot(parent, a)].push_back(a);
    components[findRoot(parent, b)].push_back(b);
  });
  TotalCoherence total{*base, *closure, core::EventSet(n)};
  for (auto& [root, members] : components) {
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
    if (members.size() >= minWrites && totallyOrdered(members, co, ordered))
      for (int e : members) total.events.add(e);
  }
  return total;
}

}  // namespace catcheck::encoders
