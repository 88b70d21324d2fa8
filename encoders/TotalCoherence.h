// Where a model makes coherence total, so that the closure `co+` needs no closure encoding (issue 29).
//
// The PTX models take the coherence order as the transitive closure of the pairs the encoding chooses
// (`let co = co+`: PTX coherence is partial), and the exact closure of n writes to one location costs n^3
// terms: a 128-thread atomicAdd counter spent 25 s encoding it. The same models require morally strong
// writes to one location to be ordered one way or the other (`empty A \ (co | co^-1)`, PTX ISA 8.9.6).
// Where every two writes of a location are such a pair of A's must bounds, or ordered by co's own must
// bounds, the closure is a total order on the writes that execute; choosing every pair of it directly loses
// no execution (the closure, the only way the model reads co, is the same), and a total choice contained in
// the integer clocks that make co acyclic is already transitive. There the closure is co itself.
#pragma once

#include <cstddef>
#include <optional>

#include "core/analysis/RelationAnalysis.h"
#include "core/analysis/RelationGraph.h"
#include "core/graph/PairSet.h"

namespace catcheck::encoders {

struct TotalCoherence {
  core::NodeId base = -1;     // the base relation co
  core::NodeId closure = -1;  // co+, the only way the axioms read co
  core::EventSet events;      // writes whose location's coherence the model makes total
};

// Nothing when the model reads base co other than through its closure, or never forces a pair to be
// ordered.
// Below `minWrites` writes a location keeps the exact closure: its n^3 terms are cheap there, and they
// propagate better than totality clauses (a 32-thread TMA kernel's deterministic check, whose mbarrier
// takes 33 arrivals, went from seconds to minutes with its coherence made total).
// The encoder's threshold (48): a setting only tests change, to check small programs both ways.
size_t& minTotalCoherenceWrites();
std::optional<TotalCoherence> findTotalCoherence(const core::Model& model,
                                                 const core::RelationAnalysis& bounds, size_t minWrites);

}  // namespace catcheck::encoders
