// Turns "axiom X fails" into something a person can check by hand. The evidence is the smallest thing that
// breaks the axiom's check on one execution: a shortest cycle (acyclic), a self pair (irreflexive) or a pair
// (empty). Each of its edges is then broken down along the relation's definition, as herd7's diagrams do:
// a composition through the event in the middle, a union through the branch that holds the pair, a closure
// through a shortest path, a difference or an intersection with a base relation (`r & loc`) as `r`, [S] as
// no step at all, down to relations the model names (po, rf, fr, hb, ...), which label the edges; other
// operators label the edge with their expression. All values come from the concrete evaluator
// (core::Evaluator.h), so the evidence is exactly what the model says about the execution.
#include "check/WitnessExplain.h"

#include <fmt/format.h>

#include <deque>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <variant>

namespace catcheck::check {

using core::NodeId;
using core::RelationOp;
using core::SetOp;

namespace {

const char* kindName(core::AxiomKind kind) {
  switch (kind) {
    case core::AxiomKind::Acyclic:
      return "acyclic";
    case core::AxiomKind::Irreflexive:
      return "irreflexive";
    case core::AxiomKind::Empty:
      return "empty";
  }
  return "?";
}

// The node a name denotes: a base relation or tag set the model uses, or a top-level definition.
std::optional<core::NodeId> findNode(const core::Model& model, const std::string& name) {
  auto definition = model.definitions.find(name);
  if (definition != model.definitions.end()) return definition->second;
  for (size_t id = 0; id < model.nodes.size(); ++id) {
    const core::Node& node = model.nodes[id];
    if (node.isNamed() && node.name == name) return static_cast<core::NodeId>(id);
  }
  return std::nullopt;
}

// Events [from, ..., to] of a shortest non-empty path in `r`; empty when there is none.
std::vector<int> shortestPath(const core::PairSet& r, int from, int to) {
  std::vector<int> parent(static_cast<size_t>(r.size()), -1);
  std::deque<int> queue{from};
  bool found = false;
  while (!queue.empty() && !found) {
    int a = queue.front();
    queue.pop_front();
    r.successors(a).forEach([&](int b) {
      if (found || parent[static_cast<size_t>(b)] >= 0) return;
      parent[static_cast<size_t>(b)] = a;
      found = b == to;
      queue.push_back(b);
    });
  }
  if (!found) return {};
  std::vector<int> path{to};
  for (int e = parent[static_cast<size_t>(to)]; e != from; e = parent[static_cast<size_t>(e)])
    path.insert(path.begin(), e);
  path.insert(path.begin(), from);
  return path;
}

// How an operator is written around its operands; `enclosing` operators (brackets, function calls) need
// no parentheses around a binary operand.
struct Notation {
  std::string_view before, between, after;
  bool enclosing = false;
};

Notation notationOf(core::SetOp op) {
  switch (op) {
    case SetOp::TagSet:
    case SetOp::Empty:
      return {};  // leaves: written by name or as 0
    case SetOp::Union:
      return {"", " | ", ""};
    case SetOp::Intersection:
      return {"", " & ", ""};
    case SetOp::Difference:
      return {"", " \\ ", ""};
    case SetOp::Complement:
      return {"~", "", ""};
    case SetOp::Domain:
      return {"domain(", "", ")", true};
    case SetOp::Range:
      return {"range(", "", ")", true};
  }
  return {};
}

Notation notationOf(core::RelationOp op) {
  switch (op) {
    case RelationOp::BaseRelation:
    case RelationOp::Empty:
    case RelationOp::RecursiveRef:
      return {};  // leaves: written by name or as 0
    case RelationOp::Union:
      return {"", " | ", ""};
    case RelationOp::Intersection:
      return {"", " & ", ""};
    case RelationOp::Difference:
      return {"", " \\ ", ""};
    case RelationOp::Composition:
      return {"", " ; ", ""};
    case RelationOp::Product:
      return {"", " * ", ""};
    case RelationOp::Inverse:
      return {"", "", "^-1"};
    case RelationOp::TransitiveClosure:
      return {"", "", "+"};
    case RelationOp::Complement:
      return {"~", "", ""};
    case RelationOp::IdentityOn:
      return {"[", "", "]", true};
  }
  return {};
}

struct Edge {
  std::string label;
  int to;
};

// Breaks edges of a model's relations down into edges of the relations it names.
class EdgeExplainer {
 public:
  EdgeExplainer(const core::Model& model, const core::EventGraph& graph, const core::Evaluator& evaluator)
      : model_(model), graph_(graph), evaluator_(evaluator) {
    for (const auto& [name, id] : model.definitions) names_.emplace(id, name);  // the first name wins
  }

