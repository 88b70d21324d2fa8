// Read values by running the threads on an execution's fixed choices (ValuePropagation.h says why). Each
// round runs every thread with its reads returning what their rf sources are known to write (0 while a
// source's value is not known yet), keeps the run that executes exactly the thread's executed events, and
// records the values its writes produce; rounds repeat until no written value changes. A chain of k
// threads passing values settles within k rounds; a cycle through data may never settle, and then the
// caller asks the solver instead.
#include "encoders/ValuePropagation.h"

#include <algorithm>
#include <vector>

#include "core/concrete/Evaluator.h"
#include "core/ir/Log.h"

namespace catcheck::encoders {
namespace {

constexpr int kMaxRounds = 64;
constexpr size_t kMaxPathsPerThread = 8;

bool determinedByRuns(const core::EventGraph& graph, const core::Execution& found) {
  if (found.threadsMayStop()) return false;
  return std::none_of(graph.events.begin(), graph.events.end(),
                      [](const core::Event& e) { return e.kind == core::EventKind::Collective; });
}

// The run of thread `t` that executes exactly the events `found` executed there.
std::optional<core::ThreadRun> matchingRun(const core::EventGraph& graph, const core::Execution& found, int t,
                                           const core::RunChoices& choices) {
  auto paths = core::explorePaths(graph, t, choices, kMaxPathsPerThread);
  if (!paths) return std::nullopt;
  for (core::ThreadPath& path : *paths) {
    core::ThreadRun run = core::completeRun(graph, std::move(path));
    if (core::ranAsExecuted(graph, found, t, run)) return run;
  }
  return std::nullopt;
}

// What the runs settled on: per init and write the value it produced, per thread its matching run (whose
// values hold every executed read's too).
struct Propagation {
  std::vector<std::optional<long long>> written;
  std::vector<core::ThreadRun> runs;
};

std::optional<Propagation> propagate(const core::EventGraph& graph, const core::Execution& found,
                                     const std::map<int, long long>& inputs) {
  if (!determinedByRuns(graph, found)) return std::nullopt;
  std::vector<int> source(static_cast<size_t>(graph.size()), -1);
  found.rf.forEach([&](int write, int read) { source[static_cast<size_t>(read)] = write; });
  Propagation result;
  std::vector<std::optional<long long>>& written = result.written;
  written.resize(static_cast<size_t>(graph.size()));
  for (const core::Event& e : graph.events) {
    if (e.kind != core::EventKind::Init) continue;
    auto input = inputs.find(e.id);
    const core::MemoryObject& location = graph.program->memory[static_cast<size_t>(e.location)];
    if (input != inputs.end())
      written[static_cast<size_t>(e.id)] = input->second;
    else if (!location.initialValueUnknown)
      written[static_cast<size_t>(e.id)] = location.initialValue;
  }
  core::RunChoices choices{
      [&](const core::Event& read) {
        int from = source[static_cast<size_t>(read.id)];
        return std::vector<long long>{from >= 0 ? written[static_cast<size_t>(from)].value_or(0) : 0};
      },
      [&](const core::Event& barrier) { return std::vector<bool>{found.executed.has(barrier.id)}; }};
  for (int round = 0; round < kMaxRounds; ++round) {
    bool settled = true;
    result.runs.clear();
    for (int t = 0; t < static_cast<int>(graph.threads.size()); ++t) {
      std::optional<core::ThreadRun> run = matchingRun(graph, found, t, choices);
      if (!run) {
        settled = false;  // its runs may match once the values it reads are known
        continue;
      }
      if (!run->freeValues.empty()) return std::nullopt;
      for (const auto& [event, value] : run->values) {
        if (graph.event(event).kind != core::EventKind::Write) continue;
        std::optional<long long>& slot = written[static_cast<size_t>(event)];
        if (slot != value) settled = false;
        slot = value;
      }
      result.runs.push_back(std::move(*run));
    }
    if (settled) {
      core::log::debug("value propagation: the values settled in {} rounds", round + 1);
      return result;
    }
  }
  core::log::debug("value propagation: the values do not settle in {} rounds", kMaxRounds);
  return std::nullopt;
}

// The final value of each memory object in `x`: what its first co-maximal executed write wrote, else its
// initial value.
std::vector<long long> finalMemoryOf(const core::EventGraph& graph, const core::Execution& x) {
  std::vector<long long> memory = x.finalMemory;
  for (const core::Event& init : graph.events) {
    if (init.kind != core::EventKind::Init) continue;
    int last = init.id;
    for (const core::Event& w : graph.events) {
      if (w.kind == core::EventKind::Write && x.executed.has(w.id) && x.sameLocation.has(w.id, init.id) &&
          x.co.successors(w.id).empty()) {
        last = w.id;
        break;
      }
    }
    memory.at(static_cast<size_t>(init.location)) = x.value[static_cast<size_t>(last)];
  }
  return memory;
}

}  // namespace

std::map<int, long long> readValuesOf(const core::EventGraph& graph, const core::Execution& x) {
  std::map<int, long long> reads;
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Read && x.executed.has(e.id))
      reads[e.id] = x.value[static_cast<size_t>(e.id)];
  }
  return reads;
}

std::optional<core::Execution> propagatedExecution(const core::EventGraph& graph,
                                                   const core::Execution& found,
                                                   const std::map<int, long long>& inputs) {
  std::optional<Propagation> propagation = propagate(graph, found, inputs);
  if (!propagation) return std::nullopt;
  core::Execution x = found;
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Init)
      x.value[static_cast<size_t>(e.id)] = propagation->written[static_cast<size_t>(e.id)].value_or(0);
  }
  for (const core::ThreadRun& run : propagation->runs) {
    for (const auto& [event, value] : run.values) x.value[static_cast<size_t>(event)] = value;
    std::vector<long long>& registers = x.finalRegisters.at(static_cast<size_t>(run.path.thread));
    for (size_t r = 0; r < registers.size() && r < run.finalRegisters.size(); ++r)
      registers[r] = run.finalRegisters[r].value_or(registers[r]);
  }
  x.finalMemory = finalMemoryOf(graph, x);
  return x;
}

}  // namespace catcheck::encoders
