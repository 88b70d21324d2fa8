// The verdict procedure of docs/semantics.md §2.1 (Dat3M's AssumeSolver) on one bounded event graph: encode
// the program, the memory and every non-flagged axiom, assert the filter, then ask for a property violation
// (or, for `exists`, a witness). If there is none, ask again whether any loop bound can be reached: yes
// gives UNKNOWN, never PASS. Each question gets a fresh solver instance: cvc5 1.0.3 is much slower in
// incremental mode. A satisfying answer's execution is extracted here and re-checked by check/. Each
// encoding and each solver answer is logged at debug level with its time (core/ir/Log.h).
#include "encoders/Checker.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <map>
#include <stdexcept>

#include "core/analysis/RelationAnalysis.h"
#include "core/graph/BarrierGroups.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Log.h"
#include "core/ir/Mbarrier.h"
#include "encoders/EncodingContext.h"
#include "encoders/ExecutionExtractor.h"
#include "encoders/RelationEncoder.h"
#include "encoders/TerminationEncoder.h"
#include "encoders/ValueEncoder.h"

namespace catcheck::encoders {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

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

Term flagFires(Formula& f, RelationEncoder& relations, const core::Model& model) {
  std::vector<Term> fires;
  for (const core::Axiom& axiom : model.axioms) {
    if (axiom.flagged) fires.push_back(relations.holds(axiom));
  }
  return f.any(fires);
}

Term warpConditions(Formula& f, const std::vector<EncodingContext::WarpCondition>& conditions) {
  std::vector<Term> any;
  for (const auto& c : conditions) any.push_back(c.when);
  return f.any(any);
}

Term conditionReached(EncodingContext& ctx, const core::Program& program) {
  Formula& f = ctx.f;
  Term condition = conditionHolds(ctx, program.assertion);
  switch (program.assertionKind) {
    case core::AssertionKind::Exists:
    case core::AssertionKind::NotExists:
      return f.both(ctx.allTerminated, condition);
    case core::AssertionKind::Forall:
      return f.both(ctx.allTerminated, f.no(condition));
    case core::AssertionKind::None:
      break;
  }
  return f.bottom();
}

// The formula whose satisfying assignments answer the property's question (core/ir/Property.h).
Term propertyFormula(EncodingContext& ctx, RelationEncoder& relations, const core::Model& model,
                     const core::Program& program, core::Property property) {
  Formula& f = ctx.f;
  switch (property) {
    case core::Property::ProgramSpec:
      return conditionReached(ctx, program);
    case core::Property::CatSpec:  // data races and the undefined behaviour of warp primitives
      return f.either(flagFires(ctx.f, relations, model), warpConditions(ctx.f, ctx.warpUndefined));
    case core::Property::Termination:
      return nonTermination(ctx);
    case core::Property::Participation:
      return warpConditions(ctx.f, ctx.warpParticipation);
    case core::Property::WarpDrf:
      return f.any({flagFires(ctx.f, relations, model), warpConditions(ctx.f, ctx.warpUndefined),
                    warpConditions(ctx.f, ctx.warpParticipation)});
    case core::Property::WellSynchronized:
      break;  // two executions, not one formula: decideWellSynchronized
  }
  throw std::logic_error("a property without a formula");
}

class Query {
 public:
  Query(const core::EventGraph& graph, const core::RelationAnalysis& analysis, const core::Model& model,
        const SolverOptions& options, const core::ProgressSpec& progress, core::WarpConfig warpConfig)
      : backend_(makeSolver(options)),
        formula_(*backend_),
        ctx_(formula_, graph),
        relations_(ctx_, model, analysis) {
    ctx_.warpConfig = warpConfig;
    encodeProgram(ctx_, progress);
    encodeMemory(ctx_);
    for (const core::Axiom& axiom : model.axioms) {
      if (!axiom.flagged) relations_.requireConsistent(axiom);
    }
    if (graph.program->filter) formula_.require(conditionHolds(ctx_, *graph.program->filter));
  }
  EncodingContext& context() { return ctx_; }
  RelationEncoder& relations() { return relations_; }
  bool value(Term t) { return backend_->boolValue(t); }
  SatResult solve(Term goal) {
    formula_.require(goal);
    SatResult result = backend_->check();
    if (result == SatResult::Unknown) {
      UnknownReason reason = backend_->reasonUnknown();
      throw SolverGaveUp("solver returned unknown: " + reason.text, reason.timeLimit);
    }
    return result;
  }

