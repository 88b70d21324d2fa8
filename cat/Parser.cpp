// Entry points of the `.cat` front end (cat/Parser.h): pick the stdlib (the project's models/stdlib.cat
// unless given) and elaborate the model over it (cat/Elaborator.cpp). The models folder is looked up at
// run time so that an installed catcheck finds its own copy: the binary that holds this code (dladdr) is
// in bin/ or lib/ of the install prefix, and the relative paths from there to share/catcheck/models are
// fixed when the build is configured. The build tree falls back to the source's models/.
#include "cat/Parser.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>

#include "cat/Elaborator.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;

fs::path stdlibOrDefault(const std::string& stdlibPath) {
  return stdlibPath.empty() ? fs::path(defaultModelsDirectory()) / "stdlib.cat" : fs::path(stdlibPath);
}

// The folder of the executable or shared library this function was linked into; empty if unknown.
fs::path binaryDirectory() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&binaryDirectory), &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code error;
  fs::path binary = fs::canonical(info.dli_fname, error);
  return error ? fs::path() : binary.parent_path();
}

std::string installedModelsDirectory() {
  fs::path directory = binaryDirectory();
  if (directory.empty()) return {};
  for (const char* relative : {CATCHECK_MODELS_FROM_BINDIR, CATCHECK_MODELS_FROM_LIBDIR}) {
    fs::path candidate = directory / relative;
    std::error_code error;
    if (fs::is_regular_file(candidate / "stdlib.cat", error)) return candidate.lexically_normal().string();
  }
  return {};
}

}  // namespace

Model loadModel(const std::string& path, const std::string& stdlibPath) {
  Elaborator elaborator(stdlibOrDefault(stdlibPath));
  elaborator.elaborateModelFile(path);
  return elaborator.takeModel();
}

Model parseModelText(const std::string& text, const std::string& sourceName, const std::string& stdlibPath) {
  Elaborator elaborator(stdlibOrDefault(stdlibPath));
  elaborator.elaborateModelText(text, sourceName);
  return elaborator.takeModel();
}

std::string defaultModelsDirectory() {
  if (const char* overridden = std::getenv("CATCHECK_MODELS_DIR"); overridden != nullptr && *overridden != 0)
    return overridden;
  static const std::string installed = installedModelsDirectory();
  return installed.empty() ? std::string(CATCHECK_MODELS_DIR) : installed;
}

}  // namespace catcheck::cat
