// Concrete evaluation of a `.cat` relation graph on one execution, with herd7's semantics: every node
// denotes a set of executed events or a relation over them. Tag sets and static base relations (po, loc,
// scopes, dependencies, ...) are their static values restricted to the executed events (a static base
// relation's may and must sets coincide, see BaseRelations.cpp); rf, co, sync_fence and syncbar are taken
// from the execution as given; complement is relative to the executed events (`_` and `_ * _`). A
// `let rec` group denotes its least fixed point, reached by Kleene iteration from the empty relations.
// Values are computed on demand and cached; each node records which parts of an execution it reads, so
// that moving to a neighbouring execution recomputes only what changed (the enumerator's inner loop).
#include "core/concrete/Evaluator.h"

#include <stdexcept>

#include "core/analysis/BaseRelations.h"
#include "core/analysis/DefinitionGraph.h"

namespace catcheck::core {

using core::Node;
using core::NodeId;
using core::RelationOp;
using core::SetOp;

namespace {

unsigned decidedInput(DecidedRelation relation) {
  switch (relation) {
    case DecidedRelation::ReadsFrom:
      return kReadsFromInput;
    case DecidedRelation::Coherence:
      return kCoherenceInput;
    case DecidedRelation::FenceOrder:
      return kFenceOrderInput;
    case DecidedRelation::BarrierSync:
      return kBarrierSyncInput;
    case DecidedRelation::SameLocation:
    case DecidedRelation::SameGenericLocation:
      return kLocationInput;
  }
  throw std::logic_error("unknown decided relation");
}

// Static base relations depend on the executed events only; decided ones on their part of the execution.
unsigned baseRelationInput(BaseRelation relation) {
  std::optional<DecidedRelation> decided = describe(relation).decided;
  return decided ? decidedInput(*decided) : kExecutedInput;
}

bool hasSelfPair(const PairSet& r) {
  for (int a = 0; a < r.size(); ++a) {
    if (r.has(a, a)) return true;
  }
  return false;
}

void requireShape(const EventGraph& graph, const Execution& e) {
  int n = graph.size();
  bool ok = e.executed.size() == n;
  for (DecidedRelation relation : kDecidedRelations) ok = ok && e.chosen(relation).size() == n;
  if (!ok)
    throw std::invalid_argument("execution does not match the event graph's " + std::to_string(n) +
                                " events");
}

}  // namespace

Evaluator::Evaluator(const core::Model& model, const EventGraph& graph, const Execution& execution)
    : model_(model), graph_(graph), execution_(execution) {
  requireShape(graph, execution);
  size_t nodes = model.nodes.size();
  relations_.resize(nodes);
  sets_.resize(nodes);
  tagged_.resize(nodes);
  staticMust_.resize(nodes);
  for (size_t id = 0; id < nodes; ++id) {
    const Node& node = model.nodes[id];
    if (node.is(SetOp::TagSet)) {
      std::optional<int> tag = findTag(node.name);  // never interned: no event carries it
      EventSet events(graph.size());
      for (const Event& e : graph.events) {
        if (tag && e.tags.has(*tag)) events.add(e.id);
      }
      tagged_[id] = std::move(events);
    } else if (node.is(RelationOp::BaseRelation) && !describe(node.base).decided) {
      staticMust_[id] = baseRelationBounds(graph, node.base).must;
    }
  }
  recursiveValues_.assign(model.recursives.size(), PairSet(graph.size()));
  computeInputs();
  computeRecursionGroups();
}

void Evaluator::computeInputs() {
  inputs_.assign(model_.nodes.size(), 0);
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t id = 0; id < model_.nodes.size(); ++id) {
      const Node& node = model_.nodes[id];
      unsigned mask = inputs_[id];
      if (node.is(RelationOp::BaseRelation)) mask |= baseRelationInput(node.base);
      if (node.is(SetOp::TagSet) || node.is(SetOp::Complement) || node.is(RelationOp::Complement))
        mask |= kExecutedInput;
      for (NodeId arg : node.args) mask |= inputs_[static_cast<size_t>(arg)];
      if (node.is(RelationOp::RecursiveRef)) {
        int group = model_.recursives.at(static_cast<size_t>(node.recursive)).group;
        for (const core::RecursiveDefinition& def : model_.recursives) {
          if (def.group == group) mask |= inputs_[static_cast<size_t>(def.body)];
        }
      }
      if (mask != inputs_[id]) {
        inputs_[id] = mask;
        changed = true;
      }
    }
  }
}

