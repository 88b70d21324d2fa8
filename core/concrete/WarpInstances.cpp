// Warp-primitive instances on concrete runs: see WarpInstances.h. The rules are those of core/ir/Warps.h and
// encoders/WarpEncoder.cpp on values: ordinals count a lane's reached primitives of one family and mask;
// a primitive completes when every other lane of its mask joined its instance or terminated. The encoder
// also orders exits and instances in time; runs that agree here but not in time are not detected (the
// solver never proposes them).
#include "core/concrete/WarpInstances.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace catcheck::core {
namespace {

struct Joined {
  int thread = 0;
  const WarpVisit* visit = nullptr;
};

class InstanceChecker {
 public:
  InstanceChecker(const EventGraph& graph, const std::vector<ThreadRun>& runs,
                  const std::vector<long long>& values, WarpConfig config)
      : graph_(graph), runs_(runs), values_(values), config_(config), layout_(warpLayout(*graph.program)) {
    result_.syncbar = PairSet(graph.size());
  }

  WarpInstanceCheck run() {
    group();
    for (const auto& [key, members] : instances_) {
      for (const Joined& p : members) checkMember(p, members);
    }
    return std::move(result_);
  }

 private:
  using Key = std::tuple<int, int, long long, int>;  // warp, family, normalised mask, ordinal

  const Instruction& instruction(const WarpVisit& v) const {
    return *graph_.stepOf(graph_.event(v.event)).instruction;
  }
  std::string describe(int e) const { return graph_.describe(e); }
  // The lanes a visit names (WarpVisit::mask); a free runtime mask names none.
  long long maskOf(const WarpVisit& v) const { return v.mask.value_or(0); }

  void group() {
    for (const ThreadRun& run : runs_) {
      int t = run.path.thread;
      std::map<std::pair<int, long long>, int> counts;
      for (const WarpVisit& v : run.warps) {
        if (!v.reached) continue;
        const Instruction& in = instruction(v);
        if (!layout_.inMask(t, maskOf(v))) {
          outsideMask(v);
          continue;
        }
        std::pair<int, long long> key{static_cast<int>(familyOf(in.warp().op)),
                                      layout_.normalisedMask(t, maskOf(v))};
        int ordinal =
            in.warp().dynamic ? graph_.stepOf(graph_.event(v.event)).dynamicInstance : counts[key]++;
        instances_[{layout_.warpOf[static_cast<size_t>(t)], key.first, key.second, ordinal}].push_back(
            {t, &v});
      }
    }
  }

  void outsideMask(const WarpVisit& v) {
    if (!v.executed)
      result_.problems.push_back(describe(v.event) + " is blocked, but its mask excludes its lane");
    result_.undefined.push_back(describe(v.event) + ": its mask excludes the thread's own lane");
    result_.participation.push_back(describe(v.event) + ": the thread is not in the mask it passes");
  }

  const Joined* laneIn(const std::vector<Joined>& members, int thread) const {
    for (const Joined& j : members) {
      if (j.thread == thread) return &j;
    }
    return nullptr;
  }

  // SPIR-V (dynamic instances, WarpEncoder.cpp): every other lane with the instance in its code joined it,
  // terminated, or reached a later step.
  bool dynamicComplete(const Joined& p, const std::vector<Joined>& members) const {
    int instance = graph_.stepOf(graph_.event(p.visit->event)).dynamicInstance;
    for (int u : layout_.members(p.thread, instruction(*p.visit).warp().mask)) {
      if (u == p.thread || laneIn(members, u) != nullptr) continue;
      const UnrolledThread& lane = graph_.threads[static_cast<size_t>(u)];
      const ThreadPath& path = runs_[static_cast<size_t>(u)].path;
      for (size_t s = 0; s < lane.steps.size(); ++s) {
        if (lane.steps[s].dynamicInstance != instance) continue;
        bool past =
            path.end == ThreadEnd::Terminated ||
            std::any_of(path.steps.begin(), path.steps.end(), [&](int t) { return t > static_cast<int>(s); });
        if (!past) return false;
      }
    }
    return true;
  }

  // Litmus (PTX sm_70 matching): every other lane of the mask joined the instance or terminated.
  bool maskComplete(const Joined& p, const std::vector<Joined>& members) const {
    for (int u : layout_.members(p.thread, maskOf(*p.visit))) {
      if (u == p.thread || laneIn(members, u) != nullptr) continue;
      if (runs_[static_cast<size_t>(u)].path.end != ThreadEnd::Terminated) return false;
    }
    return true;
  }

  void checkMember(const Joined& p, const std::vector<Joined>& members) {
    const Instruction& in = instruction(*p.visit);
    bool complete = !synchronisesLanes(in.warp().op)              ? true  // activemask never waits
                    : in.warp().dynamic && !in.warp().runtimeMask ? dynamicComplete(p, members)
                                                                  : maskComplete(p, members);
    if (complete != p.visit->executed)
      result_.problems.push_back(
          describe(p.visit->event) +
          (complete ? " completes but is blocked in the execution" : " cannot complete but is executed"));
    if (!p.visit->executed) return;
    if (in.warp().op == WarpOp::Sync) {
      for (const Joined& q : members) {
        if (q.visit->executed) result_.syncbar.add(p.visit->event, q.visit->event);
      }
    } else {
      checkResult(p, members);
    }
    if (config_ == WarpConfig::Cuda && synchronisesLanes(in.warp().op)) {
      size_t warp = static_cast<size_t>(layout_.warpOf[static_cast<size_t>(p.thread)]);
      if (members.size() != layout_.lanes[warp].size())
        result_.participation.push_back(describe(p.visit->event) +
                                        ": CUDA guarantees only the complete warp");
    }
  }

  void checkResult(const Joined& p, const std::vector<Joined>& members) {
    std::map<int, long long> operands;
    for (const Joined& q : members) {
      if (!q.visit->operand) return;  // a value the run leaves free: nothing to compare
      operands[layout_.laneOf[static_cast<size_t>(q.thread)]] = *q.visit->operand;
    }
    const Instruction& in = instruction(*p.visit);
    if (familyOf(in.warp().op) == WarpFamily::Shuffle && !p.visit->selector) return;
    int lane = layout_.laneOf[static_cast<size_t>(p.thread)];
    int size = static_cast<int>(
        layout_.lanes[static_cast<size_t>(layout_.warpOf[static_cast<size_t>(p.thread)])].size());
    std::optional<long long> expected = collectiveResult(
        in.warp().op, lane, size, operands, p.visit->selector.value_or(0), in.warp().shuffleControl);
    if (!expected) {
      result_.undefined.push_back(describe(p.visit->event) +
                                  ": it shuffles from a lane that does not take part");
      return;
    }
    long long actual = values_.at(static_cast<size_t>(p.visit->event));
    if (actual != *expected)
      result_.problems.push_back(describe(p.visit->event) + " returns " + std::to_string(actual) +
                                 " but its participants give " + std::to_string(*expected));
  }

  const EventGraph& graph_;
  const std::vector<ThreadRun>& runs_;
  const std::vector<long long>& values_;
  WarpConfig config_;
  WarpLayout layout_;
  std::map<Key, std::vector<Joined>> instances_;
  WarpInstanceCheck result_;
};

}  // namespace

WarpInstanceCheck checkWarpInstances(const EventGraph& graph, const std::vector<ThreadRun>& runs,
                                     const std::vector<long long>& values, WarpConfig config) {
  return InstanceChecker(graph, runs, values, config).run();
}

}  // namespace catcheck::core
