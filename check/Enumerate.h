// The enumerate step of the front door (check/): every execution of a program's bounded event graph,
// through the concrete enumerator instead of the solver. The command line's --enumerate and the library's
// catcheck::enumerate both go through here.
#pragma once

#include "core/concrete/Enumerator.h"
#include "core/ir/Program.h"

namespace catcheck::check {

// Unrolls `program` to `bound` and enumerates its executions under `model` within `limits`.
core::EnumerationResult enumerateProgram(const core::Program& program, const core::Model& model, int bound,
                                         const core::EnumerationLimits& limits = {});

}  // namespace catcheck::check
