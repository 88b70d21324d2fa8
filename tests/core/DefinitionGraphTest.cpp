// The evaluation order of a model's nodes: every node after what it reads, a `let rec` group's nodes in
// one iterating component, and the nodes that depend on a group's variables.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "cat/Parser.h"
#include "core/analysis/DefinitionGraph.h"

namespace catcheck::core {
namespace {

// Over our own stdlib, which defines no relation these tests name.
Model parse(const std::string& text) {
  return cat::parseModelText(text, "order.cat");
}

std::map<NodeId, size_t> positions(const DefinitionGraph& graph) {
  std::map<NodeId, size_t> at;
  const auto& order = graph.evaluationOrder();
  for (size_t c = 0; c < order.size(); ++c) {
    for (NodeId id : order[c].nodes) at[id] = c;
  }
  return at;
}

TEST(DefinitionGraph, EveryNodeComesAfterWhatItReads) {
  Model model = parse("let a = po ; rf\nlet b = a | co\nlet rec c = b | (c ; c)\nacyclic c ; a");
  DefinitionGraph graph(model);
  std::map<NodeId, size_t> at = positions(graph);
  ASSERT_EQ(at.size(), model.nodes.size());
  for (size_t id = 0; id < model.nodes.size(); ++id) {
    for (NodeId arg : model.nodes[id].args) {
      EXPECT_LE(at[arg], at[static_cast<NodeId>(id)]) << "node " << id << " reads " << arg;
    }
  }
}

TEST(DefinitionGraph, ARecursiveGroupIsOneIteratingComponentWithItsBodies) {
  Model model = parse("let rec x = po | (x ; y)\nand y = rf | (y ; x)\nlet z = x & y");
  DefinitionGraph graph(model);
  std::map<NodeId, size_t> at = positions(graph);
  ASSERT_EQ(model.recursives.size(), 2u);
  size_t group = at[model.recursives[0].body];
  EXPECT_EQ(at[model.recursives[1].body], group);
  const DefinitionComponent& component = graph.evaluationOrder()[group];
  EXPECT_TRUE(component.iterates());
  EXPECT_EQ(component.recursives, (std::vector<int>{0, 1}));
  size_t iterating =
      static_cast<size_t>(std::count_if(graph.evaluationOrder().begin(), graph.evaluationOrder().end(),
                                        [](const DefinitionComponent& c) { return c.iterates(); }));
  EXPECT_EQ(iterating, 1u);
  NodeId z = model.definitions.at("z");
  EXPECT_GT(at[z], group);
  EXPECT_TRUE(graph.dependsOnRecursion(z));
  std::vector<NodeId> dependents = graph.dependentsOfGroup(model.recursives[0].group);
  EXPECT_TRUE(std::find(dependents.begin(), dependents.end(), z) != dependents.end());
}

TEST(DefinitionGraph, NodesOutsideRecursionDoNotDependOnIt) {
  Model model = parse("let a = po ; rf\nlet rec x = a | (x ; x)");
  DefinitionGraph graph(model);
  NodeId a = model.definitions.at("a");
  EXPECT_FALSE(graph.dependsOnRecursion(a));
  std::vector<NodeId> dependents = graph.dependentsOfGroup(model.recursives[0].group);
  EXPECT_TRUE(std::find(dependents.begin(), dependents.end(), a) == dependents.end());
  EXPECT_TRUE(graph.dependsOnRecursion(model.recursives[0].body));
}

}  // namespace
}  // namespace catcheck::core