  // The pair (x, y) of node `id` as steps from x.
  void decompose(core::NodeId id, int x, int y, std::vector<Edge>& out) const {
    const core::Node& node = model_.node(id);
    if (isNamed(id)) return out.push_back({text(id), y});
    switch (node.relationOp()) {
      case RelationOp::Composition:
        return decomposeComposition(node, x, y, out);
      case RelationOp::Union:
        return decompose(holder(node.args, x, y), x, y, out);
      case RelationOp::Difference:
        return decompose(node.args[0], x, y, out);
      case RelationOp::Intersection:
        return decomposeIntersection(id, x, y, out);
      case RelationOp::TransitiveClosure:
        return decomposeClosure(node.args[0], x, y, out);
      case RelationOp::IdentityOn:
        return;  // x == y: no step
      case RelationOp::BaseRelation:
      case RelationOp::RecursiveRef:
      case RelationOp::Empty:
      case RelationOp::Product:
      case RelationOp::Inverse:
      case RelationOp::Complement:
        break;
    }
    out.push_back({text(id), y});  // one step, labelled with the expression
  }

  std::string event(int e) const { return fmt::format("e{} {}", e, graph_.describe(e)); }

  // "    e1 ...\n      -[rf]-> e2 ...\n" for the path x, then each edge.
  std::string render(int x, const std::vector<Edge>& edges) const {
    std::string text = fmt::format("    {}\n", event(x));
    for (const Edge& edge : edges)
      fmt::format_to(std::back_inserter(text), "      -[{}]-> {}\n", edge.label, event(edge.to));
    return text;
  }

 private:
  bool isNamed(core::NodeId id) const {
    const core::Node& node = model_.node(id);
    return node.isNamed() || node.is(RelationOp::RecursiveRef) || names_.count(id) != 0;
  }

  void decomposeComposition(const core::Node& node, int x, int y, std::vector<Edge>& out) const {
    const core::PairSet& left = evaluator_.relation(node.args[0]);
    const core::PairSet& right = evaluator_.relation(node.args[1]);
    for (int z = 0; z < graph_.size(); ++z) {
      if (!left.has(x, z) || !right.has(z, y)) continue;
      decompose(node.args[0], x, z, out);
      return decompose(node.args[1], z, y, out);
    }
  }

  void decomposeClosure(core::NodeId arg, int x, int y, std::vector<Edge>& out) const {
    std::vector<int> path = shortestPath(evaluator_.relation(arg), x, y);
    for (size_t i = 0; i + 1 < path.size(); ++i) decompose(arg, path[i], path[i + 1], out);
  }

  // `r & loc` (or another base relation: a scope, int, ext) is shown as `r`'s steps; others as one step.
  void decomposeIntersection(core::NodeId id, int x, int y, std::vector<Edge>& out) const {
    const core::Node& node = model_.node(id);
    bool leftBase = model_.node(node.args[0]).is(RelationOp::BaseRelation);
    bool rightBase = model_.node(node.args[1]).is(RelationOp::BaseRelation);
    if (leftBase == rightBase) return out.push_back({text(id), y});
    decompose(node.args[leftBase ? 1 : 0], x, y, out);
  }

  core::NodeId holder(const std::vector<core::NodeId>& args, int x, int y) const {
    for (core::NodeId arg : args) {
      if (evaluator_.relation(arg).has(x, y)) return arg;
    }
    throw std::logic_error("a union holds a pair that none of its operands holds");
  }

  // The node's name, or its expression with names where it has them.
  std::string text(core::NodeId id) const {
    const core::Node& node = model_.node(id);
    if (node.isNamed()) return node.name;
    auto name = names_.find(id);
    if (name != names_.end()) return name->second;
    if (node.is(RelationOp::RecursiveRef))
      return model_.recursives.at(static_cast<size_t>(node.recursive)).name;
    if (node.isEmpty()) return "0";
    Notation notation = std::visit([](auto op) { return notationOf(op); }, node.op);
    std::string written(notation.before);
    for (size_t i = 0; i < node.args.size(); ++i) {
      if (i > 0) written += notation.between;
      written += notation.enclosing ? text(node.args[i]) : operand(node.args[i], node.op);
    }
    return written + std::string(notation.after);
  }

  // An operand's text, in parentheses when it is a binary operation other than the parent's own
  // associative one (`a ; b ; c`, `a | b | c`, `a & b & c`).
  std::string operand(core::NodeId id, const core::NodeOp& parent) const {
    const core::Node& node = model_.node(id);
    bool associative = node.op == parent &&
                       (node.is(SetOp::Union) || node.is(SetOp::Intersection) || node.is(RelationOp::Union) ||
                        node.is(RelationOp::Intersection) || node.is(RelationOp::Composition));
    bool binary = node.args.size() == 2 && !isNamed(id) && !associative;
    return binary ? "(" + text(id) + ")" : text(id);
  }

