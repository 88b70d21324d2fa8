// Formula construction with constant folding over a SolverBackend: and/or/not/implies of true and false
// collapse before reaching the solver, so pairs outside a relation's may set cost nothing.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "encoders/Solver.h"

namespace catcheck::encoders {

class Formula {
 public:
  // Variables are named `prefix` + name: two formulas with different prefixes over one backend encode two
  // executions side by side (deterministic, issue 27); constants and connectives are shared.
  explicit Formula(SolverBackend& backend, std::string prefix = "");

  Term top() const { return true_; }
  Term bottom() const { return false_; }
  bool isTrue(Term t) const { return t == true_; }
  bool isFalse(Term t) const { return t == false_; }

  Term boolVar(const std::string& name) { return backend_.boolVariable(prefix_ + name); }
  Term intVar(const std::string& name) { return backend_.intVariable(prefix_ + name); }
  Term intValue(long long value);
  // The value of `t` when it was built by intValue.
  std::optional<long long> constantOf(Term t) const;

  Term no(Term a);
  Term both(Term a, Term b) { return all({a, b}); }
  Term either(Term a, Term b) { return any({a, b}); }
  Term all(const std::vector<Term>& terms);
  Term any(const std::vector<Term>& terms);
  Term implies(Term a, Term b);
  Term iff(Term a, Term b);
  Term ite(Term c, Term a, Term b);
  Term eq(Term a, Term b);
  Term lt(Term a, Term b) { return backend_.apply(TermOp::Lt, {a, b}); }
  Term le(Term a, Term b) { return backend_.apply(TermOp::Le, {a, b}); }
  // Add, Sub and Mul get the range their arguments' ranges give; a result of Mod by a positive constant
  // is in [0, constant).
  Term arith(TermOp op, Term a, Term b);
  Term bitwise(BitwiseOp op, int width, const std::vector<Term>& args);  // in [0, 2^width)

  // The values an integer term can take, where they are known: constants, terms built from terms with
  // known ranges, and terms noted with noteRange (whose caller has made sure the range holds). ValueEncoder
  // leaves out the modulus of a width-w result whose range lies within [0, 2^w).
  struct Range {
    long long lo = 0;
    long long hi = 0;  // inclusive
  };
  std::optional<Range> rangeOf(Term t) const;
  void noteRange(Term t, Range range) { ranges_[t] = range; }
  // The few values an integer term can take, where known (sorted, at most kDomainLimit): constants, terms
  // noted with noteDomain (whose caller has required that the term is one of them), and ites of such
  // terms. An open domain lists the values the term usually takes; it may take others. ValueEncoder
  // evaluates an expression over such terms once per value instead of asking the solver for its
  // arithmetic (an mbarrier state's fields are quotients and remainders).
  static constexpr size_t kDomainLimit = 64;
  struct Domain {
    std::vector<long long> values;
    bool open = false;
  };
  std::optional<Domain> domainOf(Term t) const;
  void noteDomain(Term t, std::vector<long long> values, bool open);
  bool hasDomains() const { return !domains_.empty(); }
  // Integer terms whose binary digits are known as Boolean terms (bit 0 first): constants, terms built by
  // fromBits, terms given digits by decompose, and bitwise results of such terms. A bitwise operation on
  // them (a shift by a constant for the shifts) is built digit by digit in linear arithmetic, never through
  // the solver's integer-to-bit-vector conversion: a warp's ballot or match mask masked, shifted and
  // counted stays as cheap as the comparisons it came from.
  Term fromBits(const std::vector<Term>& bits);  // sum of 2^i for each bit i that holds
  std::optional<std::vector<Term>> bitsOf(Term t, int width) const;
  // Fresh digits for `t` (which must lie in [0, 2^width)), with t == fromBits(digits) required.
  std::vector<Term> decompose(Term t, int width, const std::string& name);
  // At most one of `terms` holds (pairwise for short lists, a sequential counter otherwise).
  Term atMostOne(const std::vector<Term>& terms);

  void require(Term t);
  SolverBackend& backend() { return backend_; }

 private:
  SolverBackend& backend_;
  std::string prefix_;
  Term true_;
  Term false_;
  int fresh_ = 0;
  std::unordered_map<Term, long long> constants_;
  std::unordered_map<Term, Range> ranges_;
  std::unordered_map<Term, Domain> domains_;
  std::unordered_map<Term, std::vector<Term>> bits_;

  std::optional<Term> lowBits(BitwiseOp op, int width, const std::vector<Term>& args);
  std::optional<std::vector<Term>> bitwiseByDigits(BitwiseOp op, int width, const std::vector<Term>& args);
};

}  // namespace catcheck::encoders
