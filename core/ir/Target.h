// The targets a program can be written for, as data (docs/design.md decision 2): each names its scope
// hierarchy from the outermost level inwards and how its coherence order behaves. A scope level is known
// by its key, which is also the name of the scope tag an event carries (CTA, WG, ...), the key of the
// level in a progress specification (`FAIR;QF=OBE`), and, lower-cased with an `s` in front, the name of
// the base relation "same instance of this level" (scta, swg, ...). Nothing in the core or the encoders
// switches on a target; they read this table.
#pragma once

#include <string>
#include <vector>

namespace catcheck::core {

using ScopeLevel = std::string;  // a level's key: "SYS", "GPU", "CTA", "DV", "QF", "WG", "SG", "ALL", ...

struct ScopeLevelInfo {
  ScopeLevel key;
  std::string description;  // "cooperative thread array"
};

struct Target {
  std::string name;                    // "PTX", "VULKAN", "OPENCL"
  std::vector<ScopeLevelInfo> levels;  // outermost first; a thread has one id per level
  bool totalCoherence = false;         // co is total per location (Vulkan, OpenCL) or partial (PTX)

  bool hasLevel(const ScopeLevel& key) const;
};

// PTX: sys > gpu > cta (PTX ISA §8.5 "Scope"), with room for cluster and warp.
const Target& ptxTarget();
// Vulkan: device > queue family > workgroup > subgroup (Vulkan spec, "Memory Model", scopes).
const Target& vulkanTarget();
// OpenCL: all SVM devices > device > work-group > sub-group (OpenCL 3.0 API §3.3.6.1 memory scopes).
const Target& openclTarget();

// The target with this name (case-insensitive), or nullptr.
const Target* findTarget(const std::string& name);
// Every scope-level key some target has, in a stable order (for messages and validation).
std::vector<ScopeLevel> knownScopeLevels();

}  // namespace catcheck::core
