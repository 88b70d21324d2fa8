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

}  // namespace

std::optional<std::map<int, long long>> propagatedReadValues(const core::EventGraph& graph,
                                                             const core::Execution& found,
                                                             const std::map<int, long long>& inputs) {
  if (!determinedByRuns(graph, found)) return std::nullopt;
  std::vector<int> source(static_cast<size_t>(graph.size()), -1);
  found.rf.forEach([&](int write, int read) { source[static_cast<size_t>(read)] = write; });
  std::vector<std::optional<long long>> written(static_cast<size_t>(graph.size()));
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
  std::map<int, long long> reads;
  for (int round = 0; round < kMaxRounds; ++round) {
    bool settled = true;
    for (int t = 0; t < static_cast<int>(graph.threads.size()); ++t) {
      std::optional<core::ThreadRun> run = matchingRun(graph, found, t, choices);
      if (!run) {
        settled = false;  // its runs may match once the values it reads are known
        continue;
      }
      if (!run->freeValues.empty()) return std::nullopt;
      for (const auto& [event, value] : run->values) {
        const core::Event& e = graph.event(event);
        if (e.kind == core::EventKind::Read) reads[event] = value;
        if (e.kind != core::EventKind::Write) continue;
        std::optional<long long>& slot = written[static_cast<size_t>(event)];
        if (slot != value) settled = false;
        slot = value;
      }
    }
    if (settled) {
      core::log::debug("value propagation: {} read values settled in {} rounds", reads.size(), round + 1);
      return reads;
    }
  }
  core::log::debug("value propagation: the values do not settle in {} rounds", kMaxRounds);
  return std::nullopt;
}

}  // namespace catcheck::encoders
