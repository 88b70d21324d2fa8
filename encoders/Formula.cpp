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

std::optional<Formula::Domain> Formula::domainOf(Term t) const {
  if (std::optional<long long> c = constantOf(t)) return Domain{{*c}, false};
  auto it = domains_.find(t);
  return it == domains_.end() ? std::nullopt : std::optional<Domain>(it->second);
}

void Formula::noteDomain(Term t, std::vector<long long> values, bool open) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  if (values.empty() || values.size() > kDomainLimit) return;
  if (!open) noteRange(t, {values.front(), values.back()});
  domains_[t] = Domain{std::move(values), open};
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
  if (!domains_.empty()) {
    std::optional<Domain> da = domainOf(a), db = domainOf(b);
    if (da && db) {
      da->values.insert(da->values.end(), db->values.begin(), db->values.end());
      noteDomain(t, std::move(da->values), da->open || db->open);
    }
  }
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
  if (std::optional<std::vector<Term>> digits = bitwiseByDigits(op, width, args)) return fromBits(*digits);
  if (std::optional<Term> low = lowBits(op, width, args)) return *low;
  Term t = backend_.bitwise(op, width, args);
  if (width < 63) noteRange(t, {0, (1LL << width) - 1});
  return t;
}

Term Formula::fromBits(const std::vector<Term>& bits) {
  long long known = 0;
  bool constant = true;
  for (size_t i = 0; i < bits.size() && i < 62; ++i) {
    if (isTrue(bits[i]))
      known |= 1LL << i;
    else if (!isFalse(bits[i]))
      constant = false;
  }
  if (constant) return intValue(known);
  Term sum = intValue(0);
  long long hi = 0;
  for (size_t i = 0; i < bits.size() && i < 62; ++i) {
    if (isFalse(bits[i])) continue;
    sum = arith(TermOp::Add, sum, ite(bits[i], intValue(1LL << i), intValue(0)));
    hi += 1LL << i;
  }
  noteRange(sum, {0, hi});
  bits_.emplace(sum, std::vector<Term>(bits.begin(), bits.begin() + std::min<size_t>(bits.size(), 62)));
  return sum;
}

std::optional<std::vector<Term>> Formula::bitsOf(Term t, int width) const {
  std::optional<long long> c = constantOf(t);
  auto known = bits_.find(t);
  if (!c && known == bits_.end()) return std::nullopt;  // most terms: no digits, nothing built
  std::vector<Term> bits(static_cast<size_t>(width), false_);
  for (size_t i = 0; i < bits.size(); ++i) {
    if (c)
      bits[i] = i < 64 && ((*c >> i) & 1) ? true_ : false_;
    else if (i < known->second.size())
      bits[i] = known->second[i];
  }
  return bits;
}

std::vector<Term> Formula::decompose(Term t, int width, const std::string& name) {
  std::vector<Term> digits;
  for (int i = 0; i < width; ++i) digits.push_back(boolVar(name + "_bit" + std::to_string(i)));
  require(eq(t, fromBits(digits)));
  bits_[t] = digits;
  noteRange(t, {0, (1LL << std::min(width, 62)) - 1});
  return digits;
}

// x & (2^k - 1) is x mod 2^k (SMT-LIB's mod by a positive constant is the two's-complement low bits too):
// linear arithmetic with a constant, where the solver's bit-vector conversion of x costs orders of
// magnitude more (a key `in[t] & 3` compared across a warp by match.any.sync: 53 s -> 2 s at 16 lanes).
std::optional<Term> Formula::lowBits(BitwiseOp op, int width, const std::vector<Term>& args) {
  if (op != BitwiseOp::And || width > 62) return std::nullopt;
  for (size_t i = 0; i < 2; ++i) {
    std::optional<long long> mask = constantOf(args[i]);
    if (!mask || *mask <= 0 || *mask >= (1LL << width) - 1 || (*mask & (*mask + 1)) != 0) continue;
    return arith(TermOp::Mod, args[1 - i], intValue(*mask + 1));
  }
  return std::nullopt;
}

// The digits of a bitwise result when every operand's digits are known (and a shift's amount is a
// constant); none otherwise.
std::optional<std::vector<Term>> Formula::bitwiseByDigits(BitwiseOp op, int width,
                                                          const std::vector<Term>& args) {
  if (width > 62) return std::nullopt;
  std::optional<std::vector<Term>> a = bitsOf(args[0], width);
  if (!a) return std::nullopt;
  std::vector<Term> out(static_cast<size_t>(width), false_);
  auto w = static_cast<size_t>(width);
  if (op == BitwiseOp::Not) {
    for (size_t i = 0; i < w; ++i) out[i] = no((*a)[i]);
    return out;
  }
  bool shift = op == BitwiseOp::Shl || op == BitwiseOp::LShr || op == BitwiseOp::AShr;
  if (shift) {
    std::optional<long long> amount = constantOf(args[1]);
    if (!amount || *amount < 0) return std::nullopt;
    auto k = static_cast<size_t>(std::min<long long>(*amount, width));
    for (size_t i = 0; i < w; ++i) {
      if (op == BitwiseOp::Shl)
        out[i] = i >= k ? (*a)[i - k] : false_;
      else if (i + k < w)
        out[i] = (*a)[i + k];
      else
        out[i] = op == BitwiseOp::AShr ? (*a)[w - 1] : false_;
    }
    return out;
  }
  std::optional<std::vector<Term>> b = bitsOf(args[1], width);
  if (!b) return std::nullopt;
  for (size_t i = 0; i < w; ++i) {
    Term x = (*a)[i], y = (*b)[i];
    if (op == BitwiseOp::And) out[i] = both(x, y);
    if (op == BitwiseOp::Or) out[i] = either(x, y);
    if (op == BitwiseOp::Xor) out[i] = no(iff(x, y));
  }
  return out;
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