 private:
  std::unique_ptr<SolverBackend> backend_;
  Formula formula_;
  EncodingContext ctx_;
  RelationEncoder relations_;
};

// For a cat_spec FAIL: the first flag that fires in the solver's model and one pair of its relation.
void explainFlag(Query& query, const core::Model& model, const core::RelationAnalysis& analysis,
                 core::Verdict& verdict) {
  const core::EventGraph& graph = query.context().graph;
  for (const core::Axiom& axiom : model.axioms) {
    if (!axiom.flagged || !query.value(query.relations().holds(axiom))) continue;
    verdict.firedFlag = axiom.name;
    analysis.relation(axiom.relation).may.forEach([&](int a, int b) {
      if (verdict.firedPair.empty() && query.value(query.relations().edge(axiom.relation, a, b))) {
        verdict.firedPair = fmt::format("{}  and  {}", graph.describe(a), graph.describe(b));
      }
    });
    return;
  }
}

// For a warp-primitive FAIL: the first undefined behaviour or participation violation that holds, with
// the instance's lanes that took part and those that did not.
void explainWarpCondition(Query& query, core::Property property, core::Verdict& verdict) {
  EncodingContext& ctx = query.context();
  const core::EventGraph& graph = ctx.graph;
  auto describeCondition = [&](const EncodingContext::WarpCondition& c, const char* flag) {
    const core::Event& e = graph.event(c.event);
    core::WarpLayout layout = core::warpLayout(*graph.program);
    std::string joined, missing;
    for (int u : layout.lanes[static_cast<size_t>(layout.warpOf[static_cast<size_t>(e.thread)])]) {
      bool took = u == e.thread && layout.inMask(u, graph.stepOf(e).instruction->warpMask);
      for (const auto& [pair, term] : ctx.warpMatch) {
        if (pair.first == c.event && pair.second != c.event && graph.event(pair.second).thread == u)
          took = took || query.value(term);
      }
      std::string& list = took ? joined : missing;
      list += (list.empty() ? "" : ", ") + graph.program->threads[static_cast<size_t>(u)].name;
    }
    verdict.firedFlag = flag;
    verdict.firedPair =
        fmt::format("{} at {}: {}; lanes that took part: {}; lanes that did not: {}",
                    graph.stepOf(e).instruction->text, graph.stepOf(e).instruction->location.str(), c.what,
                    joined.empty() ? "none" : joined, missing.empty() ? "none" : missing);
  };
  bool memory = property == core::Property::CatSpec || property == core::Property::WarpDrf;
  bool participation = property == core::Property::Participation || property == core::Property::WarpDrf;
  for (const auto& c : ctx.warpUndefined) {
    if (memory && query.value(c.when)) return describeCondition(c, "undefined behaviour");
  }
  for (const auto& c : ctx.warpParticipation) {
    if (participation && query.value(c.when)) return describeCondition(c, "participation");
  }
}

// For an unnamed control barrier that does not execute: the members of its group (core/graph/BarrierGroups.h)
// that never reach it, as ": P1 does not reach it" (empty for other barriers).
std::string absentPartners(Query& query, int barrierEvent) {
  EncodingContext& ctx = query.context();
  for (const std::vector<core::BarrierMember>& group : core::barrierGroups(ctx.graph)) {
    bool inGroup = std::any_of(group.begin(), group.end(),
                               [&](const core::BarrierMember& m) { return m.event == barrierEvent; });
    if (!inGroup) continue;
    std::vector<std::string> absent;
    for (const core::BarrierMember& m : group) {
      const core::Step& step =
          ctx.graph.threads[static_cast<size_t>(m.thread)].steps[static_cast<size_t>(m.step)];
      if (step.instruction->barrierResource) return "";
      if (!query.value(ctx.threads[static_cast<size_t>(m.thread)].reached[static_cast<size_t>(m.step)]))
        absent.push_back(ctx.graph.program->threads[static_cast<size_t>(m.thread)].name);
    }
    if (absent.empty()) return "";
    return fmt::format(": {} {} not reach it", fmt::join(absent, ", "), absent.size() == 1 ? "does" : "do");
  }
  return "";
}

// For a termination FAIL: each thread stuck in a loop (the iteration it repeats and the values it keeps
// reading there) or blocked at a barrier, from the solver's model.
std::string describeStuckThreads(Query& query) {
  EncodingContext& ctx = query.context();
  std::string text;
  for (size_t t = 0; t < ctx.threads.size(); ++t) {
    const core::UnrolledThread& thread = ctx.graph.threads[t];
    const std::string& name = ctx.graph.program->threads[t].name;
    for (const StuckCase& c : ctx.threads[t].stuckCases) {
      if (ctx.f.isFalse(c.taken) || !query.value(c.taken)) continue;
      const core::Iteration& it = thread.iterations[static_cast<size_t>(c.iteration)];
      fmt::format_to(std::back_inserter(text), "{} {} in the loop at {}, reading", name,
                     c.spin ? "spins forever" : "repeats a side-effecting iteration forever",
                     thread.steps[static_cast<size_t>(it.first)].instruction->location.str());
      for (int s = it.first; s <= it.last; ++s) {
        for (int e : thread.steps[static_cast<size_t>(s)].events) {
          if (ctx.graph.event(e).kind != core::EventKind::Read ||
              !query.value(ctx.exec[static_cast<size_t>(e)]))
            continue;
          fmt::format_to(std::back_inserter(text), " [{} = {}]",
                         thread.steps[static_cast<size_t>(s)].instruction->text,
                         ctx.f.backend().intValue(ctx.value[static_cast<size_t>(e)]));
        }
      }
      text += "\n";
    }
    for (const core::Step& step : thread.steps) {
      if (!step.waits()) continue;
      int e = step.events.front();
      bool reached = query.value(ctx.threads[t].reached[static_cast<size_t>(ctx.graph.event(e).step)]);
      if (reached && !query.value(ctx.exec[static_cast<size_t>(e)])) {
        fmt::format_to(std::back_inserter(text), "{} is blocked forever at {} ({}){}\n", name,
                       step.instruction->text, step.instruction->location.str(), absentPartners(query, e));
      }
    }
  }
  return text;
}

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

// well_synchronized (issue 10): the phase an mbarrier update joins is the phase of the barrier state its
// read half reads (core/ir/Mbarrier.h). It must be the same in every execution. A first query finds some
// execution and the phase of each update it executes; a second asks for an execution in which one of
// those updates joins another phase: its model is the witness, the phase that completed early (or late).
std::vector<int> mbarrierUpdates(const core::EventGraph& graph) {
  std::vector<int> updates;
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Read && e.rmwPartner >= 0 &&
        graph.stepOf(e).instruction->rmwOp == core::RmwOp::MbarrierUpdate)
      updates.push_back(e.id);
  }
  return updates;
}

