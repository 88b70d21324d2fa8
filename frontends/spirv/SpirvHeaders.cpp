// Header comments of SPIR-V tests (docs/semantics.md §6). A comment whose text contains `@` is a header:
// `@Name:` followed by its content up to the end of the line. @Input binds ids to integers or nested
// `{...}` lists; @Output is `forall`, `exists` or `not exists` and an assertion (several lines are AND-ed
// for forall and OR-ed for not exists; anything else is an error); @Filter is one assertion; @Config is
// `T, S, W`. Assertions compare operands (`%id[i]...` or integers) with == != < > <= >=, combined with
// `not`, `and` (binding tighter) and `or`, and parentheses. Unknown headers are ignored, as in Dat3M.
// A small hand-written lexer and recursive-descent parser: the language is four lines of grammar.
#include "frontends/spirv/SpirvHeaders.h"

#include <cctype>
#include <sstream>

#include "core/ir/SourceText.h"

namespace catcheck::frontends::spirv {
namespace {

struct Token {
  enum Kind { Id, Number, Word, Symbol, End } kind = End;
  std::string text;
  long long number = 0;
  core::SourceLocation where;
};

class Lexer {
 public:
  Lexer(const std::string& text, core::SourceLocation start) : text_(text), where_(std::move(start)) {}

  std::vector<Token> tokens() {
    std::vector<Token> result;
    for (;;) {
      skipSpace();
      Token token;
      token.where = here();
      if (pos_ >= text_.size()) {
        result.push_back(token);
        return result;
      }
      result.push_back(next(token));
    }
  }

 private:
  core::SourceLocation here() const {
    core::SourceLocation where = where_;
    where.column += static_cast<int>(pos_);
    return where;
  }
  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  static bool isIdChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

