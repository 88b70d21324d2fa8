// Constant folding for the boolean connectives, an at-most-one constraint (pairwise for few terms, Sinz's
// sequential counter for more) used by the reads-from encoding, and the ranges of integer terms (interval
// arithmetic over 128 bits) by which ValueEncoder leaves out moduli that cannot change a value.
#include "encoders/Formula.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <utility>

namespace catcheck::encoders {

Formula::Formula(SolverBackend& backend, std::string prefix)
    : backend_(backend),
      prefix_(std::move(prefix)),
      true_(backend.boolConstant(true)),
      false_(backend.boolConstant(false)) {}

Term Formula::intValue(long long value) {
  Term t = backend_.intConstant(value);
  constants_.emplace(t, value);
  return t;
}

std::optional<long long> Formula::constantOf(Term t) const {
  auto it = constants_.find(t);
  return it == constants_.end() ? std::nullopt : std::optional<long long>(it->second);
}

Term Formula::no(Term a) {
  if (a == true_) return false_;
  if (a == false_) return true_;
  return backend_.apply(TermOp::Not, {a});
}

Term Formula::all(const std::vector<Term>& terms) {
  std::vector<Term> kept;
  for (Term t : terms) {
    if (t == false_) return false_;
    if (t != true_) kept.push_back(t);
  }
  if (kept.empty()) return true_;
  if (kept.size() == 1) return kept[0];
  return backend_.apply(TermOp::And, kept);
}

Term Formula::any(const std::vector<Term>& terms) {
  std::vector<Term> kept;
  for (Term t : terms) {
    if (t == true_) return true_;
    if (t != false_) kept.push_back(t);
  }
  if (kept.empty()) return false_;
  if (kept.size() == 1) return kept[0];
  return backend_.apply(TermOp::Or, kept);
}

Term Formula::implies(Term a, Term b) {
  if (a == false_ || b == true_) return true_;
  if (a == true_) return b;
  if (b == false_) return no(a);
  return backend_.apply(TermOp::Implies, {a, b});
}

Term Formula::iff(Term a, Term b) {
  if (a == b) return true_;
  if (a == true_) return b;
  if (b == true_) return a;
  if (a == false_) return no(b);
  if (b == false_) return no(a);
  return backend_.apply(TermOp::Iff, {a, b});
}

Term Formula::ite(Term c, Term a, Term b) {
  if (c == true_ || a == b) return a;
  if (c == false_) return b;
  Term t = backend_.apply(TermOp::Ite, {c, a, b});
  std::optional<Range> ra = rangeOf(a), rb = rangeOf(b);
  if (ra && rb) noteRange(t, {std::min(ra->lo, rb->lo), std::max(ra->hi, rb->hi)});
  return t;
}

namespace {

// The range of a OP b over 128-bit integers; none when an end leaves the long long range.
std::optional<Formula::Range> arithmeticRange(TermOp op, Formula::Range a, Formula::Range b) {
  using Wide = __int128;
  Wide lo = 0, hi = 0;
  switch (op) {
    case TermOp::Add:
      lo = Wide{a.lo} + b.lo;
      hi = Wide{a.hi} + b.hi;
      break;
    case TermOp::Sub:
      lo = Wide{a.lo} - b.hi;
      hi = Wide{a.hi} - b.lo;
      break;
    case TermOp::Mul: {
      Wide corners[] = {Wide{a.lo} * b.lo, Wide{a.lo} * b.hi, Wide{a.hi} * b.lo, Wide{a.hi} * b.hi};
      lo = *std::min_element(std::begin(corners), std::end(corners));
      hi = *std::max_element(std::begin(corners), std::end(corners));
      break;
    }
    case TermOp::Not:
    case TermOp::And:
    case TermOp::Or:
    case TermOp::Implies:
    case TermOp::Iff:
    case TermOp::Ite:
    case TermOp::Eq:
    case TermOp::Lt:
    case TermOp::Le:
    case TermOp::Div:
    case TermOp::Mod:
      return std::nullopt;
  }
  constexpr Wide kMin = std::numeric_limits<long long>::min(), kMax = std::numeric_limits<long long>::max();
  if (lo < kMin || hi > kMax) return std::nullopt;
  return Formula::Range{static_cast<long long>(lo), static_cast<long long>(hi)};
}

}  // namespace

Term Formula::arith(TermOp op, Term a, Term b) {
  Term t = backend_.apply(op, {a, b});
  std::optional<Range> ra = rangeOf(a), rb = rangeOf(b);
  if (op == TermOp::Mod && rb && rb->lo == rb->hi && rb->lo > 0) noteRange(t, {0, rb->lo - 1});
  if (ra && rb) {
    if (std::optional<Range> r = arithmeticRange(op, *ra, *rb)) noteRange(t, *r);
  }
  return t;
}

Term Formula::bitwise(BitwiseOp op, int width, const std::vector<Term>& args) {
  Term t = backend_.bitwise(op, width, args);
  if (width < 63) noteRange(t, {0, (1LL << width) - 1});
  return t;
}

std::optional<Formula::Range> Formula::rangeOf(Term t) const {
  if (std::optional<long long> c = constantOf(t)) return Range{*c, *c};
  auto it = ranges_.find(t);
  return it == ranges_.end() ? std::nullopt : std::optional<Range>(it->second);
}

Term Formula::eq(Term a, Term b) {
  if (a == b) return true_;
  return backend_.apply(TermOp::Eq, {a, b});
}

Term Formula::atMostOne(const std::vector<Term>& terms) {
  std::vector<Term> live;
  for (Term t : terms) {
    if (t != false_) live.push_back(t);
  }
  std::vector<Term> clauses;
  if (live.size() <= 6) {
    for (size_t i = 0; i < live.size(); ++i) {
      for (size_t j = i + 1; j < live.size(); ++j) clauses.push_back(no(both(live[i], live[j])));
    }
    return all(clauses);
  }
  Term seen = false_;  // "some earlier term holds"
  for (Term t : live) {
    clauses.push_back(implies(t, no(seen)));
    Term next = boolVar("amo#" + std::to_string(fresh_++));
    clauses.push_back(iff(next, either(seen, t)));
    seen = next;
  }
  return all(clauses);
}

void Formula::require(Term t) {
  backend_.assertFormula(t);
}

}  // namespace catcheck::encoders
