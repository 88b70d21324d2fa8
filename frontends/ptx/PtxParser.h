// The recursive-descent parser of PTX modules, shared by its source files: module directives
// (PtxParser.cpp), declarations and function headers (PtxDeclarations.cpp), bodies and `.loc`
// (PtxBody.cpp), instructions and operands (PtxOperands.cpp), `.section` data (PtxSections.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "frontends/ptx/PtxLexer.h"
#include "frontends/ptx/PtxModule.h"

namespace catcheck::frontends::ptx {

// Blocks inside blocks (inline asm inside a body inside...) and braces inside initialisers: deeper is an
// error, so recursion stays bounded.
inline constexpr int kMaxBlockDepth = 64;
inline constexpr int kMaxInitializerDepth = 64;
// %r<N>: at most this many registers in one declaration.
inline constexpr std::uint64_t kMaxRegisterCount = 1u << 20;
// A `.loc`'s resolved inlined_at chain: longer means positions that refer to each other.
inline constexpr size_t kMaxInlineDepth = 256;

class Parser {
 public:
  Parser(std::vector<Token> tokens, std::string sourceName);
  Module parseModule();

 private:
  // Declared names of one scope (the module, a function's parameters, each block).
  struct Scope {
    std::set<std::string> registers;            // single names: %SP, p, P_OUT
    std::map<std::string, int> registerRanges;  // %r<63>: "%r" -> 63
    std::set<std::string> percentSymbols;       // variables and parameters whose names start with '%'
    std::map<std::string, int> labels;          // label -> its line
  };
  enum class NameKind { Register, SpecialRegister, Symbol };

  // The token cursor (PtxParser.cpp).
  const Token& peek(size_t ahead = 0) const;
  const Token& take();
  bool atPunct(char c) const { return peek().isPunct(c); }
  bool atDirective(const char* name) const { return peek().is(TokenKind::Directive, name); }
  bool acceptPunct(char c);
  const Token& expectPunct(char c, const std::string& expected);
  const Token& expectWord(const std::string& word);
  const Token& expectName(const std::string& expected);
  std::uint64_t expectUnsigned(const std::string& expected, std::uint64_t max, const std::string& what);
  std::int64_t expectSigned(const std::string& expected);
  std::int64_t parseOffset();
  core::SourceLocation locationOf(const Token& token) const { return {file_, token.line, token.column}; }
  [[noreturn]] void unexpected(const Token& token, const std::string& expected) const;
  [[noreturn]] void fail(const Token& token, const std::string& message) const;

  // Module directives (PtxParser.cpp).
  void parseHeader(Module& module);
  void parseModuleItem(Module& module);
  void parseTarget(Module& module);
  void parseAddressSize(Module& module);
  void parseFile(Module& module);
  std::vector<std::string> parsePragma();
  std::optional<Linkage> acceptLinkage();

  // Declarations (PtxDeclarations.cpp).
  std::optional<StateSpace> stateSpaceOf(const Token& token) const;
  void parseVariables(Linkage linkage, std::vector<Variable>& out);
  Variable parseVariable(Linkage linkage, StateSpace space, bool isParameter);
  void parseAttributes(Variable& variable, bool isParameter);
  void parsePointerAttributes(Variable& variable);
  int parseAlignment();
  void parseDimensions(Variable& variable);
  void parseInitializer(Variable& variable, int depth);
  Operand parseInitialValue();
  RegisterDeclaration parseRegisterDeclaration();
  void declareRegister(const RegisterName& name, const core::SourceLocation& where);
  void declareVariable(const Variable& variable);
  Function parseFunction(Linkage linkage);
  void parseParameterList(std::vector<Variable>& out);
  void parsePerformanceDirectives(Function& function);

  // Bodies (PtxBody.cpp).
  void parseBody(Function& function);
  void parseBlock(Block& block, int depth);
  void parseStatement(Block& block, int depth);
  void parseLabel(Block& block);
  void skipCallPrototype();
  void parseLoc();
  NameKind classify(const Token& name) const;
  bool isDeclaredRegister(const std::string& name) const;

  // Instructions and operands (PtxOperands.cpp).
  Instruction parseInstruction();
  Guard parseGuard();
  Operand parseOperand(bool nested);
  Operand parseNameOperand();
  Register expectRegister(const std::string& expected);
  Address parseAddress();
  Vector parseVector();
  List parseList();
  Operand parseNumber(bool negative);

  // Sections (PtxSections.cpp).
  Section parseSection();
  void parseSectionData(Section& section);

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  std::string file_;
  std::vector<Scope> scopes_;
  Function* function_ = nullptr;  // the function whose body is being parsed
  std::optional<LineInfo> loc_;   // the .loc in effect
  // The inlined_at chain of the latest `.loc` at each position of the current function.
  std::map<std::tuple<int, int, int>, std::vector<SourcePosition>> chains_;
};

}  // namespace catcheck::frontends::ptx
