// Turns `.cat` text into the syntax tree of cat/Ast.h with the ANTLR parser generated from grammar/Cat.g4.
// Reading stops at the first problem: custom error listeners throw core::InputError with file:line:col and a
// one-line message instead of ANTLR's recovery chatter. Leading keywords of herd constructs catcheck does not
// implement (`procedure`, `call`, `match`, ...) are lexed as a token the grammar accepts nowhere, so parsing
// always fails at or after one; the error then names the construct rather than the token that broke.
#include "cat/Syntax.h"

#include <exception>
#include <utility>

#include "CatBaseVisitor.h"
#include "CatLexer.h"
#include "CatParser.h"
#include "antlr4-runtime.h"
#include "core/ir/SourceText.h"

namespace catcheck::cat {
namespace {

using grammar::CatLexer;
using grammar::CatParser;

core::SourceLocation locationOf(const std::string& source, size_t line, size_t charPosition) {
  return {source, static_cast<int>(line), static_cast<int>(charPosition) + 1};
}

core::SourceLocation locationOf(const std::string& source, const antlr4::Token* token) {
  return locationOf(source, token->getLine(), token->getCharPositionInLine());
}

// Lexical errors: ANTLR reports where the text that matches no token starts.
class LexerErrorListener : public antlr4::BaseErrorListener {
 public:
  explicit LexerErrorListener(std::string source) : source_(std::move(source)) {}

  void syntaxError(antlr4::Recognizer* recognizer, antlr4::Token*, size_t line, size_t charPosition,
                   const std::string&, std::exception_ptr) override {
    auto* lexer = static_cast<antlr4::Lexer*>(recognizer);
    throw core::InputError(locationOf(source_, line, charPosition),
                           describe(*lexer->getInputStream(), lexer->tokenStartCharIndex));
  }

 private:
  static std::string describe(antlr4::CharStream& input, size_t start) {
    std::string character = input.getText(antlr4::misc::Interval(start, start));
    if (character == "/" && input.getText(antlr4::misc::Interval(start, start + 1)) == "/*") {
      return "unterminated comment";
    }
    if (character == "\"") return "unterminated string";
    return "unexpected character '" + core::printable(character) + "'";
  }

  std::string source_;
};

// Syntax errors: the offending token, or the first unsupported keyword before it.
class ParserErrorListener : public antlr4::BaseErrorListener {
 public:
  ParserErrorListener(std::string source, antlr4::CommonTokenStream& tokens)
      : source_(std::move(source)), tokens_(tokens) {}

  void syntaxError(antlr4::Recognizer*, antlr4::Token* offending, size_t, size_t, const std::string&,
                   std::exception_ptr) override {
    if (const antlr4::Token* unsupported = firstUnsupportedUpTo(offending->getTokenIndex())) {
      throw core::InputError(locationOf(source_, unsupported),
                             "unsupported .cat construct '" + unsupported->getText() + "'");
    }
    if (const antlr4::Token* opening = unterminatedCommentAt(offending)) {
      throw core::InputError(locationOf(source_, opening), "unterminated comment");
    }
    if (offending->getType() == antlr4::Token::EOF) {
      throw core::InputError(locationOf(source_, offending), "unexpected end of file");
    }
    throw core::InputError(locationOf(source_, offending),
                           "unexpected '" + core::printable(offending->getText()) + "'");
  }

 private:
  const antlr4::Token* firstUnsupportedUpTo(size_t index) const {
    for (size_t i = 0; i <= index && i < tokens_.size(); ++i) {
      if (tokens_.get(i)->getType() == CatLexer::UNSUPPORTED) return tokens_.get(i);
    }
    return nullptr;
  }

  // `(*` without its `*)` lexes as `(` `*`, and parsing fails at one of the two: returns the `(`.
  const antlr4::Token* unterminatedCommentAt(const antlr4::Token* token) const {
    const antlr4::Token* opening = token;
    if (token->getType() == CatLexer::STAR && token->getTokenIndex() > 0) {
      opening = tokens_.get(token->getTokenIndex() - 1);
    }
    if (opening->getType() != CatLexer::LPAR) return nullptr;
    size_t next = opening->getStopIndex() + 1;
    return opening->getInputStream()->getText(antlr4::misc::Interval(next, next)) == "*" ? opening : nullptr;
  }

