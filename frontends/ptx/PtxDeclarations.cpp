// PTX declarations (PTX ISA "State Spaces, Types, and Variables" and "Directives: Kernel and Function"):
// variables in every state space with their alignment, vector width, type, array dimensions and
// initialisers; register declarations with `%r<N>` ranges; kernel and function headers with return and
// argument parameters (scalars, `.align N .b8 p[M]` aggregates, `.ptr .space .align N` attributes) and
// performance directives (`.maxntid 128, 1, 1`, `.explicitcluster`, `.reqnctapercluster 2, 1, 1`, ...).
// Declared registers go into the innermost scope, where operands are classified (PtxBody.cpp).
#include <map>
#include <set>

#include "frontends/ptx/PtxParser.h"

namespace catcheck::frontends::ptx {
namespace {

constexpr std::uint64_t kMaxAlignment = 1u << 30;

const std::set<std::string>& typeNames() {
  static const std::set<std::string> types = {
      ".b8",   ".b16",  ".b32",  ".b64",    ".b128",   ".u8",     ".u16",        ".u32",    ".u64", ".s8",
      ".s16",  ".s32",  ".s64",  ".f16",    ".f16x2",  ".bf16",   ".bf16x2",     ".f32",    ".f64", ".pred",
      ".tf32", ".e4m3", ".e5m2", ".e4m3x2", ".e5m2x2", ".texref", ".samplerref", ".surfref"};
  return types;
}

const std::set<std::string>& performanceDirectiveNames() {
  static const std::set<std::string> names = {
      ".maxntid",  ".reqntid",           ".minnctapersm",      ".maxnctapersm",
      ".maxnreg",  ".explicitcluster",   ".reqnctapercluster", ".maxclusterrank",
      ".noreturn", ".blocksareclusters", ".abi_preserve",      ".abi_preserve_control"};
  return names;
}

}  // namespace

std::optional<StateSpace> Parser::stateSpaceOf(const Token& token) const {
  static const std::map<std::string, StateSpace> spaces = {{".global", StateSpace::Global},
                                                           {".shared", StateSpace::Shared},
                                                           {".const", StateSpace::Const},
                                                           {".local", StateSpace::Local},
                                                           {".param", StateSpace::Param}};
  if (token.kind != TokenKind::Directive) return std::nullopt;
  auto it = spaces.find(token.text);
  if (it == spaces.end()) return std::nullopt;
  return it->second;
}

// A variable declaration after its linkage: `.shared .align 4 .b8 s[256];`, `.global .u32 a = 1, b;`.
void Parser::parseVariables(Linkage linkage, std::vector<Variable>& out) {
  Variable common;
  common.linkage = linkage;
  common.space = *stateSpaceOf(take());
  parseAttributes(common, false);
  do {
    Variable variable = common;
    const Token& name = expectName("a variable name");
    variable.name = name.text;
    variable.where = locationOf(name);
    parseDimensions(variable);
    if (acceptPunct('=')) {
      variable.hasInitializer = true;
      parseInitializer(variable, 0);
    }
    declareVariable(variable);
    out.push_back(std::move(variable));
  } while (acceptPunct(','));
  expectPunct(';', "',' or ';'");
}

// A kernel or function parameter: `.param .u64 p`, `.param .align 8 .b8 p[16]`, `.param .u64 .ptr
// .global .align 4 p`, `.reg .b32 %r`.
Variable Parser::parseVariable(Linkage linkage, StateSpace space, bool isParameter) {
  Variable variable;
  variable.linkage = linkage;
  variable.space = space;
  parseAttributes(variable, isParameter);
  const Token& name = expectName(isParameter ? "a parameter name" : "a variable name");
  variable.name = name.text;
  variable.where = locationOf(name);
  parseDimensions(variable);
  return variable;
}

// .align N, .v2/.v4/.v8 and the type, in any order; for parameters also `.ptr` and its attributes.
void Parser::parseAttributes(Variable& variable, bool isParameter) {
  while (peek().kind == TokenKind::Directive) {
    const Token& token = peek();
    if (token.text == ".align") {
      variable.alignment = parseAlignment();
    } else if (token.text == ".v2" || token.text == ".v4" || token.text == ".v8") {
      variable.vectorWidth = token.text[2] - '0';
      take();
    } else if (typeNames().count(token.text) != 0) {
      if (!variable.type.empty()) fail(token, "a second type " + token.text + " after ." + variable.type);
      variable.type = take().text.substr(1);
    } else if (isParameter && token.text == ".ptr" && !variable.type.empty()) {
      take();
      parsePointerAttributes(variable);
    } else {
      break;
    }
  }
  if (variable.type.empty()) unexpected(peek(), "a type (.b32, .u64, .pred, ...)");
}

// After `.ptr`: an optional state space and an optional `.align N` (PTX ISA "Kernel Function Parameter
// Attributes").
void Parser::parsePointerAttributes(Variable& variable) {
  variable.isPointer = true;
  std::optional<StateSpace> space = stateSpaceOf(peek());
  if (space && *space != StateSpace::Param) {
    variable.pointerSpace = space;
    take();
  }
  if (atDirective(".align")) variable.pointerAlignment = parseAlignment();
}

int Parser::parseAlignment() {
  take();
  const Token& token = peek();
  std::uint64_t alignment = expectUnsigned("an alignment", kMaxAlignment, "alignment");
  if (alignment == 0 || (alignment & (alignment - 1)) != 0)
    fail(token, "alignment " + token.text + " is not a power of two");
  return static_cast<int>(alignment);
}

// [16], [] (an extern or initialised array whose size comes from elsewhere), [4][8].
void Parser::parseDimensions(Variable& variable) {
  while (acceptPunct('[')) {
    if (acceptPunct(']')) {
      variable.dimensions.push_back(std::nullopt);
      continue;
    }
    variable.dimensions.push_back(expectUnsigned("an array size or ']'", UINT64_MAX, "array size"));
    expectPunct(']', "']'");
  }
}

// `= 5`, `= {1, 2}`, `= {{1, 2}, {3, 4}}`, `= {sym, generic(sym)}`: the values in order.
void Parser::parseInitializer(Variable& variable, int depth) {
  if (!atPunct('{')) {
    variable.initializer.push_back(parseInitialValue());
    return;
  }
  const Token& brace = take();
  if (depth >= kMaxInitializerDepth)
    fail(brace, "initialiser braces nested deeper than " + std::to_string(kMaxInitializerDepth));
  do {
    parseInitializer(variable, depth + 1);
  } while (acceptPunct(','));
  expectPunct('}', "',' or '}'");
}

Operand Parser::parseInitialValue() {
  const Token& token = peek();
  if (token.isPunct('-')) {
    take();
    return parseNumber(true);
  }
  if (token.kind == TokenKind::Integer || token.kind == TokenKind::Float) return parseNumber(false);
  Operand operand{Symbol{}, token.line, token.column};
  Symbol symbol;
  if (token.is(TokenKind::Word, "generic") && peek(1).isPunct('(')) {
    take();
    take();
    symbol.generic = true;
    symbol.name = expectName("a variable name").text;
    expectPunct(')', "')'");
  } else if (token.kind == TokenKind::Word && token.text.find_first_of(".:") == std::string::npos) {
    symbol.name = take().text;
  } else {
    unexpected(token, "an initial value (a number or a symbol)");
  }
  symbol.offset = parseOffset();
  operand.value = symbol;
  return operand;
}

// .reg .b32 %r<63>;   .reg .pred p, q;   .reg .v2 .b32 %v;
RegisterDeclaration Parser::parseRegisterDeclaration() {
  RegisterDeclaration declaration;
  declaration.where = locationOf(take());
  Variable attributes;
  parseAttributes(attributes, false);
  declaration.type = attributes.type;
  declaration.vectorWidth = attributes.vectorWidth;
  do {
    const Token& name = expectName("a register name");
    RegisterName reg{name.text, 0};
    if (acceptPunct('<')) {
      const Token& count = peek();
      reg.count = static_cast<int>(expectUnsigned("a register count", kMaxRegisterCount, "register count"));
      if (reg.count == 0) fail(count, "register count must be at least 1");
      expectPunct('>', "'>'");
    }
    declareRegister(reg, locationOf(name));
    declaration.names.push_back(reg);
  } while (acceptPunct(','));
  expectPunct(';', "',' or ';'");
  return declaration;
}

void Parser::declareRegister(const RegisterName& name, const core::SourceLocation& where) {
  Scope& scope = scopes_.back();
  if (name.count == 0 && !scope.registers.insert(name.name).second)
    throw core::InputError(where, "register " + name.name + " is declared twice in this scope");
  if (name.count > 0 && !scope.registerRanges.emplace(name.name, name.count).second)
    throw core::InputError(where, "registers " + name.name + "<N> are declared twice in this scope");
}

void Parser::declareVariable(const Variable& variable) {
  if (!variable.name.empty() && variable.name[0] == '%') scopes_.back().percentSymbols.insert(variable.name);
}

// .entry NAME(params) [directives] { body }   .func [(return params)] NAME[(params)] [directives] { body }
// and prototypes ending in `;` instead of a body.
Function Parser::parseFunction(Linkage linkage) {
  Function function;
  function.kind = take().text == ".entry" ? FunctionKind::Entry : FunctionKind::Func;
  function.linkage = linkage;
  scopes_.emplace_back();
  if (function.kind == FunctionKind::Func && atPunct('(')) parseParameterList(function.returnParams);
  const Token& name = expectName(function.kind == FunctionKind::Entry ? "a kernel name" : "a function name");
  function.name = name.text;
  function.where = locationOf(name);
  if (atPunct('(')) parseParameterList(function.params);
  parsePerformanceDirectives(function);
  if (!acceptPunct(';')) {
    if (!atPunct('{')) unexpected(peek(), "'{', ';' or a performance directive");
    parseBody(function);
  }
  scopes_.pop_back();
  return function;
}

void Parser::parseParameterList(std::vector<Variable>& out) {
  take();
  if (acceptPunct(')')) return;
  do {
    const Token& space = peek();
    bool isRegister = space.is(TokenKind::Directive, ".reg");
    if (!isRegister && !space.is(TokenKind::Directive, ".param")) unexpected(space, "'.param' or '.reg'");
    take();
    Variable parameter = parseVariable(Linkage::None, isRegister ? StateSpace::Reg : StateSpace::Param, true);
    if (isRegister) {
      declareRegister({parameter.name, 0}, parameter.where);
    } else {
      declareVariable(parameter);
    }
    out.push_back(std::move(parameter));
  } while (acceptPunct(','));
  expectPunct(')', "',' or ')'");
}

void Parser::parsePerformanceDirectives(Function& function) {
  while (peek().kind == TokenKind::Directive && performanceDirectiveNames().count(peek().text) != 0) {
    const Token& token = take();
    PerformanceDirective directive{locationOf(token), token.text.substr(1), {}};
    if (peek().kind == TokenKind::Integer) {
      do {
        directive.values.push_back(expectUnsigned("an integer", UINT32_MAX, directive.name + " value"));
      } while (acceptPunct(','));
    }
    function.directives.push_back(std::move(directive));
  }
}

}  // namespace catcheck::frontends::ptx
