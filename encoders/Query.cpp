// The encoding every question shares (Checker.cpp asks them): program, memory, consistency axioms and the
// filter, once per execution a question is about, over one solver backend. Final-state conditions (the
// filter, program_spec's assertion) are encoded here over the final registers and memory. Solving is timed
// here too, and so is the schedule that races (or alternates between) z3 and cvc5 where neither is reliably
// faster.
#include "encoders/Query.h"

#include <chrono>
#include <map>
#include <string>
#include <utility>

#include "core/ir/Log.h"
#include "encoders/Checker.h"
#include "encoders/SolverRace.h"
#include "encoders/ValueEncoder.h"

namespace catcheck::encoders {
namespace {

Term operandValue(EncodingContext& ctx, const core::Operand& op) {
  switch (op.kind) {
    case core::Operand::Kind::Constant:
      return ctx.f.intValue(op.constant);
    case core::Operand::Kind::Register:
      return ctx.threads.at(static_cast<size_t>(op.thread)).finalRegisters.at(static_cast<size_t>(op.reg));
    case core::Operand::Kind::Location:
      return ctx.finalMemory.at(static_cast<size_t>(op.location));
  }
  return ctx.f.intValue(0);
}

}  // namespace

Term conditionHolds(EncodingContext& ctx, const core::Condition& c) {
  Formula& f = ctx.f;
  std::vector<Term> children;
  for (const core::Condition& child : c.children) children.push_back(conditionHolds(ctx, child));
  switch (c.op) {
    case core::ConditionOp::True:
      return f.top();
    case core::ConditionOp::And:
      return f.all(children);
    case core::ConditionOp::Or:
      return f.any(children);
    case core::ConditionOp::Not:
      return f.no(children.at(0));
    case core::ConditionOp::Compare:
      break;
  }
  Term lhs = operandValue(ctx, c.lhs), rhs = operandValue(ctx, c.rhs);
  if (c.width > 0) {  // signed at the width (SPIR-V assertions)
    static const std::map<core::Comparison, core::ExprOp> ops = {
        {core::Comparison::Eq, core::ExprOp::Eq}, {core::Comparison::Ne, core::ExprOp::Ne},
        {core::Comparison::Lt, core::ExprOp::Lt}, {core::Comparison::Le, core::ExprOp::Le},
        {core::Comparison::Gt, core::ExprOp::Gt}, {core::Comparison::Ge, core::ExprOp::Ge}};
    return ValueEncoder(f, "cond").comparison(ops.at(c.comparison), lhs, rhs, c.width);
  }
  switch (c.comparison) {
    case core::Comparison::Eq:
      return f.eq(lhs, rhs);
    case core::Comparison::Ne:
      return f.no(f.eq(lhs, rhs));
    case core::Comparison::Lt:
      return f.lt(lhs, rhs);
    case core::Comparison::Le:
      return f.le(lhs, rhs);
    case core::Comparison::Gt:
      return f.lt(rhs, lhs);
    case core::Comparison::Ge:
      return f.le(rhs, lhs);
  }
  return f.top();
}

Query::Query(const core::EventGraph& graph, const core::RelationAnalysis& analysis, const core::Model& model,
             const SolverOptions& options, const core::ProgressSpec& progress, core::WarpConfig warpConfig,
             int executions, const std::map<int, long long>& fixedValues, Observation observation)
    : backend_(makeSolver(options)) {
  for (int i = 0; i < executions; ++i) {
    std::string prefix = i == 0 ? "" : "x" + std::to_string(i) + ".";
    encodings_.push_back(std::make_unique<Encoding>(*backend_, prefix, graph, analysis, model));
    Encoding& encoding = *encodings_.back();
    encoding.ctx.warpConfig = warpConfig;
    encoding.ctx.fixedValues = fixedValues;
    encoding.ctx.observation = observation;
    encodeProgram(encoding.ctx, progress);
    encodeMemory(encoding.ctx);
    for (const core::Axiom& axiom : model.axioms) {
      if (!axiom.flagged) encoding.relations.requireConsistent(axiom);
    }
    if (graph.program->filter) encoding.formula.require(conditionHolds(encoding.ctx, *graph.program->filter));
  }
}

SatResult Query::solve(Term goal) {
  backend_->assertFormula(goal);
  SatResult result = backend_->check();
  if (result == SatResult::Unknown) {
    UnknownReason reason = backend_->reasonUnknown();
    throw SolverGaveUp("solver returned unknown: " + reason.text, reason.timeLimit);
  }
  return result;
}

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

namespace {

const char* answerName(SatResult answer) {
  switch (answer) {
    case SatResult::Sat:
      return "SAT";
    case SatResult::Unsat:
      return "UNSAT";
    case SatResult::Unknown:
      return "no answer";
  }
  throw std::logic_error("unknown SatResult");
}

}  // namespace

void logEncodeAndSolve(const char* question, double encodeMs, SatResult answer, double solveMs) {
  core::log::debug("encode ({}): {:.1f} ms", question, encodeMs);
  core::log::debug("solve ({}): {} in {:.1f} ms", question, answerName(answer), solveMs);
}

bool hasBoundJump(const core::EventGraph& graph) {
  for (const core::UnrolledThread& thread : graph.threads) {
    for (const core::Step& step : thread.steps) {
      if (step.role == core::JumpRole::Bound) return true;
    }
  }
  return false;
}

// Builds a query and solves for `goal`, adding the encode and solve times to `verdict`.
SatResult solveTimed(std::optional<Query>& query, const core::EventGraph& graph,
                     const core::RelationAnalysis& analysis, const core::Model& model,
                     const DecideOptions& options, const SolverOptions& solverOptions,
                     const std::function<Term(Query&)>& goal, const char* what, core::Verdict& verdict,
                     int executions, const std::map<int, long long>& fixedValues, Observation observation) {
  auto start = Clock::now();
  query.emplace(graph, analysis, model, solverOptions, options.progress, options.warpConfig, executions,
                fixedValues, std::move(observation));
  Term target = goal(*query);
  double encodeMs = millisecondsSince(start);
  start = Clock::now();
  verdict.times.encodeMs += encodeMs;
  SatResult answer;
  try {
    answer = query->solve(target);
  } catch (const SolverGaveUp&) {
    verdict.times.solveMs += millisecondsSince(start);  // a time slice given up still took its time
    throw;
  }
  double solveMs = millisecondsSince(start);
  verdict.times.solveMs += solveMs;
  logEncodeAndSolve(what, encodeMs, answer, solveMs);
  return answer;
}

// Queries about values (deterministic's, and those over floating-point fixed functions) are (sums of inputs,
// partial sums read early or late), where the two solvers differ by orders of magnitude both ways: a 64-lane
// warp reduction finds its first execution in 1.9 s in cvc5 and none in 60 s in z3; a TMA load's proof takes
// 17 s in z3 and past 100 s in cvc5; a 32-lane shuffle reduction's proof takes 0.9 s in cvc5 and past 300 s
// in z3, although z3 answered its single-execution queries in 2 s. Unless the user chose a solver
// (SolverOptions::kindIsDefault), both solvers search each query at once, each in a child process
// (SolverRace.cpp): the query costs what the better solver needs (64-thread tree reduction, deterministic:
// 4.2 -> 1.4 s), and a satisfying answer the winner's search once more here for its model, unless the caller
// needs only values the winner sends back (Readout). Where no race can be
// held, each query alternates between the solvers with time slices growing fourfold (kSlicesMs, then
// whatever time is left), starting with the one that answered the check's previous query (z3 for the first):
// a query costs at most about three times what the better solver needs, and neither solver's bad case sinks
// the check. Every slice encodes the query again, so a slice is never shorter than twice the latest
// encoding: switching then costs at most a third of the time (a 256-thread reduction's twin query encodes
// for 1.5-2 s; with 2 s slices most of its 10 s went to encoding). The first slice is short because the
// other solver often answers at once: a 32-thread tree reduction's last query took z3 past 10 s and cvc5
// 0.2 s.
constexpr unsigned kSlicesMs[] = {2000, 2000, 8000, 8000, 32000, 32000};

namespace {

// The race (SolverRace.h): nothing when none can be held. A satisfying answer comes with the readout's
// values, or, without a readout, with the winner's search asked again here for its model.
std::optional<SatResult> solveRaced(SolverSchedule& schedule, std::optional<Query>& query,
                                    const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                                    const core::Model& model, const DecideOptions& options,
                                    const SolverOptions& solverOptions,
                                    const std::function<Term(Query&)>& goal, const char* what,
                                    core::Verdict& verdict, int executions,
                                    const std::map<int, long long>& inputs, const Observation& observation,
                                    Readout* readout) {
  auto attemptAlone = [&](SolverKind kind, RaceReport& report) {
    SolverOptions own = solverOptions;
    own.kind = kind;
    // Left to the child's exit, never destroyed: tearing down a large query took up to 1.4 s after its
    // answer (the 256-thread reduction's twin query in cvc5).
    auto* ownQuery = new std::optional<Query>;
    core::Verdict scratch;
    SatResult answer = solveTimed(*ownQuery, graph, analysis, model, options, own, goal, what, scratch,
                                  executions, inputs, observation);
    report.times = scratch.times;
    if (answer == SatResult::Sat && readout) report.readout = readout->read(**ownQuery);
    return answer;
  };
  std::optional<RaceOutcome> raced = raceSolvers(attemptAlone, solverOptions.timeoutMs, schedule.lastWinner);
  if (!raced) return std::nullopt;
  schedule.lastWinner = raced->winner;
  verdict.times.encodeMs += raced->report.times.encodeMs;
  verdict.times.solveMs += raced->report.times.solveMs;
  logEncodeAndSolve(what, raced->report.times.encodeMs, raced->answer, raced->report.times.solveMs);
  query.reset();
  if (raced->answer == SatResult::Unsat) return SatResult::Unsat;
  if (readout) {
    readout->values = std::move(raced->report.readout);
    return SatResult::Sat;
  }
  SolverOptions winner = solverOptions;  // the model is in the winner's process: asked again here
  winner.kind = raced->winner;
  return solveTimed(query, graph, analysis, model, options, winner, goal, what, verdict, executions, inputs,
                    observation);
}

// In this process, alternating between the solvers in time slices (kSlicesMs).
SatResult solveAlternating(SolverSchedule& schedule, std::optional<Query>& query,
                           const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                           const core::Model& model, const DecideOptions& options,
                           const SolverOptions& solverOptions, const std::function<Term(Query&)>& goal,
                           const char* what, core::Verdict& verdict, int executions,
                           const std::map<int, long long>& inputs, const Observation& observation) {
  unsigned userMs = solverOptions.timeoutMs;
  auto start = Clock::now();
  SolverKind kind = schedule.lastWinner.value_or(SolverKind::Z3);
  auto attempt = [&](const SolverOptions& slice) {
    double encodedBefore = verdict.times.encodeMs;
    auto recordEncoding = [&] { schedule.lastEncodeMs = verdict.times.encodeMs - encodedBefore; };
    try {
      SatResult answer = solveTimed(query, graph, analysis, model, options, slice, goal, what, verdict,
                                    executions, inputs, observation);
      recordEncoding();
      return answer;
    } catch (const SolverGaveUp&) {
      recordEncoding();
      throw;
    }
  };
  for (unsigned fixedMs : kSlicesMs) {
    auto sliceMs = std::max(fixedMs, static_cast<unsigned>(2 * schedule.lastEncodeMs));
    SolverOptions slice = solverOptions;
    slice.kind = kind;
    slice.timeoutMs = sliceMs;
    slice.limitIncludesEncoding = false;  // a slice is search time: every slice encodes again
    if (userMs > 0) {
      double left = userMs - millisecondsSince(start);
      if (left <= sliceMs) break;  // the user's limit ends first: the last attempt below
    }
    try {
      SatResult answer = attempt(slice);
      schedule.lastWinner = kind;
      return answer;
    } catch (const SolverGaveUp& gaveUp) {
      if (!gaveUp.timeLimit()) throw;
    }
    SolverKind other = kind == SolverKind::Z3 ? SolverKind::Cvc5 : SolverKind::Z3;
    core::log::debug("{}: no answer from {} in {} ms, asking {}", what,
                     kind == SolverKind::Z3 ? "z3" : "cvc5", sliceMs,
                     other == SolverKind::Z3 ? "z3" : "cvc5");
    kind = other;
  }
  SolverOptions last = solverOptions;
  last.kind = kind;
  if (userMs > 0) last.timeoutMs = static_cast<unsigned>(std::max(1.0, userMs - millisecondsSince(start)));
  SatResult answer = attempt(last);
  schedule.lastWinner = kind;
  return answer;
}

}  // namespace

SatResult solveScheduled(SolverSchedule& schedule, std::optional<Query>& query, const core::EventGraph& graph,
                         const core::RelationAnalysis& analysis, const core::Model& model,
                         const DecideOptions& options, const SolverOptions& solverOptions,
                         const std::function<Term(Query&)>& goal, const char* what, core::Verdict& verdict,
                         int executions, const std::map<int, long long>& inputs,
                         const Observation& observation, Readout* readout) {
  SatResult answer;
  if (!solverOptions.kindIsDefault) {
    answer = solveTimed(query, graph, analysis, model, options, solverOptions, goal, what, verdict,
                        executions, inputs, observation);
  } else if (std::optional<SatResult> raced =
                 solveRaced(schedule, query, graph, analysis, model, options, solverOptions, goal, what,
                            verdict, executions, inputs, observation, readout)) {
    answer = *raced;
  } else {
    answer = solveAlternating(schedule, query, graph, analysis, model, options, solverOptions, goal, what,
                              verdict, executions, inputs, observation);
  }
  if (answer == SatResult::Sat && readout && query) readout->values = readout->read(*query);
  return answer;
}

// Whether a bounded loop can be left through its bound: then an unsatisfiable question answers only up to
// the bound, and the verdict is UNKNOWN when the bound is reachable.
bool boundReachable(const core::EventGraph& graph, const core::Model& model,
                    const core::RelationAnalysis& analysis, const DecideOptions& options,
                    core::Verdict& verdict) {
  if (!hasBoundJump(graph)) return false;
  std::optional<Query> query;
  auto bound = [](Query& q) { return q.context().boundReached; };
  return solveTimed(query, graph, analysis, model, options, options.solver, bound, "loop bound reached",
                    verdict) == SatResult::Sat;
}

}  // namespace catcheck::encoders
