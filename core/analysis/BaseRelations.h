// The base relations a `.cat` model can name (po, loc, vloc, rf, co, sr, syncbar, ...), bounded on one
// event graph. Static relations get may == must; rf, co, sync_fence and quorum barriers are left to the
// encoder within their may sets. The registry itself (names, kinds, descriptors) is in BaseRelation.h.
#pragma once

#include <optional>

#include "core/analysis/BaseRelation.h"
#include "core/analysis/Bounds.h"
#include "core/analysis/Execution.h"
#include "core/graph/EventGraph.h"

namespace catcheck::core {

// Bounds of `relation` on `graph` (its descriptor's bounds function).
RelationBounds baseRelationBounds(const EventGraph& graph, BaseRelation relation);

// Whether threads a and b share every scope level from the outermost down to `level`
// (docs/semantics.md §3.2: ids are hierarchical).
bool sameScopeInstance(const Thread& a, const Thread& b, ScopeLevel level);

// The level of `target` whose key the event carries as a tag (CTA, GPU, SYS, SG, WG, QF, DV, ...), if any.
std::optional<ScopeLevel> eventScope(const Event& e, const Target& target);

// Sets x's loc and vloc to the must pairs of its executed events: the whole choice when no address is
// computed (the enumerator and hand-built executions use it).
void setStaticLocations(const EventGraph& graph, Execution& x);

// Whether two events' threads can synchronise at both events' own scopes (the `sr` relation).
bool mutuallyInScope(const EventGraph& graph, const Event& a, const Event& b);

}  // namespace catcheck::core
