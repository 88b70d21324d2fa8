// Checks on input text shared by every front end (`.cat`, litmus, and later SPIR-V assembly): the ANTLR
// runtime decodes its input as UTF-8 and aborts on bytes that are not, so front ends check first and
// report the first bad byte where it is. Every front end reads its files through readInputFile, so a
// missing file, a directory or an unreadable file gets the same one-line message everywhere.
#pragma once

#include <string>

namespace catcheck::core {

// Throws InputError at the line and column of the first byte that does not belong to a well-formed UTF-8
// sequence (overlong forms, surrogates and code points past U+10FFFF included).
void requireUtf8(const std::string& text, const std::string& sourceName);

// The parsers (ANTLR's recursive descent) and the tree walks after them recurse once per nesting level, so
// nesting deep enough would overflow the stack instead of getting a message: these are the limits.
// Brackets ( [ { inside one another, or `~` in a row:
inline constexpr int kMaxBracketNesting = 1000;
// Operators applied to one another (in a | b | c ... each counts):
inline constexpr int kMaxExpressionDepth = 1000;

// Throws InputError where brackets ( [ { nest deeper than kMaxBracketNesting, or more prefix negations
// `~` than that follow one another, in any text format.
void requireShallowNesting(const std::string& text, const std::string& sourceName);

// `text` fit for a one-line message: control characters escaped (\n, \t, \x00), the rest as it is.
std::string printable(const std::string& text);

// The whole content of an input file. A path that is missing, a directory or unreadable is an InputError at
// PATH:1:1 whose message is `what` and the reason ("cannot open litmus file: it is a directory").
std::string readInputFile(const std::string& path, const std::string& what);

}  // namespace catcheck::core
