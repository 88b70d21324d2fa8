// Integer expressions and read-modify-write results as solver terms: the symbolic twin of
// core/ir/ExprSemantics.h (same operators, same widths). A width-w value is the integer in [0, 2^w); wrapping
// is a modulus, signed views subtract 2^w, and bitwise operators go through bit-vectors (Solver.h).
// Operators whose arguments are all constants are folded with the concrete semantics itself.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/Expr.h"
#include "core/ir/Program.h"
#include "encoders/Formula.h"

namespace catcheck::encoders {

class ValueEncoder {
 public:
  // `prefix` names the fresh variables of Undefined values.
  ValueEncoder(Formula& f, std::string prefix) : f_(f), prefix_(std::move(prefix)) {}

  Term intOf(const core::Expr& e, const std::vector<Term>& regs);
  Term boolOf(const core::Expr& e, const std::vector<Term>& regs);
  Term rmw(const core::Instruction& in, Term old, const std::vector<Term>& regs);
  // a OP b for a comparison operator, signed ones on the signed view at `width`.
  Term comparison(core::ExprOp op, Term a, Term b, int width) { return compare(op, a, b, width); }

 private:
  Term apply(const core::Expr& e, const std::vector<Term>& args);
  struct Table {
    std::map<long long, std::vector<Term>> selectedBy;  // result -> the combinations that give it
    std::vector<Term> anyListed;                        // every combination
    bool open = false;                                  // a register may hold a value outside its list
  };
  std::optional<Term> tabulated(const core::Expr& e, const std::vector<Term>& regs, bool truth);
  std::optional<Table> tableOf(const core::Expr& e, const std::vector<Term>& regs, bool truth);
  Term wrap(Term t, int width);
  Term asSigned(Term t, int width);
  Term compare(core::ExprOp op, Term a, Term b, int width);
  Term divisionLike(core::ExprOp op, Term a, Term b, int width);
  Term shift(core::ExprOp op, Term a, Term b, int width);
  Term undefined(int width);

  Formula& f_;
  std::string prefix_;
  int undefinedCount_ = 0;
  bool tablesOff_ = false;  // while building the term an open domain's table falls back to
};

// Whether `program` has a bitwise operator at a width (the solver then needs bit-vectors).
bool usesBitwiseOperators(const core::Program& program);
// Whether `program` reads a value nothing defines (PTX %clock, %smid, an unset register): each execution
// chooses it afresh.
bool usesUndefinedValues(const core::Program& program);
// Whether `program` multiplies by a wrapping constant of 2^16 or more: the floating-point fixed functions
// (core/ir/FloatBits.h) and hashes a program computes. Solvers search such products modulo 2^w slowly, so
// the questions that can leave read values free do so whenever such a product is present
// (Checker.cpp).
bool usesHashingProducts(const core::Program& program);

}  // namespace catcheck::encoders
