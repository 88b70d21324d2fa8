// The install layout's one piece of run-time logic (InstallLayout.h): dladdr names the file this function
// was loaded from, which is the catcheck executable or libcatcheck.so, wherever it was installed or copied.
#include "core/ir/InstallLayout.h"

#include <dlfcn.h>

namespace catcheck::core {

namespace fs = std::filesystem;

fs::path directoryOfThisBinary() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&directoryOfThisBinary), &info) == 0 || info.dli_fname == nullptr)
    return {};
  std::error_code error;
  fs::path binary = fs::canonical(info.dli_fname, error);
  return error ? fs::path() : binary.parent_path();
}

std::string findBesideThisBinary(std::initializer_list<const char*> relativeFolders,
                                 const std::string& name) {
  fs::path directory = directoryOfThisBinary();
  if (directory.empty()) return {};
  for (const char* relative : relativeFolders) {
    fs::path candidate = directory / relative / name;
    std::error_code error;
    if (fs::is_regular_file(candidate, error)) return candidate.lexically_normal().string();
  }
  return {};
}

}  // namespace catcheck::core
