// Small helpers shared by the PTX front-end tests: loading suite files and comparing tag sets by name.
#pragma once

#include "frontends/Litmus.h"

#include <algorithm>
#include <set>
#include <string>

namespace catcheck::frontends::testing {

inline core::Program parseSuiteFile(const std::string& relativePath) {
  return parseLitmusFile(std::string(CATCHECK_SUITE_DIR) + "/litmus/PTX/" + relativePath);
}

inline std::set<std::string> tagNames(const core::TagSet& tags) {
  std::vector<std::string> names = tags.names();
  return {names.begin(), names.end()};
}

using Tags = std::set<std::string>;

// The index of a register in its thread, or -1 when the thread never names it.
inline int registerOf(const core::Thread& thread, const std::string& name) {
  auto it = std::find(thread.registerNames.begin(), thread.registerNames.end(), name);
  return it == thread.registerNames.end() ? -1 : static_cast<int>(it - thread.registerNames.begin());
}

}  // namespace catcheck::frontends::testing
