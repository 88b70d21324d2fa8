// Elaborates `.cat` statements in text order, the way herd7 executes a model: the stdlib first, then the
// model, with each `include` elaborated in place. `let` appends a binding (so `let co = co+` reads the
// previous `co`, here the base relation), a function definition captures the bindings before it, and
// `let rec x = e and y = f` creates one RecursiveDefinition group whose variables are referred to by
// RecursiveRef nodes inside the group and after it (their value is the group's least fixed point).
// Axioms are recorded with their `as` name or a generated `kind@line:col` one. Recursive definitions
// must be relations: herd allows recursive sets, but no model catcheck targets uses them.
#include "cat/Elaborator.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "cat/Parser.h"
#include "cat/Syntax.h"
#include "core/ir/SourceText.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;

std::optional<std::string> readFile(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

fs::path canonicalOf(const fs::path& path) {
  std::error_code error;
  fs::path canonical = fs::weakly_canonical(path, error);
  return error ? path : canonical;
}

std::string keyword(AxiomKind kind) {
  switch (kind) {
    case AxiomKind::Acyclic:
      return "acyclic";
    case AxiomKind::Irreflexive:
      return "irreflexive";
    case AxiomKind::Empty:
      return "empty";
  }
  return "empty";
}

// Forwards each kind of statement to its handler.
template <class... Handlers>
struct Overloaded : Handlers... {
  using Handlers::operator()...;
};
template <class... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

}  // namespace

Elaborator::Elaborator(std::filesystem::path stdlib)
    : stdlib_(std::move(stdlib)), canonicalStdlib_(canonicalOf(stdlib_)) {}

void Elaborator::includeStdlib() {
  std::string text = core::readInputFile(stdlib_.string(), "cannot open the stdlib file");
  elaborate(read(text, stdlib_.string()),
            {.canonical = canonicalStdlib_, .directory = stdlib_.parent_path()});
}

void Elaborator::elaborateModelFile(const fs::path& path) {
  std::string text = core::readInputFile(path.string(), "cannot open model file");
  if (std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); }))
    throw core::InputError({path.string(), 1, 1}, "the model file is empty");
  std::error_code error;
  if (!fs::equivalent(path, stdlib_, error)) includeStdlib();
  elaborateModel(text, path.string(), path, path.parent_path());
}

void Elaborator::elaborateModelText(const std::string& text, const std::string& sourceName) {
  includeStdlib();
  elaborateModel(text, sourceName, {}, {});
}

void Elaborator::elaborateModel(const std::string& text, const std::string& sourceName, const fs::path& file,
                                const fs::path& directory) {
  mainSource_ = sourceName;
  const ast::File& syntax = read(text, sourceName);
  model_.name = syntax.modelName;
  elaborate(syntax, {.canonical = file.empty() ? file : canonicalOf(file), .directory = directory});
}

void Elaborator::elaborateFile(const fs::path& path, const core::SourceLocation& includedAt) {
  std::optional<std::string> text = readFile(path);
  if (!text) throw core::InputError(includedAt, "cannot open include file '" + path.string() + "'");
  elaborate(read(*text, path.string()), {.canonical = canonicalOf(path), .directory = path.parent_path()});
}

const ast::File& Elaborator::read(const std::string& text, const std::string& sourceName) {
  files_.push_back(std::make_unique<ast::File>(readSyntax(text, sourceName)));
  return *files_.back();
}

void Elaborator::elaborate(const ast::File& file, OpenFile open) {
  openFiles_.push_back(std::move(open));
  for (const ast::Statement& statement : file.statements) {
    std::visit(Overloaded{[this](const ast::Let& s) { define(s); },
                          [this](const ast::LetRec& s) { defineRecursive(s); },
                          [this](const ast::AxiomStatement& s) { addAxiom(s); },
                          [this](const ast::Include& s) { include(s); }},
               statement);
  }
  openFiles_.pop_back();
}

void Elaborator::define(const ast::Let& let) {
  if (!let.isFunction) {
    NodeId value = evaluator_.evaluate(let.body, topLevel());
    environment_.bind(let.name, value);
    model_.definitions[let.name] = value;
    return;
  }
  std::set<std::string> seen;
  for (const std::string& parameter : let.parameters) {
    if (!seen.insert(parameter).second) {
      throw core::InputError(let.where,
                             "duplicate parameter '" + parameter + "' of function '" + let.name + "'");
    }
  }
  environment_.bind(
      let.name, Function{.parameters = let.parameters, .body = &let.body, .visible = environment_.size()});
  model_.definitions.erase(let.name);
}

