// Concrete program semantics for the concrete engine (Evaluator.h, Enumerator.h): running one unrolled
// thread on chosen read values and barrier outcomes, and deciding which control barriers may execute
// together. It restates the rules of docs/semantics.md §2.2 and §5 on values instead of formulas.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "core/graph/EventGraph.h"
#include "core/graph/PairSet.h"
#include "core/ir/ExprSemantics.h"

namespace catcheck::core {

// How a thread's run ends (docs/semantics.md §2.2, §7.2-7.4): at its end; blocked at a barrier that does not
// execute; spinning (a loop iteration without side effects takes its back-edge); stopped (the
// nondeterministic stop after any other iteration); or through the loop-bound jump. Only the first
// terminates the thread.
enum class ThreadEnd { Terminated, Blocked, Spin, Stop, Bound };

// The choices a run depends on: the values a read (or a warp collective) may return, and whether a reached
// barrier (or warp primitive) executes.
// Several options make explorePaths branch.
struct RunChoices {
  std::function<std::vector<long long>(const Event& read)> readValues;
  std::function<std::vector<bool>(const Event& barrier)> barrierExecutes;
};

// One path through an unrolled thread: the steps taken in order and the values its reads returned.
struct ThreadPath {
  int thread = 0;
  std::vector<int> steps;
  std::map<int, long long> readValues;  // read (or collective) event -> value
  ThreadEnd end = ThreadEnd::Terminated;
};

// A barrier step of a run, reached or not, with its resource id and quorum where the run fixes them.
struct BarrierVisit {
  int event = 0;
  bool reached = false;
  bool executed = false;
  std::optional<long long> resource;
  std::optional<long long> quorum;
};

// A warp-primitive step of a run, reached or not, with its operand and lane selector where the run fixes
// them.
struct WarpVisit {
  int event = 0;
  bool reached = false;
  bool executed = false;
  std::optional<long long> operand;
  std::optional<long long> selector;
  std::optional<long long> mask;  // the lanes it names: warp().mask, or its runtimeMask's value (none: free)
};

// What a path determines: executed events with their values, barrier visits and final registers.
struct ThreadRun {
  ThreadPath path;
  std::vector<int> executed;                      // events, in program order
  std::vector<std::pair<int, long long>> values;  // executed memory events and their values
  std::set<int> freeValues;  // written values the run leaves free (OpUndef): any value is the program's
  std::vector<std::pair<int, long long>> addresses;  // executed accesses with computed addresses: where
  std::vector<BarrierVisit> barriers;                // every barrier step, in program order
  std::vector<WarpVisit> warps;                      // every warp-primitive step, in program order
  RegisterValues finalRegisters;
};

// Every path of `thread` under `choices`; nullopt when there are more than `limit`.
std::optional<std::vector<ThreadPath>> explorePaths(const EventGraph& graph, int thread,
                                                    const RunChoices& choices, size_t limit);
ThreadRun completeRun(const EventGraph& graph, ThreadPath path);

// Control barriers (docs/semantics.md §5, the encoder's rules on values). Barriers are grouped as
// BarrierGroups.h defines (scope ids down to the execution scope, instance id). An unnamed barrier executes
// iff every unnamed member of its group is reached. A named barrier without quorum executes iff it is reached
// and every named member with the same resource id is reached. A named barrier with a quorum q executes iff
// it is reached and at least q same-resource members synchronise (members without a quorum always count);
// whenever q same-resource members arrive, q of them must synchronise, and only executed ones can. A resource
// id the run leaves free is taken to differ from every other.
class BarrierSemantics {
 public:
  explicit BarrierSemantics(const EventGraph& graph);

  // The syncbar relations the runs (one per thread) allow: one per way the quorum barriers can
  // synchronise. Empty when the runs' barrier executions are impossible together.
  std::vector<PairSet> synchronisations(const std::vector<ThreadRun>& runs) const;

 private:
  struct Member {
    int thread = 0;
    int ordinal = 0;  // index into the thread's ThreadRun::barriers
    int event = 0;
    bool named = false;
    bool quorum = false;
    int bit = -1;  // quorum members: the member's index in a choice of which quorum members synchronise
    std::vector<size_t> awaited;  // unnamed members: the members it needs reached (core::awaitedMembers)
  };
  // Which quorum members synchronise, by Member::bit.
  using QuorumChoice = std::vector<bool>;
  static bool syncsIn(const Member& member, const QuorumChoice& synced) {
    return member.bit >= 0 && synced[static_cast<size_t>(member.bit)];
  }
  using Visits = std::vector<const BarrierVisit*>;  // per member of a group
  std::vector<std::vector<Member>> groups_;
  // Per event: its (group, member) when it is a member of a barrier group. A vector, not a map: syncbar
  // looks both events of every candidate pair up (a 1 024-thread CTA's barriers: millions of pairs).
  std::vector<std::optional<std::pair<size_t, size_t>>> memberOfEvent_;
  PairSet may_;  // syncbar candidates

  bool plainMembersAgree(const std::vector<Member>& group, const Visits& visits) const;
  std::vector<QuorumChoice> quorumChoices(const std::vector<Member>& group, const Visits& visits) const;
  bool quorumChoiceAgrees(const std::vector<Member>& group, const Visits& visits,
                          const QuorumChoice& synced) const;
  PairSet syncbar(const std::vector<const Visits*>& visits, const std::vector<QuorumChoice>& choice) const;
};

}  // namespace catcheck::core
