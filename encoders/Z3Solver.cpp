// The z3 backend. Linear-arithmetic queries go to a solver made from z3's `smt` tactic alone: the QF_LIA
// solver's preprocessing (solve-eqs, ctx-simplify, the ILP and pseudo-Boolean probes) cost 3-4x the search
// itself on our formulas (the Vulkan liveness suites: 15.2 s -> 5.4 s wall, median 61 -> 24 ms per row).
// Every query gets a z3 context of its own, so that its answer and its time never depend on the queries
// made before it in the same process: z3's search follows its term numbering, and in a shared context a
// query that takes 4 s alone (alignment5-struct-local) or 35 ms (an mbarrier pipeline) once ran past 60 s
// and ten minutes in a bulk-run worker. A context costs under 1 ms once the process has made one (17 ms
// the first time: page faults of z3's tables). Terms are deduplicated by z3's AST ids.
// A query of a few thousand terms or more that has not answered after half a second gets a second search
// on a second thread (SecondSearch below): z3's time on such queries is heavy-tailed, and two different
// searches rarely both fall into the tail. The first definite answer wins. The second query is rebuilt from
// the recipes of its terms (Z3Terms.h) while the first search runs, so a query answered within the half
// second pays nothing for it.
// Two environment variables help solver work and are not for users: CATCHECK_DUMP_SMT=PREFIX writes each
// query as PREFIX.N.smt2 before it is solved (z3's printer may run out of stack on the largest ones), and
// CATCHECK_Z3_PARAMS="name=value ..." sets z3's global parameters (e.g. smt.arith.solver=2) for the process.
#include <z3++.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include "core/ir/Log.h"
#include "encoders/Solver.h"
#include "encoders/Z3Terms.h"

namespace catcheck::encoders {
namespace {

// Linear integer arithmetic: the `smt` tactic with `settings`; with bitwise operators z3's general solver,
// which handles the integer/bit-vector conversions.
z3::solver solverFor(z3::context& context, const SolverOptions& options, const z3::params& settings) {
  if (options.bitwise) {
    z3::solver general(context);
    general.set(settings);
    return general;
  }
  return z3::with(z3::tactic(context, "smt"), settings).mk_solver();
}

void configure(z3::solver& solver, z3::context& context, const SolverOptions& options) {
  z3::params params(context);
  params.set("model", options.produceModels);
  if (options.timeoutMs > 0) params.set("timeout", options.timeoutMs);
  solver.set(params);
}

// z3's time limit of the next check of `solver` (0: none).
void setSearchTimeLimit(z3::context& context, z3::solver& solver, unsigned ms) {
  z3::params params(context);
  params.set("timeout", ms == 0 ? std::numeric_limits<unsigned>::max() : ms);
  solver.set(params);
}

// The second search of a large query: the query rebuilt in a context of its own, searched with z3's
// older simplex-based arithmetic solver and another random seed. z3's search time on our larger queries is
// heavy-tailed -- the same query takes 1 s or past 300 s depending on term numbering and seed
// (xf-barrier-local-3.1.3's race; the ticket-lock mutants: 4 s to past 60 s over four seeds) -- and on the
// lock queries the older solver was 2-3x faster, on the arithmetic-heavy alignment queries up to 35x
// slower. Two different searches make a long tail much less likely than one.
struct SecondSearch {
  // Replays every term's recipe and asserts `assertions`; gives up, leaving `complete` false, once
  // `cancelled` is set (the first search answered). Reads nothing of the first search's context.
  SecondSearch(const std::vector<Z3Recipe>& recipes, const std::vector<Term>& assertions,
               const SolverOptions& options, const std::atomic<bool>& cancelled)
      : solver(solverFor(context, options, settings(context))) {
    configure(solver, context, options);
    terms.reserve(recipes.size());
    for (const Z3Recipe& recipe : recipes) {
      if (terms.size() % 1024 == 0 && cancelled.load(std::memory_order_relaxed)) return;
      terms.push_back(buildZ3Term(context, terms, recipe));
    }
    for (Term t : assertions) solver.add(terms[static_cast<size_t>(t)]);
    complete = true;
  }
  // Term `t` in this context; terms made after the check (reading the model builds some) are replayed.
  const z3::expr& term(Term t, const std::vector<Z3Recipe>& recipes) {
    auto index = static_cast<size_t>(t);
    while (terms.size() <= index) terms.push_back(buildZ3Term(context, terms, recipes.at(terms.size())));
    return terms[index];
  }
  static z3::params settings(z3::context& context) {
    z3::params p(context);
    p.set("arith.solver", 2U);
    p.set("random_seed", 7U);
    return p;
  }
  z3::context context;  // declared before the solver that lives in it
  z3::solver solver;
  std::vector<z3::expr> terms;  // the query's terms, by Term, in this context
  bool complete = false;
};

// Set once the first search has answered: a rebuild stops at its next step, and one still waiting to
// start does not start.
class Cancellation {
 public:
  void cancel() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      flag = true;
    }
    changed_.notify_all();
  }
  // Waits up to `ms` for cancel(); whether it came.
  bool waitFor(unsigned ms) {
    std::unique_lock<std::mutex> lock(mutex_);
    return changed_.wait_for(lock, std::chrono::milliseconds(ms), [&] { return flag.load(); });
  }
  std::atomic<bool> flag{false};

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
};

