// One interface in front of the SMT solvers (cvc5 and z3). Terms are small integer handles owned by the
// solver; `Formula` (Formula.h) adds constant folding on top, so encoders never talk to a backend directly.
#pragma once

#include <chrono>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace catcheck::encoders {

using Term = int;

enum class TermOp { Not, And, Or, Implies, Iff, Ite, Eq, Lt, Le, Add, Sub, Mul, Div, Mod };

// Bitwise operators on integers in [0, 2^width): each converts its arguments to bit-vectors of `width`
// bits and the result back to a non-negative integer. Only programs with a width use them (SPIR-V).
enum class BitwiseOp { And, Or, Xor, Not, Shl, LShr, AShr };

enum class SatResult { Sat, Unsat, Unknown };

enum class SolverKind { Z3, Cvc5 };

// A time limit in seconds as SolverOptions::timeoutMs: rounded up (a positive limit never becomes "none")
// and capped at what the field holds.
inline unsigned solverTimeoutMs(double seconds) {
  double ms = std::ceil(seconds * 1000);
  return ms >= double{std::numeric_limits<unsigned>::max()} ? std::numeric_limits<unsigned>::max()
                                                            : static_cast<unsigned>(ms);
}

struct SolverOptions {
  SolverKind kind = SolverKind::Z3;  // faster on the whole reference suite (bench/suite-times.sh)
  // Nobody chose `kind`: questions where the two solvers differ by orders of magnitude may use both
  // (deterministic's and floating-point ones: encoders/Query.cpp, solveScheduled).
  bool kindIsDefault = true;
  bool produceModels = false;  // cvc5 gets 10-40x slower on sat queries with models on: only for witnesses
  unsigned timeoutMs = 0;      // 0: none
  // Whether timeoutMs bounds the query's encoding and search together (QueryClock below), as the user's
  // --timeout does; internal search slices (deterministic's solver alternation, the 1 s witness searches at
  // smaller bounds) bound the search alone.
  bool limitIncludesEncoding = true;
  bool bitwise = false;  // the formula uses `bitwise` (beyond linear integer arithmetic)
  // z3: how long the first search of a large query runs alone before a second one joins it (Z3Solver.cpp);
  // tests set 0 to make the two searches race.
  unsigned secondSearchDelayMs = 500;
};

// Why a solver answered unknown: its own words, and whether it ran into the time limit of the query (each
// backend decides from its own vocabulary; callers never search the text).
struct UnknownReason {
  std::string text;
  bool timeLimit = false;
};

// A solver that answered neither sat nor unsat (timeout, resource limit); `timeLimit` when the query ran
// into its time limit (the solver backend decides, UnknownReason).
class SolverGaveUp : public std::runtime_error {
 public:
  explicit SolverGaveUp(const std::string& message, bool timeLimit = false)
      : std::runtime_error(message), timeLimit_(timeLimit) {}
  bool timeLimit() const { return timeLimit_; }

 private:
  bool timeLimit_;
};

// The time limit of one query, counted from the creation of its backend when it includes the encoding: a
// large encoding past the limit stops at its next term instead of running on to a search that is then
// given nothing (a fuzzed mbarrier kernel's termination query took 41 s to encode under --timeout 5).
class QueryClock {
 public:
  explicit QueryClock(const SolverOptions& options)
      : limitMs_(options.timeoutMs),
        includesEncoding_(options.limitIncludesEncoding),
        start_(std::chrono::steady_clock::now()) {}
  // For each new term: throws SolverGaveUp (time limit) once the limit has passed (the clock is read every
  // 1 024 terms).
  void termMade() {
    if (limitMs_ != 0 && includesEncoding_ && ++terms_ % 1024 == 0) searchLimitMs();
  }
  // The search's time limit: what is left of the query's (0: none); throws once nothing is left.
  unsigned searchLimitMs() const {
    if (limitMs_ == 0 || !includesEncoding_) return limitMs_;
    unsigned elapsed = elapsedMs();
    if (elapsed >= limitMs_) throw SolverGaveUp("solver returned unknown: timeout (while encoding)", true);
    return limitMs_ - elapsed;
  }

 private:
  unsigned elapsedMs() const {
    auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_);
    return static_cast<unsigned>(ms.count());
  }
  unsigned limitMs_;
  bool includesEncoding_;
  std::chrono::steady_clock::time_point start_;
  unsigned long terms_ = 0;
};

class SolverBackend {
 public:
  virtual ~SolverBackend() = default;
  virtual Term boolConstant(bool value) = 0;
  virtual Term intConstant(long long value) = 0;
  virtual Term boolVariable(const std::string& name) = 0;
  virtual Term intVariable(const std::string& name) = 0;
  virtual Term apply(TermOp op, const std::vector<Term>& args) = 0;
  virtual Term bitwise(BitwiseOp op, int width, const std::vector<Term>& args) = 0;
  virtual void assertFormula(Term t) = 0;
  virtual SatResult check() = 0;
  virtual bool boolValue(Term t) = 0;      // after Sat with produceModels
  virtual long long intValue(Term t) = 0;  // after Sat with produceModels
  virtual UnknownReason reasonUnknown() = 0;
};

std::unique_ptr<SolverBackend> makeSolver(const SolverOptions& options);
std::unique_ptr<SolverBackend> makeZ3Solver(const SolverOptions& options);
std::unique_ptr<SolverBackend> makeCvc5Solver(const SolverOptions& options);
// Loads the cvc5 module now if it is not loaded yet (Cvc5Solver.cpp); whether it is. A process about to
// fork a child that runs cvc5 calls it first, so that no child runs the dynamic loader after a fork (a
// lock another thread held at the fork would stay held in the child).
bool loadCvc5Module() noexcept;

SolverKind parseSolverKind(const std::string& name);  // "z3" | "cvc5"; throws std::invalid_argument
const char* solverName(SolverKind kind);

// The versions of the solver libraries, as they report themselves (e.g. "4.8.12", "1.0.3"). cvc5's loads
// its module (Cvc5Solver.cpp), and says "unavailable: WHY" when the module cannot be loaded.
std::string z3Version();
std::string cvc5Version();

// A model value in decimal as a 64-bit two's-complement value (the integer modulo 2^64). Solvers answer
// with unbounded integers; 64-bit program values are not wrapped in the encoding (ValueEncoder.h), so a
// model may hold one that does not fit a long long (regression: z3 aborted the process on such a value).
inline long long decimalModulo64(const std::string& decimal) {
  unsigned long long value = 0;
  bool negative = !decimal.empty() && decimal[0] == '-';
  for (char c : decimal) {
    if (c >= '0' && c <= '9') value = value * 10 + static_cast<unsigned long long>(c - '0');
  }
  if (negative) value = ~value + 1;
  return static_cast<long long>(value);
}

}  // namespace catcheck::encoders
