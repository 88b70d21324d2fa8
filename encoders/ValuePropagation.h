// The read values of an execution whose choices are fixed (issue 29: a bug should be cheaper than a proof).
//
// After the relaxed question (ValueRelevance.h) found an execution with some read values left free, the
// confirming query asks again with every value, pinned to the execution's reads-from, coherence and
// executed events. With those fixed, every value follows by running the threads: a read returns what its
// rf source wrote. The solver would find the same values by search, which over floating-point fixed
// functions (core/ir/FloatBits.h: products modulo 2^32) can take minutes; computed here, they enter the
// query as constants and the arithmetic folds away. The query still checks them: wrong values make it
// unsatisfiable, and the caller then asks without them. For cat_spec and program_spec's final-state
// assertions the concrete evaluator can often confirm the execution with its propagated values instead,
// and no second query is needed.
#pragma once

#include <map>
#include <optional>

#include "core/analysis/Execution.h"
#include "core/graph/EventGraph.h"

namespace catcheck::encoders {

// `found` with every value as its threads produce them when they run on its choices, the initial values
// the program leaves unknown as in `inputs` (init event -> value): every executed read and write, the final
// registers and the final memory (the first co-maximal write's value). Nothing when the values do not
// settle (a cycle of reads and writes through data), a thread's run cannot be matched with the events
// `found` executed, or the program has values the runs do not determine (warp collectives, OpUndef,
// threads that may stop). For a relaxed answer this is the execution with its real values: the concrete
// evaluator may confirm it as it is, or its read values enter the confirming query as constants
// (encoders/Checker.cpp).
std::optional<core::Execution> propagatedExecution(const core::EventGraph& graph,
                                                   const core::Execution& found,
                                                   const std::map<int, long long>& inputs);

// The values of the executed reads of `x` (event -> value).
std::map<int, long long> readValuesOf(const core::EventGraph& graph, const core::Execution& x);

}  // namespace catcheck::encoders
