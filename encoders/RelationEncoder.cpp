// Relation and axiom encoding (after Dat3M's WmmEncoder, with exact least fixed points):
//  * each operator maps its operands' pair formulas to its own, memoised per (node, pair);
//  * transitive closure is encoded exactly by Floyd-Warshall over the may-graph of its operand, so a
//    closure under negation cannot be justified by a cycle -- unless every axiom wants the closure small
//    (see `polaritiesOf`): then one variable per pair, bounded from below by two implications, suffices,
//    and is far easier on the solver than dense Floyd-Warshall formulas (n^3 nested terms); it is chosen
//    when it adds fewer terms (ClosureCost.h: a sparse chain is the other way round);
//  * `let rec` groups are encoded by Kleene iteration from the empty relation, |may| + 1 rounds at most
//    (each round adds a pair in any model until the fixed point), stopping early when the formulas of a
//    round are identical to the previous one's (hash-consed terms);
//  * consistency axioms: acyclic by integer clocks per axiom, irreflexive and empty pair by pair;
//  * `holds` gives the exact truth value of an axiom's check, for flags and negated axioms.
#include "encoders/RelationEncoder.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "core/ir/Log.h"
#include "encoders/ClosureCost.h"

namespace catcheck::encoders {

using core::Node;
using core::NodeId;
using core::RelationOp;
using core::SetOp;

namespace {

// Which way the model's axioms pull each node. Every axiom's check (acyclic, irreflexive, empty) holds
// more easily the smaller its relation is, and every axiom is wanted to hold: consistency axioms are
// required, flags are asked to fire. So an axiom's relation is wanted small (or large, under `~`), and a
// difference or complement flips the direction for the operand it subtracts. A node wanted only small can
// be over-approximated by the encoding: an assignment that makes it larger than its true value satisfies
// no more than the true value would, so replacing it by the true value keeps every answer.
constexpr unsigned char kWantedSmall = 1;
constexpr unsigned char kWantedLarge = 2;

std::vector<unsigned char> polaritiesOf(const core::Model& model) {
  std::vector<unsigned char> seen(model.nodes.size(), 0);
  std::vector<std::pair<NodeId, unsigned char>> work;
  for (const core::Axiom& axiom : model.axioms) {
    work.emplace_back(axiom.relation, axiom.negated ? kWantedLarge : kWantedSmall);
  }
  while (!work.empty()) {
    auto [id, polarity] = work.back();
    work.pop_back();
    unsigned char& known = seen[static_cast<size_t>(id)];
    if ((known & polarity) == polarity) continue;
    known |= polarity;
    const Node& node = model.node(id);
    unsigned char flipped = polarity == kWantedSmall ? kWantedLarge : kWantedSmall;
    if (operandPolarity(node) == core::OperandPolarity::Recursive) {
      work.emplace_back(model.recursives.at(static_cast<size_t>(node.recursive)).body, polarity);
      continue;
    }
    for (size_t k = 0; k < node.args.size(); ++k)
      work.emplace_back(node.args[k], core::flipsOperand(node, k) ? flipped : polarity);
  }
  return seen;
}

}  // namespace

RelationEncoder::RelationEncoder(EncodingContext& ctx, const core::Model& model,
                                 const core::RelationAnalysis& bounds)
    : ctx_(ctx),
      f_(ctx.f),
      model_(model),
      bounds_(bounds),
      recursiveValues_(model.recursives.size()),
      polarities_(polaritiesOf(model)),
      totalCoherence_(findTotalCoherence(model, bounds, minTotalCoherenceWrites())) {
  if (totalCoherence_)
    core::log::debug("coherence made total on {} writes (no closure encoding for them)",
                     totalCoherence_->events.count());
}

bool RelationEncoder::onlyWantedSmall(NodeId id) const {
  return polarities_.at(static_cast<size_t>(id)) == kWantedSmall;
}

Term RelationEncoder::edge(NodeId relation, int a, int b) {
  const core::RelationBounds& bounds = bounds_.relation(relation);
  if (!bounds.may.has(a, b)) return f_.bottom();
  if (bounds.must.has(a, b)) return ctx_.execBoth(a, b);
  auto& memo = dependsOnRecursion(relation) ? recursionMemo_ : memo_;
  Key key{relation, a, b};
  auto it = memo.find(key);
  if (it != memo.end()) return it->second;
  Term t = computeEdge(model_.node(relation), a, b);
  if (model_.node(relation).is(RelationOp::TransitiveClosure)) t = closureEdge(relation, a, b);
  memo[key] = t;
  return t;
}

Term RelationEncoder::member(NodeId set, int a) {
  const core::SetBounds& bounds = bounds_.set(set);
  if (!bounds.may.has(a)) return f_.bottom();
  if (bounds.must.has(a)) return ctx_.exec[static_cast<size_t>(a)];
  auto& memo = dependsOnRecursion(set) ? recursionMemo_ : memo_;
  Key key{set, a, -1};
  auto it = memo.find(key);
  if (it != memo.end()) return it->second;
  Term t = computeMember(model_.node(set), a);
  memo[key] = t;
  return t;
}

Term RelationEncoder::computeMember(const Node& node, int a) {
  auto arg = [&](size_t i) { return member(node.args.at(i), a); };
  switch (node.setOp()) {
    case SetOp::Union:
      return f_.either(arg(0), arg(1));
    case SetOp::Intersection:
      return f_.both(arg(0), arg(1));
    case SetOp::Difference:
      return f_.both(arg(0), f_.no(arg(1)));
    case SetOp::Complement:
      return f_.both(ctx_.exec[static_cast<size_t>(a)], f_.no(arg(0)));
    case SetOp::Domain:
    case SetOp::Range: {
      std::vector<Term> witnesses;
      for (int other = 0; other < ctx_.graph.size(); ++other) {
        witnesses.push_back(node.is(SetOp::Domain) ? edge(node.args[0], a, other)
                                                   : edge(node.args[0], other, a));
      }
      return f_.any(witnesses);
    }
    case SetOp::TagSet:
    case SetOp::Empty:
      return f_.bottom();  // decided by their bounds: member() never asks
  }
  throw std::logic_error("computeMember: operator out of range");
}

Term RelationEncoder::computeEdge(const Node& node, int a, int b) {
  auto arg = [&](size_t i) { return edge(node.args.at(i), a, b); };
  switch (node.relationOp()) {
    case RelationOp::BaseRelation:
      return baseEdge(node, a, b);
    case RelationOp::Union:
      return f_.either(arg(0), arg(1));
    case RelationOp::Intersection:
      return f_.both(arg(0), arg(1));
    case RelationOp::Difference:
      return f_.both(arg(0), f_.no(arg(1)));
    case RelationOp::Composition:
      return composition(node, a, b);
    case RelationOp::Inverse:
      return edge(node.args[0], b, a);
    case RelationOp::Product:
      return f_.both(member(node.args[0], a), member(node.args[1], b));
    case RelationOp::IdentityOn:
      return a == b ? member(node.args[0], a) : f_.bottom();
    case RelationOp::Complement:
      return f_.both(ctx_.execBoth(a, b), f_.no(arg(0)));
    case RelationOp::RecursiveRef:
      return recursiveEdge(node, a, b);
    case RelationOp::TransitiveClosure:
      return f_.bottom();  // handled by closureEdge
    case RelationOp::Empty:
      return f_.bottom();  // decided by its bounds: edge() never asks
  }
  throw std::logic_error("computeEdge: operator out of range");
}

// Base relations are bounded exactly as the context bounds them, so this is the context's choke point.
Term RelationEncoder::baseEdge(const Node& node, int a, int b) {
  return ctx_.pair(node.base, a, b);
}

Term RelationEncoder::composition(const Node& node, int a, int b) {
  const core::PairSet& first = bounds_.relation(node.args[0]).may;
  const core::PairSet& second = bounds_.relation(node.args[1]).may;
  std::vector<Term> paths;
  first.successors(a).forEach([&](int c) {
    if (second.has(c, b)) paths.push_back(f_.both(edge(node.args[0], a, c), edge(node.args[1], c, b)));
  });
  return f_.any(paths);
}

// The vertices of a may-graph split into its connected components (edges taken both ways): no path leaves
// a component, so a closure is the closures of its components. Coherence, for one, falls apart into one
// component per location.
namespace {
std::vector<std::vector<int>> components(const core::PairSet& may, const std::vector<int>& vertices) {
  std::map<int, int> parent;
  for (int v : vertices) parent[v] = v;
  auto root = [&](int v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  may.forEach([&](int a, int b) {
    if (parent.count(a) != 0 && parent.count(b) != 0) parent[root(a)] = root(b);
  });
  std::map<int, std::vector<int>> byRoot;
  for (int v : vertices) byRoot[root(v)].push_back(v);
  std::vector<std::vector<int>> groups;
  for (auto& [top, members] : byRoot) groups.push_back(std::move(members));
  return groups;
}
}  // namespace

// Floyd-Warshall over the may-graph of `operand`, one connected component at a time (n^3 in the largest
// component, not in all the vertices): exact transitive closure formulas for every pair that may be in
// it, cached under `key` (per iteration when the operand depends on recursion). Pairs left out are false.
const std::map<std::pair<int, int>, Term>& RelationEncoder::closureOf(NodeId operand, NodeId key) {
  auto& cache = dependsOnRecursion(operand) ? recursionClosures_ : closures_;
  auto found = cache.find(key);
  if (found != cache.end()) return found->second;
  const core::PairSet& may = bounds_.relation(operand).may;
  std::vector<int> vertices = (may.domain() |= may.range()).elements();
  std::erase_if(vertices, [&](int e) { return inTotalCoherence(key, e); });
  std::vector<std::vector<int>> groups = components(may, vertices);
  size_t largest = 0;
  for (const std::vector<int>& group : groups) largest = std::max(largest, group.size());
  core::log::debug(
      "closure of node {} over {} events in {} components (largest {}), {} undecided operand pairs (exact, "
      "Warshall)",
      operand, vertices.size(), groups.size(), largest, may.count() - bounds_.relation(operand).must.count());
  std::map<std::pair<int, int>, Term> pairs;
  for (const std::vector<int>& group : groups) warshall(operand, group, pairs);
  return cache.emplace(key, std::move(pairs)).first->second;
}

// The closure of `operand` within one component's `vertices`, its pairs that are not false added to `pairs`.
void RelationEncoder::warshall(NodeId operand, const std::vector<int>& vertices,
                               std::map<std::pair<int, int>, Term>& pairs) {
  size_t n = vertices.size();
  std::vector<Term> tc(n * n);
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) tc[i * n + j] = edge(operand, vertices[i], vertices[j]);
  }
  // Every edge of every relation implies that both its events execute (a must pair is execBoth, a
  // complement is guarded by it), so a pair the operand must have holds exactly when both execute, and no
  // path adds to it: skipping these pairs leaves a closure over a dense must part (an mbarrier pipeline's
  // synchronisation: 108 events, 120 undecided pairs) with the work of its undecided ones.
  const core::PairSet& must = bounds_.relation(operand).must;
  for (size_t k = 0; k < n; ++k) {
    for (size_t i = 0; i < n; ++i) {
      if (f_.isFalse(tc[i * n + k])) continue;
      const core::EventSet& mustFromI = must.successors(vertices[i]);
      for (size_t j = 0; j < n; ++j) {
        if (!mustFromI.has(vertices[j]) && !f_.isFalse(tc[k * n + j]))
          tc[i * n + j] = f_.either(tc[i * n + j], f_.both(tc[i * n + k], tc[k * n + j]));
      }
    }
  }
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      if (!f_.isFalse(tc[i * n + j])) pairs[{vertices[i], vertices[j]}] = tc[i * n + j];
    }
  }
}

