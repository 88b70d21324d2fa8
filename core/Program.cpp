// Small helpers of the Program IR: register interning, memory-object lookup, scope level names.
#include "core/Program.h"

#include <algorithm>

namespace catcheck::core {

const char* scopeLevelName(ScopeLevel level) {
  switch (level) {
    case ScopeLevel::System:
      return "sys";
    case ScopeLevel::Gpu:
      return "gpu";
    case ScopeLevel::Cta:
      return "cta";
    case ScopeLevel::Device:
      return "dv";
    case ScopeLevel::QueueFamily:
      return "qf";
    case ScopeLevel::Workgroup:
      return "wg";
    case ScopeLevel::Subgroup:
      return "sg";
  }
  return "?";
}

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
