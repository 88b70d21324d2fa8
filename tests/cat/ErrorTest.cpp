// Negative tests of the `.cat` front end: every bad input gets exactly one core::InputError with
// file:line:col and a one-line message (docs/design.md decision 8).
#include <gtest/gtest.h>

#include <random>

#include "TestSupport.h"
#include "cat/Parser.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::cat {
namespace {

using testing::parseError;

TEST(CatSyntaxErrors, UnexpectedTokens) {
  EXPECT_EQ(parseError("let a = po | )"), "test.cat:1:14: error: unexpected ')'");
  EXPECT_EQ(parseError("let = po"), "test.cat:1:5: error: unexpected '='");
  EXPECT_EQ(parseError("let a = po\nlet b = po rf"), "test.cat:2:12: error: unexpected 'rf'");
  EXPECT_EQ(parseError("let a = po;\n\n  ;rf"), "test.cat:3:3: error: unexpected ';'");
  EXPECT_EQ(parseError("acyclic po as"), "test.cat:1:14: error: unexpected end of file");
  EXPECT_EQ(parseError("let a = (po | rf"), "test.cat:1:17: error: unexpected end of file");
  EXPECT_EQ(parseError("let a = [po"), "test.cat:1:12: error: unexpected end of file");
  EXPECT_EQ(parseError("let f(a,) = a"), "test.cat:1:9: error: unexpected ')'");
  EXPECT_EQ(parseError("include x.cat"), "test.cat:1:9: error: unexpected 'x.cat'");
}

TEST(CatSyntaxErrors, LexicalErrors) {
  EXPECT_EQ(parseError("let a = po $ rf"), "test.cat:1:12: error: unexpected character '$'");
  EXPECT_EQ(parseError("let a = po\n  {W}"), "test.cat:2:3: error: unexpected character '{'");
  EXPECT_EQ(parseError("let a = po | \u00e9t\u00e9"), "test.cat:1:14: error: unexpected character '\u00e9'");
  EXPECT_EQ(parseError("include \"x.cat\nlet a = po"), "test.cat:1:9: error: unterminated string");
  EXPECT_EQ(parseError("let a = po /* no end"), "test.cat:1:12: error: unterminated comment");
  EXPECT_EQ(parseError("let a = po\n(* no end\nlet b = rf"), "test.cat:2:1: error: unterminated comment");
  EXPECT_EQ(parseError("let a = (* no end"), "test.cat:1:9: error: unterminated comment");
  EXPECT_EQ(parseError("let a = po \xff"), "test.cat:1:12: error: the file is not valid UTF-8 (byte 0xff)");
}

TEST(CatSyntaxErrors, UnsupportedConstructsAreNamed) {
  EXPECT_EQ(parseError("procedure p(x) =\n  acyclic x\nend"),
            "test.cat:1:1: error: unsupported .cat construct 'procedure'");
  EXPECT_EQ(parseError("let a = po\ncall p(po)"), "test.cat:2:1: error: unsupported .cat construct 'call'");
  EXPECT_EQ(parseError("let a = match po with || _ -> po end"),
            "test.cat:1:9: error: unsupported .cat construct 'match'");
  EXPECT_EQ(parseError("with co from generate_cos(co0)"),
            "test.cat:1:1: error: unsupported .cat construct 'with'");
  EXPECT_EQ(parseError("forall x in a do empty x end"),
            "test.cat:1:1: error: unsupported .cat construct 'forall'");
  EXPECT_EQ(parseError("let a = if x then po else rf"),
            "test.cat:1:9: error: unsupported .cat construct 'if'");
  EXPECT_EQ(parseError("undefined_unless empty po"),
            "test.cat:1:1: error: unsupported .cat construct 'undefined_unless'");
  EXPECT_EQ(parseError("let a = po | newSet()"), "test.cat:1:14: error: unsupported .cat construct 'newSet'");
  EXPECT_EQ(parseError("let a = po\nlet b = fun x -> x"),
            "test.cat:2:9: error: unsupported .cat construct 'fun'");
}

TEST(CatSyntaxErrors, EarlierSyntaxErrorWinsOverLaterUnsupportedConstruct) {
  EXPECT_EQ(parseError("let a = )\nprocedure p(x) = end"), "test.cat:1:9: error: unexpected ')'");
}

TEST(CatKindErrors, OperatorsCheckTheirOperands) {
  EXPECT_EQ(parseError("let a = W; po"),
            "test.cat:1:10: error: ';' expects a relation, but its left operand is a set");
  EXPECT_EQ(parseError("let a = po ;R"),
            "test.cat:1:12: error: ';' expects a relation, but its right operand is a set");
  EXPECT_EQ(parseError("let a = [po]"),
            "test.cat:1:9: error: '[...]' expects a set, but its operand is a relation");
  EXPECT_EQ(parseError("let a = W & po"), "test.cat:1:11: error: '&' applied to a set and a relation");
  EXPECT_EQ(parseError("let a = po | W"), "test.cat:1:12: error: '|' applied to a relation and a set");
  EXPECT_EQ(parseError("let a = po \\ W"), "test.cat:1:12: error: '\\' applied to a relation and a set");
  EXPECT_EQ(parseError("let a = po * W"),
            "test.cat:1:12: error: '*' expects a set, but its left operand is a relation");
  EXPECT_EQ(parseError("let a = W+"),
            "test.cat:1:10: error: '+' expects a relation, but its operand is a set");
  EXPECT_EQ(parseError("let a = W*"),
            "test.cat:1:10: error: '*' expects a relation, but its operand is a set");
  EXPECT_EQ(parseError("let a = W?"),
            "test.cat:1:10: error: '?' expects a relation, but its operand is a set");
  EXPECT_EQ(parseError("let a = W^-1"),
            "test.cat:1:10: error: '^-1' expects a relation, but its operand is a set");
  EXPECT_EQ(parseError("let a = domain(W)"),
            "test.cat:1:9: error: 'domain' expects a relation, but its argument is a set");
  EXPECT_EQ(parseError("let a = toid(po)"),
            "test.cat:1:9: error: 'toid' expects a set, but its argument is a relation");
  EXPECT_EQ(parseError("let a = W * W * W"),
            "test.cat:1:15: error: '*' expects a set, but its left operand is a relation");
}

TEST(CatKindErrors, AxiomsAndRecursion) {
  EXPECT_EQ(parseError("acyclic W"),
            "test.cat:1:1: error: 'acyclic' expects a relation, but its operand is a set");
  EXPECT_EQ(parseError("flag ~irreflexive R"),
            "test.cat:1:1: error: 'irreflexive' expects a relation, but its operand is a set");
  EXPECT_EQ(parseError("let rec s = domain(po)"),
            "test.cat:1:9: error: recursive definition 's' expects a relation, but its body is a set");
  EXPECT_EQ(parseError("let rec a = po and a = rf"),
            "test.cat:1:20: error: 'a' is defined twice in one 'let rec'");
}

TEST(CatKindErrors, ErrorsInFunctionBodiesPointIntoTheBody) {
  EXPECT_EQ(parseError("let f(r) = r; po\nlet a = f(W)"),
            "test.cat:1:13: error: ';' expects a relation, but its left operand is a set");
}

TEST(CatFunctionErrors, CallsAreChecked) {
  EXPECT_EQ(parseError("let a = foo(po)"), "test.cat:1:9: error: undefined function 'foo'");
  EXPECT_EQ(parseError("let f(a, b) = a; b\nlet c = f(po)"),
            "test.cat:2:9: error: function 'f' expects 2 arguments, got 1");
  EXPECT_EQ(parseError("let f(a) = a\nlet c = f(po, rf)"),
            "test.cat:2:9: error: function 'f' expects 1 argument, got 2");
  EXPECT_EQ(parseError("let a = domain(po, rf)"),
            "test.cat:1:9: error: function 'domain' expects 1 argument, got 2");
  EXPECT_EQ(parseError("let f(a) = a\nlet b = f | po"),
            "test.cat:2:9: error: function 'f' used without arguments");
  EXPECT_EQ(parseError("let a = po\nlet b = a(rf)"), "test.cat:2:9: error: 'a' is not a function");
  EXPECT_EQ(parseError("let f(r) = r(po)\nlet b = f(rf)"), "test.cat:1:12: error: 'r' is not a function");
  EXPECT_EQ(parseError("let f(r, r) = r"), "test.cat:1:5: error: duplicate parameter 'r' of function 'f'");
  EXPECT_EQ(parseError("let f(r) = f(r)\nlet a = f(po)"), "test.cat:1:12: error: undefined function 'f'");
}

TEST(CatFileErrors, MissingFiles) {
  EXPECT_EQ(parseError("let a = po\ninclude \"no-such-file.cat\""),
            "test.cat:2:1: error: cannot open include file 'no-such-file.cat'");
  std::string missing = (testing::scratchDirectory() / "missing.cat").string();
  try {
    loadModel(missing, testing::referenceStdlib().string());
    FAIL() << "no error";
  } catch (const core::InputError& error) {
    EXPECT_EQ(std::string(error.what()), missing + ":1:1: error: cannot open model file: no such file");
  }
  try {
    loadModel(missing, missing);
    FAIL() << "no error";
  } catch (const core::InputError& error) {
    EXPECT_EQ(std::string(error.what()), missing + ":1:1: error: cannot open model file: no such file");
  }
  try {
    parseModelText("let a = po", "test.cat", missing);
    FAIL() << "no error";
  } catch (const core::InputError& error) {
    EXPECT_EQ(std::string(error.what()), missing + ":1:1: error: cannot open the stdlib file: no such file");
  }
}

// Random token soup either parses or throws core::InputError; nothing else escapes.
TEST(CatRobustness, RandomTokenSequencesOnlyRaiseInputErrors) {
  const std::vector<std::string> tokens{"let",
                                        "rec",
                                        "and",
                                        "as",
                                        "flag",
                                        "~",
                                        "acyclic",
                                        "empty",
                                        "irreflexive",
                                        "include",
                                        "\"x.cat\"",
                                        "show",
                                        "po",
                                        "W",
                                        "0",
                                        "_",
                                        "f",
                                        "domain",
                                        "toid",
                                        "(",
                                        ")",
                                        "[",
                                        "]",
                                        "|",
                                        "&",
                                        "\\",
                                        ";",
                                        "*",
                                        "+",
                                        "?",
                                        "^-1",
                                        "^",
                                        "=",
                                        ",",
                                        "\n",
                                        "(*",
                                        "*)",
                                        "/*",
                                        "procedure",
                                        "$",
                                        "\"",
                                        "let f(r) = r;r\n",
                                        "let x = f(W)\n"};
  std::mt19937 random(1);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    size_t length = 1 + random() % 14;
    for (size_t i = 0; i < length; ++i) text += tokens[random() % tokens.size()] + " ";
    try {
      testing::parse(text);
    } catch (const core::InputError&) {
    } catch (const std::exception& error) {
      ADD_FAILURE() << "'" << text << "' threw " << error.what();
    }
  }
}

TEST(CatRobustness, DeepNesting) {
  std::string text = "let a = " + std::string(300, '(') + "po" + std::string(300, ')') + ";" +
                     std::string(300, '[') + "W" + std::string(300, ']');
  // `[W]` is a relation, so the second-innermost bracket (column 8 + 300 + 2 + 1 + 299) is wrong.
  EXPECT_EQ(parseError(text), "test.cat:1:910: error: '[...]' expects a set, but its operand is a relation");
  EXPECT_EQ(parseError("let a = " + std::string(300, '~') + "po"), "");
}

}  // namespace
}  // namespace catcheck::cat
