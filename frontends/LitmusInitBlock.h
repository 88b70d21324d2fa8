// The declarations of a litmus init block (docs/semantics.md 3.3), for every dialect: location initial
// values, aliases and register initial values. Each dialect's init reader walks its own parse tree and hands
// the items to InitDeclarations, which turns them into memory objects once the whole block has been read.
#pragma once

#include <antlr4-runtime.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/ir/Program.h"

namespace catcheck::frontends {

class InitDeclarations {
 public:
  // Threads must already be in `program`: register initialisers name them.
  InitDeclarations(core::Program& program, std::string file) : program_(program), file_(std::move(file)) {}

  // `name = value`.
  void location(antlr4::tree::TerminalNode* name, antlr4::ParserRuleContext* value);
  // `name` reaches the bytes of `target`: the same physical object, with an address of its own (a generic
  // alias) or at the target's generic address.
  void alias(antlr4::tree::TerminalNode* name, antlr4::tree::TerminalNode* target, bool ownGenericAddress);
  // `Pn:reg = value`.
  void registerValue(antlr4::Token* thread, antlr4::tree::TerminalNode* reg,
                     antlr4::ParserRuleContext* value);

  // Pointer-valued initialisers (`x = y`, `P0:r0 = &x`) occur nowhere in the suites and are rejected.
  [[noreturn]] void unsupportedLocationCopy(antlr4::Token* where) const;
  [[noreturn]] void unsupportedRegisterAddress(antlr4::Token* where) const;

  // Creates the declared memory objects in declaration order, each alias after its target.
  void finish();

 private:
  struct Declaration {
    antlr4::Token* where = nullptr;
    long long value = 0;
    std::string aliasTarget;  // empty for a plain location
    bool ownGenericAddress = false;
  };

  void declare(antlr4::tree::TerminalNode* name, const Declaration& declaration);
  int materialize(const std::string& name);
  [[noreturn]] void fail(antlr4::Token* where, const std::string& message) const;

  core::Program& program_;
  std::string file_;
  std::map<std::string, Declaration> declarations_;
  std::vector<std::string> order_;
  std::set<std::string> resolving_;
};

// Reads an init block of the dialect's grammar `Parser` (whose init items are labelled alike): aliases get
// a generic address of their own when `ownGenericAddress(alias)` says so. Threads must already be in
// `program`.
template <class Parser, class OwnGenericAddress>
void readInitItems(core::Program& program, const std::string& file, typename Parser::InitBlockContext* ctx,
                   OwnGenericAddress ownGenericAddress) {
  InitDeclarations declarations(program, file);
  for (typename Parser::InitItemContext* item : ctx->initItem()) {
    if (auto* c = dynamic_cast<typename Parser::LocationInitContext*>(item)) {
      declarations.location(c->Name(), c->number());
    } else if (auto* c = dynamic_cast<typename Parser::AliasInitContext*>(item)) {
      declarations.alias(c->Name(0), c->Name(1), ownGenericAddress(c));
    } else if (auto* c = dynamic_cast<typename Parser::RegisterInitContext*>(item)) {
      auto* reg = c->threadRegister();
      declarations.registerValue(reg->ThreadId()->getSymbol(), reg->Register(), c->number());
    } else if (dynamic_cast<typename Parser::LocationFromLocationInitContext*>(item) != nullptr) {
      declarations.unsupportedLocationCopy(item->getStart());
    } else {
      declarations.unsupportedRegisterAddress(item->getStart());
    }
  }
  declarations.finish();
}

}  // namespace catcheck::frontends
