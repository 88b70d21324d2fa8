// Small helpers shared by the front-end tests of every dialect: listing and loading suite files, comparing
// tag sets by name, registers by name, and the message of a bad input.
#pragma once

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "frontends/Litmus.h"

namespace catcheck::frontends::testing {

// Every .litmus file below `directory`, sorted.
inline std::vector<std::string> litmusFilesUnder(const std::string& directory) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(directory)) {
    if (entry.is_regular_file() && entry.path().extension() == ".litmus")
      files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

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

// The message of the InputError that parsing `text` (as bad.litmus) throws, or "no error".
inline std::string errorOf(const std::string& text) {
  try {
    parseLitmusText(text, "bad.litmus");
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace catcheck::frontends::testing
