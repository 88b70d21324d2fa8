#pragma once

#include <functional>
#include <optional>

#include "core/ir/Verdict.h"
#include "encoders/Solver.h"

namespace catcheck::encoders {

// Which solver answered a query first when both searched it side by side (SolverRace.cpp), with what,
// and how long the winner took to encode and to search.
struct RaceOutcome {
  SolverKind winner = SolverKind::Z3;
  SatResult answer = SatResult::Unknown;  // Sat or Unsat
  core::PhaseTimes times;
};

// One solver's work on the query, in its own process: encode and search, adding the time of each to
// `times`. Throws SolverGaveUp as solveTimed does.
using RaceAttempt = std::function<SatResult(SolverKind kind, core::PhaseTimes& times)>;

// Whether this process may fork children for races: set by a program that knows no thread of its own
// can hold a lock when the check forks (the command line, and `run`'s workers it forks); off by default,
// so that a program embedding the library is never forked behind its back.
void allowSolverRaces(bool allowed);

// Runs `attempt` for z3 and for cvc5 at once, each in a child process, and returns the first definite
// answer (the other child is killed). Nothing when no race can be held (not allowed, or no fork) or when
// neither answered for another reason than its time limit: the caller then asks in this process, where an
// error is reported as usual. Throws SolverGaveUp (time limit) when both ran into their time limits, or
// when `limitMs` (0: none) has passed a second ago and neither has answered.
std::optional<RaceOutcome> raceSolvers(const RaceAttempt& attempt, unsigned limitMs);

}  // namespace catcheck::encoders