Term phaseOtherThan(Formula& f, Term state, long long phase) {
  return f.either(f.lt(state, f.intValue(phase * core::kPhaseUnit)),
                  f.le(f.intValue((phase + 1) * core::kPhaseUnit), state));
}

// Builds a query and solves for `goal`, adding the encode and solve times to `verdict`.
SatResult solveTimed(std::optional<Query>& query, const core::EventGraph& graph,
                     const core::RelationAnalysis& analysis, const core::Model& model,
                     const DecideOptions& options, const SolverOptions& solverOptions,
                     const std::function<Term(EncodingContext&)>& goal, const char* what,
                     core::Verdict& verdict) {
  auto start = Clock::now();
  query.emplace(graph, analysis, model, solverOptions, options.progress, options.warpConfig);
  Term target = goal(query->context());
  double encodeMs = millisecondsSince(start);
  start = Clock::now();
  SatResult answer = query->solve(target);
  double solveMs = millisecondsSince(start);
  verdict.times.encodeMs += encodeMs;
  verdict.times.solveMs += solveMs;
  logEncodeAndSolve(what, encodeMs, answer, solveMs);
  return answer;
}

// Whether a bounded loop can be left through its bound: then an unsatisfiable question answers only up to
// the bound, and the verdict is UNKNOWN when the bound is reachable.
bool boundReachable(const core::EventGraph& graph, const core::Model& model,
                    const core::RelationAnalysis& analysis, const DecideOptions& options,
                    core::Verdict& verdict) {
  if (!hasBoundJump(graph)) return false;
  std::optional<Query> query;
  auto bound = [](EncodingContext& ctx) { return ctx.boundReached; };
  return solveTimed(query, graph, analysis, model, options, options.solver, bound, "loop bound reached",
                    verdict) == SatResult::Sat;
}

// The phase each executed mbarrier update joins in the query's model.
std::vector<std::pair<int, long long>> phasesIn(Query& query, const core::EventGraph& graph) {
  std::vector<std::pair<int, long long>> phases;
  EncodingContext& ctx = query.context();
  for (int e : mbarrierUpdates(graph)) {
    if (!query.value(ctx.exec[static_cast<size_t>(e)])) continue;
    phases.emplace_back(e, ctx.f.backend().intValue(ctx.value[static_cast<size_t>(e)]) / core::kPhaseUnit);
  }
  return phases;
}