  std::string source_;
  antlr4::CommonTokenStream& tokens_;
};

std::string unquote(const std::string& quoted) {
  return quoted.substr(1, quoted.size() - 2);
}

// Parse tree -> syntax tree. Statement visits return ast::Statement (or nothing for `show`), expression
// visits return ast::Expr.
class SyntaxBuilder : public grammar::CatBaseVisitor {
 public:
  explicit SyntaxBuilder(std::string source) : source_(std::move(source)) {}

  ast::File file(CatParser::McmContext* ctx) {
    ast::File result;
    if (ctx->NAME()) {
      result.modelName = ctx->NAME()->getText();
    } else if (ctx->STRING()) {
      result.modelName = unquote(ctx->STRING()->getText());
    }
    for (CatParser::StatementContext* statement : ctx->statement()) {
      antlrcpp::Any value = visit(statement);
      if (value.isNotNull()) result.statements.push_back(std::move(value.as<ast::Statement>()));
    }
    return result;
  }

  antlrcpp::Any visitLetDefinition(CatParser::LetDefinitionContext* ctx) override {
    return ast::Statement(ast::Let{.name = ctx->NAME()->getText(),
                                   .body = expr(ctx->expression()),
                                   .where = at(ctx->NAME()->getSymbol())});
  }

  antlrcpp::Any visitFunctionDefinition(CatParser::FunctionDefinitionContext* ctx) override {
    ast::Let let{.name = ctx->NAME()->getText(),
                 .isFunction = true,
                 .body = expr(ctx->expression()),
                 .where = at(ctx->NAME()->getSymbol())};
    if (ctx->parameters()) {
      for (antlr4::tree::TerminalNode* name : ctx->parameters()->NAME())
        let.parameters.push_back(name->getText());
    }
    return ast::Statement(std::move(let));
  }

  antlrcpp::Any visitRecursiveDefinition(CatParser::RecursiveDefinitionContext* ctx) override {
    ast::LetRec group;
    for (CatParser::RecursiveBindingContext* binding : ctx->recursiveBinding()) {
      group.bindings.push_back({.name = binding->NAME()->getText(),
                                .body = expr(binding->expression()),
                                .where = at(binding->NAME()->getSymbol())});
    }
    return ast::Statement(std::move(group));
  }

  antlrcpp::Any visitAxiomDefinition(CatParser::AxiomDefinitionContext* ctx) override {
    ast::AxiomStatement axiom{.kind = axiomKind(ctx->axiomKind()),
                              .negated = ctx->NOT() != nullptr,
                              .flagged = ctx->FLAG() != nullptr,
                              .expr = expr(ctx->expression()),
                              .where = at(ctx->getStart())};
    if (ctx->NAME()) axiom.name = ctx->NAME()->getText();
    return ast::Statement(std::move(axiom));
  }

  antlrcpp::Any visitInclude(CatParser::IncludeContext* ctx) override {
    return ast::Statement(
        ast::Include{.file = unquote(ctx->STRING()->getText()), .where = at(ctx->getStart())});
  }

  antlrcpp::Any visitShow(CatParser::ShowContext*) override { return {}; }

  antlrcpp::Any visitCartesian(CatParser::CartesianContext* ctx) override {
    return binary(ast::ExprOp::Cartesian, ctx->op, ctx->expression(0), ctx->expression(1));
  }
  antlrcpp::Any visitIntersection(CatParser::IntersectionContext* ctx) override {
    return binary(ast::ExprOp::Intersection, ctx->op, ctx->expression(0), ctx->expression(1));
  }
  antlrcpp::Any visitDifference(CatParser::DifferenceContext* ctx) override {
    return binary(ast::ExprOp::Difference, ctx->op, ctx->expression(0), ctx->expression(1));
  }
  antlrcpp::Any visitComposition(CatParser::CompositionContext* ctx) override {
    return binary(ast::ExprOp::Composition, ctx->op, ctx->expression(0), ctx->expression(1));
  }
  antlrcpp::Any visitUnion(CatParser::UnionContext* ctx) override {
    return binary(ast::ExprOp::Union, ctx->op, ctx->expression(0), ctx->expression(1));
  }

