// Enumeration as a step of the front door (Enumerate.h): the event graph is built here, as checkProgram
// builds it for the solver, so that the command line and the library assemble the pipeline in one place.
#include "check/Enumerate.h"

#include "core/graph/EventGraph.h"

namespace catcheck::check {

core::EnumerationResult enumerateProgram(const core::Program& program, const core::Model& model, int bound,
                                         const core::EnumerationLimits& limits) {
  core::EventGraph graph = core::buildEventGraph(program, bound);
  return core::enumerate(model, graph, limits);
}

}  // namespace catcheck::check
