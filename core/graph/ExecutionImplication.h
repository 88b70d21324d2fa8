// Which events execute whenever another one does: the relation analysis uses it to keep a composition's
// pair certain when its middle event is implied by an end (docs/design.md decision 4). See
// ExecutionImplication.cpp.
#pragma once

#include "core/graph/EventGraph.h"
#include "core/graph/PairSet.h"

namespace catcheck::core {

// implies(y, c): every execution that executes y executes c. Two sources, closed under each other:
//  - dominance in a thread: a step that every path to y's step passes through (no jump from before it lands
//    between it and y), and the events of y's own step before y (an RMW's read before its write);
//  - unnamed control barriers (core/graph/BarrierGroups.h): the members of a group execute together or not
//    at all, so a member implies every other member and what those imply; the same for the instances of
//    warp barriers (bar.warp.sync) whose every lane must pass its member on the way to its end.
// warpOrdinal: per event, a warp primitive's instance number (the k-th primitive of its family and mask in
// its lane) when every earlier one of its lane dominates it, else -1 (also for every other event).
struct ExecutionFacts {
  PairSet implies;
  std::vector<int> warpOrdinal;
};
ExecutionFacts executionFacts(const EventGraph& graph);

}  // namespace catcheck::core
