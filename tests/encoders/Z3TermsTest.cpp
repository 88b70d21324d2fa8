// The second search of a large query rebuilds the query from the recipes of its terms in a context of its
// own (encoders/Z3Terms.h): every kind of recipe must rebuild into the same term, printed the same way.
#include <gtest/gtest.h>
#include <z3++.h>

#include <string>
#include <vector>

#include "encoders/Z3Terms.h"

namespace catcheck::encoders {
namespace {

Z3Recipe leaf(Z3Recipe::Kind kind, long long value, const char* name = "") {
  Z3Recipe recipe;
  recipe.kind = kind;
  recipe.value = value;
  recipe.name = name;
  return recipe;
}

Z3Recipe applied(TermOp op, std::vector<Term> args) {
  Z3Recipe recipe;
  recipe.kind = Z3Recipe::Kind::Apply;
  recipe.op = op;
  recipe.args = std::move(args);
  return recipe;
}

Z3Recipe bitwise(BitwiseOp op, int width, std::vector<Term> args) {
  Z3Recipe recipe;
  recipe.kind = Z3Recipe::Kind::Bitwise;
  recipe.bitwiseOp = op;
  recipe.width = width;
  recipe.args = std::move(args);
  return recipe;
}

std::vector<z3::expr> build(z3::context& context, const std::vector<Z3Recipe>& recipes) {
  std::vector<z3::expr> terms;
  for (const Z3Recipe& recipe : recipes) terms.push_back(buildZ3Term(context, terms, recipe));
  return terms;
}

TEST(Z3Terms, EveryRecipeRebuildsTheSameTermInAnotherContext) {
  std::vector<Z3Recipe> recipes = {
      leaf(Z3Recipe::Kind::BoolConstant, 1),       // 0
      leaf(Z3Recipe::Kind::IntConstant, -7),       // 1
      leaf(Z3Recipe::Kind::BoolVariable, 0, "b"),  // 2
      leaf(Z3Recipe::Kind::IntVariable, 0, "x"),   // 3
      applied(TermOp::Add, {3, 1}),                // 4
      applied(TermOp::Mod, {4, 1}),                // 5
      applied(TermOp::Ite, {2, 5, 3}),             // 6
      applied(TermOp::Le, {6, 1}),                 // 7
      applied(TermOp::And, {0, 2, 7}),             // 8
      bitwise(BitwiseOp::Xor, 8, {3, 6}),          // 9
      bitwise(BitwiseOp::Not, 8, {9}),             // 10
      applied(TermOp::Eq, {10, 3}),                // 11
      applied(TermOp::Implies, {8, 11}),           // 12
  };
  z3::context first, second;
  std::vector<z3::expr> original = build(first, recipes);
  std::vector<z3::expr> rebuilt = build(second, recipes);
  ASSERT_EQ(original.size(), rebuilt.size());
  for (size_t i = 0; i < original.size(); ++i)
    EXPECT_EQ(original[i].to_string(), rebuilt[i].to_string()) << i;
  std::string xor8 = rebuilt[9].to_string();
  EXPECT_NE(xor8.find("bvxor ((_ int2bv 8) x)"), std::string::npos) << xor8;
  EXPECT_NE(xor8.find("bv2int"), std::string::npos) << xor8;
}

}  // namespace
}  // namespace catcheck::encoders
