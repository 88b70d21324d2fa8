// The base relations fixed by which thread each event belongs to: po, int, ext, id and amo (rmw pairs),
// built row by row from the threads' event lists. See ThreadRelations.cpp.
#pragma once

#include <vector>

#include "core/analysis/Bounds.h"
#include "core/graph/EventGraph.h"

namespace catcheck::core::thread_relations {

// Each thread's events (indexed by thread; init writes belong to none).
std::vector<EventSet> eventsPerThread(const EventGraph& graph);

RelationBounds programOrder(const EventGraph& graph);
RelationBounds internal(const EventGraph& graph);  // same thread; an init write only with itself
RelationBounds external(const EventGraph& graph);  // the complement of internal
RelationBounds identity(const EventGraph& graph);
RelationBounds atomicPairs(const EventGraph& graph);  // the read of an RMW with its write

}  // namespace catcheck::core::thread_relations
