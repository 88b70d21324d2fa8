// The interpreter's operators on a small hand-built event graph: may/must bounds of base relations and of
// every core operator, checked pair by pair against what the program allows.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "core/analysis/RelationAnalysis.h"
#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"

namespace catcheck::core {
namespace {

// Events: 0 init x, 1 init y, 2 P0 st x, 3 P0 st y (release), 4 P1 ld y (acquire), 5 P1 ld x,
// 6 P1 st x (only when r0 == 1).
const char* kProgram = R"(PTX analysis
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 st.weak x, 1        | ld.acquire.cta r0, y ;
 st.release.cta y, 1 | ld.weak r1, x        ;
                     | bne r0, 1, LC00      ;
                     | st.weak x, 2         ;
                     | LC00:                ;
exists (P1:r0 == 1))";

class RelationAnalysisTest : public ::testing::Test {
 protected:
  RelationAnalysisTest()
      : program_(frontends::parseLitmusText(kProgram, "analysis.litmus")),
        graph_(buildEventGraph(program_, 1)) {}

  // Analyses `let r = <expression>` and returns the bounds of r.
  RelationBounds bounds(const std::string& expression) {
    model_ = cat::parseModelText("let r = " + expression + "\n", "test.cat");
    RelationAnalysis analysis(model_, graph_);
    return analysis.relation(model_.definitions.at("r"));
  }

  Program program_;
  EventGraph graph_;
  core::Model model_;
};

TEST_F(RelationAnalysisTest, GraphHasInitAndThreadEvents) {
  ASSERT_EQ(graph_.size(), 7);
  EXPECT_EQ(graph_.event(0).kind, EventKind::Init);
  EXPECT_EQ(graph_.event(4).kind, EventKind::Read);
  EXPECT_TRUE(graph_.alwaysExecuted.has(5));
  EXPECT_FALSE(graph_.alwaysExecuted.has(6)) << "the store after the branch is conditional";
}

TEST_F(RelationAnalysisTest, ProgramOrderIsStaticAndSkipsInits) {
  RelationBounds po = bounds("po");
  EXPECT_TRUE(po.must.has(2, 3));
  EXPECT_TRUE(po.must.has(4, 6));
  EXPECT_FALSE(po.may.has(3, 2));
  EXPECT_FALSE(po.may.has(0, 2));
  EXPECT_EQ(po.may.count(), 4);
}

TEST_F(RelationAnalysisTest, ReadsFromIsOnlyMay) {
  RelationBounds rf = bounds("rf");
  EXPECT_TRUE(rf.may.has(0, 5));
  EXPECT_FALSE(rf.may.has(6, 5)) << "a later write of the reader's own thread (local consistency)";
  EXPECT_FALSE(rf.may.has(3, 5)) << "different locations";
  EXPECT_TRUE(rf.must.empty());
}

TEST_F(RelationAnalysisTest, CoherenceOrdersInitsFirst) {
  RelationBounds co = bounds("co");
  EXPECT_TRUE(co.must.has(0, 2));
  EXPECT_FALSE(co.may.has(2, 0));
  EXPECT_TRUE(co.may.has(2, 6));
  EXPECT_TRUE(co.may.has(6, 2));
  EXPECT_FALSE(co.must.has(2, 6));
}

TEST_F(RelationAnalysisTest, CompositionMustNeedsAnAlwaysExecutedMiddle) {
  RelationBounds viaAlways = bounds("po; po");
  EXPECT_TRUE(viaAlways.must.has(4, 6)) << "4 po 5 po 6 and 5 always executes";
  RelationBounds viaConditional = bounds("[R]; po; [W & ~IW]; po^-1");
  EXPECT_TRUE(viaConditional.may.has(4, 4));
  EXPECT_FALSE(viaConditional.must.has(4, 4)) << "the middle store may not execute";
}

TEST_F(RelationAnalysisTest, DifferenceAndComplementSwapBounds) {
  RelationBounds diff = bounds("(W * R) \\ rf");
  EXPECT_TRUE(diff.may.has(2, 5));
  EXPECT_TRUE(diff.must.has(3, 5)) << "rf never relates y to x";
  EXPECT_FALSE(diff.must.has(2, 5));
  RelationBounds complement = bounds("~po");
  EXPECT_TRUE(complement.must.has(3, 2));
  EXPECT_FALSE(complement.may.has(2, 3));
}

TEST_F(RelationAnalysisTest, ClosureDomainRangeAndInverse) {
  RelationBounds closure = bounds("(po | rf)+");
  EXPECT_TRUE(closure.may.has(2, 6)) << "2 po 3 rf 4 po 6";
  EXPECT_FALSE(closure.must.has(2, 6));
  RelationBounds inverse = bounds("po^-1");
  EXPECT_TRUE(inverse.must.has(3, 2));
  RelationBounds domain = bounds("[domain(rf)]");
  EXPECT_TRUE(domain.may.has(0, 0));
  EXPECT_FALSE(domain.may.has(4, 4));
}

TEST_F(RelationAnalysisTest, ScopesAndTags) {
  RelationBounds sr = bounds("sr");
  EXPECT_TRUE(sr.must.has(3, 4)) << "release.cta and acquire.cta in one CTA";
  EXPECT_FALSE(sr.may.has(2, 4)) << "weak accesses carry no scope";
  RelationBounds releases = bounds("[REL]");
  EXPECT_TRUE(releases.must.has(3, 3));
  EXPECT_EQ(releases.may.count(), 1);
}

TEST_F(RelationAnalysisTest, RecursionReachesTheLeastFixedPoint) {
  model_ = cat::parseModelText("let rec reach = po | (reach; reach)\n", "rec.cat");
  RelationAnalysis analysis(model_, graph_);
  RelationBounds reach = analysis.relation(model_.definitions.at("reach"));
  EXPECT_TRUE(reach.must.has(4, 6));
  EXPECT_EQ(reach.may.count(), 4) << "po is already transitive";
}

}  // namespace
}  // namespace catcheck::core
