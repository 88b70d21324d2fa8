// The values a read can take, where the program bounds them without the solver (issue 30). A width-w
// sum needs a modulus 2^w only when it can reach 2^w (ValueEncoder::wrap), and a modulus costs the solver
// a quotient to search for: the ticket lock's "next ticket" and "now serving" counters, incremented a
// handful of times from 0, were 32-bit sums taken modulo 2^32 at every step.
//
// Two kinds of location are bounded:
//  * one no write reaches but initial ones (inputs, push constants, built-ins): one of those values, or 0;
//  * a counter: every write of it stores a constant, or a value read from it plus a constant c >= 0 (an
//    atomic add of c, a load, an add of c and a store, an exchange or compare-and-swap of a constant).
//    Every value it holds is then a constant plus the increments of a chain of distinct writes (each
//    write executes once in the unrolled program, and a chain that came back to a write would need
//    increments summing to 0 modulo 2^w, impossible below 2^w), so it lies between the least constant
//    and the largest plus the sum of every write's increment -- when that sum stays below 2^w, no sum
//    wrapped and the bound holds in every execution. Counters whose values no question observes
//    (ValueRelevance.h) are left unbounded: there a bound changes no answer and only slows the search.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/graph/EventGraph.h"
#include "encoders/Formula.h"

namespace catcheck::encoders {

// Per event: the range of values the read takes, or nullopt (not a read, or not bounded).
// `initialRange`: the range of an init event's value, where known.
std::vector<std::optional<Formula::Range>> boundedReads(
    const core::EventGraph& graph, const std::function<std::optional<Formula::Range>(int)>& initialRange);

// Per event: the states a read of an mbarrier takes (issue 29), or no values. Where every write of the
// location is mbarrier.init (a constant store) or an update by a constant operand (arrive, expect_tx,
// complete_tx), its states are its constants with updates applied, few enough to list (up to
// Formula::kDomainLimit). The list is open when an initial value is unknown (a kernel's shared memory: a
// read of it before mbarrier.init takes any value) or a complete_tx subtracts bytes (updates could then
// come back to a state, and the list is not proved complete); ValueEncoder's tables fall back to
// arithmetic outside an open list.
std::vector<Formula::Domain> mbarrierReadDomains(
    const core::EventGraph& graph, const std::function<std::optional<Formula::Range>(int)>& initialRange);

}  // namespace catcheck::encoders
