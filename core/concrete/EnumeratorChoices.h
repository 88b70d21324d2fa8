// The memory-side choices of a candidate execution once its executed events and values are fixed
// (EnumeratorChoices.cpp): rf sources, coherence orders, SC-fence orders and final memory values.
// Internal to the enumerator.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "core/analysis/Bounds.h"
#include "core/analysis/Execution.h"
#include "core/graph/EventGraph.h"

namespace catcheck::core {

// Per read of `reads`, its possible rf sources: the executed writes among its rf candidates (`rfMay`) that
// wrote the value read, and -1 (no source) when the value read is 0.
std::vector<std::vector<int>> readSources(const EventGraph& graph, const Execution& execution,
                                          const std::vector<int>& reads, const PairSet& rfMay);

// Every co over the executed writes (inits first) within co's bounds; nullopt when there are more than
// `limit`.
std::optional<std::vector<PairSet>> coherenceChoices(const EventGraph& graph, const EventSet& executed,
                                                     size_t limit, const RelationBounds& bounds);

// Every sync_fence over the executed SC fences; nullopt when there are more than `limit`.
std::optional<std::vector<PairSet>> fenceOrderChoices(const EventGraph& graph, const EventSet& executed,
                                                      size_t limit);

// Every final memory (one value per memory object) the execution's co allows.
std::vector<std::vector<long long>> finalMemoryChoices(const EventGraph& graph, const Execution& execution);

// Calls `visit` with every index vector below `sizes` (an odometer) until it returns false; returns
// whether every combination was visited.
bool forEachCombination(const std::vector<size_t>& sizes,
                        const std::function<bool(const std::vector<size_t>&)>& visit);

}  // namespace catcheck::core
