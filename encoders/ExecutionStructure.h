// deterministic's cheap proof: every complete execution has one structure (ExecutionStructure.cpp).
#pragma once

#include "encoders/Query.h"

namespace catcheck::encoders {

// Whether every complete execution of the graph executes the same events, each read reading from the same
// write, each result location ending with the same write, and these fix every value from the inputs: then
// the program is deterministic. False means "not shown this way", never "not deterministic".
bool everyExecutionAlike(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                         const core::Model& model, const DecideOptions& options,
                         const SolverOptions& solverOptions, core::Verdict& verdict);

}  // namespace catcheck::encoders