  const core::Model& model_;
  const core::EventGraph& graph_;
  const core::Evaluator& evaluator_;
  std::map<core::NodeId, std::string> names_;
};

// Evidence that `id`'s relation is non-empty (kind Empty), reflexive (Irreflexive) or cyclic (Acyclic).
std::string relationEvidence(const EdgeExplainer& explainer, const core::Evaluator& evaluator,
                             core::NodeId id, core::AxiomKind kind) {
  const core::PairSet& r = evaluator.relation(id);
  std::vector<int> cycle = kind == core::AxiomKind::Acyclic ? shortestCycle(r) : std::vector<int>{};
  std::vector<Edge> edges;
  for (size_t i = 0; i < cycle.size(); ++i)
    explainer.decompose(id, cycle[i], cycle[(i + 1) % cycle.size()], edges);
  if (!cycle.empty()) return explainer.render(cycle[0], edges);
  int from = -1, to = -1;
  r.forEach([&](int a, int b) {
    bool wanted = kind == core::AxiomKind::Empty || a == b;
    if (from >= 0 || !wanted) return;
    from = a;
    to = b;
  });
  if (from < 0) return "";
  explainer.decompose(id, from, to, edges);
  return explainer.render(from, edges);
}

// "axiom NAME (kind) fails" or "flag NAME fires", then the evidence. `witnessed`: the check fails or fires
// because the relation is non-empty, reflexive or cyclic (otherwise because it is not, with nothing to show).
std::string explainCheck(const core::Model& model, const core::EventGraph& graph,
                         const core::Evaluator& evaluator, const core::Axiom& axiom,
                         const std::string& headline, bool witnessed) {
  std::string text = fmt::format("{} ({}{})", headline, axiom.negated ? "~" : "", kindName(axiom.kind));
  if (!witnessed) return fmt::format("{}: the relation is {}\n", text, kindName(axiom.kind));
  const char* what = axiom.kind == core::AxiomKind::Acyclic       ? "cycle"
                     : axiom.kind == core::AxiomKind::Irreflexive ? "self pair"
                                                                  : "pair";
  return fmt::format("{} on this {}:\n{}", text, what, axiomEvidence(model, graph, evaluator, axiom));
}

}  // namespace

std::map<std::string, core::NodeId> resolveRelations(const core::Model& model,
                                                     const std::vector<std::string>& names) {
  std::map<std::string, core::NodeId> relations;
  for (const std::string& name : names) {
    std::optional<core::NodeId> id = findNode(model, name);
    if (!id) throw std::invalid_argument(fmt::format("the model defines no relation named '{}'", name));
    if (model.node(*id).isSet())
      throw std::invalid_argument(fmt::format("'{}' is a set, not a relation", name));
    relations.emplace(name, *id);
  }
  return relations;
}

std::map<std::string, core::PairSet> evaluateRelations(const core::Evaluator& evaluator,
                                                       const std::map<std::string, core::NodeId>& relations) {
  std::map<std::string, core::PairSet> values;
  for (const auto& [name, id] : relations) values.emplace(name, evaluator.relation(id));
  return values;
}

std::vector<int> shortestCycle(const core::PairSet& r) {
  std::vector<int> best;
  for (int e = 0; e < r.size(); ++e) {
    std::vector<int> path = shortestPath(r, e, e);
    if (!path.empty() && (best.empty() || path.size() - 1 < best.size()))
      best.assign(path.begin(), path.end() - 1);
  }
  return best;
}

std::string axiomEvidence(const core::Model& model, const core::EventGraph& graph,
                          const core::Evaluator& evaluator, const core::Axiom& axiom) {
  EdgeExplainer explainer(model, graph, evaluator);
  if (model.node(axiom.relation).isSet()) {
    std::vector<int> events = evaluator.set(axiom.relation).elements();
    return events.empty() ? "" : fmt::format("    {}\n", explainer.event(events.front()));
  }
  return relationEvidence(explainer, evaluator, axiom.relation, axiom.kind);
}

std::vector<std::string> failedAxioms(const core::Model& model, const core::EventGraph& graph,
                                      const core::Evaluator& evaluator) {
  std::vector<std::string> texts;
  for (const core::Axiom& axiom : model.axioms) {
    if (!axiom.flagged && !evaluator.axiomHolds(axiom))
      texts.push_back(explainCheck(model, graph, evaluator, axiom, fmt::format("axiom {} fails", axiom.name),
                                   !axiom.negated));
  }
  return texts;
}

std::vector<std::string> firedFlags(const core::Model& model, const core::EventGraph& graph,
                                    const core::Evaluator& evaluator) {
  std::vector<std::string> texts;
  for (const core::Axiom& axiom : model.axioms) {
    if (axiom.flagged && evaluator.axiomHolds(axiom))
      texts.push_back(explainCheck(model, graph, evaluator, axiom, fmt::format("flag {} fires", axiom.name),
                                   axiom.negated));
  }
  return texts;
}

}  // namespace catcheck::check
