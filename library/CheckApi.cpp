// catcheck::check and catcheck::checkFile (catcheck/Check.h): the public options become check::CheckOptions,
// the internal verdict becomes a public Verdict, and the witness execution, while its event graph is still
// alive, becomes a Witness: its text (check/WitnessFormat.h) and a structured view of its events and its
// rf and co edges.
#include <chrono>

#include "check/Check.h"
#include "check/WitnessFormat.h"
#include "core/ir/Progress.h"
#include "library/Handles.h"
#include "library/Translate.h"

namespace catcheck {
namespace {

const char* kindName(core::EventKind kind) {
  switch (kind) {
    case core::EventKind::Init:
      return "init";
    case core::EventKind::Read:
      return "read";
    case core::EventKind::Write:
      return "write";
    case core::EventKind::Fence:
      return "fence";
    case core::EventKind::Barrier:
      return "barrier";
    case core::EventKind::Visible:
      return "visible";
    case core::EventKind::Collective:
      return "collective";
  }
  return "unknown";
}

std::vector<std::string> tagsOf(const core::Event& event) {
  std::vector<std::string> tags;
  for (const std::string& tag : event.tags.names()) {
    if (tag != "_") tags.push_back(tag);
  }
  return tags;
}

WitnessEvent eventOf(const core::EventGraph& graph, const core::Execution& execution, const core::Event& e) {
  const core::Program& program = *graph.program;
  WitnessEvent event;
  event.id = e.id;
  event.thread = e.thread;
  event.threadName = e.thread < 0 ? "init" : program.threads.at(static_cast<size_t>(e.thread)).name;
  event.kind = kindName(e.kind);
  if (e.location >= 0) event.location = program.memory.at(static_cast<size_t>(e.location)).name;
  if (e.isMemory()) event.value = execution.value.at(static_cast<size_t>(e.id));
  event.tags = tagsOf(e);
  event.instruction = graph.describe(e.id);
  if (e.thread >= 0) {
    core::Verdict::EventSite site = graph.site(e.id);
    event.sourceFile = site.source.file;
    event.sourceLine = site.source.line;
    event.sourceColumn = site.source.column;
    event.threadPlace = site.thread;
  }
  return event;
}

std::vector<WitnessEdge> edgesOf(const core::PairSet& pairs) {
  std::vector<WitnessEdge> edges;
  pairs.forEach([&](int from, int to) { edges.push_back({from, to}); });
  return edges;
}

Witness witnessOf(const core::EventGraph& graph, const core::Execution& execution) {
  Witness witness;
  witness.text = check::executionAsText(graph, execution);
  for (const core::Event& e : graph.events) {
    if (execution.executed.has(e.id)) witness.events.push_back(eventOf(graph, execution, e));
  }
  witness.rf = edgesOf(execution.rf);
  witness.co = edgesOf(execution.co);
  return witness;
}

check::CheckOptions internalOptions(const CheckOptions& options, std::optional<Witness>& witness) {
  detail::requireBound(options.bound);
  check::CheckOptions internal;
  internal.property = detail::toCore(options.property);
  internal.bound = options.bound;
  internal.solver.kind = detail::toCore(options.solver);
  internal.solver.timeoutMs = detail::timeoutMilliseconds(options.timeoutSeconds);
  internal.progress = core::parseProgressSpec(options.progress);
  internal.explain = options.witness;
  if (options.witness) {
    internal.onWitness = [&witness](const core::EventGraph& graph, const core::Execution& execution) {
      witness = witnessOf(graph, execution);
    };
  }
  return internal;
}

Verdict publicVerdict(core::Verdict&& verdict, std::optional<Witness>&& witness) {
  Verdict result;
  result.result = detail::fromCore(verdict.result);
  result.explanation = std::move(verdict.explanation);
  result.fired = !verdict.firedFlag.empty();
  result.firedFlag = std::move(verdict.firedFlag);
  result.firedPair = std::move(verdict.firedPair);
  result.stuck = std::move(verdict.stuck);
  result.testName = std::move(verdict.testName);
  result.condition = std::move(verdict.condition);
  result.witnessBound = verdict.witnessBound;
  const core::PhaseTimes& t = verdict.times;
  result.times = Times{t.parseMs, t.analysisMs, t.encodeMs, t.solveMs, t.totalMs()};
  result.witness = std::move(witness);
  return result;
}

}  // namespace

Verdict checkProgram(const Program& program, const Model& model, const CheckOptions& options) {
  return detail::translated([&] {
    const core::Program& internalProgram = detail::Access::program(program);
    std::optional<Witness> witness;
    check::CheckOptions internal = internalOptions(options, witness);
    core::Verdict verdict = check::run({&detail::Access::model(model), "", &internalProgram, internal});
    return publicVerdict(std::move(verdict), std::move(witness));
  });
}

Verdict checkFile(const std::string& programPath, const Model& model, const CheckOptions& options) {
  auto start = std::chrono::steady_clock::now();
  Program program = loadProgramFile(programPath);
  double parseMs =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  Verdict verdict = checkProgram(program, model, options);
  verdict.times.parseMs = parseMs;
  verdict.times.totalMs += parseMs;
  return verdict;
}

}  // namespace catcheck