// Which nodes change while a group iterates: those that depend on one of its recursion variables.
void Evaluator::computeRecursionGroups() {
  int groups = 0;
  for (const core::RecursiveDefinition& def : model_.recursives) groups = std::max(groups, def.group + 1);
  groupMembers_.assign(static_cast<size_t>(groups), {});
  groupNodes_.assign(static_cast<size_t>(groups), {});
  groupState_.assign(static_cast<size_t>(groups), 0);
  for (size_t r = 0; r < model_.recursives.size(); ++r) {
    groupMembers_[static_cast<size_t>(model_.recursives[r].group)].push_back(static_cast<int>(r));
  }
  DefinitionGraph definitions(model_);
  for (int g = 0; g < groups; ++g) groupNodes_[static_cast<size_t>(g)] = definitions.dependentsOfGroup(g);
}

void Evaluator::setExecution(const Execution& execution) {
  requireShape(graph_, execution);
  unsigned changed = 0;
  if (!(execution.executed == execution_.executed)) changed |= kExecutedInput;
  for (DecidedRelation relation : kDecidedRelations) {
    if (!(execution.chosen(relation) == execution_.chosen(relation))) changed |= decidedInput(relation);
  }
  execution_ = execution;
  invalidate(changed);
}

void Evaluator::invalidate(unsigned changed) {
  if (changed == 0) return;
  if ((changed & kExecutedInput) != 0) executedPairs_.reset();
  for (size_t id = 0; id < model_.nodes.size(); ++id) {
    if ((inputs_[id] & changed) == 0) continue;
    relations_[id].reset();
    sets_[id].reset();
  }
  for (size_t g = 0; g < groupMembers_.size(); ++g) {
    for (int r : groupMembers_[g]) {
      if ((inputs_[static_cast<size_t>(model_.recursives[static_cast<size_t>(r)].body)] & changed) != 0)
        groupState_[g] = 0;
    }
  }
}

const PairSet& Evaluator::executedPairs() const {
  if (!executedPairs_) executedPairs_ = PairSet::product(execution_.executed, execution_.executed);
  return *executedPairs_;
}

const PairSet& Evaluator::relation(NodeId id) const {
  const Node& node = model_.node(id);
  if (node.is(RelationOp::RecursiveRef)) return recursiveValue(node);
  std::optional<PairSet>& slot = relations_.at(static_cast<size_t>(id));
  if (!slot) {
    PairSet value = node.is(RelationOp::BaseRelation) ? baseRelation(id, node) : evaluateRelation(node);
    slot = std::move(value);
  }
  return *slot;
}

const EventSet& Evaluator::set(NodeId id) const {
  const Node& node = model_.node(id);
  std::optional<EventSet>& slot = sets_.at(static_cast<size_t>(id));
  if (!slot) {
    EventSet value = evaluateSet(id, node);
    slot = std::move(value);
  }
  return *slot;
}

PairSet Evaluator::baseRelation(NodeId id, const Node& node) const {
  const std::optional<PairSet>& must = staticMust_[static_cast<size_t>(id)];
  if (must) {
    PairSet value = *must;
    value &= executedPairs();
    return value;
  }
  return execution_.chosen(describe(node.base).decided.value());
}

// Operands are copied before the next one is evaluated: evaluating an operand may start a recursion
// group's iteration, which resets cached values of the nodes depending on it.
PairSet Evaluator::evaluateRelation(const Node& node) const {
  auto arg = [&](size_t i) -> const PairSet& { return relation(node.args.at(i)); };
  switch (node.relationOp()) {
    case RelationOp::Empty:
      return PairSet(graph_.size());
    case RelationOp::Union: {
      PairSet value = arg(0);
      return value |= arg(1);
    }
    case RelationOp::Intersection: {
      PairSet value = arg(0);
      return value &= arg(1);
    }
    case RelationOp::Difference: {
      PairSet value = arg(0);
      return value.subtract(arg(1));
    }
    case RelationOp::Composition: {
      PairSet first = arg(0);
      return first.compose(arg(1));
    }
    case RelationOp::Inverse:
      return arg(0).inverse();
    case RelationOp::TransitiveClosure:
      return arg(0).transitiveClosure();
    case RelationOp::Product: {
      EventSet first = set(node.args.at(0));
      return PairSet::product(first, set(node.args.at(1)));
    }
    case RelationOp::IdentityOn:
      return PairSet::identity(set(node.args.at(0)));
    case RelationOp::Complement: {
      PairSet value = executedPairs();
      return value.subtract(arg(0));
    }
    case RelationOp::BaseRelation:  // relation() reads these without evaluating an operator
    case RelationOp::RecursiveRef:
      break;
  }
  throw std::logic_error("evaluateRelation: a leaf has no operator to evaluate");
}

