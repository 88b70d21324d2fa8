// The pairs of memory events whose addresses may be equal, found without testing every pair: events at a
// fixed address meet only the events at the same address and the events with a computed address. See
// AliasPairs.cpp.
#pragma once

#include <functional>

#include "core/graph/EventGraph.h"

namespace catcheck::core {

// Calls `f(a, b, alias)` for every ordered pair of memory events (a == b included) whose alias is not No,
// by physical address (loc) or by generic address (vloc) as `generic` says.
void forEachAliasPair(const EventGraph& graph, bool generic,
                      const std::function<void(const Event&, const Event&, Alias)>& f);

}  // namespace catcheck::core
