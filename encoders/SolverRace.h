#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/ir/Verdict.h"
#include "encoders/Solver.h"

namespace catcheck::encoders {

// What a child reports besides its answer: how long it took to encode and to search, and the values the
// caller reads out of a satisfying model (the model itself stays in the child).
struct RaceReport {
  core::PhaseTimes times;
  std::vector<long long> readout;
};

// Which solver answered a query first when both searched it side by side (SolverRace.cpp), with what,
// and the winner's report.
struct RaceOutcome {
  SolverKind winner = SolverKind::Z3;
  SatResult answer = SatResult::Unknown;  // Sat or Unsat
  RaceReport report;
};

// One solver's work on the query, in its own process: encode and search, adding the time of each to
// `report.times` and, on a satisfying answer, filling `report.readout`. Throws SolverGaveUp as solveTimed
// does.
using RaceAttempt = std::function<SatResult(SolverKind kind, RaceReport& report)>;

// Whether this process may fork children for races: set by a program that knows no thread of its own
// can hold a lock when the check forks (the command line, and `run`'s workers it forks); off by default,
// so that a program embedding the library is never forked behind its back.
void allowSolverRaces(bool allowed);

// Runs `attempt` for z3 and for cvc5 at once, each in a child process, and returns the first definite
// answer (the other child is killed). With a `favoured` solver (the one that answered the check's previous
// query), the other child runs at a lower priority (SolverRace.cpp says why). Nothing when no race can be
// held (not allowed, or no fork) or when neither answered for another reason than its time limit: the caller
// then asks in this process, where an error is reported as usual. Throws SolverGaveUp (time limit) when both
// ran into their time limits, or when `limitMs` (0: none) has passed a second ago and neither has answered.
std::optional<RaceOutcome> raceSolvers(const RaceAttempt& attempt, unsigned limitMs,
                                       std::optional<SolverKind> favoured = std::nullopt);

}  // namespace catcheck::encoders
