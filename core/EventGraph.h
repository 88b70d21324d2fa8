// The event graph: the program after loop unrolling, as straight-line threads of steps whose jumps only go
// forward, and the events those steps produce. Relations of a `.cat` model range over these events.
#pragma once

#include "core/PairSet.h"
#include "core/Program.h"

#include <string>
#include <vector>

namespace catcheck::core {

// Why a jump leaves the thread early. Bound and Spin jumps end the thread without terminating it
// (SEMANTICS.md §2.2): Bound is the back-edge of the last unrolled iteration, Spin the exit of a
// side-effect-free loop iteration that would repeat forever.
enum class JumpRole { Normal, Bound, Spin };

// One instruction instance of the unrolled thread.
struct Step {
  const Instruction* instruction = nullptr;
  InstructionKind kind = InstructionKind::Local;
  int jumpTarget = -1;  // Jump: index of the target step; == steps.size() means the thread's end
  JumpRole role = JumpRole::Normal;
  bool unconditional = false;  // Jump without condition (Bound/Spin jumps are always unconditional)
  std::string barrierInstance;  // with the iteration suffix of unrolled loops
  int iteration = 0;            // unrolled iteration index (0 outside loops)
  std::vector<int> events;      // events this step produces (Rmw: read then write)
};

struct UnrolledThread {
  int thread = 0;
  std::vector<Step> steps;
};

enum class EventKind { Init, Read, Write, Fence, Barrier, Visible };

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
  int rmwPartner = -1;  // the other half of an RMW
  bool isMemory() const { return kind == EventKind::Init || kind == EventKind::Read || kind == EventKind::Write; }
  bool isWrite() const { return kind == EventKind::Init || kind == EventKind::Write; }
};

struct EventGraph {
  const Program* program = nullptr;
  int bound = 1;
  std::vector<UnrolledThread> threads;
  std::vector<Event> events;
  EventSet alwaysExecuted;  // events executed in every execution (no jump or barrier can skip them)

  int size() const { return static_cast<int>(events.size()); }
  const Event& event(int id) const { return events.at(static_cast<size_t>(id)); }
  const Step& stepOf(const Event& e) const {
    return threads.at(static_cast<size_t>(e.thread)).steps.at(static_cast<size_t>(e.step));
  }
  std::string describe(int eventId) const;  // "P0:3 st.weak x, 1" for witnesses
};

// Unrolls every loop of `program` to `bound` iterations (side-effect-free spin loops to one iteration
// ending in a Spin jump) and creates the events. Throws InputError for control flow it cannot handle.
EventGraph buildEventGraph(const Program& program, int bound);

}  // namespace catcheck::core
