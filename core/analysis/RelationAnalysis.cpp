// May/must bounds per operator, after Dat3M's NativeRelationAnalysis. `must` means "related whenever both
// events execute", so composing must pairs through an intermediate event is only a must pair when that
// intermediate executes whenever the two ends do: in every execution (EventGraph::alwaysExecuted), or
// whenever one of the ends does (EventGraph::executionImplies: dominance in a thread, barrier groups that
// execute together). Complement swaps the bounds
// within the universe of visible events. Nodes are evaluated in the order of the model's definition graph
// (DefinitionGraph.h); a recursive group iterates from the empty relation until its bounds stop changing
// (a Kleene iteration on the finite lattice of pairs), after everything it reads and before its readers.
#include "core/analysis/RelationAnalysis.h"

#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <stdexcept>
#include <unordered_map>

#include "core/analysis/DefinitionGraph.h"
#include "core/ir/Log.h"

namespace catcheck::core {

using core::RelationOp;
using core::SetOp;

RelationAnalysis::RelationAnalysis(const core::Model& model, const EventGraph& graph)
    : model_(model), graph_(graph), impliers_(graph.executionImplies.inverse()), definitions_(model) {
  int n = graph.size();
  for (int e = 0; e < n; ++e) impliers_.add(e, e);
  // Every node is evaluated after the nodes it reads, so a node's bounds start empty and sizeless (a
  // 1 024-thread block's 9 216 empty rows per bound, for every node, cost 80 MB); evaluateComponent sizes
  // those of a `let rec` group.
  relations_.resize(model.nodes.size());
  sets_.assign(model.nodes.size(), SetBounds{EventSet(n), EventSet(n)});
  recursiveValues_.assign(model.recursives.size(), RelationBounds{PairSet(n), PairSet(n)});
  for (const DefinitionComponent& component : definitions_.evaluationOrder()) evaluateComponent(component);
}

// A single node is evaluated once; a `let rec` group's component is evaluated until its variables equal
// their bodies (Kleene iteration from the empty bounds, which its first round may read before it reaches
// them).
void RelationAnalysis::evaluateComponent(const DefinitionComponent& component) {
  if (!component.recursives.empty()) {
    int n = graph_.size();
    for (core::NodeId id : component.nodes) relations_[static_cast<size_t>(id)] = {PairSet(n), PairSet(n)};
  }
  for (bool changed = true; changed;) {
    for (core::NodeId id : component.nodes) evaluate(id);
    changed = false;
    for (int r : component.recursives) {
      const RelationBounds& body = relation(model_.recursives[static_cast<size_t>(r)].body);
      RelationBounds& value = recursiveValues_[static_cast<size_t>(r)];
      if (!(body.may == value.may) || !(body.must == value.must)) {
        value = body;
        changed = true;
      }
    }
  }
}

EventSet RelationAnalysis::tagged(const std::string& tag) const {
  EventSet result(graph_.size());
  for (const Event& e : graph_.events) {
    if (e.tags.has(tag)) result.add(e.id);
  }
  return result;
}

// Nodes that take long are logged at trace level (where relation analysis spends its time at kernel scale).
void RelationAnalysis::evaluate(core::NodeId id) {
  const core::Node& node = model_.node(id);
  auto start = std::chrono::steady_clock::now();
  if (node.isSet()) {
    evaluateSet(id, node);
  } else {
    evaluateRelation(id, node);
  }
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (ms >= 50)
    log::trace("relation analysis: node {} ({}, op {}, operands {}) took {:.0f} ms", id, node.name,
               node.isSet() ? static_cast<int>(node.setOp()) : static_cast<int>(node.relationOp()),
               fmt::join(node.args, " "), ms);
}

void RelationAnalysis::evaluateSet(core::NodeId id, const core::Node& node) {
  SetBounds& out = sets_[static_cast<size_t>(id)];
  auto arg = [&](size_t i) -> const SetBounds& { return set(node.args.at(i)); };
  EventSet all(graph_.size());
  for (const Event& e : graph_.events) all.add(e.id);
  switch (node.setOp()) {
    case SetOp::TagSet:
      out.may = out.must = tagged(node.name);
      break;
    case SetOp::Empty:
      out.may = out.must = EventSet(graph_.size());
      break;
    case SetOp::Union:
      out.may = arg(0).may, out.may |= arg(1).may;
      out.must = arg(0).must, out.must |= arg(1).must;
      break;
    case SetOp::Intersection:
      out.may = arg(0).may, out.may &= arg(1).may;
      out.must = arg(0).must, out.must &= arg(1).must;
      break;
    case SetOp::Difference:
      out.may = arg(0).may, out.may.subtract(arg(1).must);
      out.must = arg(0).must, out.must.subtract(arg(1).may);
      break;
    case SetOp::Complement:
      out.may = all, out.may.subtract(arg(0).must);
      out.must = all, out.must.subtract(arg(0).may);
      break;
    case SetOp::Domain:
    case SetOp::Range: {
      const RelationBounds& r = relation(node.args.at(0));
      bool domain = node.is(SetOp::Domain);
      out.may = domain ? r.may.domain() : r.may.range();
      PairSet certain = r.must;  // only pairs whose other end always executes
      certain.forEach([&](int a, int b) {
        int end = domain ? b : a, other = domain ? a : b;
        if (!graph_.alwaysExecuted.has(end) && !graph_.executionImplies.has(other, end)) certain.remove(a, b);
      });
      out.must = domain ? certain.domain() : certain.range();
      break;
    }
  }
}

// Row x of the result depends on x only through a(x) and which of its middles are certain for x, so rows
// with the same two sets are computed once and shared (copy on write): the events of one barrier instance
// all synchronise with the same middles, and a 1 024-thread block's `(synchronizes ; po?)+` computed each
// of their rows again, 1 024 row unions apiece (29 s).
PairSet RelationAnalysis::composeMust(const PairSet& a, const PairSet& b) const {
  // With a part of the identity on either side, the only middle of (x, y) is x or y itself: x is certain
  // for x, and y's own execution brings y's (impliers_ is reflexive), so every pair of the composition is
  // certain and it is the plain composition of the two.
  if (a.identityDomain() || b.identityDomain()) return a.compose(b);
  int n = graph_.size();
  PairSet result(n);
  std::vector<int> middlesClass = a.rowClasses();
  struct Computed {
    int row;
    EventSet certain;
  };
  std::unordered_map<long long, std::vector<Computed>> computed;  // (middles class, certain hash) -> rows
  for (int x = 0; x < n; ++x) {
    const EventSet& middles = a.successors(x);
    if (middles.empty()) continue;
    EventSet certain = graph_.executionImplies.successors(x);  // the middles certain to execute with x
    certain |= graph_.alwaysExecuted;
    certain.add(x);
    certain &= middles;
    auto key = static_cast<long long>(certain.hash() * 31 +
                                      static_cast<size_t>(middlesClass[static_cast<size_t>(x)]));
    std::vector<Computed>& same = computed[key];
    auto found = std::find_if(same.begin(), same.end(), [&](const Computed& c) {
      return middlesClass[static_cast<size_t>(c.row)] == middlesClass[static_cast<size_t>(x)] &&
             c.certain == certain;
    });
    EventSet& row = result.successors(x);
    if (found != same.end()) {
      row = result.successors(found->row);
      continue;
    }
    // (x, y) is certain through a certain middle c, or when y's execution brings c's (row operations: the
    // rows are bit sets, so a pair of rows costs n/64 words, not n tests)
    middles.forEach([&](int c) {
      if (certain.has(c))
        row |= b.successors(c);
      else
        row.addCommon(b.successors(c), impliers_.successors(c));
    });
    same.push_back({x, std::move(certain)});
  }
  return result;
}

// The least fixed point of R = r | composeMust(R, r), semi-naively: composeMust distributes over a union
// of its first operand (each middle event contributes on its own), so each round composes only the pairs
// the previous round found new (a 512-thread kernel's causality order: 2.3 s when every round composed all).
PairSet RelationAnalysis::closureMust(const PairSet& r) const {
  auto compose = [this](const PairSet& a, const PairSet& b) { return composeMust(a, b); };
  return *r.closureInRounds(compose, std::numeric_limits<int>::max());
}

void RelationAnalysis::evaluateRelation(core::NodeId id, const core::Node& node) {
  RelationBounds& out = relations_[static_cast<size_t>(id)];
  auto rel = [&](size_t i) -> const RelationBounds& { return relation(node.args.at(i)); };
  int n = graph_.size();
  switch (node.relationOp()) {
    case RelationOp::BaseRelation: {
      out = baseRelationBounds(graph_, node.base);
      break;
    }
    case RelationOp::Empty:
      out = RelationBounds{PairSet(n), PairSet(n)};
      break;
    case RelationOp::Union:
      out.may = rel(0).may, out.may |= rel(1).may;
      out.must = rel(0).must, out.must |= rel(1).must;
      break;
    case RelationOp::Intersection:
      out.may = rel(0).may, out.may &= rel(1).may;
      out.must = rel(0).must, out.must &= rel(1).must;
      break;
    case RelationOp::Difference:
      out.may = rel(0).may, out.may.subtract(rel(1).must);
      out.must = rel(0).must, out.must.subtract(rel(1).may);
      break;
    case RelationOp::Composition:
      out.may = rel(0).may.compose(rel(1).may);
      out.must = composeMust(rel(0).must, rel(1).must);
      break;
    case RelationOp::Inverse:
      out.may = rel(0).may.inverse();
      out.must = rel(0).must.inverse();
      break;
    case RelationOp::TransitiveClosure:
      out.may = rel(0).may.transitiveClosure();
      out.must = closureMust(rel(0).must);
      break;
    case RelationOp::Product:
      out.may = PairSet::product(set(node.args[0]).may, set(node.args[1]).may);
      out.must = PairSet::product(set(node.args[0]).must, set(node.args[1]).must);
      break;
    case RelationOp::IdentityOn:
      out.may = PairSet::identity(set(node.args[0]).may);
      out.must = PairSet::identity(set(node.args[0]).must);
      break;
    case RelationOp::Complement: {
      EventSet all(n);
      for (const Event& e : graph_.events) all.add(e.id);
      PairSet universe = PairSet::product(all, all);
      out.may = universe, out.may.subtract(rel(0).must);
      out.must = universe, out.must.subtract(rel(0).may);
      break;
    }
    case RelationOp::RecursiveRef:
      out = recursiveValues_.at(static_cast<size_t>(node.recursive));
      break;
  }
}

}  // namespace catcheck::core
