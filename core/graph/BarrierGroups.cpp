// Grouping control barriers into the instances that meet (BarrierGroups.h). The key of a barrier is the
// list of its thread's scope ids down to the barrier's execution scope plus its instance id, so that the
// barriers of different workgroups (or CTAs) never meet and each unrolled iteration is an instance of its
// own. Kept in one place because the encoder and the concrete engines must agree on it exactly: a witness
// the encoder allows and the evaluator rejects is an internal error.
#include "core/graph/BarrierGroups.h"

#include <algorithm>
#include <map>
#include <string>

namespace catcheck::core {
namespace {

std::string groupKey(const EventGraph& graph, int thread, const Step& step) {
  const Thread& source = graph.program->threads.at(static_cast<size_t>(thread));
  std::string key;
  for (const ScopePosition& p : source.scopes) {
    key += std::to_string(p.id) + ".";
    if (p.level == step.instruction->barrier().scope) break;
  }
  return key + "@" + step.barrierInstance;
}

const Instruction& instructionOf(const EventGraph& graph, const BarrierMember& m) {
  return *graph.threads.at(static_cast<size_t>(m.thread)).steps.at(static_cast<size_t>(m.step)).instruction;
}

bool isArrival(const Instruction& in) {
  return in.barrier().arriveOnly && !in.barrier().resource;
}

}  // namespace

bool isSplitBarrier(const EventGraph& graph, const std::vector<BarrierMember>& group) {
  return std::any_of(group.begin(), group.end(),
                     [&](const BarrierMember& m) { return isArrival(instructionOf(graph, m)); });
}

std::vector<size_t> awaitedMembers(const EventGraph& graph, const std::vector<BarrierMember>& group,
                                   size_t m) {
  if (isArrival(instructionOf(graph, group.at(m)))) return {m};
  bool split = isSplitBarrier(graph, group);
  std::vector<size_t> awaited;
  for (size_t i = 0; i < group.size(); ++i) {
    const Instruction& in = instructionOf(graph, group[i]);
    if (in.barrier().resource) continue;
    if (i == m || !split || isArrival(in)) awaited.push_back(i);
  }
  return awaited;
}

std::vector<std::vector<BarrierMember>> barrierGroups(const EventGraph& graph) {
  std::map<std::string, std::vector<BarrierMember>> byKey;
  for (const UnrolledThread& thread : graph.threads) {
    int ordinal = 0;
    for (size_t s = 0; s < thread.steps.size(); ++s) {
      const Step& step = thread.steps[s];
      if (step.kind != InstructionKind::Barrier) continue;
      byKey[groupKey(graph, thread.thread, step)].push_back(
          BarrierMember{thread.thread, static_cast<int>(s), ordinal++, step.events.front()});
    }
  }
  std::vector<std::vector<BarrierMember>> groups;
  for (auto& [key, members] : byKey) groups.push_back(std::move(members));
  return groups;
}

}  // namespace catcheck::core
