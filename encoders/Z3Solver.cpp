// The z3 backend. Linear-arithmetic queries go to a solver made from z3's `smt` tactic alone: the QF_LIA
// solver's preprocessing (solve-eqs, ctx-simplify, the ILP and pseudo-Boolean probes) cost 3-4x the search
// itself on our formulas (the Vulkan liveness suites: 15.2 s -> 5.4 s wall, median 61 -> 24 ms per row).
// Every query gets a z3 context of its own, so that its answer and its time never depend on the queries
// made before it in the same process: z3's search follows its term numbering, and in a shared context a
// query that takes 4 s alone (alignment5-struct-local) or 35 ms (an mbarrier pipeline) once ran past 60 s
// and ten minutes in a bulk-run worker. A context costs under 1 ms once the process has made one (17 ms
// the first time: page faults of z3's tables). Terms are deduplicated by z3's AST ids.
// Two environment variables help solver work and are not for users: CATCHECK_DUMP_SMT=PREFIX writes each
// query as PREFIX.N.smt2 before it is solved (z3's printer may run out of stack on the largest ones), and
// CATCHECK_Z3_PARAMS="name=value ..." sets z3's global parameters (e.g. smt.arith.solver=2) for the process.
#include <z3++.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "encoders/Solver.h"

namespace catcheck::encoders {
namespace {

class Z3Backend final : public SolverBackend {
 public:
  explicit Z3Backend(const SolverOptions& options) : solver_(solverFor(context_, options)) {
    z3::params params(context_);
    params.set("model", options.produceModels);
    if (options.timeoutMs > 0) params.set("timeout", options.timeoutMs);
    solver_.set(params);
  }

  // Linear integer arithmetic: the `smt` tactic; with bitwise operators z3's general solver, which handles
  // the integer/bit-vector conversions.
  static z3::solver solverFor(z3::context& context, const SolverOptions& options) {
    if (options.bitwise) return z3::solver(context);
    return z3::tactic(context, "smt").mk_solver();
  }

  Term boolConstant(bool value) override { return intern(context_.bool_val(value)); }
  Term intConstant(long long value) override { return intern(context_.int_val(static_cast<int64_t>(value))); }
  Term boolVariable(const std::string& name) override { return intern(context_.bool_const(name.c_str())); }
  Term intVariable(const std::string& name) override { return intern(context_.int_const(name.c_str())); }

  Term apply(TermOp op, const std::vector<Term>& args) override { return intern(build(op, args)); }

  Term bitwise(BitwiseOp op, int width, const std::vector<Term>& args) override {
    auto bits = [&](Term t) {
      return z3::expr(context_, Z3_mk_int2bv(context_, static_cast<unsigned>(width), expr(t)));
    };
    z3::expr a = bits(args[0]);
    z3::expr result = op == BitwiseOp::Not ? ~a : combine(op, a, bits(args[1]));
    return intern(z3::expr(context_, Z3_mk_bv2int(context_, result, false)));
  }

  void assertFormula(Term t) override { solver_.add(expr(t)); }

  SatResult check() override {
    if (const char* path = std::getenv("CATCHECK_DUMP_SMT"); path != nullptr && *path != 0) {
      static int dumped = 0;
      std::ofstream(std::string(path) + "." + std::to_string(dumped++) + ".smt2") << solver_.to_smt2();
    }
    switch (solver_.check()) {
      case z3::sat:
        return SatResult::Sat;
      case z3::unsat:
        return SatResult::Unsat;
      default:
        return SatResult::Unknown;
    }
  }

  bool boolValue(Term t) override { return solver_.get_model().eval(expr(t), true).is_true(); }
  long long intValue(Term t) override {
    z3::expr value = solver_.get_model().eval(expr(t), true);
    int64_t small = 0;
    if (value.is_numeral_i64(small)) return small;
    return decimalModulo64(value.get_decimal_string(0));
  }
  std::string reasonUnknown() override { return solver_.reason_unknown(); }

 private:
  const z3::expr& expr(Term t) const { return terms_.at(static_cast<size_t>(t)); }

  z3::expr_vector vectorOf(const std::vector<Term>& args) {
    z3::expr_vector v(context_);
    for (Term a : args) v.push_back(expr(a));
    return v;
  }

  z3::expr build(TermOp op, const std::vector<Term>& a) {
    switch (op) {
      case TermOp::Not:
        return !expr(a[0]);
      case TermOp::And:
        return z3::mk_and(vectorOf(a));
      case TermOp::Or:
        return z3::mk_or(vectorOf(a));
      case TermOp::Implies:
        return z3::implies(expr(a[0]), expr(a[1]));
      case TermOp::Iff:
      case TermOp::Eq:
        return expr(a[0]) == expr(a[1]);
      case TermOp::Ite:
        return z3::ite(expr(a[0]), expr(a[1]), expr(a[2]));
      case TermOp::Lt:
        return expr(a[0]) < expr(a[1]);
      case TermOp::Le:
        return expr(a[0]) <= expr(a[1]);
      case TermOp::Add:
        return expr(a[0]) + expr(a[1]);
      case TermOp::Sub:
        return expr(a[0]) - expr(a[1]);
      case TermOp::Mul:
        return expr(a[0]) * expr(a[1]);
      case TermOp::Div:
        return expr(a[0]) / expr(a[1]);
      case TermOp::Mod:
        return z3::mod(expr(a[0]), expr(a[1]));
    }
    throw std::logic_error("unknown term operator");
  }

  static z3::expr combine(BitwiseOp op, const z3::expr& a, const z3::expr& b) {
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

  Term intern(const z3::expr& e) {
    unsigned id = Z3_get_ast_id(context_, e);
    auto it = ids_.find(id);
    if (it != ids_.end()) return it->second;
    terms_.push_back(e);
    Term t = static_cast<Term>(terms_.size()) - 1;
    ids_.emplace(id, t);
    return t;
  }

  z3::context context_;  // declared before the solver and the terms that live in it
  z3::solver solver_;
  std::vector<z3::expr> terms_;
  std::unordered_map<unsigned, Term> ids_;
};

}  // namespace

std::unique_ptr<SolverBackend> makeZ3Solver(const SolverOptions& options) {
  static bool configured = [] {
    if (const char* params = std::getenv("CATCHECK_Z3_PARAMS"); params != nullptr) {
      std::istringstream words(params);
      std::string word;
      while (words >> word) {
        auto eq = word.find('=');
        if (eq != std::string::npos) z3::set_param(word.substr(0, eq).c_str(), word.substr(eq + 1).c_str());
      }
    }
    return true;
  }();
  (void)configured;
  return std::make_unique<Z3Backend>(options);
}

SolverKind parseSolverKind(const std::string& name) {
  if (name == "z3") return SolverKind::Z3;
  if (name == "cvc5") return SolverKind::Cvc5;
  throw std::invalid_argument("unknown solver '" + name + "' (expected z3 or cvc5)");
}

const char* solverName(SolverKind kind) {
  return kind == SolverKind::Z3 ? "z3" : "cvc5";
}

std::string z3Version() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(build);
}

std::unique_ptr<SolverBackend> makeSolver(const SolverOptions& options) {
  return options.kind == SolverKind::Z3 ? makeZ3Solver(options) : makeCvc5Solver(options);
}

}  // namespace catcheck::encoders
