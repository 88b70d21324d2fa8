// Small helpers of the Program IR: register interning, memory-object lookup.
#include "core/ir/Program.h"

#include <algorithm>

namespace catcheck::core {

int Thread::registerIndex(const std::string& name) {
  auto it = std::find(registerNames.begin(), registerNames.end(), name);
  if (it != registerNames.end()) return static_cast<int>(it - registerNames.begin());
  registerNames.push_back(name);
  return static_cast<int>(registerNames.size()) - 1;
}

int Program::memoryIndex(const std::string& name) const {
  for (size_t i = 0; i < memory.size(); ++i) {
    if (memory[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace catcheck::core
