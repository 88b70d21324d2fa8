// The concrete meaning of expression operators at a width (ExprSemantics.h): two's-complement wrap,
// signed and unsigned views, SPIR-V's OpUMod/OpSRem/OpSDiv, shifts and conversions; width 0 keeps the
// litmus suites' unbounded integers.
#include <gtest/gtest.h>

#include "core/ir/ExprSemantics.h"

namespace catcheck::core {
namespace {

long long apply(ExprOp op, long long a, long long b, int width) {
  Expr node = Expr::binary(op, Expr::constantValue(a, width), Expr::constantValue(b, width));
  return applyOperator(node, {a, b}).value();
}

TEST(ExprSemantics, ArithmeticWrapsAtTheWidth) {
  EXPECT_EQ(apply(ExprOp::Add, 255, 1, 8), 0);
  EXPECT_EQ(apply(ExprOp::Sub, 0, 1, 32), 4294967295LL);
  EXPECT_EQ(apply(ExprOp::Mul, 1LL << 31, 2, 32), 0);
  EXPECT_EQ(apply(ExprOp::Add, 255, 1, 0), 256);  // unbounded
}

TEST(ExprSemantics, SignedAndUnsignedViews) {
  EXPECT_EQ(signedAtWidth(255, 8), -1);
  EXPECT_EQ(signedAtWidth(127, 8), 127);
  EXPECT_EQ(wrapToWidth(-1, 16), 65535);
  EXPECT_EQ(apply(ExprOp::Lt, 255, 1, 8), 1);   // -1 < 1 signed
  EXPECT_EQ(apply(ExprOp::ULt, 255, 1, 8), 0);  // 255 > 1 unsigned
  EXPECT_EQ(apply(ExprOp::Ge, 128, 0, 8), 0);
}

TEST(ExprSemantics, DivisionAndRemainder) {
  EXPECT_EQ(apply(ExprOp::Div, 7, 2, 32), 3);
  EXPECT_EQ(apply(ExprOp::Rem, 7, 3, 32), 1);
  EXPECT_EQ(apply(ExprOp::SRem, wrapToWidth(-7, 32), 3, 32), wrapToWidth(-1, 32));  // sign of the dividend
  EXPECT_EQ(apply(ExprOp::SDiv, wrapToWidth(-7, 32), 2, 32), wrapToWidth(-3, 32));  // truncates
  Expr byZero = Expr::binary(ExprOp::Div, Expr::constantValue(1, 32), Expr::constantValue(0, 32));
  EXPECT_FALSE(applyOperator(byZero, {1, 0}).has_value());
}

TEST(ExprSemantics, BitwiseAndShifts) {
  EXPECT_EQ(apply(ExprOp::And, 12, 10, 8), 8);
  EXPECT_EQ(apply(ExprOp::Xor, 12, 10, 8), 6);
  EXPECT_EQ(apply(ExprOp::Shl, 1, 7, 8), 128);
  EXPECT_EQ(apply(ExprOp::Shl, 1, 8, 8), 0);
  EXPECT_EQ(apply(ExprOp::LShr, 128, 7, 8), 1);
  EXPECT_EQ(apply(ExprOp::AShr, 128, 7, 8), 255);
  Expr notNode = Expr::unary(ExprOp::Not, Expr::constantValue(0, 8), 8);
  EXPECT_EQ(applyOperator(notNode, {0}), 255);
}

TEST(ExprSemantics, Conversions) {
  Expr sext = Expr::unary(ExprOp::SignExtend, Expr::constantValue(0, 16), 32);
  EXPECT_EQ(applyOperator(sext, {0xFFFF}), 0xFFFFFFFFLL);
  Expr zext = Expr::unary(ExprOp::ZeroExtend, Expr::constantValue(0, 16), 32);
  EXPECT_EQ(applyOperator(zext, {0xFFFF}), 0xFFFF);
  Expr truncate = Expr::unary(ExprOp::ZeroExtend, Expr::constantValue(0, 32), 8);
  EXPECT_EQ(applyOperator(truncate, {0x1234}), 0x34);
}

TEST(ExprSemantics, ReadModifyWriteOperators) {
  EXPECT_EQ(applyRmw(RmwOp::Min, 8, 255, 1, 0), 255);  // -1 < 1
  EXPECT_EQ(applyRmw(RmwOp::UMin, 8, 255, 1, 0), 1);
  EXPECT_EQ(applyRmw(RmwOp::Max, 8, 255, 1, 0), 1);
  EXPECT_EQ(applyRmw(RmwOp::UMax, 8, 255, 1, 0), 255);
  EXPECT_EQ(applyRmw(RmwOp::Add, 8, 255, 2, 0), 1);
  EXPECT_EQ(applyRmw(RmwOp::CompareExchange, 32, 5, 9, 5), 9);
  EXPECT_EQ(applyRmw(RmwOp::CompareExchange, 32, 5, 9, 4), 5);
  // PTX atom.inc / atom.dec: wrap at the operand, compared unsigned
  EXPECT_EQ(applyRmw(RmwOp::WrappingIncrement, 32, 1, 2, 0), 2);
  EXPECT_EQ(applyRmw(RmwOp::WrappingIncrement, 32, 2, 2, 0), 0);
  EXPECT_EQ(applyRmw(RmwOp::WrappingIncrement, 32, 0xFFFFFFFF, 2, 0), 0);
  EXPECT_EQ(applyRmw(RmwOp::WrappingIncrement, 32, 0xFFFFFFFE, 0xFFFFFFFF, 0), 0xFFFFFFFF);
  EXPECT_EQ(applyRmw(RmwOp::WrappingDecrement, 32, 2, 5, 0), 1);
  EXPECT_EQ(applyRmw(RmwOp::WrappingDecrement, 32, 0, 5, 0), 5);
  EXPECT_EQ(applyRmw(RmwOp::WrappingDecrement, 32, 7, 5, 0), 5);
  EXPECT_EQ(applyRmw(RmwOp::WrappingDecrement, 32, 5, 5, 0), 4);
}

}  // namespace
}  // namespace catcheck::core
