// The symbolic expression semantics (ValueEncoder.h) against the concrete one (core/ir/ExprSemantics.h): for
// random operands at several widths, the solver must find the concrete result and no other. The
// operands are solver variables fixed by equations, so nothing is folded before the solver sees it.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "core/ir/ExprSemantics.h"
#include "core/ir/Mbarrier.h"
#include "encoders/Formula.h"
#include "encoders/ValueEncoder.h"

namespace catcheck::encoders {
namespace {

using core::Expr;
using core::ExprOp;

// Whether the solver agrees that `node` over registers 0 and 1 holding a and b is exactly `expected`.
// With `ranged`, the registers are known to hold values of their width (Formula::noteRange), as reads of
// inputs are, so results whose range stays within the width are left without a modulus.
bool agrees(SolverKind kind, const Expr& node, long long a, long long b, long long expected,
            bool ranged = false) {
  for (bool negate : {false, true}) {
    SolverOptions options;
    options.kind = kind;
    options.bitwise = true;
    auto backend = makeSolver(options);
    Formula f(*backend);
    std::vector<Term> regs{f.intVar("a"), f.intVar("b")};
    f.require(f.eq(regs[0], f.intValue(a)));
    f.require(f.eq(regs[1], f.intValue(b)));
    for (size_t i = 0; ranged && i < regs.size(); ++i)
      f.noteRange(regs[i], {0, (1LL << node.args.at(i).width) - 1});
    ValueEncoder values(f, "t");
    Term same = f.eq(values.intOf(node, regs), f.intValue(expected));
    f.require(negate ? f.no(same) : same);
    SatResult result = backend->check();
    if (result != (negate ? SatResult::Unsat : SatResult::Sat)) return false;
  }
  return true;
}

const ExprOp kOps[] = {ExprOp::Add,  ExprOp::Sub, ExprOp::Mul, ExprOp::Div, ExprOp::SDiv, ExprOp::Rem,
                       ExprOp::SRem, ExprOp::And, ExprOp::Or,  ExprOp::Xor, ExprOp::Shl,  ExprOp::LShr,
                       ExprOp::AShr, ExprOp::Lt,  ExprOp::Le,  ExprOp::ULt, ExprOp::UGe,  ExprOp::Eq};

TEST(ValueEncoder, AgreesWithTheConcreteSemanticsOnRandomOperands) {
  std::mt19937_64 random(20261201);
  for (int width : {8, 16, 32}) {
    long long range = 1LL << width;
    for (ExprOp op : kOps) {
      for (int trial = 0; trial < 3; ++trial) {
        long long a = static_cast<long long>(random() % static_cast<unsigned long long>(range));
        long long b = static_cast<long long>(random() % static_cast<unsigned long long>(range));
        if (op == ExprOp::Shl || op == ExprOp::LShr || op == ExprOp::AShr) b %= width;
        if (b == 0) b = 3;
        Expr node = Expr::binary(op, Expr::registerValue(0, width), Expr::registerValue(1, width));
        long long expected = core::applyOperator(node, {a, b}).value();
        SolverKind kind = trial % 2 == 0 ? SolverKind::Z3 : SolverKind::Cvc5;
        for (bool ranged : {false, true}) {
          EXPECT_TRUE(agrees(kind, node, a, b, expected, ranged))
              << "op " << static_cast<int>(op) << " width " << width << " a " << a << " b " << b
              << (ranged ? " (operands of known range)" : "");
        }
      }
    }
  }
}

// The bitwise paths that never reach the solver's bit-vector conversion (Formula::bitsOf): the first operand
// with known digits (Formula::decompose, as a warp's ballot or match mask has), the second a constant or
// digits too; And with a constant 2^k - 1 on an operand without digits becomes a modulus.
bool agreesByDigits(const Expr& node, long long a, long long b, bool constantSecond, bool digitsFirst) {
  for (bool negate : {false, true}) {
    SolverOptions options;
    options.bitwise = true;
    auto backend = makeSolver(options);
    Formula f(*backend);
    std::vector<Term> regs{f.intVar("a"), constantSecond ? f.intValue(b) : f.intVar("b")};
    int width = node.args.at(0).width;
    if (digitsFirst) f.decompose(regs[0], width, "a");
    if (!constantSecond) f.decompose(regs[1], width, "b");
    f.require(f.eq(regs[0], f.intValue(a)));
    f.require(f.eq(regs[1], f.intValue(b)));
    ValueEncoder values(f, "t");
    Term same = f.eq(values.intOf(node, regs), f.intValue(core::applyOperator(node, {a, b}).value()));
    f.require(negate ? f.no(same) : same);
    if (backend->check() != (negate ? SatResult::Unsat : SatResult::Sat)) return false;
  }
  return true;
}

TEST(ValueEncoder, BitwiseOperationsOnKnownDigitsAgree) {
  std::mt19937_64 random(20261203);
  for (int width : {8, 32}) {
    for (ExprOp op : {ExprOp::And, ExprOp::Or, ExprOp::Xor, ExprOp::Shl, ExprOp::LShr, ExprOp::AShr}) {
      for (int trial = 0; trial < 2; ++trial) {
        long long a = static_cast<long long>(random() % (1ULL << width));
        long long b = static_cast<long long>(random() % (1ULL << width));
        bool shift = op == ExprOp::Shl || op == ExprOp::LShr || op == ExprOp::AShr;
        if (shift) b %= width + 2;  // past the width too: the ISA clamps
        Expr node = Expr::binary(op, Expr::registerValue(0, width), Expr::registerValue(1, width));
        EXPECT_TRUE(agreesByDigits(node, a, b, true, true)) << static_cast<int>(op) << " " << a << " " << b;
        if (!shift) {
          EXPECT_TRUE(agreesByDigits(node, a, b, false, true))
              << static_cast<int>(op) << " " << a << " " << b;
        }
      }
    }
    Expr notNode = Expr::unary(ExprOp::Not, Expr::registerValue(0, width), width);
    EXPECT_TRUE(agreesByDigits(notNode, 5, 0, true, true));
    Expr mask = Expr::binary(ExprOp::And, Expr::registerValue(0, width), Expr::registerValue(1, width));
    for (long long low : {1LL, 3LL, 255LL})
      EXPECT_TRUE(agreesByDigits(mask, 0xAB, low, true, false)) << "0xAB & " << low << " as a modulus";
  }
}

// Sums and differences that leave the width on either side, with operands of known range.
TEST(ValueEncoder, ReductionsOfKnownRangesAgreeAtTheirEdges) {
  Expr add = Expr::binary(ExprOp::Add, Expr::registerValue(0, 8), Expr::registerValue(1, 8));
  Expr sub = Expr::binary(ExprOp::Sub, Expr::registerValue(0, 8), Expr::registerValue(1, 8));
  for (auto [a, b] : {std::pair{255LL, 255LL}, {255LL, 1LL}, {128LL, 128LL}, {0LL, 0LL}, {0LL, 255LL}}) {
    EXPECT_TRUE(agrees(SolverKind::Z3, add, a, b, (a + b) % 256, true)) << a << " + " << b;
    EXPECT_TRUE(agrees(SolverKind::Z3, sub, a, b, ((a - b) % 256 + 256) % 256, true)) << a << " - " << b;
  }
}

TEST(Formula, RangesFollowConstantsArithmeticChoicesAndModuli) {
  SolverOptions options;
  auto backend = makeSolver(options);
  Formula f(*backend);
  Term x = f.intVar("x"), y = f.intVar("y"), unknown = f.intVar("u");
  f.noteRange(x, {0, 255});
  f.noteRange(y, {10, 20});
  auto is = [&](Term t, long long lo, long long hi) {
    std::optional<Formula::Range> r = f.rangeOf(t);
    return r && r->lo == lo && r->hi == hi;
  };
  EXPECT_TRUE(is(f.intValue(7), 7, 7));
  EXPECT_TRUE(is(f.arith(TermOp::Add, x, y), 10, 275));
  EXPECT_TRUE(is(f.arith(TermOp::Sub, x, y), -20, 245));
  EXPECT_TRUE(is(f.arith(TermOp::Mul, y, f.intValue(-2)), -40, -20));
  EXPECT_TRUE(is(f.ite(f.boolVar("c"), x, y), 0, 255));
  EXPECT_TRUE(is(f.arith(TermOp::Mod, unknown, f.intValue(16)), 0, 15));
  EXPECT_TRUE(is(f.bitwise(BitwiseOp::And, 8, {x, y}), 0, 255));
  EXPECT_FALSE(f.rangeOf(unknown));
  EXPECT_FALSE(f.rangeOf(f.arith(TermOp::Add, x, unknown)));
  EXPECT_FALSE(f.rangeOf(f.ite(f.boolVar("d"), x, unknown)));
}

// Expressions over registers of known domain (Formula::noteDomain) are tables of the concrete semantics:
// an mbarrier's phase test over its states, both operands of a sum from small domains, and an open domain
// whose register holds a value outside the values listed (its own arithmetic answers then).
bool agreesByTable(const Expr& node, long long a, long long b, const std::vector<long long>& domainOfA,
                   bool open) {
  for (bool negate : {false, true}) {
    SolverOptions options;
    auto backend = makeSolver(options);
    Formula f(*backend);
    std::vector<Term> regs{f.intVar("a"), f.intVar("b")};
    f.noteDomain(regs[0], domainOfA, open);
    f.noteDomain(regs[1], {b, b + 1}, false);
    f.require(f.eq(regs[0], f.intValue(a)));
    f.require(f.eq(regs[1], f.intValue(b)));
    ValueEncoder values(f, "t");
    long long expected = core::evaluateExpr(node, {a, b}).value();
    Term same = f.eq(values.intOf(node, regs), f.intValue(expected));
    Term truth = f.iff(values.boolOf(node, regs), expected != 0 ? f.top() : f.bottom());
    f.require(negate ? f.no(f.both(same, truth)) : f.both(same, truth));
    if (backend->check() != (negate ? SatResult::Unsat : SatResult::Sat)) return false;
  }
  return true;
}

TEST(ValueEncoder, ExpressionsOverFewValuesAreTablesOfTheirSemantics) {
  std::vector<long long> states;
  for (long long phase = 0; phase < 4; ++phase) states.push_back(phase * core::kPhaseUnit + 5);
  Expr completed = core::mbarrierPhaseCompleted(Expr::registerValue(0), Expr::registerValue(1));
  Expr update = core::mbarrierUpdate();
  Expr sum = Expr::binary(ExprOp::Add, Expr::registerValue(0, 8), Expr::registerValue(1, 8));
  for (long long state : states) {
    EXPECT_TRUE(agreesByTable(completed, state, 0, states, false)) << state;
    EXPECT_TRUE(agreesByTable(update, state, core::kArrivalUnit, states, false)) << state;
  }
  EXPECT_TRUE(agreesByTable(sum, 250, 9, {3, 250}, false)) << "250 + 9 wraps at 8 bits";
  long long outside = 7 * core::kPhaseUnit + 5;
  EXPECT_TRUE(agreesByTable(completed, outside, 0, states, true)) << "open: a state outside the list";
  EXPECT_TRUE(agreesByTable(update, outside, core::kArrivalUnit, states, true));
  // closed, the list is all there is: the table answers for the first state's phase parity (0), not 1
  EXPECT_FALSE(agreesByTable(completed, outside, 0, states, false));
}

TEST(ValueEncoder, ConversionsAgree) {
  Expr sext = Expr::unary(ExprOp::SignExtend, Expr::registerValue(0, 8), 32);
  EXPECT_TRUE(agrees(SolverKind::Z3, sext, 200, 0, core::applyOperator(sext, {200}).value()));
  Expr truncate = Expr::unary(ExprOp::ZeroExtend, Expr::registerValue(0, 32), 8);
  EXPECT_TRUE(agrees(SolverKind::Z3, truncate, 0x1234, 0, 0x34));
  Expr notNode = Expr::unary(ExprOp::Not, Expr::registerValue(0, 16), 16);
  EXPECT_TRUE(agrees(SolverKind::Cvc5, notNode, 1, 0, 0xFFFE));
}

// Regression: a model value beyond 64 bits (64-bit program values are not wrapped) aborted the process
// inside z3; both solvers now read it modulo 2^64.
TEST(ValueEncoder, ModelValuesBeyondSixtyFourBitsAreReadModuloTwoToTheSixtyFour) {
  EXPECT_EQ(decimalModulo64("18446744073709551617"), 1);
  EXPECT_EQ(decimalModulo64("-1"), -1);
  EXPECT_EQ(decimalModulo64("9223372036854775808"), std::numeric_limits<long long>::min());
  for (SolverKind kind : {SolverKind::Z3, SolverKind::Cvc5}) {
    SolverOptions options;
    options.kind = kind;
    options.produceModels = true;
    auto backend = makeSolver(options);
    Formula f(*backend);
    Term big = f.intVar("big");
    Term twoTo40 = f.intValue(1LL << 40);
    f.require(f.eq(big, f.arith(TermOp::Add, f.arith(TermOp::Mul, twoTo40, twoTo40), f.intValue(5))));
    ASSERT_EQ(backend->check(), SatResult::Sat);
    EXPECT_EQ(backend->intValue(big), 5) << "2^80 + 5 modulo 2^64";
  }
}

}  // namespace
}  // namespace catcheck::encoders