  Token next(Token token) {
    char c = text_[pos_];
    if (c == '%') {
      token.kind = Token::Id;
      size_t begin = pos_++;
      while (pos_ < text_.size() && isIdChar(text_[pos_])) ++pos_;
      token.text = text_.substr(begin, pos_ - begin);
      if (token.text.size() == 1) throw core::InputError(token.where, "expected an id after '%'");
      return token;
    }
    if (std::isdigit(static_cast<unsigned char>(c)) ||
        (c == '-' && pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])))) {
      return number(token);
    }
    if (std::isalpha(static_cast<unsigned char>(c))) {
      token.kind = Token::Word;
      size_t begin = pos_;
      while (pos_ < text_.size() && isIdChar(text_[pos_])) ++pos_;
      token.text = text_.substr(begin, pos_ - begin);
      return token;
    }
    static const char* twoChar[] = {"==", "!=", "<=", ">="};
    for (const char* symbol : twoChar) {
      if (text_.compare(pos_, 2, symbol) == 0) {
        token.kind = Token::Symbol;
        token.text = symbol;
        pos_ += 2;
        return token;
      }
    }
    if (std::string("<>(){}[],=").find(c) == std::string::npos) {
      throw core::InputError(token.where, std::string("unexpected character '") + c + "' in header");
    }
    token.kind = Token::Symbol;
    token.text = std::string(1, c);
    ++pos_;
    return token;
  }

  Token number(Token token) {
    token.kind = Token::Number;
    size_t begin = pos_;
    if (text_[pos_] == '-') ++pos_;
    while (pos_ < text_.size() && std::isalnum(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    token.text = text_.substr(begin, pos_ - begin);
    try {
      size_t used = 0;
      token.number = std::stoll(token.text, &used, 0);
      if (used != token.text.size()) throw std::invalid_argument(token.text);
    } catch (const std::out_of_range&) {
      throw core::InputError(token.where, "integer " + token.text + " is out of range");
    } catch (const std::invalid_argument&) {
      throw core::InputError(token.where, "invalid integer '" + token.text + "'");
    }
    return token;
  }

  const std::string& text_;
  core::SourceLocation where_;
  size_t pos_ = 0;
};

class HeaderParser {
 public:
  explicit HeaderParser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  const Token& peek() const { return tokens_[pos_]; }
  bool at(const std::string& text) const {
    return (peek().kind == Token::Symbol || peek().kind == Token::Word) && peek().text == text;
  }
  Token take() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  [[noreturn]] void fail(const std::string& expected) const {
    const Token& t = peek();
    std::string found = t.kind == Token::End ? "end of line" : "'" + t.text + "'";
    throw core::InputError(t.where, "expected " + expected + " but found " + found);
  }
  void expect(const std::string& text) {
    if (!at(text)) fail("'" + text + "'");
    take();
  }
  void expectEnd() {
    if (peek().kind != Token::End) fail("end of line");
  }
  long long integer() {
    if (peek().kind != Token::Number) fail("an integer");
    return take().number;
  }

  InputValue value() {
    InputValue v;
    v.where = peek().where;
    if (at("{")) {
      take();
      v.isList = true;
      v.elements.push_back(value());
      while (at(",")) {
        take();
        v.elements.push_back(value());
      }
      expect("}");
      return v;
    }
    v.scalar = integer();
    return v;
  }

  Assertion disjunction() {
    Assertion first = conjunction();
    if (!at("or")) return first;
    Assertion result;
    result.op = core::ConditionOp::Or;
    result.children.push_back(std::move(first));
    while (at("or")) {
      take();
      result.children.push_back(conjunction());
    }
    return result;
  }

  Assertion conjunction() {
    Assertion first = unary();
    if (!at("and")) return first;
    Assertion result;
    result.op = core::ConditionOp::And;
    result.children.push_back(std::move(first));
    while (at("and")) {
      take();
      result.children.push_back(unary());
    }
    return result;
  }

  // Negations and brackets recurse: past core::kMaxExpressionDepth levels they are an error, not a stack
  // overflow.
  Assertion unary() {
    if (nesting_ >= core::kMaxExpressionDepth) {
      throw core::InputError(peek().where, "condition nested deeper than " +
                                               std::to_string(core::kMaxExpressionDepth) + " operators");
    }
    ++nesting_;
    Assertion result = nestedUnary();
    --nesting_;
    return result;
  }

  Assertion nestedUnary() {
    if (at("not")) {
      take();
      Assertion result;
      result.op = core::ConditionOp::Not;
      result.children.push_back(unary());
      return result;
    }
    if (at("(")) {
      take();
      Assertion inner = disjunction();
      expect(")");
      return inner;
    }
    return comparison();
  }

  Assertion comparison() {
    Assertion result;
    result.op = core::ConditionOp::Compare;
    result.lhs = operand();
    result.comparison = comparisonOperator();
    result.rhs = operand();
    return result;
  }

  core::Comparison comparisonOperator() {
    static const std::map<std::string, core::Comparison> ops = {
        {"==", core::Comparison::Eq}, {"!=", core::Comparison::Ne}, {"<", core::Comparison::Lt},
        {"<=", core::Comparison::Le}, {">", core::Comparison::Gt},  {">=", core::Comparison::Ge}};
    auto it = peek().kind == Token::Symbol ? ops.find(peek().text) : ops.end();
    if (it == ops.end()) fail("a comparison (== != < <= > >=)");
    take();
    return it->second;
  }

  AssertionOperand operand() {
    AssertionOperand result;
    result.where = peek().where;
    if (peek().kind == Token::Number) {
      result.literal = take().number;
      return result;
    }
    if (peek().kind != Token::Id) fail("an id or an integer");
    result.isLiteral = false;
    result.id = take().text;
    while (at("[")) {
      take();
      if (peek().kind != Token::Number || peek().number < 0) fail("a non-negative index");
      result.indexes.push_back(take().number);
      expect("]");
    }
    return result;
  }

 private:
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int nesting_ = 0;
};

// One header line: its name, the location of its name, and its content with the content's location.
struct HeaderLine {
  std::string name;
  core::SourceLocation where;
  std::string content;
  core::SourceLocation contentWhere;
};

// The start of the line's comment: its first ';' outside a string literal.
size_t commentStart(const std::string& line) {
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && quoted)
      ++i;
    else if (line[i] == '"')
      quoted = !quoted;
    else if (line[i] == ';' && !quoted)
      return i;
  }
  return std::string::npos;
}

