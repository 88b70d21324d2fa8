// Building one z3 term from its recipe (Z3Terms.h). The z3 backend makes every term through here, in its
// own context, and records the recipe of each new one; the second search of a large query replays the
// recipes in a context of its own on another thread while the first search runs. A replay reads nothing of
// the first context, so it may run concurrently with that search (z3's Z3_translate may not: it reads the
// source context, which a running search is using), and a query that the first search answers quickly
// never waits for a copy (issue 30: MP with 200 threads paid 1 s for a copy it did not use).
#include "encoders/Z3Terms.h"

#include <stdexcept>

namespace catcheck::encoders {
namespace {

z3::expr_vector vectorOf(z3::context& context, const std::vector<z3::expr>& terms,
                         const std::vector<Term>& args) {
  z3::expr_vector v(context);
  for (Term a : args) v.push_back(terms.at(static_cast<size_t>(a)));
  return v;
}

z3::expr applyOp(z3::context& context, const std::vector<z3::expr>& terms, TermOp op,
                 const std::vector<Term>& args) {
  auto arg = [&](size_t i) -> const z3::expr& { return terms.at(static_cast<size_t>(args.at(i))); };
  switch (op) {
    case TermOp::Not:
      return !arg(0);
    case TermOp::And:
      return z3::mk_and(vectorOf(context, terms, args));
    case TermOp::Or:
      return z3::mk_or(vectorOf(context, terms, args));
    case TermOp::Implies:
      return z3::implies(arg(0), arg(1));
    case TermOp::Iff:
    case TermOp::Eq:
      return arg(0) == arg(1);
    case TermOp::Ite:
      return z3::ite(arg(0), arg(1), arg(2));
    case TermOp::Lt:
      return arg(0) < arg(1);
    case TermOp::Le:
      return arg(0) <= arg(1);
    case TermOp::Add:
      return arg(0) + arg(1);
    case TermOp::Sub:
      return arg(0) - arg(1);
    case TermOp::Mul:
      return arg(0) * arg(1);
    case TermOp::Div:
      return arg(0) / arg(1);
    case TermOp::Mod:
      return z3::mod(arg(0), arg(1));
  }
  throw std::logic_error("unknown term operator");
}

z3::expr combineBits(BitwiseOp op, const z3::expr& a, const z3::expr& b) {
  switch (op) {
    case BitwiseOp::And:
      return a & b;
    case BitwiseOp::Or:
      return a | b;
    case BitwiseOp::Xor:
      return a ^ b;
    case BitwiseOp::Shl:
      return z3::shl(a, b);
    case BitwiseOp::LShr:
      return z3::lshr(a, b);
    case BitwiseOp::AShr:
      return z3::ashr(a, b);
    case BitwiseOp::Not:
      break;
  }
  throw std::logic_error("unknown bitwise operator");
}

// Integers in [0, 2^width) through bit-vectors of `width` bits and back.
z3::expr applyBitwise(z3::context& context, const std::vector<z3::expr>& terms, const Z3Recipe& recipe) {
  auto bits = [&](size_t i) {
    const z3::expr& value = terms.at(static_cast<size_t>(recipe.args.at(i)));
    return z3::expr(context, Z3_mk_int2bv(context, static_cast<unsigned>(recipe.width), value));
  };
  z3::expr a = bits(0);
  z3::expr result = recipe.bitwiseOp == BitwiseOp::Not ? ~a : combineBits(recipe.bitwiseOp, a, bits(1));
  return z3::expr(context, Z3_mk_bv2int(context, result, false));
}

}  // namespace

z3::expr buildZ3Term(z3::context& context, const std::vector<z3::expr>& terms, const Z3Recipe& recipe) {
  switch (recipe.kind) {
    case Z3Recipe::Kind::BoolConstant:
      return context.bool_val(recipe.value != 0);
    case Z3Recipe::Kind::IntConstant:
      return context.int_val(static_cast<int64_t>(recipe.value));
    case Z3Recipe::Kind::BoolVariable:
      return context.bool_const(recipe.name.c_str());
    case Z3Recipe::Kind::IntVariable:
      return context.int_const(recipe.name.c_str());
    case Z3Recipe::Kind::Apply:
      return applyOp(context, terms, recipe.op, recipe.args);
    case Z3Recipe::Kind::Bitwise:
      return applyBitwise(context, terms, recipe);
  }
  throw std::logic_error("unknown term recipe");
}

}  // namespace catcheck::encoders
