// GPU progress models (docs/semantics.md §7.6): how a group of the scope tree passes forward progress to its
// children. A specification is a default model plus per-level overrides, written `FAIR;QF=OBE;SG=HSA`
// (the manifests' `progress` column); a bare model name is uniform.
#pragma once

#include <map>
#include <string>

#include "core/ir/Program.h"

namespace catcheck::core {

enum class ProgressModel { Fair, Hsa, Obe, HsaObe, Lobe, Unfair };

struct ProgressSpec {
  ProgressModel defaultModel = ProgressModel::Fair;
  std::map<ScopeLevel, ProgressModel>
      perLevel;  // the model by which a group at this level feeds its children

  ProgressModel at(ScopeLevel level) const;
  bool uniformlyFair() const;
  std::string str() const;
};

// Parses "MODEL" or "MODEL;LEVEL=MODEL;...". Levels: the keys of core::knownScopeLevels() (Target.h).
// Throws std::invalid_argument with a message naming the bad part.
ProgressSpec parseProgressSpec(const std::string& text);

const char* progressModelName(ProgressModel model);

}  // namespace catcheck::core
