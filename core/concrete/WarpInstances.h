// Warp-primitive instances on concrete runs (issue 9): the concrete evaluator's restatement of
// encoders/WarpEncoder.cpp. Given one run per thread, it groups the warp primitives into instances (the
// k-th of a family and mask per lane), decides which complete, computes the collectives' results, and
// reports what the execution claims that the runs contradict, undefined behaviour, and participation
// violations under a warp configuration.
#pragma once

#include <string>
#include <vector>

#include "core/analysis/Execution.h"
#include "core/concrete/EvaluatorProgram.h"
#include "core/ir/Warps.h"

namespace catcheck::core {

struct WarpInstanceCheck {
  PairSet syncbar;                         // warp-barrier pairs that met (each executed one with itself)
  std::vector<std::string> problems;       // where the execution disagrees with the runs
  std::vector<std::string> undefined;      // undefined behaviour (cat_spec)
  std::vector<std::string> participation;  // instances whose participants `config` does not guarantee
};

// `values`: per event, the value the execution gives it (collectives: their results).
WarpInstanceCheck checkWarpInstances(const EventGraph& graph, const std::vector<ThreadRun>& runs,
                                     const std::vector<long long>& values, WarpConfig config);

// The same on the runs the execution determines (EvaluatorChecks.cpp re-runs each thread on its values).
WarpInstanceCheck warpInstancesOf(const EventGraph& graph, const Execution& execution, WarpConfig config);

}  // namespace catcheck::core
