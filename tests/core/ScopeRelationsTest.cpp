// Scope relations on nested Vulkan hierarchies: ids are hierarchical, so `sg 0` under two workgroups are
// two subgroups; `sr` needs a scope tag on both events and each thread within the other's scope.
#include <gtest/gtest.h>

#include "core/analysis/BaseRelations.h"
#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"

namespace catcheck::core {
namespace {

// Events: 0 init x; P0..P3 one event each, ids 1..4.
const char* kHierarchy = R"(VULKAN hierarchy
{ x=0; }
 P0@sg 0,wg 0, qf 0  | P1@sg 0,wg 1, qf 0  | P2@sg 1,wg 0, qf 0  | P3@sg 0,wg 0, qf 1  ;
 st.atom.wg.sc0 x, 1 | st.atom.sg.sc0 x, 2 | ld.atom.wg.sc0 r0, x | ld.sc0 r0, x        ;
exists (0==0))";

class ScopeRelationsTest : public ::testing::Test {
 protected:
  ScopeRelationsTest()
      : program_(frontends::parseLitmusText(kHierarchy, "hierarchy.litmus")),
        graph_(buildEventGraph(program_, 1)) {}
  PairSet relation(const std::string& name) {
    return baseRelationBounds(graph_, *baseRelationNamed(name)).must;
  }
  Program program_;
  EventGraph graph_;
};

TEST_F(ScopeRelationsTest, SameSubgroupIdUnderDifferentWorkgroupsIsDifferent) {
  EXPECT_FALSE(relation("ssg").has(1, 2)) << "sg 0 of wg 0 and sg 0 of wg 1";
  EXPECT_FALSE(relation("ssg").has(1, 3)) << "sg 0 and sg 1 of wg 0";
  EXPECT_TRUE(relation("ssg").has(1, 1));
  EXPECT_FALSE(relation("ssg").has(1, 4)) << "same sg and wg numbers, other queue family";
}

TEST_F(ScopeRelationsTest, WorkgroupQueueFamilyAndDevice) {
  EXPECT_TRUE(relation("swg").has(1, 3));
  EXPECT_FALSE(relation("swg").has(1, 2));
  EXPECT_FALSE(relation("swg").has(1, 4)) << "wg 0 of qf 0 and wg 0 of qf 1";
  EXPECT_TRUE(relation("sqf").has(1, 2));
  EXPECT_FALSE(relation("sqf").has(1, 4));
  EXPECT_TRUE(relation("sdv").has(1, 4));
  EXPECT_FALSE(relation("sdv").has(0, 1)) << "init writes belong to no thread";
}

TEST_F(ScopeRelationsTest, SameScopeNeedsBothEventsInScope) {
  PairSet sr = relation("sr");
  EXPECT_TRUE(sr.has(1, 3)) << "both wg-scoped in one workgroup";
  EXPECT_FALSE(sr.has(1, 2)) << "P1's sg scope does not reach P0";
  EXPECT_FALSE(sr.has(1, 4)) << "P3's plain load has no scope";
  EXPECT_TRUE(sr.has(2, 2));
}

}  // namespace
}  // namespace catcheck::core