// A closure every axiom wants small (and outside recursion): a variable per undecided pair of its may
// set, implied by each way the pair is reached -- an edge of the operand, or a closure pair followed by
// one. The solver may set a variable true without a path, but that only makes axioms harder to satisfy.
const std::map<std::pair<int, int>, Term>& RelationEncoder::closureFromBelow(NodeId id) {
  auto found = closures_.find(id);
  if (found != closures_.end()) return found->second;
  NodeId operand = model_.node(id).args[0];
  const core::RelationBounds& bounds = bounds_.relation(id);
  const core::PairSet& operandMay = bounds_.relation(operand).may;
  std::map<std::pair<int, int>, Term>& pairs = closures_[id];
  bounds.may.forEach([&](int a, int b) {
    if (inTotalCoherence(id, a)) return;  // closureEdge answers these
    pairs[{a, b}] =
        bounds.must.has(a, b)
            ? ctx_.execBoth(a, b)
            : f_.boolVar("tc" + std::to_string(id) + "_" + std::to_string(a) + "_" + std::to_string(b));
  });
  bounds.may.forEach([&](int a, int b) {
    if (bounds.must.has(a, b) || inTotalCoherence(id, a)) return;
    Term reached = pairs.at({a, b});
    f_.require(f_.implies(edge(operand, a, b), reached));
    bounds.may.successors(a).forEach([&](int c) {
      if (operandMay.has(c, b))
        f_.require(f_.implies(f_.both(pairs.at({a, c}), edge(operand, c, b)), reached));
    });
  });
  return pairs;
}

