// Entry points of the `.cat` front end (cat/Parser.h): pick the stdlib (the project's models/stdlib.cat
// unless given) and elaborate the model over it (cat/Elaborator.cpp). The models folder is looked up at
// run time so that an installed catcheck finds its own copy (core/ir/InstallLayout.h); the build tree falls
// back to the source's models/.
#include "cat/Parser.h"

#include <cstdlib>
#include <filesystem>

#include "cat/Elaborator.h"
#include "core/ir/InstallLayout.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;

fs::path stdlibOrDefault(const std::string& stdlibPath) {
  return stdlibPath.empty() ? fs::path(defaultModelsDirectory()) / "stdlib.cat" : fs::path(stdlibPath);
}

std::string installedModelsDirectory() {
  std::string stdlib =
      core::findBesideThisBinary({CATCHECK_MODELS_FROM_BINDIR, CATCHECK_MODELS_FROM_LIBDIR}, "stdlib.cat");
  return stdlib.empty() ? stdlib : fs::path(stdlib).parent_path().string();
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
