// Reads one execution out of a satisfiable encoding (the solver's model), for witnesses and for the
// independent re-check by the concrete evaluator.
#pragma once

#include "core/analysis/Execution.h"
#include "encoders/EncodingContext.h"

namespace catcheck::encoders {

core::Execution extractExecution(EncodingContext& ctx);

}  // namespace catcheck::encoders