// From below where it may be (every axiom wants the closure small, and it is outside recursion) unless
// Floyd-Warshall would build at most half as many terms (ClosureCost.h); decided once per closure.
bool RelationEncoder::encodedFromBelow(NodeId id) {
  auto known = fromBelow_.find(id);
  if (known != fromBelow_.end()) return known->second;
  bool fromBelow = onlyWantedSmall(id) && !dependsOnRecursion(id);
  if (fromBelow) {
    ClosureChoice choice = chooseClosureEncoding(
        bounds_.relation(id), bounds_.relation(model_.node(id).args[0]), ctx_.graph.alwaysExecuted);
    fromBelow = choice.fromBelow;
    if (choice.fromBelowTerms < 0)
      core::log::debug("closure {}: from below (too large to compare)", id);
    else
      core::log::debug(
          "closure {}: {} terms from below, {} by Floyd-Warshall: {}", id, choice.fromBelowTerms,
          choice.warshallTerms > choice.fromBelowTerms ? "more" : std::to_string(choice.warshallTerms),
          fromBelow ? "from below" : "Floyd-Warshall");
  }
  return fromBelow_.emplace(id, fromBelow).first->second;
}

Term RelationEncoder::closureEdge(NodeId id, int a, int b) {
  if (inTotalCoherence(id, a)) return totalCoherenceEdge(a, b);
  const auto& pairs = encodedFromBelow(id) ? closureFromBelow(id) : closureOf(model_.node(id).args[0], id);
  auto it = pairs.find({a, b});
  return it == pairs.end() ? f_.bottom() : it->second;
}

