// Flattening a PTX function body for the specialiser: nested blocks (inline asm, call sequences) become
// scopes of one item list, so a branch is an index and a name is looked up from the innermost scope out,
// as PTX scoping rules say (a block's `.reg` and labels shadow the enclosing ones).
#include <functional>
#include <variant>

#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {

FlatFunction flattenFunction(const Function& function, int id) {
  FlatFunction flat;
  flat.function = &function;
  flat.id = id;
  flat.scopes.push_back(FlatScope{});
  for (const Variable& parameter : function.params) {
    flat.scopes[0].variables[parameter.name] = &parameter;
    if (parameter.space == StateSpace::Reg)
      flat.scopes[0].registerWidths[parameter.name] = typeWidth(parameter.type);
  }
  for (const Variable& parameter : function.returnParams)
    flat.scopes[0].variables[parameter.name] = &parameter;
  std::function<void(const Block&, int)> walk = [&](const Block& block, int scope) {
    for (const Statement& statement : block.statements) {
      if (const auto* in = std::get_if<Instruction>(&statement)) {
        flat.items.push_back(FlatItem{in, nullptr, scope});
      } else if (const auto* label = std::get_if<Label>(&statement)) {
        flat.scopes[static_cast<size_t>(scope)].labels[label->name] = flat.items.size();
        flat.items.push_back(FlatItem{nullptr, label, scope});
      } else if (const auto* inner = std::get_if<Block>(&statement)) {
        flat.scopes.push_back(FlatScope{scope, {}, {}, {}});
        walk(*inner, static_cast<int>(flat.scopes.size()) - 1);
      } else if (const auto* variable = std::get_if<Variable>(&statement)) {
        flat.scopes[static_cast<size_t>(scope)].variables[variable->name] = variable;
      } else if (const auto* registers = std::get_if<RegisterDeclaration>(&statement)) {
        int width = typeWidth(registers->type) * registers->vectorWidth;
        auto& declared = flat.scopes[static_cast<size_t>(scope)].registerWidths;
        for (const RegisterName& name : registers->names) {
          if (name.count == 0) declared[name.name] = width;
          for (int i = 0; i < name.count; ++i) declared[name.name + std::to_string(i)] = width;
        }
      }
    }
  };
  walk(function.body, 0);
  return flat;
}

int FlatFunction::registerScope(int scope, const std::string& name) const {
  for (int s = scope; s >= 0; s = scopes[static_cast<size_t>(s)].parent) {
    const FlatScope& here = scopes[static_cast<size_t>(s)];
    if (here.registerWidths.count(name) > 0 || here.variables.count(name) > 0) return s;
  }
  return -1;
}

std::optional<size_t> FlatFunction::labelIndex(int scope, const std::string& name) const {
  for (int s = scope; s >= 0; s = scopes[static_cast<size_t>(s)].parent) {
    auto it = scopes[static_cast<size_t>(s)].labels.find(name);
    if (it != scopes[static_cast<size_t>(s)].labels.end()) return it->second;
  }
  return std::nullopt;
}

}  // namespace catcheck::frontends::ptx
