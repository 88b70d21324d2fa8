// The declarations of a litmus init block (SEMANTICS.md 3.3), for every dialect: location initial values,
// aliases and register initial values. Each dialect's init reader walks its own parse tree and hands the
// items to InitDeclarations, which turns them into memory objects once the whole block has been read.
#pragma once

#include "core/Program.h"

#include <antlr4-runtime.h>

#include <map>
#include <set>
#include <string>
#include <vector>

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

}  // namespace catcheck::frontends
