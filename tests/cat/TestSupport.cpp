// Test helpers for the `.cat` front end (see TestSupport.h). The printer writes core operators by name,
// so expectations read as the desugared term, e.g. "Union(Composition(po,rf),co)".
#include "TestSupport.h"

#include <unistd.h>

#include <atomic>
#include <fstream>

#include "cat/Parser.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::cat::testing {

namespace fs = std::filesystem;

fs::path referenceModels() {
  return fs::path(CATCHECK_SUITE_DIR) / "reference-models";
}
fs::path referenceStdlib() {
  return referenceModels() / "stdlib.cat";
}

namespace {

struct ScratchRoot {
  fs::path path = fs::temp_directory_path() / ("catcheck-cat-tests-" + std::to_string(getpid()));
  ~ScratchRoot() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

}  // namespace

fs::path scratchDirectory() {
  static ScratchRoot root;
  static std::atomic<int> counter = 0;
  fs::path directory = root.path / std::to_string(counter++);
  fs::create_directories(directory);
  return directory;
}

fs::path writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  return path;
}

Model parse(const std::string& text) {
  static const fs::path emptyStdlib = writeFile(scratchDirectory() / "empty-stdlib.cat", "");
  return parseModelText(text, "test.cat", emptyStdlib.string());
}

std::string parseError(const std::string& text) {
  try {
    parse(text);
  } catch (const core::InputError& error) {
    return error.what();
  }
  return "";
}

namespace {

const char* opName(Op op) {
  switch (op) {
    case Op::BaseRelation:
      return "BaseRelation";
    case Op::TagSet:
      return "TagSet";
    case Op::Empty:
      return "Empty";
    case Op::Union:
      return "Union";
    case Op::Intersection:
      return "Intersection";
    case Op::Difference:
      return "Difference";
    case Op::Composition:
      return "Composition";
    case Op::Inverse:
      return "Inverse";
    case Op::TransitiveClosure:
      return "TransitiveClosure";
    case Op::Product:
      return "Product";
    case Op::IdentityOn:
      return "IdentityOn";
    case Op::Domain:
      return "Domain";
    case Op::Range:
      return "Range";
    case Op::Complement:
      return "Complement";
    case Op::RecursiveRef:
      return "RecursiveRef";
  }
  return "?";
}

}  // namespace

std::string print(const Model& model, NodeId id) {
  const Node& node = model.node(id);
  switch (node.op) {
    case Op::BaseRelation:
    case Op::TagSet:
      return node.name;
    case Op::Empty:
      return "0";
    case Op::RecursiveRef:
      return "rec:" + model.recursives.at(static_cast<size_t>(node.recursive)).name;
    default:
      break;
  }
  std::string text = std::string(opName(node.op)) + "(";
  for (size_t i = 0; i < node.args.size(); ++i) text += (i ? "," : "") + print(model, node.args[i]);
  return text + ")";
}

std::string printDefinition(const Model& model, const std::string& name) {
  return print(model, model.definitions.at(name));
}

}  // namespace catcheck::cat::testing
