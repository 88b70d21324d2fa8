// The well-formedness check that guards witness re-checking: a hand-built execution passes, and each kind
// of corruption (a wrong value, rf across addresses, control flow that disagrees with the values read,
// coherence, final state, barriers) is reported.
#include <gtest/gtest.h>

#include "core/analysis/BaseRelations.h"
#include "core/concrete/Evaluator.h"
#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"
#include "tests/core/TestPrograms.h"

namespace catcheck::core {
namespace {

const char* const kProgram = testing::kMessagePassingWithBranch;

// Events: 0 init x, 1 P0 st x, 2 P0 bar, 3 P1 bar, 4 P1 ld x, 5 P2 bar. Three threads arrive at a
// barrier that needs four: nobody passes it.
const char* kHang = R"(PTX hang
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       ;
 st.weak x, 1         | bar.cta.sync 1, 1, 4 | bar.cta.sync 1, 1, 4 ;
 bar.cta.sync 1, 1, 4 | ld.weak r0, x        |                      ;
exists (P1:r0 == 0))";

using Pairs = std::vector<std::pair<int, int>>;

PairSet pairsOf(int n, const Pairs& pairs) {
  PairSet set(n);
  for (auto [a, b] : pairs) set.add(a, b);
  return set;
}

Execution emptyExecution(int n) {
  Execution x;
  x.executed = EventSet(n);
  x.value.assign(static_cast<size_t>(n), 0);
  x.rf = x.co = x.syncFence = x.syncBarrier = x.sameLocation = x.sameGenericLocation = PairSet(n);
  return x;
}

// P1 reads y = 1 from P0 and x = 1 from P0, then stores x = 2, which ends co.
Execution wellFormed(const EventGraph& graph) {
  Execution x = emptyExecution(graph.size());
  for (int e = 0; e < 7; ++e) x.executed.add(e);
  x.value = {0, 0, 1, 1, 1, 1, 2};
  x.rf = pairsOf(graph.size(), {{3, 4}, {2, 5}});
  x.co = pairsOf(graph.size(), {{0, 2}, {1, 3}, {0, 6}, {2, 6}});
  x.finalRegisters = {{}, {1, 1}};
  x.finalMemory = {2, 1};
  setStaticLocations(graph, x);
  return x;
}

bool mentions(const std::vector<std::string>& problems, const std::string& text) {
  for (const std::string& p : problems) {
    if (p.find(text) != std::string::npos) return true;
  }
  return false;
}

class EvaluatorChecksTest : public ::testing::Test {
 protected:
  EvaluatorChecksTest()
      : program_(frontends::parseLitmusText(kProgram, "checks.litmus")),
        graph_(buildEventGraph(program_, 1)) {}
  std::vector<std::string> problems(const Execution& x) const { return wellFormednessProblems(graph_, x); }

