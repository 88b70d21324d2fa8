// The cvc5 backend (cvc5 1.0.3 API), built as a module of its own that encoders/Cvc5Solver.cpp loads when a
// query first needs it. Non-incremental and without model production unless a witness is wanted: both
// options make satisfiable queries 10-40x slower on this version. Terms are deduplicated by cvc5's term ids.
// The module uses nothing of catcheck's but the inline parts of encoders/Solver.h; it is linked with
// --no-undefined, so that it can never come to depend on code that only the executable holds.
#include <cvc5/cvc5.h>

#include <stdexcept>
#include <unordered_map>

#include "encoders/Solver.h"

namespace catcheck::encoders {
namespace {

class Cvc5Backend final : public SolverBackend {
 public:
  explicit Cvc5Backend(const SolverOptions& options) : clock_(options) {
    solver_.setLogic(options.bitwise ? "ALL" : "QF_LIA");
    if (options.produceModels) solver_.setOption("produce-models", "true");
    if (options.timeoutMs > 0) solver_.setOption("tlimit-per", std::to_string(options.timeoutMs));
  }

  Term boolConstant(bool value) override { return intern(solver_.mkBoolean(value)); }
  Term intConstant(long long value) override {
    return intern(solver_.mkInteger(static_cast<int64_t>(value)));
  }
  Term boolVariable(const std::string& name) override {
    return intern(solver_.mkConst(solver_.getBooleanSort(), name));
  }
  Term intVariable(const std::string& name) override {
    return intern(solver_.mkConst(solver_.getIntegerSort(), name));
  }

  Term apply(TermOp op, const std::vector<Term>& args) override {
    std::vector<cvc5::Term> children;
    for (Term a : args) children.push_back(terms_.at(static_cast<size_t>(a)));
    if ((op == TermOp::And || op == TermOp::Or) && children.size() == 1) return args[0];
    return intern(solver_.mkTerm(kindOf(op), children));
  }

  Term bitwise(BitwiseOp op, int width, const std::vector<Term>& args) override {
    cvc5::Op toBits = solver_.mkOp(cvc5::Kind::INT_TO_BITVECTOR, {static_cast<uint32_t>(width)});
    std::vector<cvc5::Term> bits;
    for (Term a : args) bits.push_back(solver_.mkTerm(toBits, {terms_.at(static_cast<size_t>(a))}));
    cvc5::Term result = solver_.mkTerm(bitwiseKind(op), bits);
    return intern(solver_.mkTerm(cvc5::Kind::BITVECTOR_TO_NAT, {result}));
  }

  void assertFormula(Term t) override { solver_.assertFormula(terms_.at(static_cast<size_t>(t))); }

  SatResult check() override {
    unsigned limit = clock_.searchLimitMs();
    if (limit > 0) solver_.setOption("tlimit-per", std::to_string(limit));
    cvc5::Result result = solver_.checkSat();
    if (result.isSat()) return SatResult::Sat;
    if (result.isUnsat()) return SatResult::Unsat;
    reason_ = {result.toString(), result.getUnknownExplanation() == cvc5::UnknownExplanation::TIMEOUT};
    return SatResult::Unknown;
  }

  bool boolValue(Term t) override {
    return solver_.getValue(terms_.at(static_cast<size_t>(t))).getBooleanValue();
  }
  long long intValue(Term t) override {
    cvc5::Term value = solver_.getValue(terms_.at(static_cast<size_t>(t)));
    if (value.isInt64Value()) return value.getInt64Value();
    return decimalModulo64(value.getIntegerValue());
  }
  UnknownReason reasonUnknown() override { return reason_; }

 private:
  static cvc5::Kind kindOf(TermOp op) {
    switch (op) {
      case TermOp::Not:
        return cvc5::Kind::NOT;
      case TermOp::And:
        return cvc5::Kind::AND;
      case TermOp::Or:
        return cvc5::Kind::OR;
      case TermOp::Implies:
        return cvc5::Kind::IMPLIES;
      case TermOp::Iff:
      case TermOp::Eq:
        return cvc5::Kind::EQUAL;
      case TermOp::Ite:
        return cvc5::Kind::ITE;
      case TermOp::Lt:
        return cvc5::Kind::LT;
      case TermOp::Le:
        return cvc5::Kind::LEQ;
      case TermOp::Add:
        return cvc5::Kind::ADD;
      case TermOp::Sub:
        return cvc5::Kind::SUB;
      case TermOp::Mul:
        return cvc5::Kind::MULT;
      case TermOp::Div:
        return cvc5::Kind::INTS_DIVISION;
      case TermOp::Mod:
        return cvc5::Kind::INTS_MODULUS;
    }
    throw std::logic_error("unknown term operator");
  }

  static cvc5::Kind bitwiseKind(BitwiseOp op) {
    switch (op) {
      case BitwiseOp::And:
        return cvc5::Kind::BITVECTOR_AND;
      case BitwiseOp::Or:
        return cvc5::Kind::BITVECTOR_OR;
      case BitwiseOp::Xor:
        return cvc5::Kind::BITVECTOR_XOR;
      case BitwiseOp::Not:
        return cvc5::Kind::BITVECTOR_NOT;
      case BitwiseOp::Shl:
        return cvc5::Kind::BITVECTOR_SHL;
      case BitwiseOp::LShr:
        return cvc5::Kind::BITVECTOR_LSHR;
      case BitwiseOp::AShr:
        return cvc5::Kind::BITVECTOR_ASHR;
    }
    throw std::logic_error("unknown bitwise operator");
  }

  Term intern(const cvc5::Term& t) {
    clock_.termMade();
    uint64_t id = t.getId();
    auto it = ids_.find(id);
    if (it != ids_.end()) return it->second;
    terms_.push_back(t);
    Term handle = static_cast<Term>(terms_.size()) - 1;
    ids_.emplace(id, handle);
    return handle;
  }

  QueryClock clock_;
  cvc5::Solver solver_;
  std::vector<cvc5::Term> terms_;
  std::unordered_map<uint64_t, Term> ids_;
  UnknownReason reason_;
};

}  // namespace

}  // namespace catcheck::encoders

// The module's entry points, looked up by name (Cvc5Solver.h).
extern "C" __attribute__((visibility("default"))) catcheck::encoders::SolverBackend* catcheckMakeCvc5Backend(
    const catcheck::encoders::SolverOptions& options) {
  return new catcheck::encoders::Cvc5Backend(options);
}

extern "C" __attribute__((visibility("default"))) const char* catcheckCvc5Version() {
  static const std::string version = cvc5::Solver().getVersion();
  return version.c_str();
}