// Every two writes of a total location that execute are ordered by co (its clocks keep it acyclic, so a
// total choice is the clock order itself, and transitive): co+ is co there.
Term RelationEncoder::totalCoherenceEdge(int a, int b) {
  NodeId base = totalCoherence_->base;
  if (!totalCoherenceRequired_) {
    totalCoherenceRequired_ = true;
    const core::PairSet& may = bounds_.relation(base).may;
    may.forEach([&](int x, int y) {
      if (!totalCoherence_->events.has(x) || (x > y && may.has(y, x))) return;
      f_.require(f_.implies(ctx_.execBoth(x, y), f_.either(edge(base, x, y), edge(base, y, x))));
    });
  }
  return edge(base, a, b);
}

Term RelationEncoder::recursiveEdge(const Node& node, int a, int b) {
  int group = model_.recursives.at(static_cast<size_t>(node.recursive)).group;
  if (groupState_[group] == 0) iterateRecursion(group);
  const auto& values = recursiveValues_[static_cast<size_t>(node.recursive)];
  auto it = values.find({a, b});
  return it == values.end() ? f_.bottom() : it->second;
}

void RelationEncoder::iterateRecursion(int group) {
  groupState_[group] = 1;
  std::vector<size_t> members;
  size_t rounds = 1;
  for (size_t r = 0; r < model_.recursives.size(); ++r) {
    if (model_.recursives[r].group != group) continue;
    members.push_back(r);
    rounds += static_cast<size_t>(bounds_.recursive(static_cast<int>(r)).may.count());
  }
  for (size_t round = 0; round < rounds; ++round) {
    std::vector<std::map<std::pair<int, int>, Term>> next;
    for (size_t r : members) {
      std::map<std::pair<int, int>, Term> value;
      bounds_.recursive(static_cast<int>(r)).may.forEach([&](int a, int b) {
        value[{a, b}] = edge(model_.recursives[r].body, a, b);
      });
      next.push_back(std::move(value));
    }
    recursionMemo_.clear();
    recursionClosures_.clear();
    bool stable = true;
    for (size_t i = 0; i < members.size(); ++i) {
      stable = stable && next[i] == recursiveValues_[members[i]];
      recursiveValues_[members[i]] = std::move(next[i]);
    }
    if (stable) break;
  }
  groupState_[group] = 2;
}

