// Entry points of the `.cat` front end (cat/Parser.h): read the model file, start from the stdlib unless
// the model is the stdlib itself, and elaborate (cat/Elaborator.cpp) into a Model.
#include "cat/Parser.h"

#include <filesystem>

#include "cat/Elaborator.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;

fs::path stdlibOrDefault(const std::string& stdlibPath) {
  return stdlibPath.empty() ? fs::path(defaultModelsDirectory()) / "stdlib.cat" : fs::path(stdlibPath);
}

bool sameFile(const fs::path& a, const fs::path& b) {
  std::error_code error;
  return fs::equivalent(a, b, error);
}

}  // namespace

Model loadModel(const std::string& path, const std::string& stdlibPath) {
  fs::path stdlib = stdlibOrDefault(stdlibPath);
  Elaborator elaborator(stdlib);
  if (!sameFile(path, stdlib)) elaborator.includeStdlib();
  elaborator.elaborateModelFile(path);
  return elaborator.takeModel();
}

Model parseModelText(const std::string& text, const std::string& sourceName, const std::string& stdlibPath) {
  Elaborator elaborator(stdlibOrDefault(stdlibPath));
  elaborator.includeStdlib();
  elaborator.elaborateModel(text, sourceName, {}, {});
  return elaborator.takeModel();
}

std::string defaultModelsDirectory() {
  return CATCHECK_MODELS_DIR;
}

}  // namespace catcheck::cat
