// Which read values a question can observe (issue 29: a bug should be cheaper than a proof).
//
// A tree reduction without its __syncthreads has a race whatever the numbers it adds are, yet the solver
// must still find 32-bit sums consistent with every reads-from choice before it can say so: at 256 threads
// that search was 13 of 15 seconds. A read's value matters only when it can reach a branch, an address, a
// barrier or warp operand, a compare-and-swap that decides whether it writes, a spin loop's comparison, or
// the final state a condition reads; everything else is arithmetic no axiom looks at. Leaving out the
// "value read = value written" equality of the other reads relaxes the query: no execution is lost, so an
// unsatisfiable answer stands (a PASS), while a satisfying one is confirmed with the equalities back
// (Checker.cpp), so a FAIL and its witness are exactly those of the full query.
#pragma once

#include <vector>

#include "core/graph/EventGraph.h"

namespace catcheck::encoders {

// Per event: whether it is a read whose value some observation can depend on (non-reads: false).
// `conditionsObserved`: the program's final-state conditions are part of the question (program_spec's
// assertion; the filter is always observed).
std::vector<char> observableReads(const core::EventGraph& graph, bool conditionsObserved);

}  // namespace catcheck::encoders