// Two searches of one query on two threads: which has answered, with what, and the first definite answer.
class Race {
 public:
  template <typename Search>
  void finish(int which, Search search) {
    z3::check_result answer = z3::unknown;
    std::exception_ptr error;
    try {
      answer = search();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex_);
    this->answer[which] = answer;
    errors_[which] = error;
    done_[which] = true;
    changed_.notify_all();
  }
  // The search that gave the first definite answer, or -1 when both gave up.
  int waitForDefiniteAnswer() {
    std::unique_lock<std::mutex> lock(mutex_);
    int winner = -1;
    changed_.wait(lock, [&] {
      for (int i = 0; i < 2; ++i) {
        if (done_[i] && errors_[i] == nullptr && answer[i] != z3::unknown) winner = i;
      }
      return winner >= 0 || (done_[0] && done_[1]);
    });
    return winner;
  }
  // Interrupts search `which` until it has returned: an interrupt that comes before z3 has entered its
  // search would be lost, so it is repeated.
  void stop(int which, z3::context& context) {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!done_[which]) {
      context.interrupt();
      changed_.wait_for(lock, std::chrono::milliseconds(10));
    }
  }
  // The first search's error, unless the second answered (an error of the second alone is dropped).
  void rethrow() const {
    if (errors_[0] != nullptr && answer[1] == z3::unknown) std::rethrow_exception(errors_[0]);
  }
  z3::check_result answer[2] = {z3::unknown, z3::unknown};

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool done_[2] = {false, false};
  std::exception_ptr errors_[2];
};

class Z3Backend final : public SolverBackend {
 public:
  explicit Z3Backend(const SolverOptions& options)
      : options_(options), clock_(options), solver_(solverFor(context_, options, z3::params(context_))) {
    configure(solver_, context_, options);
  }

  Term boolConstant(bool value) override {
    Z3Recipe recipe;
    recipe.kind = Z3Recipe::Kind::BoolConstant;
    recipe.value = value ? 1 : 0;
    return make(std::move(recipe));
  }
  Term intConstant(long long value) override {
    Z3Recipe recipe;
    recipe.kind = Z3Recipe::Kind::IntConstant;
    recipe.value = value;
    return make(std::move(recipe));
  }
  Term boolVariable(const std::string& name) override {
    Z3Recipe recipe;
    recipe.kind = Z3Recipe::Kind::BoolVariable;
    recipe.name = name;
    return make(std::move(recipe));
  }
  Term intVariable(const std::string& name) override {
    Z3Recipe recipe;
    recipe.kind = Z3Recipe::Kind::IntVariable;
    recipe.name = name;
    return make(std::move(recipe));
  }
  Term apply(TermOp op, const std::vector<Term>& args) override {
    Z3Recipe recipe;
    recipe.kind = Z3Recipe::Kind::Apply;
    recipe.op = op;
    recipe.args = args;
    return make(std::move(recipe));
  }
  Term bitwise(BitwiseOp op, int width, const std::vector<Term>& args) override {
    Z3Recipe recipe;
    recipe.kind = Z3Recipe::Kind::Bitwise;
    recipe.bitwiseOp = op;
    recipe.width = width;
    recipe.args = args;
    return make(std::move(recipe));
  }

  void assertFormula(Term t) override {
    solver_.add(expr(t));
    asserted_.push_back(t);
  }

  SatResult check() override {
    if (const char* path = std::getenv("CATCHECK_DUMP_SMT"); path != nullptr && *path != 0) {
      static int dumped = 0;
      std::ofstream(std::string(path) + "." + std::to_string(dumped++) + ".smt2") << solver_.to_smt2();
    }
    second_.reset();
    model_.reset();
    searchLimitMs_ = clock_.searchLimitMs();
    z3::check_result answer = z3::unknown;
    if (worthASecondSearch()) {
      answer = checkWithSecondSearch();
    } else {
      setTimeLimit(searchLimitMs_);
      answer = solver_.check();
    }
    return resultOf(answer);
  }