std::optional<HeaderLine> headerOf(const std::string& line, const std::string& file, int lineNumber) {
  size_t comment = commentStart(line);
  if (comment == std::string::npos) return std::nullopt;
  size_t at = line.find('@', comment);
  if (at == std::string::npos) return std::nullopt;
  size_t colon = line.find(':', at);
  HeaderLine header;
  header.where = {file, lineNumber, static_cast<int>(at) + 1};
  if (colon == std::string::npos) throw core::InputError(header.where, "expected ':' after the header name");
  header.name = line.substr(at + 1, colon - at - 1);
  header.content = line.substr(colon + 1);
  header.contentWhere = {file, lineNumber, static_cast<int>(colon) + 2};
  return header;
}

class HeaderReader {
 public:
  explicit HeaderReader(Headers& headers) : headers_(headers) {}

  void read(const HeaderLine& line) {
    HeaderParser parser(Lexer(line.content, line.contentWhere).tokens());
    if (line.name == "Input") {
      input(parser);
    } else if (line.name == "Output") {
      output(parser, line);
    } else if (line.name == "Filter") {
      filter(parser, line);
    } else if (line.name == "Config") {
      config(parser, line);
    }  // other headers are ignored (docs/semantics.md §6)
  }

 private:
  void input(HeaderParser& parser) {
    for (;;) {
      if (parser.peek().kind != Token::Id) parser.fail("an id");
      Token id = parser.take();
      parser.expect("=");
      InputValue value = parser.value();
      if (!headers_.inputs.emplace(id.text, value).second) {
        throw core::InputError(id.where, "duplicate @Input definition of " + id.text);
      }
      if (!parser.at(",")) break;
      parser.take();
    }
    parser.expectEnd();
  }

  core::AssertionKind outputKind(HeaderParser& parser) {
    if (parser.at("forall")) {
      parser.take();
      return core::AssertionKind::Forall;
    }
    if (parser.at("exists")) {
      parser.take();
      return core::AssertionKind::Exists;
    }
    if (parser.at("not")) {
      parser.take();
      parser.expect("exists");
      return core::AssertionKind::NotExists;
    }
    parser.fail("'forall', 'exists' or 'not exists'");
  }

  void output(HeaderParser& parser, const HeaderLine& line) {
    core::AssertionKind kind = outputKind(parser);
    Assertion assertion = parser.disjunction();
    parser.expectEnd();
    if (headers_.output)
      appendOutput(kind, std::move(assertion), line);
    else {
      headers_.kind = kind;
      headers_.output = std::move(assertion);
    }
    headers_.outputText += (headers_.outputText.empty() ? "" : "\n") + line.content.substr(1);
  }

  void appendOutput(core::AssertionKind kind, Assertion assertion, const HeaderLine& line) {
    if (kind != headers_.kind) {
      throw core::InputError(line.where, "@Output mixes assertion kinds (forall, exists, not exists)");
    }
    if (kind == core::AssertionKind::Exists) {
      throw core::InputError(line.where, "several @Output lines are not allowed for exists");
    }
    Assertion combined;
    combined.op = kind == core::AssertionKind::Forall ? core::ConditionOp::And : core::ConditionOp::Or;
    combined.children.push_back(std::move(*headers_.output));
    combined.children.push_back(std::move(assertion));
    headers_.output = std::move(combined);
  }

  void filter(HeaderParser& parser, const HeaderLine& line) {
    if (headers_.filter) throw core::InputError(line.where, "more than one @Filter header");
    headers_.filter = parser.disjunction();
    parser.expectEnd();
  }

  void config(HeaderParser& parser, const HeaderLine& line) {
    if (seenConfig_) throw core::InputError(line.where, "more than one @Config header");
    seenConfig_ = true;
    headers_.configWhere = line.where;
    for (size_t i = 0; i < 3; ++i) {
      if (i > 0) parser.expect(",");
      core::SourceLocation where = parser.peek().where;
      long long value = parser.integer();
      if (value <= 0 || value > 1 << 16) {
        throw core::InputError(where,
                               "@Config values must be between 1 and 65536 (threads per subgroup, "
                               "subgroups per workgroup, workgroups)");
      }
      headers_.config[i] = static_cast<int>(value);
    }
    parser.expectEnd();
  }

  Headers& headers_;
  bool seenConfig_ = false;
};

}  // namespace

Headers parseHeaders(const std::string& text, const std::string& file) {
  Headers headers;
  HeaderReader reader(headers);
  std::istringstream in(text);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (auto header = headerOf(line, file, number)) reader.read(*header);
  }
  return headers;
}

}  // namespace catcheck::frontends::spirv
