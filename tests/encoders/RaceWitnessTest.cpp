// Data-race verdicts (cat_spec) name the flag that fired and one racing pair of events.
#include "cat/Parser.h"
#include "encoders/Checker.h"
#include "frontends/Litmus.h"

#include <gtest/gtest.h>

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
  cat::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/vulkan.cat");
  core::Program program = frontends::parseLitmusText(text, "race.litmus");
  encoders::CheckOptions options;
  options.property = core::Property::CatSpec;
  options.solver.kind = solver;
  options.explain = true;
  return encoders::check(program, model, options);
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

INSTANTIATE_TEST_SUITE_P(Solvers, RaceWitness, ::testing::Values(encoders::SolverKind::Z3, encoders::SolverKind::Cvc5),
                         [](const auto& info) { return std::string(encoders::solverName(info.param)); });

}  // namespace
}  // namespace catcheck