  bool boolValue(Term t) override { return evaluate(t).is_true(); }
  long long intValue(Term t) override {
    z3::expr value = evaluate(t);
    int64_t small = 0;
    if (value.is_numeral_i64(small)) return small;
    return decimalModulo64(value.get_decimal_string(0));
  }
  // z3 says "timeout" when a query hits its time limit, "canceled" when it was interrupted (our time
  // limits and the second search interrupt it).
  UnknownReason reasonUnknown() override {
    std::string text = solver_.reason_unknown();
    bool timeLimit = text.find("timeout") != std::string::npos || text.find("cancel") != std::string::npos;
    return {text, timeLimit};
  }

 private:
  // Queries of at least this many terms get a second search (SecondSearch above) once the first has run
  // for SolverOptions::secondSearchDelayMs (500 ms); a smaller query is not worth copying (litmus tests have
  // mostly a few hundred terms). The ticket-lock mutants, whose search time varies from 4 s to past 60 s,
  // have 8 800 terms; alignment3-struct-local's 3 252 terms took 0.5 s or 33 s depending on the order of
  // their terms (copying them takes 8 ms).
  static constexpr size_t kSecondSearchTerms = 1000;
  // Nor is a query with a time limit this short (the 1 s witness searches at smaller bounds,
  // check/Check.cpp): the second search would get at most the limit less the delay, and copying a large query
  // costs seconds (385 000 terms: 2.4 s).
  static constexpr unsigned kSecondSearchMinTimeoutMs = 2000;
  // Nor is a very large query: copying it grows faster than its size (ttaslock-1.1.2 under opencl.cat:
  // 385 000 terms at bound 16 in 2.4 s, 2 560 000 at bound 32 in 144 s), and on such queries the time goes
  // to z3's preprocessing, which a second seed does not shorten.
  static constexpr size_t kSecondSearchMaxTerms = 500'000;
  // The rebuild starts once the first search has run this long: a z3 context alone costs 15-45 ms of a
  // core (its tables' page faults), and in a bulk run the other core is another worker's. Most queries
  // answer before (the Vulkan liveness rows: 3 900 terms, a few ms), and used to wait for a cancelled
  // rebuild.
  static constexpr unsigned kRebuildAfterMs = 100;

  void setTimeLimit(unsigned ms) { setSearchTimeLimit(context_, solver_, ms); }

  bool worthASecondSearch() const {
    return terms_.size() >= kSecondSearchTerms && terms_.size() <= kSecondSearchMaxTerms &&
           (searchLimitMs_ == 0 || searchLimitMs_ >= kSecondSearchMinTimeoutMs);
  }

  static SatResult resultOf(z3::check_result answer) {
    switch (answer) {
      case z3::sat:
        return SatResult::Sat;
      case z3::unsat:
        return SatResult::Unsat;
      case z3::unknown:
        break;
    }
    return SatResult::Unknown;
  }

