// Name bindings of `let` definitions during elaboration. Bindings are only ever appended (a redefinition
// appends a new binding that shadows the old one), so the bindings visible at any point in a model are a
// prefix of the list. A function remembers the length of that prefix when it is defined, which gives herd's
// lexical scoping: its body sees the definitions before it, never later redefinitions.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cat/Ast.h"

namespace catcheck::cat {

struct Function {
  std::vector<std::string> parameters;
  const ast::Expr* body = nullptr;  // owned by the elaborator's syntax trees
  size_t visible = 0;               // bindings visible in the body
};

struct Binding {
  std::string name;
  NodeId value = -1;  // when not a function
  std::optional<Function> function;
};

class Environment {
 public:
  size_t size() const { return bindings_.size(); }
  void bind(const std::string& name, NodeId value) { bindings_.push_back({name, value, std::nullopt}); }
  void bind(const std::string& name, Function function) {
    bindings_.push_back({name, -1, std::move(function)});
  }

  // The latest binding of `name` among the first `visible` bindings, or null.
  const Binding* find(const std::string& name, size_t visible) const {
    for (size_t i = visible; i > 0; --i) {
      if (bindings_[i - 1].name == name) return &bindings_[i - 1];
    }
    return nullptr;
  }

 private:
  std::vector<Binding> bindings_;
};

// Where an expression is evaluated: a prefix of the environment, plus the arguments of the function call
// being expanded (which shadow it).
struct Scope {
  size_t visible = 0;
  const std::vector<std::pair<std::string, NodeId>>* arguments = nullptr;

  std::optional<NodeId> argument(const std::string& name) const {
    if (arguments == nullptr) return std::nullopt;
    for (const auto& [parameter, value] : *arguments) {
      if (parameter == name) return value;
    }
    return std::nullopt;
  }
};

}  // namespace catcheck::cat
