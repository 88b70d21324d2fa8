// The non-termination witness of docs/semantics.md §7.5; see TerminationEncoder.cpp.
#pragma once

#include "encoders/EncodingContext.h"

namespace catcheck::encoders {

// A formula satisfied exactly by fair executions in which some thread is stuck forever in a loop or at a
// barrier, and no loop bound is reached.
Term nonTermination(EncodingContext& ctx);

}  // namespace catcheck::encoders
