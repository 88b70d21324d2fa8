// Per-row limits of `catcheck run`: a row past --timeout becomes TIMEOUT and a row past --memory-mb an
// ERROR, while the other rows still get their verdicts. run-limits.csv has two quick rows (FAST) around
// run-slow.litmus (SLOW), which needs seconds and hundreds of MB. Also checks that the solvers' own time
// limit (SolverOptions::timeoutMs) stops a query that would otherwise run for a long time.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "encoders/Solver.h"
#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

const std::string kLimits = " --manifest " + kData + "run-limits.csv";

std::vector<std::string> statusesIn(const std::string& reportPath) {
  std::vector<std::string> statuses;
  nlohmann::json report = nlohmann::json::parse(readText(reportPath));
  for (const auto& row : report["rows"]) statuses.push_back(row["status"]);
  return statuses;
}

TEST(RunLimits, ARowPastTheTimeoutIsATimeoutAndTheOthersStillReport) {
  ScratchFolder scratch;
  // One worker: the row after the slow one runs in the worker that replaces the killed one.
  CommandResult run = runCatcheck("run" + kLimits + " --timeout 1.5 --jobs 1 --report " + scratch / "r.json");
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_NE(run.output.find("TIMEOUT  SLOW " + kData +
                            "run-slow.litmus [ptx-v7.5.cat, program_spec]: no result within 1.5 s\n"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("\nSLOW        1      0       0        1      0        0 "), std::string::npos)
      << run.output;
  EXPECT_EQ(lastLine(run.output), "2 passed, 1 failed");
  EXPECT_EQ(statusesIn(scratch / "r.json"), (std::vector<std::string>{"agree", "timeout", "agree"}));
}

TEST(RunLimits, ARowPastTheMemoryCapIsAnErrorAndTheOthersStillReport) {
  ScratchFolder scratch;
  CommandResult run =
      runCatcheck("run" + kLimits + " --memory-mb 150 --jobs 2 --report " + scratch / "r.json");
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_NE(run.output.find("ERROR    SLOW "), std::string::npos) << run.output;
  EXPECT_EQ(lastLine(run.output), "2 passed, 1 failed");
  EXPECT_EQ(statusesIn(scratch / "r.json"), (std::vector<std::string>{"agree", "error", "agree"}));
}

// The pigeonhole principle for n + 1 pigeons in n holes: unsatisfiable and exponentially hard for CDCL.
void assertPigeonhole(encoders::SolverBackend& solver, int holes) {
  using encoders::Term, encoders::TermOp;
  std::vector<std::vector<Term>> in(holes + 1);
  for (int p = 0; p <= holes; ++p) {
    for (int h = 0; h < holes; ++h)
      in[p].push_back(solver.boolVariable("p" + std::to_string(p) + "h" + std::to_string(h)));
    solver.assertFormula(solver.apply(TermOp::Or, in[p]));
  }
  for (int h = 0; h < holes; ++h) {
    for (int p = 0; p <= holes; ++p) {
      for (int q = p + 1; q <= holes; ++q)
        solver.assertFormula(solver.apply(TermOp::Not, {solver.apply(TermOp::And, {in[p][h], in[q][h]})}));
    }
  }
}

// cvc5 runs in a module of its own (encoders/Cvc5Solver.cpp): a time limit that passes while a query is
// built is thrown there and must be caught here as the SolverGaveUp it is.
TEST(RunLimits, ACvc5TimeLimitPassedWhileEncodingReachesTheCallerAsSolverGaveUp) {
  encoders::SolverOptions options;
  options.kind = encoders::SolverKind::Cvc5;
  options.timeoutMs = 1;
  options.limitIncludesEncoding = true;
  std::unique_ptr<encoders::SolverBackend> solver = encoders::makeSolver(options);
  bool stopped = false;
  try {
    for (int i = 0; i < 10'000'000; ++i) solver->boolVariable("v" + std::to_string(i));
  } catch (const encoders::SolverGaveUp& error) {
    stopped = error.timeLimit();
  }
  EXPECT_TRUE(stopped);
}

TEST(RunLimits, SolverTimeLimitsStopALongQuery) {
  for (encoders::SolverKind kind : {encoders::SolverKind::Z3, encoders::SolverKind::Cvc5}) {
    encoders::SolverOptions options;
    options.kind = kind;
    options.timeoutMs = 200;
    std::unique_ptr<encoders::SolverBackend> solver = encoders::makeSolver(options);
    auto start = std::chrono::steady_clock::now();
    // The limit counts from the query's first term: on a loaded machine it may already stop the query
    // while the formula is being built or before the search starts (SolverGaveUp, a time limit), which is
    // stopping it too.
    encoders::SatResult result = encoders::SatResult::Sat;
    try {
      assertPigeonhole(*solver, 12);
      result = solver->check();
    } catch (const encoders::SolverGaveUp& stopped) {
      EXPECT_TRUE(stopped.timeLimit()) << encoders::solverName(kind) << ": " << stopped.what();
      EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
      continue;
    }
    EXPECT_EQ(result, encoders::SatResult::Unknown) << encoders::solverName(kind);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5))
        << encoders::solverName(kind);
    encoders::UnknownReason reason = solver->reasonUnknown();
    EXPECT_TRUE(reason.timeLimit) << encoders::solverName(kind) << ": " << reason.text;
  }
}

}  // namespace
}  // namespace catcheck::testing
