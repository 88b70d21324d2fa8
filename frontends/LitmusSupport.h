// Helpers every litmus dialect front end shares: turning ANTLR syntax errors into core::InputError,
// positions and source text of parse-tree nodes, integer literals, and on-demand memory objects.
#pragma once

#include <antlr4-runtime.h>

#include <string>

#include "core/ir/Program.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::frontends {

// Throws core::InputError at the first lexer or parser error, with a one-line message such as
// "unexpected 'foo', expected ';' or '|'". Install it on both the lexer and the parser.
class ThrowingErrorListener : public antlr4::BaseErrorListener {
 public:
  explicit ThrowingErrorListener(std::string file) : file_(std::move(file)) {}
  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offendingSymbol, size_t line,
                   size_t charPositionInLine, const std::string& msg, std::exception_ptr e) override;

 private:
  std::string file_;
};

// Replaces the default console listeners of `lexer` and `parser` by `listener`.
void installErrorListener(antlr4::Lexer& lexer, antlr4::Parser& parser, ThrowingErrorListener& listener);

core::SourceLocation locationOf(const std::string& file, const antlr4::Token* token);

// The exact source text a node spans (whitespace and comments included), trimmed.
std::string sourceText(antlr4::ParserRuleContext* ctx);
std::string sourceText(const antlr4::Token* start, const antlr4::Token* stop);

// `text` with every run of whitespace replaced by one space.
std::string collapseWhitespace(const std::string& text);

// Decimal or 0x-hexadecimal integer with an optional leading '-'; out-of-range values are an InputError.
long long parseInteger(const std::string& text, const core::SourceLocation& where);

// The thread a `Pn` or `n` token names; a thread the test does not have is an InputError.
int threadIndex(const core::Program& program, const std::string& file, const antlr4::Token* thread);

// "1 thread", "3 threads".
std::string countOf(size_t count, const std::string& noun);

// Index of the memory object `name`, creating a plain location (initial value 0, its own physical and
// generic address) when the test never declared it.
int referenceLocation(core::Program& program, const std::string& name);

}  // namespace catcheck::frontends
