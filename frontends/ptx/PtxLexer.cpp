// The PTX lexer: turns module text into words, directives, numbers, strings and punctuation, each with the
// line and column (1-based, bytes) where it starts. PTX identifiers may start with `%` or `$`, and an
// opcode with its qualifiers (`ld.global.acquire.gpu.u32`, `cp.async.bulk.shared::cluster...`) or a special
// register with its component (`%tid.x`) is one word: the parser splits it. Numbers follow the ISA's
// literal syntax (PTX ISA "Constants": decimal, hex, octal, binary, U suffix, 0f/0d exact floats, decimal
// floats). Every branch consumes at least one character, so the lexer always ends.
#include "frontends/ptx/PtxLexer.h"

#include <bit>
#include <cctype>
#include <charconv>
#include <cstring>

#include "core/ir/SourceLocation.h"
#include "core/ir/SourceText.h"

namespace catcheck::frontends::ptx {
namespace {

constexpr size_t kMaxQuotedToken = 40;

bool isIdentifierStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '%';
}
bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool isHexDigit(char c) {
  return std::isxdigit(static_cast<unsigned char>(c)) != 0;
}
bool isDigit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool allOf(const std::string& text, size_t from, size_t to, bool (*predicate)(char)) {
  if (from >= to) return false;
  for (size_t i = from; i < to; ++i)
    if (!predicate(text[i])) return false;
  return true;
}

// Integer literal syntax: 0x hex, 0b binary, 0 octal, decimal; an optional U suffix.
bool isIntegerLiteral(const std::string& text) {
  size_t end = text.size();
  if (end > 1 && (text[end - 1] == 'U' || text[end - 1] == 'u')) --end;
  if (end > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return allOf(text, 2, end, isHexDigit);
  if (end > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B'))
    return allOf(text, 2, end, [](char c) { return c == '0' || c == '1'; });
  if (end > 1 && text[0] == '0') return allOf(text, 1, end, [](char c) { return c >= '0' && c <= '7'; });
  return allOf(text, 0, end, isDigit);
}

// 0f + 8 hex digits, 0d + 16 hex digits, or digits with a decimal point and/or an exponent.
bool isFloatLiteral(const std::string& text) {
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'f' || text[1] == 'F'))
    return text.size() == 10 && allOf(text, 2, text.size(), isHexDigit);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'd' || text[1] == 'D'))
    return text.size() == 18 && allOf(text, 2, text.size(), isHexDigit);
  size_t i = 0;
  while (i < text.size() && isDigit(text[i])) ++i;
  bool point = i < text.size() && text[i] == '.';
  if (point) {
    ++i;
    while (i < text.size() && isDigit(text[i])) ++i;
  }
  bool exponent = i < text.size() && (text[i] == 'e' || text[i] == 'E');
  if (exponent) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    size_t digits = i;
    while (i < text.size() && isDigit(text[i])) ++i;
    if (i == digits) return false;
  }
  return (point || exponent) && i == text.size();
}

class Lexer {
 public:
  Lexer(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    for (skipSpaceAndComments(); pos_ < text_.size(); skipSpaceAndComments()) tokens.push_back(token());
    tokens.push_back({TokenKind::End, "", line_, column_});
    return tokens;
  }

 private:
  char at(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }

  void advance(size_t count = 1) {
    for (size_t i = 0; i < count && pos_ < text_.size(); ++i, ++pos_) {
      if (text_[pos_] == '\n') {
        ++line_;
        column_ = 1;
      } else {
        ++column_;
      }
    }
  }

  [[noreturn]] void fail(int line, int column, const std::string& message) const {
    throw core::InputError({file_, line, column}, message);
  }

