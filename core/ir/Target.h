// The targets a program can be written for, as data (docs/design.md decision 2): each names its scope
// hierarchy from the outermost level inwards and how its coherence order behaves. A scope level is a value
// of ScopeLevel; its key (scopeKey) is also the name of the scope tag an event carries (CTA, WG, ...), the
// key of the level in a progress specification (`FAIR;QF=OBE`), and, lower-cased with an `s` in front, the
// name of the base relation "same instance of this level" (scta, swg, ...). Nothing in the core or the
// encoders switches on a target; they read this table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace catcheck::core {

// Every level some target's scope tree has. A new level is added here, named in scopeKey (whose switch the
// compiler checks) and listed by the targets that have it.
enum class ScopeLevel { System, Gpu, Cluster, Cta, Device, QueueFamily, Workgroup, Subgroup, AllDevices };

// The level's key: "SYS", "GPU", "CLUSTER", "CTA", "DV", "QF", "WG", "SG", "ALL".
const std::string& scopeKey(ScopeLevel level);
// The level with this key, if some target has it.
std::optional<ScopeLevel> scopeLevelNamed(std::string_view key);
// Every level of some target, in the order the targets list them (for messages and validation).
std::vector<ScopeLevel> knownScopeLevels();

// A thread's place in its target's scope tree: one id per level, outermost first.
struct ScopePosition {
  ScopeLevel level;
  int id;
};

struct ScopeLevelInfo {
  ScopeLevel level;
  std::string description;  // "cooperative thread array"
};

struct Target {
  std::string name;                    // "PTX", "VULKAN", "OPENCL"
  std::vector<ScopeLevelInfo> levels;  // outermost first; a thread has one id per level
  bool totalCoherence = false;         // co is total per location (Vulkan, OpenCL) or partial (PTX)

  bool hasLevel(ScopeLevel level) const;
  // A thread's position from its ids, one per level, outermost first; throws std::logic_error unless
  // there is one id per level.
  std::vector<ScopePosition> place(const std::vector<int>& ids) const;
};

// PTX: sys > gpu > cta (PTX ISA §8.5 "Scope"), with room for cluster and warp.
const Target& ptxTarget();
// Vulkan: device > queue family > workgroup > subgroup (Vulkan spec, "Memory Model", scopes).
const Target& vulkanTarget();
// OpenCL: all SVM devices > device > work-group > sub-group (OpenCL 3.0 API §3.3.6.1 memory scopes).
const Target& openclTarget();

// The target with this name (case-insensitive), or nullptr.
const Target* findTarget(const std::string& name);

}  // namespace catcheck::core
