// Builds the node dependency graph of a model as a Boost.Graph adjacency list and takes its strongly
// connected components (Tarjan's algorithm, boost::strong_components). Boost numbers components in
// reverse topological order of the component graph (a component's number is smaller than the numbers of
// the components that reach it); edges here run from a reader to what it reads, so ascending component
// numbers are an evaluation order: what is read comes first.
#include "core/analysis/DefinitionGraph.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/strong_components.hpp>

namespace catcheck::core {
namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;

// Edges reader -> read: a node reads its operands; a recursion variable reads its group's bodies.
Graph readsGraph(const Model& model) {
  Graph graph(model.nodes.size());
  for (size_t id = 0; id < model.nodes.size(); ++id) {
    const Node& node = model.nodes[id];
    for (NodeId arg : node.args) boost::add_edge(id, static_cast<size_t>(arg), graph);
    if (!node.is(RelationOp::RecursiveRef)) continue;
    int group = model.recursives.at(static_cast<size_t>(node.recursive)).group;
    for (const RecursiveDefinition& def : model.recursives) {
      if (def.group == group) boost::add_edge(id, static_cast<size_t>(def.body), graph);
    }
  }
  return graph;
}

}  // namespace

DefinitionGraph::DefinitionGraph(const Model& model) : model_(model) {
  Graph graph = readsGraph(model);
  size_t n = model.nodes.size();
  std::vector<int> component(n);
  int count = n == 0 ? 0 : boost::strong_components(graph, component.data());
  order_.assign(static_cast<size_t>(count), {});
  for (size_t id = 0; id < n; ++id)
    order_[static_cast<size_t>(component[id])].nodes.push_back(static_cast<NodeId>(id));
  for (size_t r = 0; r < model.recursives.size(); ++r) {
    for (size_t id = 0; id < n; ++id) {
      const Node& node = model.nodes[id];
      if (node.is(RelationOp::RecursiveRef) && node.recursive == static_cast<int>(r)) {
        order_[static_cast<size_t>(component[id])].recursives.push_back(static_cast<int>(r));
        break;
      }
    }
  }
  readers_.assign(n, {});
  for (size_t id = 0; id < n; ++id) {
    for (NodeId arg : model.nodes[id].args)
      readers_[static_cast<size_t>(arg)].push_back(static_cast<NodeId>(id));
  }
  // Operands have smaller ids than their readers (the builder hash-conses bottom up), so one pass in
  // evaluation order, ascending within a component, sees every operand before its reader.
  dependsOnRecursion_.assign(n, false);
  for (const DefinitionComponent& c : order_) {
    for (NodeId id : c.nodes) {
      const Node& node = model.nodes[static_cast<size_t>(id)];
      bool depends = node.is(RelationOp::RecursiveRef);
      for (NodeId arg : node.args) depends = depends || dependsOnRecursion_[static_cast<size_t>(arg)];
      dependsOnRecursion_[static_cast<size_t>(id)] = depends;
    }
  }
}

std::vector<NodeId> DefinitionGraph::dependentsOfGroup(int group) const {
  size_t n = model_.nodes.size();
  Graph readBy(n);  // edges read -> reader, so a search from the variables finds what depends on them
  for (size_t id = 0; id < n; ++id) {
    for (NodeId reader : readers_[id]) boost::add_edge(id, static_cast<size_t>(reader), readBy);
  }
  std::vector<boost::default_color_type> colour(n, boost::white_color);
  auto colours = boost::make_iterator_property_map(colour.begin(), boost::get(boost::vertex_index, readBy));
  for (size_t id = 0; id < n; ++id) {
    const Node& node = model_.nodes[id];
    if (!node.is(RelationOp::RecursiveRef) || colour[id] != boost::white_color) continue;
    if (model_.recursives.at(static_cast<size_t>(node.recursive)).group != group) continue;
    boost::breadth_first_visit(readBy, id, boost::color_map(colours));
  }
  std::vector<NodeId> dependents;
  for (size_t id = 0; id < n; ++id) {
    if (colour[id] != boost::white_color) dependents.push_back(static_cast<NodeId>(id));
  }
  return dependents;
}

}  // namespace catcheck::core
