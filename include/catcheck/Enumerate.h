// Exhaustive enumeration of a small program's executions (herd7 style), classified by the concrete
// evaluator instead of a solver: every reachable final state with how many consistent executions reach
// it. Threads follow uniform FAIR progress.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catcheck/Check.h"
#include "catcheck/Export.h"
#include "catcheck/Model.h"
#include "catcheck/Program.h"

namespace catcheck {

struct EnumerateOptions {
  Property property = Property::ProgramSpec;  // for the verdict computed from the outcomes
  int bound = 1;
  int maxEvents = 48;                 // past any limit the enumeration stops and reports itself incomplete
  long long maxEvaluations = 100000;  // candidate executions given to the evaluator
};

// The consistent executions that end in the same way.
struct Outcome {
  std::string state;  // "P1:r0=1; P1:r1=0; x=1; y=1" ('?' for a register left free by a blocked thread)
  std::vector<std::vector<std::optional<long long>>> registers;  // per thread, per register
  std::vector<long long> memory;                                 // per memory location
  bool terminated = true;                                        // every thread reached its end
  bool boundReached = false;                                     // some loop ran into the unrolling bound
  bool filterHolds = true;
  bool conditionHolds = false;     // the test's condition holds in the final state
  std::vector<std::string> flags;  // flagged axioms that fire
  bool stuckWitness = false;       // witnesses non-termination
  long long executions = 0;        // consistent executions with this outcome
};

struct Enumeration {
  bool complete = true;
  std::string incompleteReason;  // which limit was exceeded
  long long consistentExecutions = 0;
  std::vector<Outcome> outcomes;
  std::optional<Result> result;  // the verdict for the property; none when incomplete or undecided
};

CATCHECK_API Enumeration enumerate(const Program& program, const Model& model,
                                   const EnumerateOptions& options = {});

}  // namespace catcheck
