// The init block of a PTX litmus test (SEMANTICS.md 3.3). Locations become memory objects with a physical
// address (`loc`: same bytes) and a generic address (`vloc`). `y @ generic aliases x` is a second virtual
// address for x's bytes: same physical object, its own generic address. `s @ surface|texture|constant aliases
// x` reaches x's bytes through another proxy at x's generic address, so it shares both. An alias starts with
// its target's initial value; chains resolve to the first plain location, in any declaration order.
// Pointer-valued initialisers (`x = y`, `P0:r0 = &x`) are rejected: nothing in the suite uses them.
#include "frontends/LitmusSupport.h"
#include "frontends/PtxLitmus.h"

#include <map>
#include <set>

namespace catcheck::frontends::ptx {
namespace {

struct Declaration {
  antlr4::Token* where = nullptr;
  long long value = 0;
  std::string aliasTarget;  // empty for a plain location
  bool genericAlias = false;
};

class InitReader {
 public:
  InitReader(core::Program& program, std::string file) : program_(program), file_(std::move(file)) {}

  void read(Parser::InitBlockContext* ctx) {
    for (Parser::InitItemContext* item : ctx->initItem()) readItem(item);
    for (const std::string& name : order_) materialize(name);
  }

 private:
  void readItem(Parser::InitItemContext* item) {
    if (auto* c = dynamic_cast<Parser::LocationInitContext*>(item)) {
      declare(c->Name(), Declaration{c->getStart(), number(c->number()), "", false});
    } else if (auto* c = dynamic_cast<Parser::AliasInitContext*>(item)) {
      bool generic = c->proxyKind()->getText() == "generic";
      declare(c->Name(0), Declaration{c->getStart(), 0, c->Name(1)->getText(), generic});
    } else if (auto* c = dynamic_cast<Parser::RegisterInitContext*>(item)) {
      readRegister(c);
    } else if (dynamic_cast<Parser::LocationFromLocationInitContext*>(item) != nullptr) {
      fail(item->getStart(), "initialising a location from another location is not supported");
    } else {
      fail(item->getStart(), "initialising a register with a location or address is not supported");
    }
  }

  void declare(antlr4::tree::TerminalNode* nameNode, const Declaration& declaration) {
    std::string name = nameNode->getText();
    if (!declarations_.emplace(name, declaration).second)
      fail(nameNode->getSymbol(), "location '" + name + "' is declared twice");
    order_.push_back(name);
  }

  // The memory object of `name`, created (after its alias target) on first use.
  int materialize(const std::string& name) {
    int index = program_.memoryIndex(name);
    if (index >= 0) return index;
    auto it = declarations_.find(name);
    if (it == declarations_.end()) return referenceLocation(program_, name);
    const Declaration& declaration = it->second;
    if (declaration.aliasTarget.empty()) {
      index = static_cast<int>(program_.memory.size());
      program_.memory.push_back(core::MemoryObject{name, index, index, declaration.value});
      return index;
    }
    if (!resolving_.insert(name).second) fail(declaration.where, "alias cycle through '" + name + "'");
    core::MemoryObject target = program_.memory[static_cast<size_t>(materialize(declaration.aliasTarget))];
    index = static_cast<int>(program_.memory.size());
    int generic = declaration.genericAlias ? index : target.generic;
    program_.memory.push_back(core::MemoryObject{name, target.physical, generic, target.initialValue});
    return index;
  }

  void readRegister(Parser::RegisterInitContext* ctx) {
    antlr4::Token* threadToken = ctx->threadRegister()->ThreadId()->getSymbol();
    core::Thread& owner = program_.threads[static_cast<size_t>(threadIndex(program_, file_, threadToken))];
    int reg = owner.registerIndex(ctx->threadRegister()->Register()->getText());
    if (!owner.registerInits.emplace(reg, number(ctx->number())).second) {
      fail(threadToken, "register " + ctx->threadRegister()->getText() + " is initialised twice");
    }
  }

  long long number(Parser::NumberContext* ctx) {
    return parseInteger(ctx->getText(), locationOf(file_, ctx->getStart()));
  }

  [[noreturn]] void fail(antlr4::Token* where, const std::string& message) {
    throw core::InputError(locationOf(file_, where), message);
  }

  core::Program& program_;
  std::string file_;
  std::map<std::string, Declaration> declarations_;
  std::vector<std::string> order_;
  std::set<std::string> resolving_;
};

}  // namespace

void readInitBlock(core::Program& program, const std::string& file, Parser::InitBlockContext* ctx) {
  InitReader(program, file).read(ctx);
}

}  // namespace catcheck::frontends::ptx
