// Shared plumbing of the litmus front ends (docs/design.md decision 8: one clear message with file:line:col).
// ANTLR's own messages list token-type names and, for "no viable alternative", whole stretches of input;
// the listener here rewrites them as "unexpected X, expected A, B or C", naming token kinds in words and
// leaving out expectation lists too long to help. Everything else is small text and number utilities.
#include "frontends/LitmusSupport.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "core/ir/SourceText.h"

namespace catcheck::frontends {
namespace {

constexpr size_t kMaxListedExpectations = 8;
constexpr size_t kMaxQuotedToken = 24;

std::string describeTokenType(const antlr4::dfa::Vocabulary& vocabulary, size_t type) {
  static const std::map<std::string, std::string> words = {
      {"Name", "a name"},  {"Register", "a register"}, {"Int", "a number"},
      {"Hex", "a number"}, {"ThreadId", "a thread"},   {"String", "a string"},
  };
  if (type == antlr4::Token::EOF) return "end of input";
  std::string literal = vocabulary.getLiteralName(type);
  if (!literal.empty()) return literal;
  auto it = words.find(vocabulary.getSymbolicName(type));
  return it != words.end() ? it->second : vocabulary.getDisplayName(type);
}

// The token as quoted text on one line: control characters escaped, long tokens (doc strings) shortened.
std::string describeToken(const antlr4::Token* token) {
  if (token == nullptr || token->getType() == antlr4::Token::EOF) return "end of input";
  std::string text = core::printable(token->getText());
  if (text.size() > kMaxQuotedToken) text = text.substr(0, kMaxQuotedToken) + "...";
  return "'" + text + "'";
}

// "A, B or C" for the tokens the parser could have accepted, or "" when the list would not help.
std::string expectedTokens(antlr4::Parser& parser) {
  std::vector<std::string> names;
  for (ssize_t type : parser.getExpectedTokens().toList()) {
    std::string name = describeTokenType(parser.getVocabulary(), static_cast<size_t>(type));
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  if (names.empty() || names.size() > kMaxListedExpectations) return "";
  std::string result = names.front();
  for (size_t i = 1; i < names.size(); ++i) result += (i + 1 == names.size() ? " or " : ", ") + names[i];
  return result;
}

// For "no viable alternative" the parser state is where the decision began, not at the offending token, so
// its expected tokens would mislead.
bool isNoViableAlternative(std::exception_ptr e) {
  if (!e) return false;
  try {
    std::rethrow_exception(e);
  } catch (const antlr4::NoViableAltException&) {
    return true;
  } catch (...) {
    return false;
  }
}

}  // namespace

void ThrowingErrorListener::syntaxError(antlr4::Recognizer* recognizer, antlr4::Token* offendingSymbol,
                                        size_t line, size_t charPositionInLine, const std::string&,
                                        std::exception_ptr e) {
  core::SourceLocation where{file_, static_cast<int>(line), static_cast<int>(charPositionInLine) + 1};
  auto* parser = dynamic_cast<antlr4::Parser*>(recognizer);
  if (parser == nullptr) throw core::InputError(where, "unexpected character");
  std::string message = "unexpected " + describeToken(offendingSymbol);
  std::string expected = isNoViableAlternative(e) ? "" : expectedTokens(*parser);
  if (!expected.empty()) message += ", expected " + expected;
  throw core::InputError(where, message);
}

void installErrorListener(antlr4::Lexer& lexer, antlr4::Parser& parser, ThrowingErrorListener& listener) {
  lexer.removeErrorListeners();
  lexer.addErrorListener(&listener);
  parser.removeErrorListeners();
  parser.addErrorListener(&listener);
}

core::SourceLocation locationOf(const std::string& file, const antlr4::Token* token) {
  return {file, static_cast<int>(token->getLine()), static_cast<int>(token->getCharPositionInLine()) + 1};
}

std::string sourceText(antlr4::ParserRuleContext* ctx) {
  return sourceText(ctx->getStart(), ctx->getStop());
}

std::string sourceText(const antlr4::Token* start, const antlr4::Token* stop) {
  if (start == nullptr || stop == nullptr || stop->getStopIndex() < start->getStartIndex()) return "";
  std::string text =
      start->getInputStream()->getText(antlr4::misc::Interval(start->getStartIndex(), stop->getStopIndex()));
  size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string collapseWhitespace(const std::string& text) {
  std::string result;
  for (char c : text) {
    bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (!space) {
      result += c;
    } else if (!result.empty() && result.back() != ' ') {
      result += ' ';
    }
  }
  if (!result.empty() && result.back() == ' ') result.pop_back();
  return result;
}

long long parseInteger(const std::string& text, const core::SourceLocation& where) {
  bool negative = !text.empty() && text.front() == '-';
  std::string digits = text.substr(negative ? 1 : 0);
  bool hex = digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
  unsigned long long magnitude = 0;
  try {
    magnitude = std::stoull(hex ? digits.substr(2) : digits, nullptr, hex ? 16 : 10);
  } catch (const std::exception&) {
    throw core::InputError(where, "constant '" + text + "' is out of range");
  }
  auto limit = static_cast<unsigned long long>(std::numeric_limits<long long>::max());
  if (magnitude > limit + (negative ? 1 : 0))
    throw core::InputError(where, "constant '" + text + "' is out of range");
  if (!negative) return static_cast<long long>(magnitude);
  return magnitude == limit + 1 ? std::numeric_limits<long long>::min() : -static_cast<long long>(magnitude);
}

int threadIndex(const core::Program& program, const std::string& file, const antlr4::Token* thread) {
  std::string text = thread->getText();
  core::SourceLocation where = locationOf(file, thread);
  long long index = parseInteger(text.front() == 'P' ? text.substr(1) : text, where);
  if (index >= static_cast<long long>(program.threads.size())) {
    throw core::InputError(where, "thread " + text + " does not exist (the test has " +
                                      countOf(program.threads.size(), "thread") + ")");
  }
  return static_cast<int>(index);
}

std::string countOf(size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

int referenceLocation(core::Program& program, const std::string& name) {
  int index = program.memoryIndex(name);
  if (index >= 0) return index;
  index = static_cast<int>(program.memory.size());
  program.memory.push_back(core::MemoryObject{name, index, index, 0, index, 0, {}});
  return index;
}

}  // namespace catcheck::frontends
