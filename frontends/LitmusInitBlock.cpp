// Init-block declarations to memory objects (docs/semantics.md 3.3). Locations have a physical address
// (`loc`: same bytes) and a generic address (`vloc`). An alias names its target's bytes, so it shares the
// physical object; a generic alias (PTX `@ generic aliases`, Vulkan `aliases`) has a generic address of its
// own, other PTX aliases reach the bytes through another proxy at the target's generic address. An alias
// starts with its target's initial value; chains resolve to the first plain location, in any declaration
// order.
#include "frontends/LitmusInitBlock.h"

#include "frontends/LitmusLayout.h"
#include "frontends/LitmusSupport.h"

namespace catcheck::frontends {

void InitDeclarations::location(antlr4::tree::TerminalNode* name, antlr4::ParserRuleContext* value) {
  declare(name, Declaration{name->getSymbol(), integerLiteral(file_, value), "", false});
}

void InitDeclarations::alias(antlr4::tree::TerminalNode* name, antlr4::tree::TerminalNode* target,
                             bool ownGenericAddress) {
  declare(name, Declaration{name->getSymbol(), 0, target->getText(), ownGenericAddress});
}

void InitDeclarations::registerValue(antlr4::Token* thread, antlr4::tree::TerminalNode* reg,
                                     antlr4::ParserRuleContext* value) {
  core::Thread& owner = program_.threads[static_cast<size_t>(threadIndex(program_, file_, thread))];
  int index = owner.registerIndex(reg->getText());
  if (!owner.registerInits.emplace(index, integerLiteral(file_, value)).second) {
    fail(thread, "register " + thread->getText() + ":" + reg->getText() + " is initialised twice");
  }
}

void InitDeclarations::unsupportedLocationCopy(antlr4::Token* where) const {
  fail(where, "initialising a location from another location is not supported");
}

void InitDeclarations::unsupportedRegisterAddress(antlr4::Token* where) const {
  fail(where, "initialising a register with a location or address is not supported");
}

void InitDeclarations::finish() {
  for (const std::string& name : order_) materialize(name);
}

void InitDeclarations::declare(antlr4::tree::TerminalNode* name, const Declaration& declaration) {
  std::string text = name->getText();
  if (!declarations_.emplace(text, declaration).second) {
    fail(name->getSymbol(), "location '" + text + "' is declared twice");
  }
  order_.push_back(text);
}

// The memory object of `name`, created (after its alias target) on first use.
int InitDeclarations::materialize(const std::string& name) {
  int index = program_.memoryIndex(name);
  if (index >= 0) return index;
  auto it = declarations_.find(name);
  if (it == declarations_.end()) return referenceLocation(program_, name);
  const Declaration& declaration = it->second;
  index = static_cast<int>(program_.memory.size());
  if (declaration.aliasTarget.empty()) {
    program_.memory.push_back(core::MemoryObject{name, index, index, declaration.value, index, 0, {}});
    return index;
  }
  if (!resolving_.insert(name).second) fail(declaration.where, "alias cycle through '" + name + "'");
  core::MemoryObject target = program_.memory[static_cast<size_t>(materialize(declaration.aliasTarget))];
  index = static_cast<int>(program_.memory.size());
  int generic = declaration.ownGenericAddress ? index : target.generic;
  program_.memory.push_back(
      core::MemoryObject{name, target.physical, generic, target.initialValue, generic, 0, {}});
  return index;
}

void InitDeclarations::fail(antlr4::Token* where, const std::string& message) const {
  throw core::InputError(locationOf(file_, where), message);
}

}  // namespace catcheck::frontends
