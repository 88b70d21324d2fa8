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

const char* opName(SetOp op) {
  switch (op) {
    case SetOp::TagSet:
      return "TagSet";
    case SetOp::Empty:
      return "Empty";
    case SetOp::Union:
      return "Union";
    case SetOp::Intersection:
      return "Intersection";
    case SetOp::Difference:
      return "Difference";
    case SetOp::Complement:
      return "Complement";
    case SetOp::Domain:
      return "Domain";
    case SetOp::Range:
      return "Range";
  }
  return "?";
}

const char* opName(RelationOp op) {
  switch (op) {
    case RelationOp::BaseRelation:
      return "BaseRelation";
    case RelationOp::Empty:
      return "Empty";
    case RelationOp::Union:
      return "Union";
    case RelationOp::Intersection:
      return "Intersection";
    case RelationOp::Difference:
      return "Difference";
    case RelationOp::Complement:
      return "Complement";
    case RelationOp::Composition:
      return "Composition";
    case RelationOp::Inverse:
      return "Inverse";
    case RelationOp::TransitiveClosure:
      return "TransitiveClosure";
    case RelationOp::Product:
      return "Product";
    case RelationOp::IdentityOn:
      return "IdentityOn";
    case RelationOp::RecursiveRef:
      return "RecursiveRef";
  }
  return "?";
}

}  // namespace

std::string print(const Model& model, NodeId id) {
  const Node& node = model.node(id);
  if (node.isNamed()) return node.name;
  if (node.isEmpty()) return "0";
  if (node.is(RelationOp::RecursiveRef))
    return "rec:" + model.recursives.at(static_cast<size_t>(node.recursive)).name;
  std::string text = std::string(std::visit([](auto op) { return opName(op); }, node.op)) + "(";
  for (size_t i = 0; i < node.args.size(); ++i) text += (i ? "," : "") + print(model, node.args[i]);
  return text + ")";
}

std::string printDefinition(const Model& model, const std::string& name) {
  return print(model, model.definitions.at(name));
}

}  // namespace catcheck::cat::testing
