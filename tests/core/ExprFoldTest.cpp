// What a branch outcome says of a value (core/ir/ExprFold.h impliedEquality) and the substitution that
// carries it (substitute): equalities from ==, != and their negations, nothing from orderings, and the
// folding that follows a substitution.
#include <gtest/gtest.h>

#include "core/ir/ExprFold.h"

namespace catcheck::core {
namespace {

Expr reg(int r) {
  return Expr::registerValue(r, 32);
}

TEST(ExprFold, EqualityComparisonsFixTheirValueOnOneSide) {
  Expr ne = fold(ExprOp::Ne, {reg(1), constantAt(2, 32)}, 1);
  EXPECT_FALSE(impliedEquality(ne, true).has_value());
  auto notTaken = impliedEquality(ne, false);
  ASSERT_TRUE(notTaken.has_value());
  EXPECT_TRUE(sameExpr(notTaken->first, reg(1)));
  EXPECT_EQ(notTaken->second.constant, 2);
  Expr eq = fold(ExprOp::Eq, {constantAt(5, 32), reg(3)}, 1);  // the constant on either side
  ASSERT_TRUE(impliedEquality(eq, true).has_value());
  EXPECT_TRUE(sameExpr(impliedEquality(eq, true)->first, reg(3)));
  EXPECT_FALSE(impliedEquality(eq, false).has_value());
}

TEST(ExprFold, ANegatedComparisonIsReadThroughAndOrderingsSayNothing) {
  Expr ne = fold(ExprOp::Ne, {reg(1), constantAt(2, 32)}, 1);
  Expr negated = fold(ExprOp::Eq, {ne, constantAt(0, 1)}, 1);  // @!%p
  auto taken = impliedEquality(negated, true);
  ASSERT_TRUE(taken.has_value());
  EXPECT_EQ(taken->second.constant, 2);
  EXPECT_FALSE(impliedEquality(negated, false).has_value());
  EXPECT_FALSE(impliedEquality(fold(ExprOp::Lt, {reg(1), constantAt(2, 32)}, 1), true).has_value());
  EXPECT_FALSE(impliedEquality(fold(ExprOp::Eq, {reg(1), reg(2)}, 1), true).has_value());
  // an undefined value (an uninitialised register) is its own choice: nothing is carried for it
  Expr undefined = fold(ExprOp::ZeroExtend, {Expr::undefinedValue(16)}, 32);
  EXPECT_FALSE(impliedEquality(fold(ExprOp::Eq, {undefined, constantAt(3, 32)}, 1), true).has_value());
}

TEST(ExprFold, SubstitutionFoldsWhatBecomesConstant) {
  Expr address =
      fold(ExprOp::Add, {constantAt(64, 32), fold(ExprOp::Shl, {reg(1), constantAt(2, 32)}, 32)}, 32);
  Expr carried = substitute(address, reg(1), constantAt(2, 32));
  ASSERT_TRUE(carried.isConstant());
  EXPECT_EQ(carried.constant, 72);
  Expr other = substitute(address, reg(7), constantAt(2, 32));
  EXPECT_TRUE(sameExpr(other, address));
}

}  // namespace
}  // namespace catcheck::core