  // The first search runs alone for the delay (z3's own time limit stops it) while another thread rebuilds
  // the query for the second search from the recipes (SecondSearch), from kRebuildAfterMs on; an answer
  // within the delay cancels the rebuild, or keeps it from starting. Otherwise the first search goes on, from
  // the start, on a thread of its own, and the second joins it once rebuilt. The first definite answer wins
  // and interrupts the other search. (Issue 30 first copied the query with Z3_translate before any search
  // ran, as a translation reads the source context, which a running search must have to itself; every large
  // query paid the copy, MP-200 1 s of 1.5 s. A translation made after a search stopped by its time limit was
  // sometimes truncated: a second search then answered SAT with a model of nothing. A replay reads only our
  // recipes.) An interrupt may leave z3's context cancelled; that is safe because every query is checked once
  // (encoders/Checker.cpp builds a new query, with a new backend, for each question).
  z3::check_result checkWithSecondSearch() {
    auto start = std::chrono::steady_clock::now();
    Cancellation cancelled;
    std::unique_ptr<SecondSearch> second;
    unsigned delay = options_.secondSearchDelayMs;
    std::thread builder([&] {
      if (delay > 0 && cancelled.waitFor(std::min(delay, kRebuildAfterMs))) return;
      try {
        second = rebuild(cancelled.flag);
      } catch (...) {  // out of memory, or z3 refused a term: the first search goes on alone
        second.reset();
      }
    });
    if (delay > 0) {
      setTimeLimit(searchLimitMs_ > 0 ? std::min(delay, searchLimitMs_) : delay);
      z3::check_result alone = solver_.check();
      if (alone != z3::unknown || (searchLimitMs_ > 0 && millisecondsSince(start) >= searchLimitMs_)) {
        cancelled.cancel();
        builder.join();
        return alone;
      }
    }
    setTimeLimit(timeLeft(start));
    Race race;
    std::thread first([&] {
      race.finish(0, [&] {
        z3::check_result answer = solver_.check();
        if (answer != z3::unknown) cancelled.cancel();
        return answer;
      });
    });
    builder.join();
    std::thread other;
    bool secondRuns =
        second && second->complete && (searchLimitMs_ == 0 || millisecondsSince(start) < searchLimitMs_);
    if (secondRuns) {
      setSearchTimeLimit(second->context, second->solver, timeLeft(start));
      other = std::thread([&] { race.finish(1, [&] { return second->solver.check(); }); });
    } else {
      race.finish(1, [] { return z3::unknown; });
    }
    int winner = race.waitForDefiniteAnswer();
    core::log::debug("second search {}; the {} search answered first", secondRuns ? "ran" : "did not run",
                     winner == 1 ? "second" : "first");
    if (winner == 0 && secondRuns) race.stop(1, second->context);
    if (winner == 1) race.stop(0, context_);
    first.join();
    if (other.joinable()) other.join();
    race.rethrow();
    // Once the first search has been stopped, its answer is not used even if it has one: the interrupt may
    // have come just after its check returned, and z3 then refuses to evaluate in its model ("canceled";
    // a full-suite run under load reported it for mp-wg_obe-t_obe's termination rows).
    bool secondAnswers = winner == 1 || (race.answer[0] == z3::unknown && race.answer[1] != z3::unknown);
    if (!secondAnswers) return race.answer[0];
    second_ = std::move(second);
    return race.answer[1];
  }

  // The query rebuilt for the second search, or an incomplete one once `cancelled` is set.
  std::unique_ptr<SecondSearch> rebuild(const std::atomic<bool>& cancelled) {
    auto start = std::chrono::steady_clock::now();
    auto second = std::make_unique<SecondSearch>(recipes_, asserted_, options_, cancelled);
    core::log::debug("second search: query of {} terms {} in {} ms", recipes_.size(),
                     second->complete ? "rebuilt" : "rebuild cancelled", millisecondsSince(start));
    return second;
  }

  static unsigned millisecondsSince(std::chrono::steady_clock::time_point start) {
    return static_cast<unsigned>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count());
  }

  // What is left of the query's time limit (0: none, or nothing left: the caller checks).
  unsigned timeLeft(std::chrono::steady_clock::time_point start) const {
    if (searchLimitMs_ == 0) return 0;
    unsigned elapsed = millisecondsSince(start);
    return elapsed >= searchLimitMs_ ? 1 : searchLimitMs_ - elapsed;
  }

  // The model of whichever search answered.
  // The model is fetched once per answer: z3 applies its model converters on every get_model, which cost
  // 12 s over the 30 000 values of a 1 024-thread witness when fetched per value.
  z3::expr evaluate(Term t) {
    if (!model_) model_.emplace(second_ ? second_->solver.get_model() : solver_.get_model());
    return model_->eval(second_ ? second_->term(t, recipes_) : expr(t), true);
  }

  const z3::expr& expr(Term t) const { return terms_.at(static_cast<size_t>(t)); }

  // The term of `recipe`: an earlier one when z3 already has the same term, else a new one whose recipe is
  // kept for the second search.
  Term make(Z3Recipe recipe) {
    clock_.termMade();
    z3::expr e = buildZ3Term(context_, terms_, recipe);
    unsigned id = Z3_get_ast_id(context_, e);
    auto it = ids_.find(id);
    if (it != ids_.end()) return it->second;
    terms_.push_back(e);
    recipes_.push_back(std::move(recipe));
    Term t = static_cast<Term>(terms_.size()) - 1;
    ids_.emplace(id, t);
    return t;
  }

  SolverOptions options_;
  QueryClock clock_;
  unsigned searchLimitMs_ = 0;  // the time limit of the current check (0: none)
  z3::context context_;         // declared before the solver and the terms that live in it
  z3::solver solver_;
  std::unique_ptr<SecondSearch> second_;  // when the second search answered the last check
  std::optional<z3::model> model_;        // the last answer's model, once fetched
  std::vector<z3::expr> terms_;
  std::vector<Z3Recipe> recipes_;  // how each of terms_ was made
  std::vector<Term> asserted_;
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
