// Loop unrolling with spin-loop detection; see LoopUnrolling.cpp.
#pragma once

#include "core/EventGraph.h"

#include <string>
#include <vector>

namespace catcheck::core {

// One instruction instance while unrolling: labels and jump targets are renamed per copy.
struct UnrollItem {
  const Instruction* instruction = nullptr;
  std::string label;   // Label: its (renamed) name
  std::string target;  // Jump: the (renamed) target label; empty for Bound/Spin jumps (thread end)
  JumpRole role = JumpRole::Normal;
  std::string barrierInstance;
  int iteration = 0;
};

// The thread's instructions with every loop unrolled; all remaining jumps go forward.
std::vector<UnrollItem> unrollThread(const Thread& thread, int bound);

}  // namespace catcheck::core
