// Statement-level elaboration of a model: the stdlib, included files and the model's own statements are
// processed in text order into one Model (cat/Model.h).
#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cat/Ast.h"
#include "cat/Environment.h"
#include "cat/Expressions.h"
#include "cat/NodeBuilder.h"

namespace catcheck::cat {

class Elaborator {
 public:
  explicit Elaborator(std::filesystem::path stdlib);

  // Reads and elaborates the model file at `path`, after the stdlib unless it is the stdlib.
  void elaborateModelFile(const std::filesystem::path& path);
  // Elaborates model text after the stdlib; its includes are looked up in the current directory first.
  void elaborateModelText(const std::string& text, const std::string& sourceName);
  Model takeModel() { return std::move(model_); }

 private:
  struct OpenFile {
    std::filesystem::path canonical;  // empty for text without a file
    std::filesystem::path directory;  // where its includes are looked up first
  };

  void includeStdlib();
  // `file` is the model's path when it has one (for include cycles); includes are looked up in
  // `directory`, then in the models directory.
  void elaborateModel(const std::string& text, const std::string& sourceName,
                      const std::filesystem::path& file, const std::filesystem::path& directory);
  void elaborateFile(const std::filesystem::path& path, const core::SourceLocation& includedAt);
  const ast::File& read(const std::string& text, const std::string& sourceName);
  void elaborate(const ast::File& file, OpenFile open);
  void define(const ast::Let& let);
  void defineRecursive(const ast::LetRec& group);
  void requireMonotone(const ast::RecursiveBinding& binding, size_t first, size_t self) const;
  void addAxiom(const ast::AxiomStatement& axiom);
  void include(const ast::Include& include);
  std::filesystem::path resolveInclude(const ast::Include& include) const;
  std::string generatedAxiomName(const ast::AxiomStatement& axiom) const;
  Scope topLevel() const { return Scope{.visible = environment_.size()}; }

  std::filesystem::path stdlib_;
  std::filesystem::path canonicalStdlib_;
  std::string mainSource_;
  Model model_;
  NodeBuilder nodes_{model_};
  Environment environment_;
  ExpressionEvaluator evaluator_{nodes_, environment_};
  std::vector<std::unique_ptr<ast::File>> files_;  // function bodies point into these
  std::vector<OpenFile> openFiles_;
  int recursiveGroups_ = 0;
};

}  // namespace catcheck::cat
