// The target table of Target.h: the scope hierarchies of PTX, Vulkan and OpenCL and their coherence.
#include "core/ir/Target.h"

#include <algorithm>
#include <cctype>

namespace catcheck::core {

bool Target::hasLevel(const ScopeLevel& key) const {
  return std::any_of(levels.begin(), levels.end(), [&](const ScopeLevelInfo& l) { return l.key == key; });
}

const Target& ptxTarget() {
  static const Target target{
      "PTX",
      {{"SYS", "system"}, {"GPU", "GPU"}, {"CLUSTER", "cluster"}, {"CTA", "cooperative thread array"}},
      false};
  return target;
}

const Target& vulkanTarget() {
  static const Target target{
      "VULKAN", {{"DV", "device"}, {"QF", "queue family"}, {"WG", "workgroup"}, {"SG", "subgroup"}}, true};
  return target;
}

const Target& openclTarget() {
  static const Target target{
      "OPENCL",
      {{"ALL", "all SVM devices"}, {"DV", "device"}, {"WG", "work-group"}, {"SG", "sub-group"}},
      true};
  return target;
}

const Target* findTarget(const std::string& name) {
  std::string upper = name;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  for (const Target* target : {&ptxTarget(), &vulkanTarget(), &openclTarget()}) {
    if (target->name == upper) return target;
  }
  return nullptr;
}

std::vector<ScopeLevel> knownScopeLevels() {
  std::vector<ScopeLevel> keys;
  for (const Target* target : {&ptxTarget(), &vulkanTarget(), &openclTarget()}) {
    for (const ScopeLevelInfo& level : target->levels) {
      if (std::find(keys.begin(), keys.end(), level.key) == keys.end()) keys.push_back(level.key);
    }
  }
  return keys;
}

}  // namespace catcheck::core
