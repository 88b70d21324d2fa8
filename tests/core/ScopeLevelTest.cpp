// Scope levels are typed values of a target's scope tree: every level has one key that names it in tags,
// progress specifications and relation names, and a thread's position is built from its target's levels.
#include <gtest/gtest.h>

#include <stdexcept>

#include "core/ir/Progress.h"
#include "core/ir/Target.h"

namespace catcheck::core {
namespace {

TEST(ScopeLevel, EveryLevelHasOneKeyThatNamesItBack) {
  for (ScopeLevel level : knownScopeLevels()) {
    std::optional<ScopeLevel> named = scopeLevelNamed(scopeKey(level));
    ASSERT_TRUE(named.has_value()) << scopeKey(level);
    EXPECT_EQ(*named, level);
  }
  EXPECT_FALSE(scopeLevelNamed("cta").has_value()) << "keys are upper case, as tags are";
  EXPECT_FALSE(scopeLevelNamed("WARP").has_value());
}

TEST(ScopeLevel, EveryTargetLevelIsKnown) {
  for (const Target* target : {&ptxTarget(), &vulkanTarget(), &openclTarget()}) {
    for (const ScopeLevelInfo& info : target->levels) EXPECT_TRUE(target->hasLevel(info.level));
  }
  EXPECT_FALSE(ptxTarget().hasLevel(ScopeLevel::Workgroup));
  EXPECT_FALSE(vulkanTarget().hasLevel(ScopeLevel::Cta));
}

TEST(ScopeLevel, APlaceHasOneIdPerLevelOfItsTarget) {
  std::vector<ScopePosition> place = ptxTarget().place({0, 1, 2, 3});
  ASSERT_EQ(place.size(), 4u);
  EXPECT_EQ(place[2].level, ScopeLevel::Cluster);
  EXPECT_EQ(place[2].id, 2);
  EXPECT_EQ(place[3].level, ScopeLevel::Cta);
  EXPECT_THROW(vulkanTarget().place({0, 1}), std::logic_error);
}

TEST(ScopeLevel, ProgressSpecificationsNameLevelsByKey) {
  ProgressSpec spec = parseProgressSpec("FAIR;WG=OBE;QF=HSA");
  EXPECT_EQ(spec.at(ScopeLevel::Workgroup), ProgressModel::Obe);
  EXPECT_EQ(spec.at(ScopeLevel::QueueFamily), ProgressModel::Hsa);
  EXPECT_EQ(spec.at(ScopeLevel::Subgroup), ProgressModel::Fair);
  EXPECT_EQ(spec.str(), "FAIR;QF=HSA;WG=OBE") << "printed in the order of the keys";
  EXPECT_THROW(parseProgressSpec("FAIR;WARP=OBE"), std::invalid_argument);
}

}  // namespace
}  // namespace catcheck::core
