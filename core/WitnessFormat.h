// Witnesses a person can read: one execution as text (events per thread with values and tags, rf and co
// edges, final state) and as Graphviz DOT (threads as clusters; po, rf, co, fr and any named relations).
#pragma once

#include <map>
#include <string>

#include "core/EventGraph.h"
#include "core/Execution.h"

namespace catcheck::core {

std::string executionAsText(const EventGraph& graph, const Execution& execution);

// `relations`: extra edges to draw, by relation name (e.g. from --show).
std::string executionAsDot(const EventGraph& graph, const Execution& execution,
                           const std::map<std::string, PairSet>& relations = {});

}  // namespace catcheck::core
