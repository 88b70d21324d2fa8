// Renders one execution for people. The text form lists each thread's executed events in program order
// with the value read or written (an mbarrier's as its phase, arrivals and pending bytes) and the event's
// tags, then which phase each mbarrier update joined, the rf and co edges and the final state. The
// DOT form draws threads as clusters (init writes in their own), program order as thin black edges, rf
// red, co blue, fr orange, and any extra relations in other colours with their names as labels.
#include "check/WitnessFormat.h"

#include <fmt/format.h>

#include <sstream>

#include "core/ir/Mbarrier.h"

namespace catcheck::check {
namespace {

std::string tagList(const core::Event& e) {
  std::string text;
  for (const std::string& tag : e.tags.names()) {
    if (tag == "_" || tag == "M") continue;
    text += (text.empty() ? "" : ",") + tag;
  }
  return text;
}

// An mbarrier state (core/ir/Mbarrier.h) as people read it.
std::string mbarrierState(long long state) {
  core::MbarrierState s = core::decodeMbarrier(state);
  return fmt::format("[phase {}: {}/{} arrived, {} bytes pending]", s.phase, s.arrived, s.count,
                     s.pendingBytes);
}

std::string eventLabel(const core::EventGraph& graph, const core::Execution& execution, int id) {
  const core::Event& e = graph.event(id);
  std::string value;
  long long v = execution.value[static_cast<size_t>(id)];
  if (e.isMemory())
    value = fmt::format("  {} {}", e.kind == core::EventKind::Read ? "reads" : "writes",
                        e.tags.has(core::tags::Mbarrier) ? mbarrierState(v) : std::to_string(v));
  if (e.kind == core::EventKind::Collective)
    value = fmt::format("  returns {}", execution.value[static_cast<size_t>(id)]);
  return fmt::format("e{} {}{}  {{{}}}", id, graph.describe(id), value, tagList(e));
}

// Which phase of which barrier each executed mbarrier update joined, and which update completed it.
void printPhases(std::ostringstream& out, const core::EventGraph& graph, const core::Execution& execution) {
  for (const core::Event& e : graph.events) {
    if (e.kind != core::EventKind::Read || e.rmwPartner < 0 || !execution.executed.has(e.id) ||
        graph.stepOf(e).instruction->access().rmwOp != core::RmwOp::MbarrierUpdate)
      continue;
    long long before = core::decodeMbarrier(execution.value[static_cast<size_t>(e.id)]).phase;
    long long after = core::decodeMbarrier(execution.value[static_cast<size_t>(e.rmwPartner)]).phase;
    const std::string& barrier = graph.program->memory[static_cast<size_t>(e.location)].name;
    out << fmt::format("  phase: e{} joins phase {} of {}{}\n", e.id, before, barrier,
                       after > before ? fmt::format(" and completes it (e{})", e.rmwPartner) : "");
  }
}

void printEdges(std::ostringstream& out, const char* name, const core::PairSet& pairs) {
  pairs.forEach([&](int a, int b) { out << fmt::format("  {}: e{} -> e{}\n", name, a, b); });
}

core::PairSet fromReads(const core::Execution& execution) {
  core::PairSet fr(execution.rf.size());
  execution.rf.forEach(
      [&](int w, int r) { execution.co.successors(w).forEach([&](int later) { fr.add(r, later); }); });
  return fr;
}

}  // namespace

std::string executionAsText(const core::EventGraph& graph, const core::Execution& execution) {
  std::ostringstream out;
  const core::Program& program = *graph.program;
  for (const core::UnrolledThread& thread : graph.threads) {
    out << program.threads[static_cast<size_t>(thread.thread)].name << ":\n";
    for (const core::Step& step : thread.steps) {
      for (int e : step.events) {
        if (execution.executed.has(e)) out << "  " << eventLabel(graph, execution, e) << "\n";
      }
    }
  }
  printPhases(out, graph, execution);
  printEdges(out, "rf", execution.rf);
  printEdges(out, "co", execution.co);
  out << "final:";
  for (size_t t = 0; t < execution.finalRegisters.size(); ++t) {
    const core::Thread& thread = program.threads[t];
    for (size_t r = 0; r < execution.finalRegisters[t].size(); ++r) {
      out << fmt::format(" {}:{}={}", thread.name, thread.registerNames[r], execution.finalRegisters[t][r]);
    }
  }
  for (size_t m = 0; m < execution.finalMemory.size(); ++m)
    out << fmt::format(" {}={}", program.memory[m].name, execution.finalMemory[m]);
  out << "\n";
  return out.str();
}

std::string executionAsDot(const core::EventGraph& graph, const core::Execution& execution,
                           const std::map<std::string, core::PairSet>& relations) {
  std::ostringstream out;
  out << "digraph witness {\n  node [shape=box, fontname=\"monospace\"];\n";
  auto node = [&](int e) {
    std::string label = eventLabel(graph, execution, e);
    std::string escaped;
    for (char c : label) escaped += c == '"' ? std::string("\\\"") : std::string(1, c);
    out << fmt::format("    e{} [label=\"{}\"];\n", e, escaped);
  };
  out << "  subgraph cluster_init {\n    label=\"init\";\n";
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Init) node(e.id);
  }
  out << "  }\n";
  for (const core::UnrolledThread& thread : graph.threads) {
    out << fmt::format("  subgraph cluster_P{} {{\n    label=\"{}\";\n", thread.thread,
                       graph.program->threads[static_cast<size_t>(thread.thread)].name);
    int previous = -1;
    for (const core::Step& step : thread.steps) {
      for (int e : step.events) {
        if (!execution.executed.has(e)) continue;
        node(e);
        if (previous >= 0) out << fmt::format("    e{} -> e{} [label=\"po\"];\n", previous, e);
        previous = e;
      }
    }
    out << "  }\n";
  }
  auto edges = [&](const std::string& name, const core::PairSet& pairs, const char* colour) {
    pairs.forEach([&](int a, int b) {
      out << fmt::format("  e{} -> e{} [label=\"{}\", color={}, fontcolor={}];\n", a, b, name, colour,
                         colour);
    });
  };
  edges("rf", execution.rf, "red");
  edges("co", execution.co, "blue");
  edges("fr", fromReads(execution), "orange");
  const char* palette[] = {"darkgreen", "purple", "brown", "magenta", "teal"};
  size_t colour = 0;
  for (const auto& [name, pairs] : relations) edges(name, pairs, palette[colour++ % 5]);
  out << "}\n";
  return out.str();
}

}  // namespace catcheck::check