  void skipSpaceAndComments() {
    while (pos_ < text_.size()) {
      char c = at();
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
        advance();
      } else if (c == '/' && at(1) == '/') {
        while (pos_ < text_.size() && at() != '\n') advance();
      } else if (c == '/' && at(1) == '*') {
        skipBlockComment();
      } else {
        return;
      }
    }
  }

  void skipBlockComment() {
    int line = line_, column = column_;
    advance(2);
    while (pos_ < text_.size() && !(at() == '*' && at(1) == '/')) advance();
    if (pos_ >= text_.size()) fail(line, column, "unterminated comment: '/*' without '*/'");
    advance(2);
  }

  Token token() {
    char c = at();
    if (isIdentifierStart(c)) return word();
    if (c == '.' && (std::isalpha(static_cast<unsigned char>(at(1))) || at(1) == '_')) return directive();
    if (isDigit(c)) return number();
    if (c == '"') return string();
    if (std::strchr(",;:[](){}<>+-|@!=", c) != nullptr) {
      Token t{TokenKind::Punct, std::string(1, c), line_, column_};
      advance();
      return t;
    }
    fail(line_, column_, "unexpected character '" + character() + "'");
  }

  // The character at the cursor for a message: a whole UTF-8 sequence (the text is valid UTF-8), escaped.
  std::string character() const {
    auto lead = static_cast<unsigned char>(at());
    size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    return core::printable(text_.substr(pos_, length));
  }

  Token start(TokenKind kind) const { return {kind, "", line_, column_}; }

  // A word: identifier characters, continued by `.x` (qualifiers, components) and `::x` (sub-qualifiers).
  Token word() {
    Token t = start(TokenKind::Word);
    size_t begin = pos_;
    if ((at() == '%' || at() == '$') && !isIdentifierChar(at(1)))
      fail(line_, column_, "unexpected character '" + std::string(1, at()) + "'");
    advance();
    consumeName(true);
    t.text = text_.substr(begin, pos_ - begin);
    return t;
  }

  Token directive() {
    Token t = start(TokenKind::Directive);
    size_t begin = pos_;
    advance();
    consumeName(false);
    t.text = text_.substr(begin, pos_ - begin);
    return t;
  }

  void consumeName(bool dots) {
    while (true) {
      if (isIdentifierChar(at())) {
        advance();
      } else if (dots && at() == '.' && isIdentifierChar(at(1))) {
        advance();
      } else if (at() == ':' && at(1) == ':' && isIdentifierChar(at(2))) {
        advance(2);
      } else {
        return;
      }
    }
  }

  Token number() {
    Token t = start(TokenKind::Integer);
    size_t begin = pos_;
    bool hexLike = at() == '0' && std::strchr("xXfFdDbB", at(1)) != nullptr && at(1) != '\0';
    while (isIdentifierChar(at()) || at() == '.') {
      char c = at();
      advance();
      if (!hexLike && (c == 'e' || c == 'E') && (at() == '+' || at() == '-')) advance();
    }
    t.text = text_.substr(begin, pos_ - begin);
    if (isIntegerLiteral(t.text)) return t;
    if (!isFloatLiteral(t.text)) fail(t.line, t.column, "malformed number '" + core::printable(t.text) + "'");
    t.kind = TokenKind::Float;
    return t;
  }

  Token string() {
    Token t = start(TokenKind::String);
    size_t begin = pos_;
    advance();
    while (pos_ < text_.size() && at() != '"' && at() != '\n') advance(at() == '\\' && at(1) != '\n' ? 2 : 1);
    if (at() != '"') fail(t.line, t.column, "unterminated string");
    advance();
    t.text = text_.substr(begin, pos_ - begin);
    return t;
  }

  const std::string& text_;
  const std::string& file_;
  size_t pos_ = 0;
  int line_ = 1;
  int column_ = 1;
};

}  // namespace

std::vector<Token> tokenizePtx(const std::string& text, const std::string& sourceName) {
  return Lexer(text, sourceName).run();
}

std::string describe(const Token& token) {
  if (token.kind == TokenKind::End) return "end of input";
  std::string text = token.text;
  if (text.size() > kMaxQuotedToken) text = text.substr(0, kMaxQuotedToken) + "...";
  return "'" + core::printable(text) + "'";
}

bool integerValue(const std::string& text, std::uint64_t& value) {
  size_t end = text.size();
  if (end > 1 && (text[end - 1] == 'U' || text[end - 1] == 'u')) --end;
  int base = 10;
  size_t begin = 0;
  if (end > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    begin = 2;
  } else if (end > 2 && text[0] == '0' && (text[1] == 'b' || text[1] == 'B')) {
    base = 2;
    begin = 2;
  } else if (end > 1 && text[0] == '0') {
    base = 8;
    begin = 1;
  }
  auto result = std::from_chars(text.data() + begin, text.data() + end, value, base);
  return result.ec == std::errc() && result.ptr == text.data() + end;
}

bool floatBits(const std::string& text, std::uint64_t& bits, bool& isDouble) {
  if (text.size() > 2 && text[0] == '0' && std::strchr("fFdD", text[1]) != nullptr) {
    isDouble = text[1] == 'd' || text[1] == 'D';
    return std::from_chars(text.data() + 2, text.data() + text.size(), bits, 16).ec == std::errc();
  }
  isDouble = true;
  double value = 0;
  if (std::from_chars(text.data(), text.data() + text.size(), value).ec != std::errc()) return false;
  bits = std::bit_cast<std::uint64_t>(value);
  return true;
}

std::string stringValue(const std::string& text) {
  std::string value;
  for (size_t i = 1; i + 1 < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 2 < text.size()) {
      char escaped = text[++i];
      value += escaped == 'n' ? '\n' : escaped == 't' ? '\t' : escaped;
    } else {
      value += c;
    }
  }
  return value;
}

}  // namespace catcheck::frontends::ptx
