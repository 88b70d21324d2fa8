// Constant folding of IR expressions (ExprFold.h). A front end folds everything it can while it
// instantiates a program per thread (built-in ids, launch sizes, constants), so that most memory accesses
// name their location statically and most branches vanish; what is left are expressions over the registers
// that hold loaded values.
#include "core/ir/ExprFold.h"

#include "core/ir/ExprSemantics.h"

namespace catcheck::core {

unsigned long long maskTo(unsigned long long value, int width) {
  return width <= 0 || width >= 64 ? value : value & ((1ULL << width) - 1);
}

long long signedAt(unsigned long long value, int width) {
  if (width <= 0 || width >= 64) return static_cast<long long>(value);
  value = maskTo(value, width);
  return (value >> (width - 1)) != 0 ? static_cast<long long>(value) - static_cast<long long>(1ULL << width)
                                     : static_cast<long long>(value);
}

Expr constantAt(long long value, int width) {
  return Expr::constantValue(static_cast<long long>(maskTo(static_cast<unsigned long long>(value), width)),
                             width);
}

Expr fold(ExprOp op, std::vector<Expr> args, int width) {
  if (op == ExprOp::Ite && args[0].isConstant()) return args[args[0].constant != 0 ? 1 : 2];
  Expr e;
  e.op = op;
  e.width = width;
  e.args = std::move(args);
  bool allConstant = op != ExprOp::Undefined && op != ExprOp::Ite;
  std::vector<long long> values;
  for (const Expr& arg : e.args) {
    allConstant = allConstant && arg.isConstant();
    values.push_back(arg.constant);
  }
  if (allConstant) {
    if (auto result = applyOperator(e, values)) return constantAt(*result, width);
  }
  return e;
}

Expr atWidth(const Expr& e, int width) {
  if (width == 0 || e.width == width) return e;
  return fold(ExprOp::ZeroExtend, {e}, width);
}

Expr addConstant(const Expr& lhs, long long offset, int width) {
  if (offset == 0) return lhs;
  if (lhs.op == ExprOp::Add && lhs.args.size() == 2 && lhs.args[1].isConstant()) {
    return fold(ExprOp::Add, {lhs.args[0], constantAt(lhs.args[1].constant + offset, width)}, width);
  }
  return fold(ExprOp::Add, {lhs, constantAt(offset, width)}, width);
}

size_t exprSize(const Expr& e) {
  size_t n = 1;
  for (const Expr& arg : e.args) n += exprSize(arg);
  return n;
}

bool sameExpr(const Expr& a, const Expr& b) {
  if (a.op != b.op || a.constant != b.constant || a.reg != b.reg || a.width != b.width ||
      a.args.size() != b.args.size())
    return false;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (!sameExpr(a.args[i], b.args[i])) return false;
  return true;
}

Expr substitute(const Expr& e, const Expr& x, const Expr& by) {
  if (sameExpr(e, x)) return by;
  if (e.args.empty()) return e;
  std::vector<Expr> args;
  args.reserve(e.args.size());
  for (const Expr& arg : e.args) args.push_back(substitute(arg, x, by));
  return fold(e.op, std::move(args), e.width);
}

namespace {

// Whether `e` reads an Undefined value anywhere: two Undefined nodes of different instructions look alike,
// so a substitution for one would reach the other.
bool readsUndefined(const Expr& e) {
  if (e.op == ExprOp::Undefined) return true;
  for (const Expr& arg : e.args)
    if (readsUndefined(arg)) return true;
  return false;
}

}  // namespace

std::optional<std::pair<Expr, Expr>> impliedEquality(const Expr& condition, bool holds) {
  if ((condition.op != ExprOp::Eq && condition.op != ExprOp::Ne) || condition.args.size() != 2)
    return std::nullopt;
  const Expr& lhs = condition.args[0];
  const Expr& rhs = condition.args[1];
  if (lhs.isConstant() == rhs.isConstant()) return std::nullopt;
  const Expr& value = lhs.isConstant() ? rhs : lhs;
  const Expr& constant = lhs.isConstant() ? lhs : rhs;
  bool equal = (condition.op == ExprOp::Eq) == holds;
  if (constant.constant == 0 && isComparison(value.op)) return impliedEquality(value, !equal);
  if (equal && !readsUndefined(value)) return std::pair{value, constant};
  return std::nullopt;
}

}  // namespace catcheck::core
