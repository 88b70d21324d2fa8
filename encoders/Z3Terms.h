// How each term of a z3 query was made, kept so that the query can be rebuilt in another z3 context
// without reading the first one (encoders/Z3Solver.cpp: the second search). See Z3Terms.cpp.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "encoders/Solver.h"

namespace catcheck::encoders {

// One term as the encoder asked for it: arguments are earlier terms, by their Term number.
struct Z3Recipe {
  enum class Kind { BoolConstant, IntConstant, BoolVariable, IntVariable, Apply, Bitwise };
  Kind kind = Kind::BoolConstant;
  long long value = 0;  // BoolConstant (0 or 1), IntConstant
  std::string name;     // BoolVariable, IntVariable
  TermOp op = TermOp::Not;
  BitwiseOp bitwiseOp = BitwiseOp::Not;
  int width = 0;  // Bitwise
  std::vector<Term> args;
};

// The term `recipe` describes, in `context`, whose earlier terms are `terms` (indexed by Term).
z3::expr buildZ3Term(z3::context& context, const std::vector<z3::expr>& terms, const Z3Recipe& recipe);

}  // namespace catcheck::encoders
