// The concrete evaluator on hand-built executions: every operator's value (restricted to executed events,
// complements relative to them), base relations taken from the execution, least fixed points of `let rec`,
// axioms, negation and flags, an MP execution that PTX 7.5 forbids by causality, and cached values that
// follow an execution change.
#include <gtest/gtest.h>

#include <algorithm>

#include "cat/Parser.h"
#include "core/analysis/BaseRelations.h"
#include "core/concrete/Evaluator.h"
#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"
#include "tests/core/TestPrograms.h"

namespace catcheck::core {
namespace {

const char* const kProgram = testing::kMessagePassingWithBranch;

using Pairs = std::vector<std::pair<int, int>>;

PairSet pairsOf(int n, const Pairs& pairs) {
  PairSet set(n);
  for (auto [a, b] : pairs) set.add(a, b);
  return set;
}

// An execution of kProgram where P1 reads y = r0 and x = r1 from the given sources; event 6 runs iff
// r0 == 1.
Execution mpExecution(const EventGraph& graph, int r0, int r1, const Pairs& rf) {
  int n = graph.size();
  Execution x;
  x.executed = EventSet(n);
  for (int e = 0; e < 6; ++e) x.executed.add(e);
  if (r0 == 1) x.executed.add(6);
  x.value = {0, 0, 1, 1, r0, r1, r0 == 1 ? 2 : 0};
  x.rf = pairsOf(n, rf);
  x.co = pairsOf(n, r0 == 1 ? Pairs{{0, 2}, {1, 3}, {0, 6}, {2, 6}} : Pairs{{0, 2}, {1, 3}});
  x.syncFence = PairSet(n);
  x.syncBarrier = PairSet(n);
  x.finalRegisters = {{}, {r0, r1}};
  x.finalMemory = {r0 == 1 ? 2 : 1, 1};
  setStaticLocations(graph, x);
  return x;
}

class EvaluatorTest : public ::testing::Test {
 protected:
  EvaluatorTest()
      : program_(frontends::parseLitmusText(kProgram, "evaluator.litmus")),
        graph_(buildEventGraph(program_, 1)) {}

  // Evaluates `let r = <expression>` on the execution where P1 reads y = 0 from init and x = 1 from P0.
  PairSet relation(const std::string& expression) {
    model_ = cat::parseModelText("let r = " + expression + "\n", "test.cat");
    Evaluator evaluator(model_, graph_, mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}}));
    return evaluator.relation(model_.definitions.at("r"));
  }
  std::vector<int> set(const std::string& expression) {
    model_ = cat::parseModelText("let s = " + expression + "\n", "test.cat");
    Evaluator evaluator(model_, graph_, mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}}));
    return evaluator.set(model_.definitions.at("s")).elements();
  }
  Pairs pairs(const std::string& expression) {
    Pairs result;
    relation(expression).forEach([&](int a, int b) { result.emplace_back(a, b); });
    return result;
  }

  Program program_;
  EventGraph graph_;
  core::Model model_;
};

TEST_F(EvaluatorTest, TagSetsAndComplementsRangeOverExecutedEvents) {
  EXPECT_EQ(set("_"), (std::vector<int>{0, 1, 2, 3, 4, 5})) << "event 6 is not executed";
  EXPECT_EQ(set("W"), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(set("~R"), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(set("W \\ IW"), (std::vector<int>{2, 3}));
  EXPECT_EQ(set("R | IW"), (std::vector<int>{0, 1, 4, 5}));
  EXPECT_EQ(set("REL & W"), (std::vector<int>{3}));
}

TEST_F(EvaluatorTest, StaticRelationsAreRestrictedToExecutedEvents) {
  EXPECT_EQ(pairs("po"), (Pairs{{2, 3}, {4, 5}}));
  EXPECT_EQ(pairs("[W]; po; [W]"), (Pairs{{2, 3}}));
  EXPECT_EQ(pairs("loc & (IW * M)"), (Pairs{{0, 0}, {0, 2}, {0, 5}, {1, 1}, {1, 3}, {1, 4}}));
  EXPECT_EQ(pairs("ctrl"), Pairs{}) << "the controlled store does not execute";
  EXPECT_EQ(pairs("int & (R * R)"), (Pairs{{4, 4}, {4, 5}, {5, 4}, {5, 5}}));
}

TEST_F(EvaluatorTest, ComplementOfARelationIsRelativeToExecutedPairs) {
  PairSet notPo = relation("~po");
  EXPECT_EQ(notPo.count(), 6 * 6 - 2);
  EXPECT_FALSE(notPo.has(4, 5));
  EXPECT_TRUE(notPo.has(5, 4));
  EXPECT_TRUE(notPo.has(3, 3));
  EXPECT_FALSE(notPo.has(4, 6)) << "event 6 is not executed";
}

TEST_F(EvaluatorTest, DynamicRelationsComeFromTheExecution) {
  EXPECT_EQ(pairs("rf"), (Pairs{{1, 4}, {2, 5}}));
  EXPECT_EQ(pairs("co"), (Pairs{{0, 2}, {1, 3}}));
  EXPECT_EQ(pairs("rf^-1"), (Pairs{{4, 1}, {5, 2}}));
  EXPECT_EQ(pairs("fr"), (Pairs{{4, 3}})) << "stdlib fr = rf^-1; co";
  EXPECT_EQ(set("domain(rf)"), (std::vector<int>{1, 2}));
  EXPECT_EQ(set("range(rf)"), (std::vector<int>{4, 5}));
  EXPECT_TRUE(relation("sync_fence | syncbar").empty());
}

TEST_F(EvaluatorTest, OperatorsCombineValues) {
  EXPECT_EQ(pairs("rf; po"), (Pairs{{1, 5}}));
  EXPECT_EQ(pairs("(po | rf)+ & (IW * R)"), (Pairs{{1, 4}, {1, 5}}));
  EXPECT_EQ(pairs("(rf | po) \\ po"), (Pairs{{1, 4}, {2, 5}}));
  EXPECT_EQ(pairs("[REL]"), (Pairs{{3, 3}}));
  EXPECT_EQ(pairs("po?").size(), 2U + 6U) << "r? = r | id over executed events";
  EXPECT_TRUE(relation("0").empty());
}

TEST_F(EvaluatorTest, RecursiveDefinitionsDenoteLeastFixedPoints) {
  model_ = cat::parseModelText(
      "let rec r = rf | (r; po) | (po; r)\n"
      "let closed = po*; rf; po*\n"
      "let rec a = rf | (b; po) and b = a; [R]\n"
      "let rec z = z\n",
      "test.cat");
  Evaluator evaluator(model_, graph_, mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}}));
  const PairSet& r = evaluator.relation(model_.definitions.at("r"));
  EXPECT_EQ(r, evaluator.relation(model_.definitions.at("closed")));
  EXPECT_TRUE(r.has(1, 5));
  const PairSet& a = evaluator.relation(model_.definitions.at("a"));
  EXPECT_TRUE(a.has(1, 5)) << "1 rf 4, 4 is a read, 4 po 5";
  EXPECT_EQ(a.count(), 3);
  EXPECT_TRUE(evaluator.relation(model_.definitions.at("z")).empty()) << "the least fixed point, not any";
}

