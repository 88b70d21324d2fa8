// The library's front door: a program, a model and a property in, a verdict out.
#pragma once

#include <functional>
#include <stdexcept>

#include "cat/Model.h"
#include "core/EventGraph.h"
#include "core/Execution.h"
#include "core/Program.h"
#include "core/Progress.h"
#include "core/Verdict.h"
#include "encoders/Solver.h"

namespace catcheck::encoders {

struct CheckOptions {
  core::Property property = core::Property::ProgramSpec;
  int bound = 1;
  SolverOptions solver;
  core::ProgressSpec progress;  // uniform FAIR unless given
  bool explain = false;         // ask the solver for a model and report what fired (slower with cvc5)
  // With `explain`: called with the witness execution once the evaluator has accepted it, while its event
  // graph is alive (to render it, or to evaluate other relations or models on it).
  std::function<void(const core::EventGraph&, const core::Execution&)> onWitness;
};

// A property the checker cannot decide yet (reported as a skip by bulk runs, exit 2 on single checks).
class UnsupportedProperty : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A solver that answered neither sat nor unsat (timeout, resource limit).
class SolverGaveUp : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A solver witness that the independent evaluator rejects: a bug in one of the two engines.
class WitnessRejected : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// With `explain`, every satisfying answer is re-checked by the concrete evaluator (DESIGN.md decision 7)
// and a rejected witness throws WitnessRejected rather than yielding a verdict.
core::Verdict check(const core::Program& program, const cat::Model& model, const CheckOptions& options);

}  // namespace catcheck::encoders
