// PTX module parsing, top level: the token cursor and its error messages, then the module's directives
// in the order the ISA ("PTX Module Directives") and the compilers print them: `.version` first, then
// `.target`, `.address_size`, and any number of variables, `.entry` / `.func` definitions or
// prototypes, `.file`, `.section` and `.pragma` directives. Every error names the offending token and what
// was expected there ("unexpected 'x', expected ';'"), at the token's line and column.
#include "frontends/ptx/PtxParser.h"

#include <climits>

#include "core/ir/SourceLocation.h"
#include "core/ir/SourceText.h"

namespace catcheck::frontends::ptx {

Parser::Parser(std::vector<Token> tokens, std::string sourceName)
    : tokens_(std::move(tokens)), file_(std::move(sourceName)) {}

const Token& Parser::peek(size_t ahead) const {
  size_t index = pos_ + ahead;
  return index < tokens_.size() ? tokens_[index] : tokens_.back();
}

const Token& Parser::take() {
  const Token& token = peek();
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return token;
}

bool Parser::acceptPunct(char c) {
  if (!atPunct(c)) return false;
  take();
  return true;
}

const Token& Parser::expectPunct(char c, const std::string& expected) {
  if (!atPunct(c)) unexpected(peek(), expected);
  return take();
}

const Token& Parser::expectWord(const std::string& word) {
  if (!peek().is(TokenKind::Word, word)) unexpected(peek(), "'" + word + "'");
  return take();
}

// An identifier: a word without the dots and `::` of opcodes and special registers.
const Token& Parser::expectName(const std::string& expected) {
  const Token& token = peek();
  if (token.kind != TokenKind::Word || token.text.find_first_of(".:") != std::string::npos)
    unexpected(token, expected);
  return take();
}

std::uint64_t Parser::expectUnsigned(const std::string& expected, std::uint64_t max,
                                     const std::string& what) {
  const Token& token = peek();
  if (token.kind != TokenKind::Integer) unexpected(token, expected);
  std::uint64_t value = 0;
  if (!integerValue(token.text, value) || value > max)
    fail(token, what + " " + token.text + " is too large (at most " + std::to_string(max) + ")");
  take();
  return value;
}

// An integer with an optional leading '-', as 64-bit two's complement.
std::int64_t Parser::expectSigned(const std::string& expected) {
  bool negative = acceptPunct('-');
  const Token& token = peek();
  if (token.kind != TokenKind::Integer) unexpected(token, expected);
  std::uint64_t value = 0;
  if (!integerValue(token.text, value)) fail(token, "integer " + token.text + " does not fit in 64 bits");
  take();
  return static_cast<std::int64_t>(negative ? 0 - value : value);
}

// `+N`, `-N` or `+-N` after a symbol or an address base; 0 when none follows.
std::int64_t Parser::parseOffset() {
  if (acceptPunct('+')) return expectSigned("an integer offset");
  if (!atPunct('-')) return 0;
  return expectSigned("an integer offset");
}

void Parser::unexpected(const Token& token, const std::string& expected) const {
  fail(token, "unexpected " + describe(token) + ", expected " + expected);
}

void Parser::fail(const Token& token, const std::string& message) const {
  throw core::InputError(locationOf(token), message);
}

Module Parser::parseModule() {
  Module module;
  module.sourceName = file_;
  scopes_.emplace_back();
  parseHeader(module);
  while (peek().kind != TokenKind::End) parseModuleItem(module);
  return module;
}

// `.version MAJOR.MINOR` must open the module (PTX ISA ".version").
void Parser::parseHeader(Module& module) {
  if (!atDirective(".version")) unexpected(peek(), "'.version'");
  take();
  const Token& version = peek();
  size_t dot = version.text.find('.');
  std::uint64_t major = 0, minor = 0;
  if (version.kind != TokenKind::Float || dot == std::string::npos ||
      !integerValue(version.text.substr(0, dot), major) ||
      !integerValue(version.text.substr(dot + 1), minor) || major > 99 || minor > 99)
    unexpected(version, "a version MAJOR.MINOR");
  take();
  module.versionMajor = static_cast<int>(major);
  module.versionMinor = static_cast<int>(minor);
}

void Parser::parseModuleItem(Module& module) {
  const Token& token = peek();
  if (token.kind != TokenKind::Directive)
    unexpected(token, "a module directive, a variable, '.entry' or '.func'");
  if (token.text == ".version") fail(token, "a second .version directive");
  if (token.text == ".target") return parseTarget(module);
  if (token.text == ".address_size") return parseAddressSize(module);
  if (token.text == ".file") return parseFile(module);
  if (token.text == ".section") return module.sections.push_back(parseSection());
  if (token.text == ".pragma") {
    for (std::string& text : parsePragma()) module.pragmas.push_back(std::move(text));
    return;
  }
  Linkage linkage = acceptLinkage().value_or(Linkage::None);
  if (atDirective(".entry") || atDirective(".func"))
    return module.functions.push_back(parseFunction(linkage));
  std::optional<StateSpace> space = stateSpaceOf(peek());
  if (space && *space != StateSpace::Param) return parseVariables(linkage, module.globals);
  unexpected(peek(), linkage == Linkage::None ? "a module directive, a variable, '.entry' or '.func'"
                                              : "'.entry', '.func' or a variable");
}

std::optional<Linkage> Parser::acceptLinkage() {
  static const std::map<std::string, Linkage> linkages = {{".visible", Linkage::Visible},
                                                          {".extern", Linkage::Extern},
                                                          {".weak", Linkage::Weak},
                                                          {".common", Linkage::Common}};
  if (peek().kind != TokenKind::Directive) return std::nullopt;
  auto it = linkages.find(peek().text);
  if (it == linkages.end()) return std::nullopt;
  take();
  return it->second;
}

// .target sm_90a, debug
void Parser::parseTarget(Module& module) {
  const Token& directive = take();
  if (!module.targets.empty()) fail(directive, "a second .target directive");
  do {
    module.targets.push_back(expectName("a target (sm_90a, debug, ...)").text);
  } while (acceptPunct(','));
}

void Parser::parseAddressSize(Module& module) {
  take();
  const Token& size = peek();
  std::uint64_t bits = expectUnsigned("an address size (32 or 64)", 64, "address size");
  if (bits != 32 && bits != 64) fail(size, "address size must be 32 or 64, not " + size.text);
  module.addressSize = static_cast<int>(bits);
}

// .file N "path" [, timestamp, size]
void Parser::parseFile(Module& module) {
  take();
  const Token& index = peek();
  int number = static_cast<int>(expectUnsigned("a file number", INT_MAX, "file number"));
  if (peek().kind != TokenKind::String) unexpected(peek(), "a file name in quotes");
  std::string path = stringValue(take().text);
  if (acceptPunct(',')) {
    expectUnsigned("a timestamp", UINT64_MAX, "timestamp");
    expectPunct(',', "','");
    expectUnsigned("a file size", UINT64_MAX, "file size");
  }
  if (!module.files.emplace(number, path).second) fail(index, "file " + index.text + " is declared twice");
}

// .pragma "nounroll";  (a list of strings)
std::vector<std::string> Parser::parsePragma() {
  take();
  std::vector<std::string> texts;
  do {
    if (peek().kind != TokenKind::String) unexpected(peek(), "a pragma string in quotes");
    texts.push_back(stringValue(take().text));
  } while (acceptPunct(','));
  expectPunct(';', "',' or ';'");
  return texts;
}

Module parsePtxModule(const std::string& text, const std::string& sourceName) {
  core::requireUtf8(text, sourceName);
  return Parser(tokenizePtx(text, sourceName), sourceName).parseModule();
}

}  // namespace catcheck::frontends::ptx
