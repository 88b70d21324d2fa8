// The base relations a `.cat` model can name (po, loc, vloc, rf, co, sr, syncbar, ...), bounded on one
// event graph. Static relations get may == must; rf, co, sync_fence and quorum barriers are left to the
// encoder within their may sets.
#pragma once

#include <optional>
#include <string>

#include "core/Bounds.h"
#include "core/EventGraph.h"

namespace catcheck::core {

// Whether `name` is one of the base relations a `.cat` model can name without defining it (Dat3M's
// RelationNameRepository plus herd's `id`, `int`, `ext`); every other unbound name is a tag set.
bool isBaseRelationName(const std::string& name);

// Bounds of base relation `name`; nullopt when the name is not a base relation.
std::optional<RelationBounds> baseRelationBounds(const EventGraph& graph, const std::string& name);

// Whether threads a and b share every scope level from the outermost down to `level`
// (SEMANTICS.md §3.2: ids are hierarchical).
bool sameScopeInstance(const Thread& a, const Thread& b, ScopeLevel level);

// The scope level named by an event's scope tag (CTA, GPU, SYS, SG, WG, QF, DV), if any.
std::optional<ScopeLevel> eventScope(const Event& e);

// Whether two events' threads can synchronise at both events' own scopes (the `sr` relation).
bool mutuallyInScope(const EventGraph& graph, const Event& a, const Event& b);

}  // namespace catcheck::core
