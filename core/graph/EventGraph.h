// The event graph: the program after loop unrolling, as straight-line threads of steps whose jumps only go
// forward, and the events those steps produce. Relations of a `.cat` model range over these events.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/PairSet.h"
#include "core/ir/Program.h"
#include "core/ir/Verdict.h"

namespace catcheck::core {

// A Bound jump is the back-edge of the last unrolled iteration: it ends the thread without terminating it,
// and reaching it makes a verdict UNKNOWN (docs/semantics.md §2.2).
enum class JumpRole { Normal, Bound };

// One instruction instance of the unrolled thread.
struct Step {
  const Instruction* instruction = nullptr;
  InstructionKind kind = InstructionKind::Local;
  int jumpTarget = -1;  // Jump: index of the target step; == steps.size() means the thread's end
  JumpRole role = JumpRole::Normal;
  bool unconditional = false;   // Jump without condition
  std::string barrierInstance;  // with the iteration suffix of unrolled loops
  // Control barriers and warp primitives: the thread waits here until its instance completes.
  bool waits() const { return kind == InstructionKind::Barrier || kind == InstructionKind::Warp; }
  int iteration = -1;  // innermost loop iteration containing the step (index into iterations)
  // Dynamic warp primitives (WarpOperands::dynamic): one id per dynamic instance of the program, equal
  // in every thread that executes the same instruction (source position and occurrence) in the same copies
  // of its enclosing loops (docs/design.md decision 10); -1 for other steps.
  int dynamicInstance = -1;
  // Back-edge of a loop iteration: when taken after an iteration without side effects (no memory write,
  // `liveWritten` registers unchanged since the iteration's header) the thread spins: it goes to its end
  // without terminating (Dat3M's dynamic spin-loop terminator).
  bool backEdge = false;
  std::vector<int> liveWritten;
  std::vector<int> events;  // events this step produces (Rmw: read then write)
};

// One unrolled copy of a loop body: steps [first, last] of its thread.
struct Iteration {
  std::string loop;  // loop instance (unique in its thread)
  int index = 0;     // 0-based copy number
  int first = 0;
  int last = 0;
  // Constants decide that the loop leaves within its copies on every path (its bound jump is unreachable,
  // EventGraph.cpp): no execution runs it forever, so no iteration of it spins or stops (semantics §7.4).
  bool fixedTripCount = false;
};

struct UnrolledThread {
  int thread = 0;
  std::vector<Step> steps;
  std::vector<Iteration> iterations;  // grouped by loop, in copy order
};

// A warp barrier (bar.warp.sync) is a Barrier event; a warp collective (shuffle, vote, reduction) is a
// Collective event: its value is the collective's result, and it orders no memory.
enum class EventKind { Init, Read, Write, Fence, Barrier, Visible, Collective };

struct Event {
  int id = 0;
  EventKind kind = EventKind::Init;
  int thread = -1;  // -1 for init writes
  int step = -1;    // index into the thread's steps
  int poIndex = 0;  // position among the thread's events
  TagSet tags;
  int location = -1;  // memory object (Init/Read/Write)
  int physical = -1;
  int generic = -1;
  int rmwPartner = -1;           // the other half of an RMW
  bool computedAddress = false;  // the address is computed at run time: location, physical, generic are -1
  std::optional<long long> address;          // the address when it is known statically (every static access)
  std::optional<AddressRange> addressRange;  // computed addresses: the object it stays in (Program.h)
  int width = 0;                             // bits accessed (0: unknown or unbounded)
  bool isMemory() const {
    return kind == EventKind::Init || kind == EventKind::Read || kind == EventKind::Write;
  }
  bool isWrite() const { return kind == EventKind::Init || kind == EventKind::Write; }
  // An SC fence (PTX fence.sc): the events sync_fence orders.
  bool isScFence() const { return kind == EventKind::Fence && tags.has(core::tags::SC); }
  bool hasValue() const { return isMemory() || kind == EventKind::Collective; }
};

struct EventGraph {
  const Program* program = nullptr;
  int bound = 1;
  std::vector<UnrolledThread> threads;
  std::vector<Event> events;
  EventSet alwaysExecuted;  // events executed in every execution (no jump or barrier can skip them)
  // executionImplies(y, c): every execution that executes y executes c (core/graph/ExecutionImplication.h)
  PairSet executionImplies;
  std::vector<int> warpOrdinal;  // per event: a warp primitive's fixed instance number, else -1

  int size() const { return static_cast<int>(events.size()); }
  const Event& event(int id) const { return events.at(static_cast<size_t>(id)); }
  const Step& stepOf(const Event& e) const {
    return threads.at(static_cast<size_t>(e.thread)).steps.at(static_cast<size_t>(e.step));
  }
  std::string describe(int eventId) const;     // "P0:3 st.weak x, 1" for witnesses
  Verdict::EventSite site(int eventId) const;  // the thread and source position a person reads
  std::vector<int> assertFailures() const;     // events of failing assert() calls (kAssertFailureTag)
};

// Alias analysis of two memory events: their locations are equal in every execution (Must), in none
// (No), or depending on computed address values (May). Static addresses decide exactly, at no cost.
enum class Alias { No, May, Must };
Alias physicalAlias(const Event& a, const Event& b);
Alias genericAlias(const Event& a, const Event& b);

// Unrolls every loop of `program` to `bound` iterations (statically side-effect-free loops to one) and
// creates the events. Throws InputError for control flow it cannot handle.
EventGraph buildEventGraph(const Program& program, int bound);

// Per thread of `graph`: register -> the steps of its unrolled code that write it (flow-insensitive data
// flow for ValueRelevance and ReadRanges).
using RegisterDefiners = std::vector<std::map<int, std::vector<size_t>>>;
RegisterDefiners registerDefiners(const EventGraph& graph);

}  // namespace catcheck::core
