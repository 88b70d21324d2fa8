// The target table of Target.h: the scope hierarchies of PTX, Vulkan and OpenCL and their coherence.
#include "core/ir/Target.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

namespace catcheck::core {

const std::string& scopeKey(ScopeLevel level) {
  static const std::string all = "ALL", sys = "SYS", gpu = "GPU", cluster = "CLUSTER", cta = "CTA", dv = "DV",
                           qf = "QF", wg = "WG", sg = "SG";
  switch (level) {
    case ScopeLevel::AllDevices:
      return all;
    case ScopeLevel::System:
      return sys;
    case ScopeLevel::Gpu:
      return gpu;
    case ScopeLevel::Cluster:
      return cluster;
    case ScopeLevel::Cta:
      return cta;
    case ScopeLevel::Device:
      return dv;
    case ScopeLevel::QueueFamily:
      return qf;
    case ScopeLevel::Workgroup:
      return wg;
    case ScopeLevel::Subgroup:
      return sg;
  }
  throw std::logic_error("scopeKey: not a ScopeLevel");
}

std::optional<ScopeLevel> scopeLevelNamed(std::string_view key) {
  for (ScopeLevel level : knownScopeLevels()) {
    if (scopeKey(level) == key) return level;
  }
  return std::nullopt;
}

bool Target::hasLevel(ScopeLevel level) const {
  return std::any_of(levels.begin(), levels.end(), [&](const ScopeLevelInfo& l) { return l.level == level; });
}

std::vector<ScopePosition> Target::place(const std::vector<int>& ids) const {
  if (ids.size() != levels.size())
    throw std::logic_error(name + " threads have " + std::to_string(levels.size()) + " scope ids");
  std::vector<ScopePosition> positions;
  for (size_t i = 0; i < ids.size(); ++i) positions.push_back({levels[i].level, ids[i]});
  return positions;
}

const Target& ptxTarget() {
  static const Target target{"PTX",
                             {{ScopeLevel::System, "system"},
                              {ScopeLevel::Gpu, "GPU"},
                              {ScopeLevel::Cluster, "cluster"},
                              {ScopeLevel::Cta, "cooperative thread array"}},
                             false};
  return target;
}

const Target& vulkanTarget() {
  static const Target target{"VULKAN",
                             {{ScopeLevel::Device, "device"},
                              {ScopeLevel::QueueFamily, "queue family"},
                              {ScopeLevel::Workgroup, "workgroup"},
                              {ScopeLevel::Subgroup, "subgroup"}},
                             true};
  return target;
}

const Target& openclTarget() {
  static const Target target{"OPENCL",
                             {{ScopeLevel::AllDevices, "all SVM devices"},
                              {ScopeLevel::Device, "device"},
                              {ScopeLevel::Workgroup, "work-group"},
                              {ScopeLevel::Subgroup, "sub-group"}},
                             true};
  return target;
}

namespace {
const std::array<const Target*, 3>& allTargets() {
  static const std::array<const Target*, 3> targets{&ptxTarget(), &vulkanTarget(), &openclTarget()};
  return targets;
}
}  // namespace

// Every level of some target, in the order the targets list them.
std::vector<ScopeLevel> knownScopeLevels() {
  std::vector<ScopeLevel> known;
  for (const Target* target : allTargets()) {
    for (const ScopeLevelInfo& level : target->levels) {
      if (std::find(known.begin(), known.end(), level.level) == known.end()) known.push_back(level.level);
    }
  }
  return known;
}

const Target* findTarget(const std::string& name) {
  std::string upper = name;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  for (const Target* target : allTargets()) {
    if (target->name == upper) return target;
  }
  return nullptr;
}

}  // namespace catcheck::core
