// Which control barriers meet: the one definition the encoder, the concrete evaluator and the enumerator
// share (docs/semantics.md §5, "Barrier execution semantics").
#pragma once

#include <vector>

#include "core/graph/EventGraph.h"

namespace catcheck::core {

// One barrier step of an unrolled thread.
struct BarrierMember {
  int thread = 0;
  int step = 0;     // index into the thread's steps
  int ordinal = 0;  // index among the thread's barrier steps (ThreadRun::barriers)
  int event = 0;
};

// The control barriers (InstructionKind::Barrier steps) grouped into the instances that meet: two barrier
// steps belong to one group when their threads share every scope instance from the outermost down to the
// barrier's execution scope (one workgroup / CTA for a workgroup barrier) and their barrier instances
// (the instance id with the iteration suffix of unrolled loops) are equal. An unnamed barrier of a group
// executes iff every unnamed member of the group is reached: a thread whose code holds the instance but
// returns or branches around it leaves the others blocked. A thread whose code does not hold the instance
// takes no part; front ends whose threads all run one program (SPIR-V, kernels) keep every workgroup
// barrier in every thread's code, reachable or not, so that no invocation drops out of a group. Groups
// come in a fixed order (by scope ids, then instance), members in thread and program order.
std::vector<std::vector<BarrierMember>> barrierGroups(const EventGraph& graph);

// A split barrier (PTX barrier.cluster.arrive / .wait) is a group with unnamed arrive-only members: such a
// member executes as soon as it is reached, and the group's other unnamed members (the waits) execute when
// reached and every arrive-only member is. In every other group an unnamed member needs every unnamed
// member reached. The members (indices into `group`) whose being reached unnamed member `m` needs, itself
// included; the one rule for the encoder and the concrete engines.
std::vector<size_t> awaitedMembers(const EventGraph& graph, const std::vector<BarrierMember>& group,
                                   size_t m);
// Whether the group is a split barrier (its waits need not execute together).
bool isSplitBarrier(const EventGraph& graph, const std::vector<BarrierMember>& group);

}  // namespace catcheck::core
