// Entry points of the `.cat` front end (cat/Parser.h): pick the stdlib (the project's models/stdlib.cat
// unless given) and elaborate the model over it (cat/Elaborator.cpp).
#include "cat/Parser.h"

#include <filesystem>

#include "cat/Elaborator.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;

fs::path stdlibOrDefault(const std::string& stdlibPath) {
  return stdlibPath.empty() ? fs::path(defaultModelsDirectory()) / "stdlib.cat" : fs::path(stdlibPath);
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
  return CATCHECK_MODELS_DIR;
}

}  // namespace catcheck::cat