  antlrcpp::Any visitClosure(CatParser::ClosureContext* ctx) override {
    ast::ExprOp op = ctx->op->getType() == CatLexer::STAR   ? ast::ExprOp::Star
                     : ctx->op->getType() == CatLexer::PLUS ? ast::ExprOp::Plus
                                                            : ast::ExprOp::Optional;
    return unary(op, ctx->op, ctx->expression());
  }
  antlrcpp::Any visitInverse(CatParser::InverseContext* ctx) override {
    return unary(ast::ExprOp::Inverse, ctx->op, ctx->expression());
  }
  antlrcpp::Any visitComplement(CatParser::ComplementContext* ctx) override {
    return unary(ast::ExprOp::Complement, ctx->op, ctx->expression());
  }
  antlrcpp::Any visitIdentityOn(CatParser::IdentityOnContext* ctx) override {
    return unary(ast::ExprOp::IdentityOn, ctx->op, ctx->expression());
  }
  antlrcpp::Any visitParenthesised(CatParser::ParenthesisedContext* ctx) override {
    return visit(ctx->expression());
  }

  antlrcpp::Any visitCall(CatParser::CallContext* ctx) override {
    ast::Expr call{
        .op = ast::ExprOp::Call, .name = ctx->NAME()->getText(), .where = at(ctx->NAME()->getSymbol())};
    if (ctx->arguments()) {
      for (CatParser::ExpressionContext* argument : ctx->arguments()->expression()) {
        call.args.push_back(expr(argument));
      }
    }
    return call;
  }

  antlrcpp::Any visitName(CatParser::NameContext* ctx) override {
    return ast::Expr{
        .op = ast::ExprOp::Name, .name = ctx->NAME()->getText(), .where = at(ctx->NAME()->getSymbol())};
  }

 private:
  core::SourceLocation at(const antlr4::Token* token) const { return locationOf(source_, token); }

  // Each operator is one level of recursion here and in every walk of the syntax tree after, so a chain
  // like `po | po | ...` longer than the limit is an error, not a stack overflow.
  ast::Expr expr(CatParser::ExpressionContext* ctx) {
    if (depth_ >= core::kMaxExpressionDepth) {
      throw core::InputError(
          at(ctx->getStart()),
          "expression nested deeper than " + std::to_string(core::kMaxExpressionDepth) + " operators");
    }
    ++depth_;
    ast::Expr result = std::move(visit(ctx).as<ast::Expr>());
    --depth_;
    return result;
  }

  antlrcpp::Any unary(ast::ExprOp op, const antlr4::Token* token, CatParser::ExpressionContext* operand) {
    return ast::Expr{.op = op, .args = {expr(operand)}, .where = at(token)};
  }

  antlrcpp::Any binary(ast::ExprOp op, const antlr4::Token* token, CatParser::ExpressionContext* lhs,
                       CatParser::ExpressionContext* rhs) {
    ast::Expr result{.op = op, .where = at(token)};
    result.args.push_back(expr(lhs));
    result.args.push_back(expr(rhs));
    return result;
  }

  static AxiomKind axiomKind(CatParser::AxiomKindContext* ctx) {
    if (ctx->ACYCLIC()) return AxiomKind::Acyclic;
    if (ctx->IRREFLEXIVE()) return AxiomKind::Irreflexive;
    return AxiomKind::Empty;
  }

  std::string source_;
  int depth_ = 0;
};

void loadText(antlr4::ANTLRInputStream& input, const std::string& text, const std::string& sourceName) {
  core::requireUtf8(text, sourceName);  // the runtime's UTF-8 decoder would abort on bad bytes
  core::requireShallowNesting(text, sourceName);
  input.load(text);
}

}  // namespace

ast::File readSyntax(const std::string& text, const std::string& sourceName) {
  antlr4::ANTLRInputStream input;
  loadText(input, text, sourceName);
  CatLexer lexer(&input);
  LexerErrorListener lexerErrors(sourceName);
  lexer.removeErrorListeners();
  lexer.addErrorListener(&lexerErrors);
  antlr4::CommonTokenStream tokens(&lexer);
  CatParser parser(&tokens);
  ParserErrorListener parserErrors(sourceName, tokens);
  parser.removeErrorListeners();
  parser.addErrorListener(&parserErrors);
  return SyntaxBuilder(sourceName).file(parser.mcm());
}

}  // namespace catcheck::cat
