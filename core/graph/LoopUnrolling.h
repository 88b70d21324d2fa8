// Loop unrolling with spin-loop instrumentation; see LoopUnrolling.cpp.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/graph/EventGraph.h"

namespace catcheck::core {

// One instruction instance while unrolling: labels and jump targets are renamed per copy.
struct UnrollItem {
  const Instruction* instruction = nullptr;
  std::string label;   // Label: its (renamed) name
  std::string target;  // Jump: the (renamed) target label; empty for Bound jumps (thread end)
  JumpRole role = JumpRole::Normal;
  std::string barrierInstance;
  // The loop iterations this item belongs to, outermost first: (loop instance name, copy index).
  std::vector<std::pair<std::string, int>> iterations;
  // Back-edge of a loop copy: the spin terminator compares these registers with their values at the
  // copy's header and checks that the copy wrote no memory.
  bool backEdge = false;
  std::vector<int> liveWritten;
};

// The thread's instructions with every loop unrolled; all remaining jumps go forward.
std::vector<UnrollItem> unrollThread(const Thread& thread, int bound);

}  // namespace catcheck::core
