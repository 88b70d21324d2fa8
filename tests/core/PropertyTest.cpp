// The property table: names round-trip, unknown names list the known ones, and each question reads an
// answer the way docs/semantics.md §2 says (a witness is PASS only for an exists-condition).
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "core/ir/Property.h"

namespace catcheck::core {
namespace {

TEST(Property, EveryDescriptorsNameRoundTrips) {
  std::set<std::string> names;
  for (const PropertyDescriptor& d : allProperties()) {
    EXPECT_EQ(parseProperty(d.name), d.property);
    EXPECT_EQ(std::string(propertyName(d.property)), d.name);
    EXPECT_EQ(&describe(d.property), &d);
    names.insert(d.name);
  }
  EXPECT_EQ(names,
            (std::set<std::string>{"program_spec", "cat_spec", "termination", "participation", "warp_drf",
                                   "well_synchronized", "deterministic", "memory_safety"}));
}

TEST(Property, UnknownNameListsTheKnownOnes) {
  try {
    parseProperty("liveness");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(e.what(),
                 "unknown property 'liveness' (expected program_spec, cat_spec, termination, participation, "
                 "warp_drf, well_synchronized, deterministic or memory_safety)");
  }
}

TEST(Property, OnlyAnExistsConditionTurnsAWitnessIntoPass) {
  Program program;
  for (AssertionKind kind : {AssertionKind::Exists, AssertionKind::NotExists, AssertionKind::Forall}) {
    program.assertionKind = kind;
    EXPECT_EQ(describe(Property::ProgramSpec).question(program).satMeansPass, kind == AssertionKind::Exists);
    EXPECT_FALSE(describe(Property::CatSpec).question(program).satMeansPass);
    EXPECT_FALSE(describe(Property::Termination).question(program).satMeansPass);
  }
}

// Termination witnesses are re-checked too (as consistent executions in which some thread does not
// terminate; threads may stop early under non-FAIR progress models).
TEST(Property, OnlyTerminationDependsOnTheProgressModelAndEveryWitnessIsRechecked) {
  for (const PropertyDescriptor& d : allProperties()) {
    EXPECT_EQ(d.decidedUnderProgress, d.property == Property::Termination) << d.name;
    EXPECT_TRUE(d.recheckedByEvaluator) << d.name;
  }
}

// The enumerator lists final states and flags; warp participation is not among what it decides.
TEST(Property, OnlyOutcomesAndFlagsAreDecidedFromListedFinalStates) {
  for (const PropertyDescriptor& d : allProperties()) {
    bool listed = d.property == Property::ProgramSpec || d.property == Property::CatSpec;
    EXPECT_EQ(d.listsFinalStates, listed) << d.name;
  }
}

}  // namespace
}  // namespace catcheck::core