void Elaborator::defineRecursive(const ast::LetRec& group) {
  int groupIndex = recursiveGroups_++;
  size_t first = model_.recursives.size();
  std::set<std::string> seen;
  for (const ast::RecursiveBinding& binding : group.bindings) {
    if (!seen.insert(binding.name).second) {
      throw core::InputError(binding.where, "'" + binding.name + "' is defined twice in one 'let rec'");
    }
    int index = static_cast<int>(model_.recursives.size());
    model_.recursives.push_back({.name = binding.name, .group = groupIndex});
    NodeId reference = nodes_.recursiveRef(index);
    environment_.bind(binding.name, reference);
    model_.definitions[binding.name] = reference;
  }
  for (size_t i = 0; i < group.bindings.size(); ++i) {
    const ast::RecursiveBinding& binding = group.bindings[i];
    NodeId body = evaluator_.evaluate(binding.body, topLevel());
    model_.recursives[first + i].body =
        evaluator_.relation(body, binding.where, "recursive definition '" + binding.name + "'", "its body");
  }
  for (size_t i = 0; i < group.bindings.size(); ++i) requireMonotone(group.bindings[i], first, first + i);
}

// A least fixed point exists when every body is monotone in the group's variables: none may occur under a
// complement or on the right of a difference (an odd number of times). Kleene iteration, which relation
// analysis and the evaluator run, would otherwise never settle (`let rec a = po | ~a` hung).
void Elaborator::requireMonotone(const ast::RecursiveBinding& binding, size_t first, size_t self) const {
  std::set<std::pair<NodeId, bool>> seen;
  std::vector<std::pair<NodeId, bool>> stack{{model_.recursives[self].body, true}};
  while (!stack.empty()) {
    auto [id, positive] = stack.back();
    stack.pop_back();
    if (!seen.insert({id, positive}).second) continue;
    const core::Node& node = nodes_.node(id);
    if (node.is(RelationOp::RecursiveRef) && !positive && static_cast<size_t>(node.recursive) >= first) {
      throw core::InputError(binding.where, "recursive definition '" + binding.name + "' is not monotone: '" +
                                                model_.recursives[static_cast<size_t>(node.recursive)].name +
                                                "' occurs under a complement or on the right of '\\'");
    }
    for (size_t k = 0; k < node.args.size(); ++k) {
      stack.push_back({node.args[k], core::flipsOperand(node, k) ? !positive : positive});
    }
  }
}

void Elaborator::addAxiom(const ast::AxiomStatement& axiom) {
  NodeId value = evaluator_.evaluate(axiom.expr, topLevel());
  if (axiom.kind == AxiomKind::Empty && nodes_.kind(value) == Kind::Set) {
    value = nodes_.unary(RelationOp::IdentityOn, value);  // `empty S` checks the same as `empty [S]`
  }
  model_.axioms.push_back(
      {.kind = axiom.kind,
       .negated = axiom.negated,
       .flagged = axiom.flagged,
       .relation = evaluator_.relation(value, axiom.where, "'" + keyword(axiom.kind) + "'"),
       .name = axiom.name.value_or(generatedAxiomName(axiom)),
       .location = axiom.where});
}

std::string Elaborator::generatedAxiomName(const ast::AxiomStatement& axiom) const {
  std::string position = std::to_string(axiom.where.line) + ":" + std::to_string(axiom.where.column);
  if (axiom.where.file != mainSource_)
    position = fs::path(axiom.where.file).filename().string() + ":" + position;
  return keyword(axiom.kind) + "@" + position;
}

void Elaborator::include(const ast::Include& include) {
  fs::path path = resolveInclude(include);
  fs::path canonical = canonicalOf(path);
  if (canonical == canonicalStdlib_) return;  // every model already starts from the stdlib
  bool open = std::any_of(openFiles_.begin(), openFiles_.end(),
                          [&](const OpenFile& file) { return file.canonical == canonical; });
  if (open)
    throw core::InputError(include.where, "include cycle: '" + include.file + "' is already being read");
  elaborateFile(path, include.where);
}

// Next to the including file, then in the models directory; absolute paths as they are.
fs::path Elaborator::resolveInclude(const ast::Include& include) const {
  fs::path name(include.file);
  if (name.is_absolute()) return name;
  for (const fs::path& directory : {openFiles_.back().directory, fs::path(defaultModelsDirectory())}) {
    std::error_code error;
    if (fs::is_regular_file(directory / name, error)) return directory / name;
  }
  throw core::InputError(include.where, "cannot open include file '" + include.file + "'");
}

}  // namespace catcheck::cat