EventSet Evaluator::evaluateSet(NodeId id, const Node& node) const {
  auto arg = [&](size_t i) -> const EventSet& { return set(node.args.at(i)); };
  switch (node.setOp()) {
    case SetOp::TagSet: {
      EventSet value = *tagged_[static_cast<size_t>(id)];
      return value &= execution_.executed;
    }
    case SetOp::Empty:
      return EventSet(graph_.size());
    case SetOp::Union: {
      EventSet value = arg(0);
      return value |= arg(1);
    }
    case SetOp::Intersection: {
      EventSet value = arg(0);
      return value &= arg(1);
    }
    case SetOp::Difference: {
      EventSet value = arg(0);
      return value.subtract(arg(1));
    }
    case SetOp::Complement: {
      EventSet value = execution_.executed;
      return value.subtract(arg(0));
    }
    case SetOp::Domain:
      return relation(node.args.at(0)).domain();
    case SetOp::Range:
      return relation(node.args.at(0)).range();
  }
  throw std::logic_error("evaluateSet: operator out of range");
}

const PairSet& Evaluator::recursiveValue(const Node& node) const {
  int group = model_.recursives.at(static_cast<size_t>(node.recursive)).group;
  if (groupState_[static_cast<size_t>(group)] == 0) iterateGroup(group);
  return recursiveValues_[static_cast<size_t>(node.recursive)];
}

// Kleene iteration from the empty relations. Each round evaluates every body under the previous round's
// values; a monotone group gains a pair per round until it is stable, so n*n rounds per member suffice.
void Evaluator::iterateGroup(int group) const {
  const std::vector<int>& members = groupMembers_[static_cast<size_t>(group)];
  groupState_[static_cast<size_t>(group)] = 1;
  for (int r : members) recursiveValues_[static_cast<size_t>(r)] = PairSet(graph_.size());
  forgetGroupNodes(group);
  size_t rounds = members.size() * static_cast<size_t>(graph_.size() * graph_.size()) + 2;
  for (size_t round = 0; round < rounds; ++round) {
    std::vector<PairSet> next;
    for (int r : members) next.push_back(relation(model_.recursives[static_cast<size_t>(r)].body));
    bool stable = true;
    for (size_t i = 0; i < members.size(); ++i) {
      PairSet& current = recursiveValues_[static_cast<size_t>(members[i])];
      stable = stable && next[i] == current;
      current = std::move(next[i]);
    }
    if (stable) {
      groupState_[static_cast<size_t>(group)] = 2;
      return;
    }
    forgetGroupNodes(group);
  }
  throw std::runtime_error("recursive definition '" +
                           model_.recursives[static_cast<size_t>(members.front())].name +
                           "' does not reach a fixed point");
}

void Evaluator::forgetGroupNodes(int group) const {
  for (NodeId id : groupNodes_[static_cast<size_t>(group)]) {
    relations_[static_cast<size_t>(id)].reset();
    sets_[static_cast<size_t>(id)].reset();
  }
}

bool Evaluator::axiomHolds(const core::Axiom& axiom) const {
  bool check = true;
  if (model_.node(axiom.relation).isSet()) {
    check = set(axiom.relation).empty();
  } else {
    const PairSet& r = relation(axiom.relation);
    switch (axiom.kind) {
      case core::AxiomKind::Empty:
        check = r.empty();
        break;
      case core::AxiomKind::Irreflexive:
        check = !hasSelfPair(r);
        break;
      case core::AxiomKind::Acyclic:
        check = !hasSelfPair(r.transitiveClosure());
        break;
    }
  }
  return axiom.negated ? !check : check;
}

bool Evaluator::consistent() const {
  for (const core::Axiom& axiom : model_.axioms) {
    if (!axiom.flagged && !axiomHolds(axiom)) return false;
  }
  return true;
}

std::vector<std::string> Evaluator::violatedAxioms() const {
  std::vector<std::string> names;
  for (const core::Axiom& axiom : model_.axioms) {
    if (!axiom.flagged && !axiomHolds(axiom)) names.push_back(axiom.name);
  }
  return names;
}

std::vector<std::string> Evaluator::firedFlags() const {
  std::vector<std::string> names;
  for (const core::Axiom& axiom : model_.axioms) {
    if (axiom.flagged && axiomHolds(axiom)) names.push_back(axiom.name);
  }
  return names;
}

}  // namespace catcheck::core