TEST_F(EvaluatorTest, AxiomsNegationAndFlags) {
  model_ = cat::parseModelText(
      "acyclic po | rf as order\n"
      "irreflexive po as strict\n"
      "~empty rf as some-rf\n"
      "empty co & (W * R) as co-writes\n"
      "flag ~empty rf & ext as external\n"
      "flag empty rf as no-rf\n",
      "test.cat");
  Evaluator evaluator(model_, graph_, mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}}));
  EXPECT_TRUE(evaluator.consistent());
  EXPECT_TRUE(evaluator.violatedAxioms().empty());
  EXPECT_EQ(evaluator.firedFlags(), std::vector<std::string>{"external"});
  model_ = cat::parseModelText("acyclic po | po^-1 as cyclic\nirreflexive id as reflexive\n", "test.cat");
  Evaluator broken(model_, graph_, mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}}));
  EXPECT_FALSE(broken.consistent());
  EXPECT_EQ(broken.violatedAxioms(), (std::vector<std::string>{"cyclic", "reflexive"}));
}

TEST_F(EvaluatorTest, MessagePassingThatBreaksCausalityIsInconsistentUnderPtx75) {
  core::Model ptx = cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  Evaluator stale(ptx, graph_, mpExecution(graph_, 1, 0, {{3, 4}, {0, 5}}));
  EXPECT_FALSE(stale.consistent()) << "the acquire sees the flag, the later load reads the stale x";
  std::vector<std::string> violated = stale.violatedAxioms();
  EXPECT_NE(std::find(violated.begin(), violated.end(), "causality"), violated.end());
  Evaluator fresh(ptx, graph_, mpExecution(graph_, 1, 1, {{3, 4}, {2, 5}}));
  EXPECT_TRUE(fresh.consistent()) << ::testing::PrintToString(fresh.violatedAxioms());
  Evaluator early(ptx, graph_, mpExecution(graph_, 0, 0, {{1, 4}, {0, 5}}));
  EXPECT_TRUE(early.consistent());
}

TEST_F(EvaluatorTest, CachedValuesFollowTheExecution) {
  model_ = cat::parseModelText("let fromRf = rf; po\nlet order = po | co\n", "test.cat");
  Evaluator evaluator(model_, graph_, mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}}));
  core::NodeId fromRf = model_.definitions.at("fromRf");
  core::NodeId order = model_.definitions.at("order");
  EXPECT_EQ(evaluator.inputsOf(fromRf), kExecutedInput | kReadsFromInput);
  EXPECT_EQ(evaluator.inputsOf(order), kExecutedInput | kCoherenceInput);
  EXPECT_TRUE(evaluator.relation(fromRf).has(1, 5));
  EXPECT_FALSE(evaluator.relation(order).has(2, 6));
  evaluator.setExecution(mpExecution(graph_, 1, 1, {{3, 4}, {2, 5}}));
  EXPECT_FALSE(evaluator.relation(fromRf).has(1, 5));
  EXPECT_TRUE(evaluator.relation(fromRf).has(3, 5));
  EXPECT_TRUE(evaluator.relation(fromRf).has(3, 6)) << "event 6 now executes";
  EXPECT_TRUE(evaluator.relation(order).has(2, 6));
}

TEST_F(EvaluatorTest, RejectsAnExecutionOfAnotherGraph) {
  model_ = cat::parseModelText("let r = po\n", "test.cat");
  Execution wrong = mpExecution(graph_, 0, 1, {{1, 4}, {2, 5}});
  wrong.rf = PairSet(3);
  EXPECT_THROW(Evaluator(model_, graph_, wrong), std::invalid_argument);
}

}  // namespace
}  // namespace catcheck::core
