// Both solvers side by side (encoders/SolverRace.h): the first definite answer wins, with the values its
// child read out, and the other child is stopped; both time limits (or silence past the query's) are one
// time limit, anything else leaves the question to the caller, the solver not favoured runs at a lower
// priority, and no race is held unless the program allows it.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <stdexcept>
#include <vector>

#include "encoders/SolverRace.h"

namespace catcheck::encoders {
namespace {

class SolverRace : public ::testing::Test {
 protected:
  void SetUp() override { allowSolverRaces(true); }
  void TearDown() override { allowSolverRaces(false); }
};

TEST_F(SolverRace, TheFirstDefiniteAnswerWinsAndTheOtherSolverIsStopped) {
  // z3's child never answers: the race returns only because cvc5's answer stops it.
  std::optional<RaceOutcome> outcome = raceSolvers(
      [](SolverKind kind, RaceReport& report) {
        if (kind == SolverKind::Z3) {
          while (true) pause();
        }
        report.times.encodeMs = 2;
        report.times.solveMs = 3;
        return SatResult::Sat;
      },
      0);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winner, SolverKind::Cvc5);
  EXPECT_EQ(outcome->answer, SatResult::Sat);
  EXPECT_EQ(outcome->report.times.encodeMs, 2);
  EXPECT_EQ(outcome->report.times.solveMs, 3);
}

TEST_F(SolverRace, TheWinnersReadoutComesBackWithItsAnswer) {
  // More values than a pipe holds at once (64 KiB): the parent reads while the child writes.
  std::vector<long long> values(20000);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<long long>(i * i) - 7;
  std::optional<RaceOutcome> outcome = raceSolvers(
      [&](SolverKind kind, RaceReport& report) {
        if (kind == SolverKind::Cvc5) {
          while (true) pause();
        }
        report.readout = values;
        return SatResult::Sat;
      },
      0);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winner, SolverKind::Z3);
  EXPECT_EQ(outcome->report.readout, values);
}

// The child that answers reports its own niceness; the other never answers.
long long answeringNiceness(SolverKind answering, std::optional<SolverKind> favoured) {
  std::optional<RaceOutcome> outcome = raceSolvers(
      [&](SolverKind kind, RaceReport& report) {
        if (kind != answering) {
          while (true) pause();
        }
        report.readout = {getpriority(PRIO_PROCESS, 0)};
        return SatResult::Unsat;
      },
      0, favoured);
  EXPECT_TRUE(outcome.has_value() && outcome->report.readout.size() == 1);
  return outcome && outcome->report.readout.size() == 1 ? outcome->report.readout[0] : -100;
}

TEST_F(SolverRace, TheSolverNotFavouredRunsAtALowerPriority) {
  long long ours = getpriority(PRIO_PROCESS, 0);
  if (ours >= 15) GTEST_SKIP() << "this process already runs at niceness " << ours << ": no room below";
  EXPECT_EQ(answeringNiceness(SolverKind::Cvc5, SolverKind::Cvc5), ours);
  EXPECT_GT(answeringNiceness(SolverKind::Cvc5, SolverKind::Z3), ours);
  EXPECT_EQ(answeringNiceness(SolverKind::Z3, std::nullopt), ours);  // no favourite: both as we are
  EXPECT_EQ(answeringNiceness(SolverKind::Cvc5, std::nullopt), ours);
}

TEST_F(SolverRace, AnAnswerWinsOverTheOtherSolversFailure) {
  std::optional<RaceOutcome> outcome = raceSolvers(
      [](SolverKind kind, RaceReport&) {
        if (kind == SolverKind::Cvc5) throw std::runtime_error("cvc5 failed");
        return SatResult::Unsat;
      },
      0);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winner, SolverKind::Z3);
  EXPECT_EQ(outcome->answer, SatResult::Unsat);
}

TEST_F(SolverRace, BothTimeLimitsAreTheQuerysTimeLimit) {
  try {
    raceSolvers([](SolverKind, RaceReport&) -> SatResult { throw SolverGaveUp("timeout", true); }, 0);
    FAIL() << "no SolverGaveUp";
  } catch (const SolverGaveUp& gaveUp) {
    EXPECT_TRUE(gaveUp.timeLimit());
  }
}

TEST_F(SolverRace, NeitherAnsweringForAnotherReasonLeavesTheQuestionToTheCaller) {
  EXPECT_FALSE(raceSolvers(
                   [](SolverKind kind, RaceReport&) -> SatResult {
                     if (kind == SolverKind::Z3) throw std::runtime_error("z3 failed");
                     return SatResult::Unknown;
                   },
                   0)
                   .has_value());
}

TEST_F(SolverRace, BothSilentPastTheTimeLimitIsTheTimeLimit) {
  try {
    raceSolvers(
        [](SolverKind, RaceReport&) -> SatResult {
          while (true) pause();
        },
        100);
    FAIL() << "no SolverGaveUp";
  } catch (const SolverGaveUp& gaveUp) {
    EXPECT_TRUE(gaveUp.timeLimit());
  }
}

TEST(SolverRaceNotAllowed, NoRaceUnlessTheProgramAllowsIt) {
  allowSolverRaces(false);
  bool attempted = false;
  std::optional<RaceOutcome> outcome = raceSolvers(
      [&](SolverKind, RaceReport&) {
        attempted = true;
        return SatResult::Sat;
      },
      0);
  EXPECT_FALSE(outcome.has_value());
  EXPECT_FALSE(attempted);  // not in this process either: the caller asks
}

}  // namespace
}  // namespace catcheck::encoders
