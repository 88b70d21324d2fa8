// Data-race verdicts (cat_spec) name the flag that fired and one racing pair of events.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "check/Check.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

const char* kRacy = R"(VULKAN racy-stores
{ x=0; }
 P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;
 st.sc0 x, 1        | ld.sc0 r0, x       ;
exists (P1:r0 == 1))";

const char* kSynchronised = R"(VULKAN atomic-flag
{ x=0; }
 P0@sg 0,wg 0, qf 0  | P1@sg 0,wg 1, qf 0  ;
 st.atom.dv.sc0 x, 1 | ld.atom.dv.sc0 r0, x ;
exists (P1:r0 == 1))";

core::Verdict raceCheck(const char* text, encoders::SolverKind solver) {
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/vulkan.cat");
  core::Program program = frontends::parseLitmusText(text, "race.litmus");
  check::CheckOptions options;
  options.property = core::Property::CatSpec;
  options.solver.kind = solver;
  options.explain = true;
  return check::checkProgram(program, model, options);
}

class RaceWitness : public ::testing::TestWithParam<encoders::SolverKind> {};

TEST_P(RaceWitness, ReportsTheFlagAndTheRacingPair) {
  core::Verdict verdict = raceCheck(kRacy, GetParam());
  EXPECT_EQ(verdict.result, core::Result::Fail);
  EXPECT_EQ(verdict.firedFlag, "data-race");
  EXPECT_NE(verdict.firedPair.find("P0: st.sc0 x, 1"), std::string::npos) << verdict.firedPair;
  EXPECT_NE(verdict.firedPair.find("P1: ld.sc0 r0, x"), std::string::npos) << verdict.firedPair;
}

TEST_P(RaceWitness, AtomicAccessesDoNotRace) {
  core::Verdict verdict = raceCheck(kSynchronised, GetParam());
  EXPECT_EQ(verdict.result, core::Result::Pass);
  EXPECT_TRUE(verdict.firedFlag.empty());
}

INSTANTIATE_TEST_SUITE_P(Solvers, RaceWitness,
                         ::testing::Values(encoders::SolverKind::Z3, encoders::SolverKind::Cvc5),
                         [](const auto& info) { return std::string(encoders::solverName(info.param)); });

}  // namespace
}  // namespace catcheck

namespace catcheck {
namespace {

// A flagged `~acyclic` fires exactly when some consistent execution has a cycle (exact closure encoding).
TEST(CyclicFlag, FiresOnLoadBufferingCycleOnly) {
  core::Model model = cat::parseModelText("flag ~acyclic (rf | po) as cycle\n", "cycle.cat");
  const char* lb = R"(PTX LB
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      ;
 ld.weak r0, x       | ld.weak r0, y       ;
 st.weak y, 1        | st.weak x, 1        ;
exists (P0:r0 == 1 /\ P1:r0 == 1))";
  const char* mp = R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (P1:r0 == 1))";
  check::CheckOptions options;
  options.property = core::Property::CatSpec;
  options.explain = true;
  core::Verdict cyclic = check::checkProgram(frontends::parseLitmusText(lb, "lb.litmus"), model, options);
  EXPECT_EQ(core::resultName(cyclic.result), std::string("FAIL"));
  EXPECT_EQ(cyclic.firedFlag, "cycle");
  core::Verdict acyclic = check::checkProgram(frontends::parseLitmusText(mp, "mp.litmus"), model, options);
  EXPECT_EQ(core::resultName(acyclic.result), std::string("PASS"));
}

}  // namespace
}  // namespace catcheck
