// What the program, memory, relation and property encoders share: the formula builder, the event graph,
// and per event its execution and value terms, per thread its control flow and registers, and the
// variables of the relations the solver decides (rf, co, sync_fence, quorum barriers).
// The single choke point from a bounded pair to a formula lives in RelationEncoder::edge.
#pragma once

#include <map>
#include <utility>
#include <vector>

#include "core/EventGraph.h"
#include "core/Progress.h"
#include "encoders/Formula.h"

namespace catcheck::encoders {

using EventPair = std::pair<int, int>;

// A way for a loop iteration to be stuck: a spin (side-effect-free iteration) or a nondeterministic stop
// after an iteration with side effects (which then needs a matching earlier iteration).
struct StuckCase {
  int iteration = -1;  // index into the thread's iterations
  Term taken = -1;
  bool spin = true;
};

struct ThreadEncoding {
  Term started = -1;
  Term hasProgress = -1;                  // must keep stepping until it ends or blocks
  std::vector<Term> reached;              // per step: control flow reaches it
  std::vector<std::vector<Term>> regsIn;  // per step: register values before it
  std::vector<Term> finalRegisters;       // register values at the thread's end
  Term terminated = -1;                   // reached its end normally (no spin/bound exit, not blocked)
  Term blocked = -1;                      // waits at a barrier that does not execute
  std::vector<Term> boundJumps;           // taken Bound jumps
  std::vector<StuckCase> stuckCases;
};

struct EncodingContext {
  EncodingContext(Formula& formula, const core::EventGraph& graph) : f(formula), graph(graph) {}

  Formula& f;
  const core::EventGraph& graph;
  bool allThreadsStart = true;  // uniform FAIR: every thread starts and has progress
  std::vector<Term> exec;       // per event
  std::vector<Term> value;      // per memory event: the value read or written
  std::vector<ThreadEncoding> threads;
  Term boundReached = -1;   // some Bound jump is taken
  Term allTerminated = -1;  // every thread terminated

  // Named barriers: whether e synchronises (its syncbar edges exist), and equal resource ids.
  std::map<int, Term> barrierSync;
  std::map<EventPair, Term> sameBarrierResource;

  // Variables of the relations decided by the solver, for pairs in may \ must.
  std::map<EventPair, Term> rf;
  std::map<EventPair, Term> co;
  std::map<EventPair, Term> syncFence;
  std::vector<Term> finalMemory;  // per memory object: its final value
  std::vector<Term> coLast;       // per write: executed and without an executed co-successor

  Term execBoth(int a, int b) { return f.both(exec[static_cast<size_t>(a)], exec[static_cast<size_t>(b)]); }
};

// Control flow, registers, values, barriers, termination and bound reachability (ProgramEncoder.cpp).
// Threads' progress obligations come from `progress` (ProgressEncoder.cpp).
void encodeProgram(EncodingContext& ctx, const core::ProgressSpec& progress);
// Forward progress over the scope tree (ProgressEncoder.cpp); needs the threads' control flow.
void encodeProgress(EncodingContext& ctx, const core::ProgressSpec& progress);
// Reads-from, coherence (partial for PTX, total for Vulkan), SC fences and final memory values
// (MemoryEncoder.cpp).
void encodeMemory(EncodingContext& ctx);

}  // namespace catcheck::encoders
