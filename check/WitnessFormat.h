// Witnesses a person can read: one execution as text (events per thread with values and tags, rf and co
// edges, final state) and as Graphviz DOT (threads as clusters; po, rf, co, fr and any named relations).
#pragma once

#include <map>
#include <string>

#include "core/analysis/Execution.h"
#include "core/graph/EventGraph.h"

namespace catcheck::check {

std::string executionAsText(const core::EventGraph& graph, const core::Execution& execution);

// `relations`: extra edges to draw, by relation name (e.g. from --show).
std::string executionAsDot(const core::EventGraph& graph, const core::Execution& execution,
                           const std::map<std::string, core::PairSet>& relations = {});

}  // namespace catcheck::check
