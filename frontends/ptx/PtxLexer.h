// Tokens of PTX module text (PtxLexer.cpp): the parser's only view of the input.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace catcheck::frontends::ptx {

enum class TokenKind {
  Word,       // ld.global.u32, %tid.x, $L__BB0_2, _Z3fooPi, shared::cta, _
  Directive,  // .reg, .b32, .shared::cta, .debug_str
  Integer,    // 42, 0x1F, 017, 0b101, 42U
  Float,      // 0f3F800000, 0d3FF0000000000000, 1.5, 9.0 (also how `.version 9.0` arrives)
  String,     // "path", as written (quotes and escapes included)
  Punct,      // one of , ; : [ ] ( ) { } < > + - | @ ! =
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;
  int line = 0;
  int column = 0;

  bool is(TokenKind k, const std::string& t) const { return kind == k && text == t; }
  bool isPunct(char c) const { return kind == TokenKind::Punct && text.size() == 1 && text[0] == c; }
};

// The tokens of `text`, ending in one End token. Whitespace and comments (// and /* */) are dropped. A
// character PTX does not use, a malformed number, an unterminated string or comment is a core::InputError.
std::vector<Token> tokenizePtx(const std::string& text, const std::string& sourceName);

// The token for a message: 'text' (control characters escaped, long tokens cut), or "end of input".
std::string describe(const Token& token);

// The value of an Integer token's text, false when it does not fit in 64 bits.
bool integerValue(const std::string& text, std::uint64_t& value);

// The bits of a Float token's text: 32 for 0f, 64 (a double) otherwise; false for a decimal literal
// out of a double's range.
bool floatBits(const std::string& text, std::uint64_t& bits, bool& isDouble);

// The contents of a String token, escapes resolved.
std::string stringValue(const std::string& text);

}  // namespace catcheck::frontends::ptx
