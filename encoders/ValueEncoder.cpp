// Symbolic values of the Program IR's expressions (ValueEncoder.h). Width 0 keeps the litmus suites'
// unbounded integers: comparisons, + - * and SMT-LIB div/mod directly, bitwise operators refused. A width
// w > 0 is SPIR-V's two's-complement arithmetic: results reduced modulo 2^w, signed operators on the
// signed view, bitwise operators and shifts through w-bit vectors.
#include "encoders/ValueEncoder.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "core/ir/ExprSemantics.h"
#include "core/ir/FloatBits.h"
#include "core/ir/Mbarrier.h"
#include "core/ir/Warps.h"

namespace catcheck::encoders {
namespace {

using core::Expr;
using core::ExprOp;

bool isBitwise(ExprOp op) {
  return op == ExprOp::And || op == ExprOp::Or || op == ExprOp::Xor || op == ExprOp::Not ||
         op == ExprOp::Shl || op == ExprOp::LShr || op == ExprOp::AShr;
}

template <typename Test>
bool anySubexpression(const Expr& e, const Test& test) {
  if (test(e)) return true;
  for (const Expr& arg : e.args) {
    if (anySubexpression(arg, test)) return true;
  }
  return false;
}

// Whether some expression of `program` passes `test`.
template <typename Test>
bool anyProgramExpression(const core::Program& program, const Test& test) {
  for (const core::Thread& thread : program.threads) {
    for (const core::Instruction& in : thread.code) {
      if (anySubexpression(in.value, test)) return true;
      if (in.kind == core::InstructionKind::Rmw && anySubexpression(in.access().expected, test)) return true;
      if (in.jumpCondition() != nullptr && anySubexpression(*in.jumpCondition(), test)) return true;
      if (in.computedAddress() != nullptr && anySubexpression(*in.computedAddress(), test)) return true;
      if (in.kind != core::InstructionKind::Warp) continue;
      if (anySubexpression(in.warp().laneSelector, test)) return true;
      if (in.warp().runtimeMask && anySubexpression(*in.warp().runtimeMask, test)) return true;
    }
  }
  return false;
}

// 2^width as a solver constant fits a long long below 63 bits; 64-bit values are kept unwrapped (their
// sums of small operands never leave the range in practice), which the closing notes record.
bool wraps(int width) {
  return width > 0 && width < 63;
}

long long twoTo(int width) {
  return 1LL << width;
}

}  // namespace

bool usesBitwiseOperators(const core::Program& program) {
  auto bitwise = [](const Expr& e) { return isBitwise(e.op) && e.width > 0; };
  if (anyProgramExpression(program, bitwise)) return true;
  for (const core::Thread& thread : program.threads) {
    for (const core::Instruction& in : thread.code) {
      bool bitwiseRmw = in.kind == core::InstructionKind::Rmw && in.value.width > 0 &&
                        (in.access().rmwOp == core::RmwOp::And || in.access().rmwOp == core::RmwOp::Or ||
                         in.access().rmwOp == core::RmwOp::Xor);
      if (bitwiseRmw) return true;
      // WarpEncoder combines the lanes' operands of these bit by bit
      if (in.kind == core::InstructionKind::Warp && core::combinesBits(in.warp().op)) return true;
    }
  }
  return false;
}

bool usesUndefinedValues(const core::Program& program) {
  return anyProgramExpression(program, [](const Expr& e) { return e.op == ExprOp::Undefined; });
}

bool usesHashingProducts(const core::Program& program) {
  auto hashing = [](const Expr& e) {
    if (e.op != ExprOp::Mul || e.width == 0) return false;
    for (const Expr& arg : e.args) {
      if (arg.isConstant() && (arg.constant >= (1LL << 16) || arg.constant < 0)) return true;
    }
    return false;
  };
  return anyProgramExpression(program, hashing);
}

Term ValueEncoder::intOf(const Expr& e, const std::vector<Term>& regs) {
  switch (core::exprFormOf(e.op)) {
    case core::ExprForm::Constant:
      return f_.intValue(e.constant);
    case core::ExprForm::Register:
      return regs.at(static_cast<size_t>(e.reg));
    case core::ExprForm::Ite:
      return f_.ite(boolOf(e.args[0], regs), intOf(e.args[1], regs), intOf(e.args[2], regs));
    case core::ExprForm::Undefined:
      return undefined(e.width);
    case core::ExprForm::Operator: {
      if (std::optional<Term> table = tabulated(e, regs, false)) return *table;
      std::vector<Term> args;
      for (const Expr& arg : e.args) args.push_back(intOf(arg, regs));
      return apply(e, args);
    }
  }
  throw std::logic_error("unknown ExprForm");
}

Term ValueEncoder::boolOf(const Expr& e, const std::vector<Term>& regs) {
  if (core::exprFormOf(e.op) == core::ExprForm::Operator) {
    if (std::optional<Term> table = tabulated(e, regs, true)) return *table;
  }
  if (core::isComparison(e.op)) {
    int width = std::max(e.args[0].width, e.args[1].width);
    return compare(e.op, intOf(e.args[0], regs), intOf(e.args[1], regs), width);
  }
  return f_.no(f_.eq(intOf(e, regs), f_.intValue(0)));
}

// `e` evaluated with the concrete semantics once per combination of its registers' values, where each
// register's term has a known domain (Formula::domainOf), one at least is not a constant, and there are
// few combinations: the term is the value of the combination the registers' equalities select (`truth`:
// whether it is non-zero). Where a domain is open, the expression's own term answers for the values
// outside it. An mbarrier state's update and phase test become a table over its few states instead of
// quotients and remainders for the solver to search (issue 29's pipelines).
std::optional<Term> ValueEncoder::tabulated(const Expr& e, const std::vector<Term>& regs, bool truth) {
  if (!f_.hasDomains() || tablesOff_) return std::nullopt;
  std::optional<Table> table = tableOf(e, regs, truth);
  if (!table) return std::nullopt;
  std::optional<Term> otherwise;  // the expression's own term, for values outside an open domain
  if (table->open) {
    struct TablesOff {  // for the expression's own term; on again however it ends
      bool& off;
      explicit TablesOff(bool& flag) : off(flag) { off = true; }
      ~TablesOff() { off = false; }
    } tablesOff(tablesOff_);
    otherwise = truth ? boolOf(e, regs) : intOf(e, regs);
  }
  if (truth) {
    Term listed = f_.any(table->selectedBy[1]);
    return otherwise ? f_.either(listed, f_.both(f_.no(f_.any(table->anyListed)), *otherwise)) : listed;
  }
  auto it = table->selectedBy.begin();
  Term t = otherwise ? *otherwise : f_.intValue((it++)->first);
  for (; it != table->selectedBy.end(); ++it) t = f_.ite(f_.any(it->second), f_.intValue(it->first), t);
  std::vector<long long> results;
  for (const auto& [result, selections] : table->selectedBy) results.push_back(result);
  f_.noteDomain(t, std::move(results), table->open);
  return t;
}

// The combinations of `e`'s registers' listed values, grouped by the result (or truth) each gives.
std::optional<ValueEncoder::Table> ValueEncoder::tableOf(const Expr& e, const std::vector<Term>& regs,
                                                         bool truth) {
  std::vector<int> used = e.registers();
  if (used.empty() || anySubexpression(e, [](const Expr& sub) { return sub.op == ExprOp::Undefined; }))
    return std::nullopt;
  Table table;
  std::vector<std::vector<long long>> domains;
  size_t combinations = 1;
  for (int r : used) {
    std::optional<Formula::Domain> d = f_.domainOf(regs.at(static_cast<size_t>(r)));
    if (!d) return std::nullopt;
    combinations *= d->values.size();
    if (combinations > Formula::kDomainLimit) return std::nullopt;
    table.open = table.open || d->open;
    domains.push_back(std::move(d->values));
  }
  if (combinations == 1 && !table.open) return std::nullopt;  // constants: apply folds them
  core::RegisterValues values(static_cast<size_t>(*std::max_element(used.begin(), used.end())) + 1);
  for (size_t c = 0; c < combinations; ++c) {
    std::vector<Term> equalities;
    for (size_t i = 0, rest = c; i < used.size(); rest /= domains[i].size(), ++i) {
      long long v = domains[i][rest % domains[i].size()];
      values[static_cast<size_t>(used[i])] = v;
      if (domains[i].size() > 1 || table.open)
        equalities.push_back(f_.eq(regs[static_cast<size_t>(used[i])], f_.intValue(v)));
    }
    std::optional<long long> result = core::evaluateExpr(e, values);
    if (!result) return std::nullopt;
    Term selected = f_.all(equalities);
    table.selectedBy[truth ? (*result != 0 ? 1 : 0) : *result].push_back(selected);
    table.anyListed.push_back(selected);
  }
  return table;
}

// Folds constant arguments with the concrete semantics; otherwise builds the operator's term.
Term ValueEncoder::apply(const Expr& e, const std::vector<Term>& args) {
  std::vector<long long> values;
  for (Term a : args) {
    if (auto v = f_.constantOf(a)) values.push_back(*v);
  }
  if (values.size() == args.size()) {
    std::optional<long long> folded = core::applyOperator(e, values);
    if (folded) return f_.intValue(*folded);
  }
  int w = e.width;
  switch (e.op) {
    case ExprOp::Add:
      return wrap(f_.arith(TermOp::Add, args[0], args[1]), w);
    case ExprOp::Sub:
      return wrap(f_.arith(TermOp::Sub, args[0], args[1]), w);
    case ExprOp::Mul:
      return wrap(f_.arith(TermOp::Mul, args[0], args[1]), w);
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
      return divisionLike(e.op, args[0], args[1], w);
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
      return shift(e.op, args[0], args.size() > 1 ? args[1] : args[0], w);
    case ExprOp::ZeroExtend:
      return wrap(args[0], w);
    case ExprOp::SignExtend:
      return wrap(asSigned(args[0], e.args[0].width), w);
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      break;
    case ExprOp::Eq:
    case ExprOp::Ne:
    case ExprOp::Lt:
    case ExprOp::Le:
    case ExprOp::Gt:
    case ExprOp::Ge:
    case ExprOp::ULt:
    case ExprOp::ULe:
    case ExprOp::UGt:
    case ExprOp::UGe:
      return f_.ite(compare(e.op, args[0], args[1], std::max(e.args[0].width, e.args[1].width)),
                    f_.intValue(1), f_.intValue(0));
  }
  throw std::logic_error("unexpected expression operator");
}

// t modulo 2^width, or t itself where its range lies within [0, 2^width) (sums of inputs, built-ins and
// constants): a modulus costs the solver a quotient to search for.
Term ValueEncoder::wrap(Term t, int width) {
  if (!wraps(width)) return t;
  long long period = twoTo(width);
  std::optional<Formula::Range> range = f_.rangeOf(t);
  if (range && range->lo >= 0 && range->hi < period) return t;
  return f_.arith(TermOp::Mod, t, f_.intValue(period));
}

Term ValueEncoder::asSigned(Term t, int width) {
  if (!wraps(width)) return t;
  Term negative = f_.le(f_.intValue(twoTo(width - 1)), t);
  return f_.ite(negative, f_.arith(TermOp::Sub, t, f_.intValue(twoTo(width))), t);
}

Term ValueEncoder::compare(ExprOp op, Term a, Term b, int width) {
  bool isSigned = op == ExprOp::Lt || op == ExprOp::Le || op == ExprOp::Gt || op == ExprOp::Ge;
  if (isSigned) {
    a = asSigned(a, width);
    b = asSigned(b, width);
  }
  switch (op) {
    case ExprOp::Eq:
      return f_.eq(a, b);
    case ExprOp::Ne:
      return f_.no(f_.eq(a, b));
    case ExprOp::Lt:
    case ExprOp::ULt:
      return f_.lt(a, b);
    case ExprOp::Le:
    case ExprOp::ULe:
      return f_.le(a, b);
    case ExprOp::Gt:
    case ExprOp::UGt:
      return f_.lt(b, a);
    case ExprOp::Ge:
    case ExprOp::UGe:
    // not comparisons: boolOf and apply pass only the ten above
    case ExprOp::Constant:
    case ExprOp::Register:
    case ExprOp::Add:
    case ExprOp::Sub:
    case ExprOp::Mul:
    case ExprOp::Div:
    case ExprOp::SDiv:
    case ExprOp::Rem:
    case ExprOp::SRem:
    case ExprOp::And:
    case ExprOp::Or:
    case ExprOp::Xor:
    case ExprOp::Not:
    case ExprOp::Shl:
    case ExprOp::LShr:
    case ExprOp::AShr:
    case ExprOp::ZeroExtend:
    case ExprOp::SignExtend:
    case ExprOp::Ite:
    case ExprOp::Undefined:
      return f_.le(b, a);
  }
  throw std::logic_error("unknown ExprOp");
}

// Unsigned division and remainder of non-negative representatives are SMT-LIB's; the signed ones
// truncate towards zero: |a| op |b| with the sign fixed up.
Term ValueEncoder::divisionLike(ExprOp op, Term a, Term b, int width) {
  bool remainder = op == ExprOp::Rem || op == ExprOp::SRem;
  if (width == 0 || op == ExprOp::Div || op == ExprOp::Rem)
    return f_.arith(remainder ? TermOp::Mod : TermOp::Div, a, b);
  Term sa = asSigned(a, width), sb = asSigned(b, width);
  Term zero = f_.intValue(0);
  auto absolute = [&](Term t) { return f_.ite(f_.lt(t, zero), f_.arith(TermOp::Sub, zero, t), t); };
  auto negate = [&](Term t) { return f_.arith(TermOp::Sub, zero, t); };
  Term aNegative = f_.lt(sa, zero), bNegative = f_.lt(sb, zero);
  if (op == ExprOp::SDiv) {
    Term q = f_.arith(TermOp::Div, absolute(sa), absolute(sb));
    return wrap(f_.ite(f_.iff(aNegative, bNegative), q, negate(q)), width);
  }
  Term r = f_.arith(TermOp::Mod, absolute(sa), absolute(sb));
  return wrap(f_.ite(aNegative, negate(r), r), width);
}

Term ValueEncoder::shift(ExprOp op, Term a, Term b, int width) {
  if (width == 0) throw std::domain_error("bitwise operations are not supported over unbounded integers");
  static const std::map<ExprOp, BitwiseOp> ops = {
      {ExprOp::And, BitwiseOp::And},  {ExprOp::Or, BitwiseOp::Or},   {ExprOp::Xor, BitwiseOp::Xor},
      {ExprOp::Not, BitwiseOp::Not},  {ExprOp::Shl, BitwiseOp::Shl}, {ExprOp::LShr, BitwiseOp::LShr},
      {ExprOp::AShr, BitwiseOp::AShr}};
  BitwiseOp bitwiseOp = ops.at(op);
  if (bitwiseOp == BitwiseOp::Not) return f_.bitwise(bitwiseOp, width, {a});
  return f_.bitwise(bitwiseOp, width, {a, b});
}

Term ValueEncoder::undefined(int width) {
  Term v = f_.intVar(prefix_ + "_undef" + std::to_string(undefinedCount_++));
  if (wraps(width)) {
    f_.require(f_.both(f_.le(f_.intValue(0), v), f_.lt(v, f_.intValue(twoTo(width)))));
    f_.noteRange(v, {0, twoTo(width) - 1});
  }
  return v;
}

Term ValueEncoder::rmw(const core::Instruction& in, Term old, const std::vector<Term>& regs) {
  using core::RmwOp;
  Term operand = intOf(in.value, regs);
  int w = in.value.width;
  auto binary = [&](ExprOp op) {
    return apply(Expr::binary(op, Expr::constantValue(0, w), Expr::constantValue(0, w)), {old, operand});
  };
  auto less = [&](ExprOp op) { return compare(op, old, operand, w); };
  switch (in.access().rmwOp) {
    case RmwOp::Exchange:
      return operand;
    case RmwOp::Add:
      return binary(ExprOp::Add);
    case RmwOp::Sub:
      return binary(ExprOp::Sub);
    case RmwOp::Mul:
      return binary(ExprOp::Mul);
    case RmwOp::Div:
      return binary(ExprOp::Div);
    case RmwOp::And:
      return binary(ExprOp::And);
    case RmwOp::Or:
      return binary(ExprOp::Or);
    case RmwOp::Xor:
      return binary(ExprOp::Xor);
    case RmwOp::Min:
      return f_.ite(less(ExprOp::Le), old, operand);
    case RmwOp::Max:
      return f_.ite(less(ExprOp::Ge), old, operand);
    case RmwOp::UMin:
      return f_.ite(less(ExprOp::ULt), old, operand);
    case RmwOp::UMax:
      return f_.ite(less(ExprOp::ULt), operand, old);
    case RmwOp::CompareExchange:
    case RmwOp::CompareExchangeOnSuccess:  // without success its write does not execute (ProgramEncoder)
      return f_.ite(f_.eq(old, intOf(in.access().expected, regs)), operand, old);
    case RmwOp::MbarrierUpdate:
      return intOf(core::mbarrierUpdate(), {old, operand});
    case RmwOp::FloatAdd:
      return intOf(core::floatAddUpdate(core::ieeeFormatOfWidth(w)), {old, operand});
    case RmwOp::WrappingIncrement:
    case RmwOp::WrappingDecrement:
      return intOf(core::wrappingUpdate(in.access().rmwOp, w), {old, operand});
  }
  throw std::logic_error("unknown read-modify-write operator");
}

}  // namespace catcheck::encoders