Term RelationEncoder::cyclic(NodeId relation) {
  std::vector<Term> selfReaching;
  for (const auto& [pair, reaches] : closureOf(relation, -relation - 2)) {  // keys of closure nodes are >= 0
    if (pair.first == pair.second) selfReaching.push_back(reaches);
  }
  return f_.any(selfReaching);
}

Term RelationEncoder::holds(const core::Axiom& axiom) {
  Term check = f_.top();
  const Node& node = model_.node(axiom.relation);
  if (node.isSet()) {
    std::vector<Term> members;
    for (int a = 0; a < ctx_.graph.size(); ++a) members.push_back(member(axiom.relation, a));
    check = f_.no(f_.any(members));
  } else if (axiom.kind == core::AxiomKind::Acyclic) {
    check = f_.no(cyclic(axiom.relation));
  } else {
    std::vector<Term> violations;
    bounds_.relation(axiom.relation).may.forEach([&](int a, int b) {
      if (axiom.kind == core::AxiomKind::Empty || a == b) violations.push_back(edge(axiom.relation, a, b));
    });
    check = f_.no(f_.any(violations));
  }
  return axiom.negated ? f_.no(check) : check;
}

void RelationEncoder::requireConsistent(const core::Axiom& axiom) {
  if (axiom.negated || axiom.kind != core::AxiomKind::Acyclic || model_.node(axiom.relation).isSet()) {
    f_.require(holds(axiom));
    return;
  }
  int index = axiomCounter_++;
  std::map<int, Term> clocks;
  auto clock = [&](int e) {
    auto it = clocks.find(e);
    if (it != clocks.end()) return it->second;
    Term c = f_.intVar("clk" + std::to_string(index) + "_" + std::to_string(e));
    clocks.emplace(e, c);
    return c;
  };
  bounds_.relation(axiom.relation).may.forEach([&](int a, int b) {
    Term e = edge(axiom.relation, a, b);
    f_.require(a == b ? f_.no(e) : f_.implies(e, f_.lt(clock(a), clock(b))));
  });
}

}  // namespace catcheck::encoders