Decision decideWellSynchronized(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                                const core::Model& model, const DecideOptions& options) {
  Decision decision;
  core::Verdict& verdict = decision.verdict;
  core::Question question = core::describe(options.property).question(*graph.program);
  SolverOptions solverOptions = options.solver;
  solverOptions.produceModels = true;
  solverOptions.bitwise = usesBitwiseOperators(*graph.program);
  std::optional<Query> first, second;
  auto some = [](EncodingContext& ctx) { return ctx.f.top(); };
  std::vector<std::pair<int, long long>> phases;  // update -> its phase in the first execution
  if (solveTimed(first, graph, analysis, model, options, solverOptions, some, "some execution", verdict) ==
      SatResult::Sat)
    phases = phasesIn(*first, graph);
  auto differs = [&](EncodingContext& ctx) {
    std::vector<Term> any;
    for (auto [e, phase] : phases)
      any.push_back(ctx.f.both(ctx.exec[static_cast<size_t>(e)],
                               phaseOtherThan(ctx.f, ctx.value[static_cast<size_t>(e)], phase)));
    return ctx.f.any(any);
  };
  if (!phases.empty() && solveTimed(second, graph, analysis, model, options, solverOptions, differs,
                                    "an update in another phase", verdict) == SatResult::Sat) {
    for (auto [e, other] : phasesIn(*second, graph)) {
      auto phase = std::find_if(phases.begin(), phases.end(), [&](const auto& p) { return p.first == e; });
      if (phase == phases.end() || phase->second == other) continue;
      verdict.phaseDifference = core::Verdict::PhaseDifference{e, phase->second, other};
      verdict.firedFlag = "phase";
      verdict.firedPair = fmt::format("{} joins phase {} in one execution and phase {} in this one",
                                      graph.describe(e), phase->second, other);
      break;
    }
    decision.satisfied = true;
    verdict.result = core::Result::Fail;
    verdict.explanation = question.satExplanation;
    if (options.explain) decision.witness = extractExecution(second->context());
    return decision;
  }
  bool unknown = boundReachable(graph, model, analysis, options, verdict);
  verdict.result = unknown ? core::Result::Unknown : core::Result::Pass;
  verdict.explanation = unknown ? "a loop bound is reachable: increase --bound" : question.unsatExplanation;
  return decision;
}

}  // namespace

Decision decide(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                const core::Model& model, const DecideOptions& options) {
  if (options.property == core::Property::WellSynchronized)
    return decideWellSynchronized(graph, analysis, model, options);
  Decision decision;
  core::Verdict& verdict = decision.verdict;
  const core::Program& program = *graph.program;
  core::Question question = core::describe(options.property).question(program);
  auto start = Clock::now();
  SolverOptions solverOptions = options.solver;
  solverOptions.produceModels = options.explain;
  solverOptions.bitwise = usesBitwiseOperators(*graph.program);
  Query first(graph, analysis, model, solverOptions, options.progress, options.warpConfig);
  Term goal = propertyFormula(first.context(), first.relations(), model, program, options.property);
  double encodeMs = millisecondsSince(start);
  start = Clock::now();
  SatResult answer = first.solve(goal);
  double solveMs = millisecondsSince(start);
  verdict.times.encodeMs += encodeMs;
  verdict.times.solveMs += solveMs;
  logEncodeAndSolve(core::propertyName(options.property), encodeMs, answer, solveMs);
  if (answer == SatResult::Sat) {
    decision.satisfied = true;
    verdict.result = question.satMeansPass ? core::Result::Pass : core::Result::Fail;
    verdict.explanation = question.satExplanation;
    if (!options.explain) return decision;
    const core::PropertyDescriptor& property = core::describe(options.property);
    if (property.firesFlags) explainFlag(first, model, analysis, verdict);
    if (verdict.firedFlag.empty()) explainWarpCondition(first, options.property, verdict);
    if (property.decidedUnderProgress) verdict.stuck = describeStuckThreads(first);
    decision.witness = extractExecution(first.context());
    return decision;
  }
  if (options.witnessOnly) {
    verdict.result = core::Result::Unknown;
    verdict.explanation = "no witness at this bound";
    return decision;
  }
  bool unknown = boundReachable(graph, model, analysis, options, verdict);
  if (unknown) {
    verdict.result = core::Result::Unknown;
    verdict.explanation = "a loop bound is reachable: increase --bound";
    return decision;
  }
  verdict.result = question.satMeansPass ? core::Result::Fail : core::Result::Pass;
  verdict.explanation = question.unsatExplanation;
  return decision;
}

}  // namespace catcheck::encoders