  Program program_;
  EventGraph graph_;
};

TEST_F(EvaluatorChecksTest, AcceptsAWellFormedExecution) {
  EXPECT_EQ(problems(wellFormed(graph_)), std::vector<std::string>{});
}

TEST_F(EvaluatorChecksTest, CatchesAWrongWrittenValue) {
  Execution x = wellFormed(graph_);
  x.value[6] = 5;
  EXPECT_TRUE(mentions(problems(x), "has value 5 but the program computes 2"))
      << ::testing::PrintToString(problems(x));
}

TEST_F(EvaluatorChecksTest, CatchesReadsFromAcrossAddresses) {
  Execution x = wellFormed(graph_);
  x.rf = pairsOf(graph_.size(), {{2, 4}, {2, 5}});
  EXPECT_TRUE(mentions(problems(x), "not a same-address write and read"))
      << ::testing::PrintToString(problems(x));
}

TEST_F(EvaluatorChecksTest, CatchesAReadOfAValueNoWriteProvides) {
  Execution x = wellFormed(graph_);
  x.rf = pairsOf(graph_.size(), {{3, 4}});
  EXPECT_TRUE(mentions(problems(x), "has no rf source but reads 1")) << ::testing::PrintToString(problems(x));
  x.rf = pairsOf(graph_.size(), {{3, 4}, {0, 5}});
  EXPECT_TRUE(mentions(problems(x), "reads 1 from event 0")) << ::testing::PrintToString(problems(x));
}

TEST_F(EvaluatorChecksTest, CatchesControlFlowThatDisagreesWithTheValuesRead) {
  Execution skipped = wellFormed(graph_);
  skipped.executed.remove(6);
  EXPECT_TRUE(mentions(problems(skipped), "is not executed but control flow reaches it"));
  Execution taken = wellFormed(graph_);
  taken.value[4] = 0;
  taken.rf = pairsOf(graph_.size(), {{1, 4}, {2, 5}});
  EXPECT_TRUE(mentions(problems(taken), "is executed but control flow does not reach it"))
      << ::testing::PrintToString(problems(taken));
}

TEST_F(EvaluatorChecksTest, CatchesBrokenCoherence) {
  Execution cyclic = wellFormed(graph_);
  cyclic.co.add(6, 2);
  EXPECT_TRUE(mentions(problems(cyclic), "co is cyclic"));
  Execution late = wellFormed(graph_);
  late.co.remove(0, 6);
  EXPECT_TRUE(mentions(problems(late), "co does not order the init write before event 6"));
  Execution mixed = wellFormed(graph_);
  mixed.co.add(2, 3);
  EXPECT_TRUE(mentions(problems(mixed), "not two executed writes to one address"));
}

TEST_F(EvaluatorChecksTest, CatchesAWrongFinalState) {
  Execution memory = wellFormed(graph_);
  memory.finalMemory[0] = 1;
  EXPECT_TRUE(mentions(problems(memory), "x ends with 1, which no co-maximal write wrote"));
  Execution registers = wellFormed(graph_);
  registers.finalRegisters[1][0] = 7;
  EXPECT_TRUE(mentions(problems(registers), "P1:r0 ends with 1, not 7"));
  Execution unfinished = wellFormed(graph_);
  unfinished.terminated = false;
  EXPECT_TRUE(mentions(problems(unfinished), "marked not terminated"));
}

TEST_F(EvaluatorChecksTest, CatchesFenceOrderOnOtherEvents) {
  Execution x = wellFormed(graph_);
  x.syncFence.add(2, 3);
  EXPECT_TRUE(mentions(problems(x), "not two SC fences"));
}

TEST_F(EvaluatorChecksTest, CatchesAnExecutionOfTheWrongShape) {
  Execution x = wellFormed(graph_);
  x.finalMemory.pop_back();
  EXPECT_TRUE(mentions(problems(x), "sizes do not match"));
}

TEST(EvaluatorChecksBarriers, AcceptsTheBlockedRunAndRejectsPassingAnUnmetQuorum) {
  Program program = frontends::parseLitmusText(kHang, "hang.litmus");
  EventGraph graph = buildEventGraph(program, 1);
  Execution blocked = emptyExecution(graph.size());
  blocked.executed.add(0);
  blocked.executed.add(1);
  blocked.value[1] = 1;
  blocked.co.add(0, 1);
  blocked.finalRegisters = {{}, {42}, {}};  // P1 never loads: its register is left free
  blocked.finalMemory = {1};
  blocked.terminated = false;
  setStaticLocations(graph, blocked);
  EXPECT_EQ(wellFormednessProblems(graph, blocked), std::vector<std::string>{});
  Execution passing = blocked;
  for (int e : {2, 3, 4, 5}) passing.executed.add(e);
  passing.value[4] = 1;
  passing.rf.add(1, 4);
  passing.finalRegisters = {{}, {1}, {}};
  passing.terminated = true;
  setStaticLocations(graph, passing);
  EXPECT_TRUE(mentions(wellFormednessProblems(graph, passing), "control barriers cannot execute"));
}

}  // namespace
}  // namespace catcheck::core
