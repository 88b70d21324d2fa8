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

}  // namespace catcheck::core
