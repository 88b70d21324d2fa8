// Both solvers side by side (encoders/SolverRace.h): the first definite answer wins and the other child is
// stopped, both time limits are one time limit, anything else leaves the question to the caller, and no
// race is held while this process runs another thread.
#include <gtest/gtest.h>
#include <unistd.h>

#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "encoders/SolverRace.h"

namespace catcheck::encoders {
namespace {

TEST(SolverRace, TheFirstDefiniteAnswerWinsAndTheOtherSolverIsStopped) {
  // z3's child never answers: the race returns only because cvc5's answer stops it.
  std::optional<RaceOutcome> outcome = raceSolvers([](SolverKind kind, double& encodeMs, double& solveMs) {
    if (kind == SolverKind::Z3) {
      while (true) pause();
    }
    encodeMs = 2;
    solveMs = 3;
    return SatResult::Sat;
  });
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winner, SolverKind::Cvc5);
  EXPECT_EQ(outcome->answer, SatResult::Sat);
  EXPECT_EQ(outcome->encodeMs, 2);
  EXPECT_EQ(outcome->solveMs, 3);
}

TEST(SolverRace, AnAnswerWinsOverTheOtherSolversFailure) {
  std::optional<RaceOutcome> outcome = raceSolvers([](SolverKind kind, double&, double&) {
    if (kind == SolverKind::Cvc5) throw std::runtime_error("cvc5 failed");
    return SatResult::Unsat;
  });
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->winner, SolverKind::Z3);
  EXPECT_EQ(outcome->answer, SatResult::Unsat);
}

TEST(SolverRace, BothTimeLimitsAreTheQuerysTimeLimit) {
  try {
    raceSolvers([](SolverKind, double&, double&) -> SatResult { throw SolverGaveUp("timeout", true); });
    FAIL() << "no SolverGaveUp";
  } catch (const SolverGaveUp& gaveUp) {
    EXPECT_TRUE(gaveUp.timeLimit());
  }
}

TEST(SolverRace, NeitherAnsweringForAnotherReasonLeavesTheQuestionToTheCaller) {
  EXPECT_FALSE(raceSolvers([](SolverKind kind, double&, double&) -> SatResult {
                 if (kind == SolverKind::Z3) throw std::runtime_error("z3 failed");
                 return SatResult::Unknown;
               }).has_value());
}

TEST(SolverRace, NoRaceWhileAnotherThreadRuns) {
  std::mutex mutex;
  std::condition_variable changed;
  bool done = false;
  std::thread other([&] {
    std::unique_lock<std::mutex> lock(mutex);
    changed.wait(lock, [&] { return done; });
  });
  bool attempted = false;
  std::optional<RaceOutcome> outcome = raceSolvers([&](SolverKind, double&, double&) {
    attempted = true;
    return SatResult::Sat;
  });
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  changed.notify_all();
  other.join();
  EXPECT_FALSE(outcome.has_value());
  EXPECT_FALSE(attempted);  // not in this process either: the caller asks
}

}  // namespace
}  // namespace catcheck::encoders
