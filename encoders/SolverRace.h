#pragma once

#include <functional>
#include <optional>

#include "encoders/Solver.h"

namespace catcheck::encoders {

// Which solver answered a query first when both searched it side by side (SolverRace.cpp), with what,
// and how long the winner took to encode and to search.
struct RaceOutcome {
  SolverKind winner = SolverKind::Z3;
  SatResult answer = SatResult::Unknown;  // Sat or Unsat
  double encodeMs = 0;
  double solveMs = 0;
};

// One solver's work on the query, in its own process: encode, search, and say how long each took.
// Throws SolverGaveUp as solveTimed does.
using RaceAttempt = std::function<SatResult(SolverKind kind, double& encodeMs, double& solveMs)>;

// Runs `attempt` for z3 and for cvc5 at once, each in a child process, and returns the first definite
// answer (the other child is killed). Nothing when no race can be held (this process runs other threads,
// or cannot fork) or when neither answered for another reason than its time limit: the caller then asks
// in this process, where an error is reported as usual. Throws SolverGaveUp (time limit) when both ran
// into their time limits.
std::optional<RaceOutcome> raceSolvers(const RaceAttempt& attempt);

}  // namespace catcheck::encoders
