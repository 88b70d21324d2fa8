// A check first looks for a witness at bounds 1, 2, 4, ... below the one asked for (check/Check.h): a
// witness found there is reported with the bound it was found at and gives the same result as the check at
// the full bound; no witness there never decides anything; and programs or properties for which a smaller
// bound's witness need not carry over are checked at the full bound only.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "check/Check.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

// P0 stores x only after its loop has run three times: a race at bound 3 and above, none below.
const char* kRaceAfterThreeIterations = R"(VULKAN race-after-three
{ x=0; P0:r0=0; }
 P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;
 LC00:              | ld.sc0 r1, x       ;
 add r0, r0, 1      |                    ;
 bne r0, 3, LC00    |                    ;
 st.sc0 x, 1        |                    ;
exists (P1:r1 == 1))";

// The same, with a workgroup barrier in the loop: its instances are named after their copy, so the
// barriers that synchronise depend on the bound.
const char* kBarrierInLoop = R"(VULKAN barrier-in-loop
{ x=0; P0:r0=0; }
 P0@sg 0,wg 0, qf 0       | P1@sg 0,wg 1, qf 0 ;
 LC00:                    | ld.sc0 r1, x       ;
 cbar.acq_rel.wg.semsc0 0 |                    ;
 add r0, r0, 1            |                    ;
 bne r0, 2, LC00          |                    ;
 st.sc0 x, 1              |                    ;
exists (P1:r1 == 1))";

core::Verdict check(const char* text, core::Property property, int bound, bool smallerBoundsFirst) {
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/vulkan.cat");
  check::CheckOptions options;
  options.property = property;
  options.bound = bound;
  options.explain = true;
  options.smallerBoundsFirst = smallerBoundsFirst;
  return check::checkProgram(frontends::parseLitmusText(text, "test.litmus"), model, options);
}

TEST(SmallerBounds, AWitnessAtASmallerBoundIsReportedWithItsBound) {
  core::Verdict early = check(kRaceAfterThreeIterations, core::Property::CatSpec, 8, true);
  EXPECT_EQ(early.result, core::Result::Fail);
  EXPECT_EQ(early.witnessBound, 4);  // bounds 1 and 2 cannot leave the loop
  EXPECT_EQ(early.firedFlag, "data-race");
  core::Verdict full = check(kRaceAfterThreeIterations, core::Property::CatSpec, 8, false);
  EXPECT_EQ(full.result, core::Result::Fail);
  EXPECT_EQ(full.witnessBound, 0);
}

TEST(SmallerBounds, ReachabilityIsFoundAtASmallerBoundToo) {
  core::Verdict early = check(kRaceAfterThreeIterations, core::Property::ProgramSpec, 8, true);
  EXPECT_EQ(early.result, core::Result::Pass);  // exists: the outcome is reachable
  EXPECT_EQ(early.witnessBound, 4);
}

TEST(SmallerBounds, NoWitnessBelowTheBoundDecidesNothing) {
  // At bound 2 the loop cannot finish: the search at bound 1 finds nothing and the full check says the
  // bound is reachable.
  core::Verdict verdict = check(kRaceAfterThreeIterations, core::Property::CatSpec, 2, true);
  EXPECT_EQ(verdict.result, core::Result::Unknown);
  EXPECT_EQ(verdict.witnessBound, 0);
}

TEST(SmallerBounds, ABarrierInALoopKeepsTheCheckAtItsBound) {
  core::Verdict verdict = check(kBarrierInLoop, core::Property::CatSpec, 4, true);
  EXPECT_EQ(verdict.result, core::Result::Fail);
  EXPECT_EQ(verdict.witnessBound, 0);
}

TEST(SmallerBounds, TerminationIsCheckedAtItsBoundOnly) {
  core::Verdict verdict = check(kRaceAfterThreeIterations, core::Property::Termination, 8, true);
  EXPECT_EQ(verdict.witnessBound, 0);
}

}  // namespace
}  // namespace catcheck
