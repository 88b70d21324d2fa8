// The verdict procedure of docs/semantics.md §2.1 (Dat3M's AssumeSolver) on one bounded event graph: encode
// the program, the memory and every non-flagged axiom, assert the filter, then ask for a property violation
// (or, for `exists`, a witness). If there is none, whether any loop bound can be reached decides between
// PASS and UNKNOWN (never PASS when it can); where a model is at hand, the first question asks both at once
// (solveQuestion). Each question gets a fresh solver instance: cvc5 1.0.3 is much slower in incremental mode.
// A satisfying answer's execution is extracted here and re-checked by check/. Each encoding and each
// solver answer is logged at debug level with its time (core/ir/Log.h).
#include "encoders/Checker.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <stdexcept>

#include "core/analysis/RelationAnalysis.h"
#include "core/concrete/Enumerator.h"
#include "core/concrete/Evaluator.h"
#include "core/graph/BarrierGroups.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Log.h"
#include "core/ir/Mbarrier.h"
#include "encoders/EncodingContext.h"
#include "encoders/ExecutionExtractor.h"
#include "encoders/Query.h"
#include "encoders/RelationEncoder.h"
#include "encoders/TerminationEncoder.h"
#include "encoders/ValueEncoder.h"
#include "encoders/ValuePropagation.h"
#include "encoders/ValueRelevance.h"

namespace catcheck::encoders {
namespace {

// Whether one of the model's flags fires (only the memory-safety ones for memory_safety).
Term flagFires(Formula& f, RelationEncoder& relations, const core::Model& model,
               bool memorySafetyOnly = false) {
  std::vector<Term> fires;
  for (const core::Axiom& axiom : model.axioms) {
    if (axiom.flagged && (!memorySafetyOnly || core::isMemorySafetyFlag(axiom.name)))
      fires.push_back(relations.holds(axiom));
  }
  return f.any(fires);
}

Term someUnsafeAccess(EncodingContext& ctx) {
  std::vector<Term> any;
  for (const UnsafeAccess& access : unsafeAccesses(ctx)) any.push_back(access.when);
  return ctx.f.any(any);
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
    case core::AssertionKind::NoFailedAssert: {  // some thread reaches a failing assert()
      std::vector<Term> failures;
      for (int e : ctx.graph.assertFailures()) failures.push_back(ctx.exec[static_cast<size_t>(e)]);
      return f.any(failures);
    }
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
    case core::Property::MemorySafety:
      return f.either(someUnsafeAccess(ctx), flagFires(ctx.f, relations, model, true));
    case core::Property::WellSynchronized:
    case core::Property::Deterministic:
      break;  // two executions, not one formula: ExecutionComparison.cpp
  }
  throw std::logic_error("a property without a formula");
}

// Names the pair (a, b) of a fired flag's relation in `verdict` (unless one is named already).
void nameFiredPair(const core::EventGraph& graph, int a, int b, core::Verdict& verdict) {
  if (!verdict.firedPair.empty()) return;
  verdict.firedPair = fmt::format("{}  and  {}", graph.describe(a), graph.describe(b));
  verdict.firedSites = {graph.site(a), graph.site(b)};
}

// For a cat_spec FAIL: the first flag that fires in the solver's model and one pair of its relation.
void explainFlag(Query& query, const core::Model& model, const core::RelationAnalysis& analysis,
                 core::Verdict& verdict) {
  const core::EventGraph& graph = query.context().graph;
  for (const core::Axiom& axiom : model.axioms) {
    if (!axiom.flagged || !query.value(query.relations().holds(axiom))) continue;
    verdict.firedFlag = axiom.name;
    analysis.relation(axiom.relation).may.forEach([&](int a, int b) {
      if (verdict.firedPair.empty() && query.value(query.relations().edge(axiom.relation, a, b)))
        nameFiredPair(graph, a, b, verdict);
    });
    return;
  }
}

// For a program_spec FAIL of a kernel's assert() or trap: the first failing assert() or trap the solver's
// execution reaches.
void explainAssertion(Query& query, core::Verdict& verdict) {
  const core::EventGraph& graph = query.context().graph;
  for (int e : graph.assertFailures()) {
    if (!query.value(query.context().exec[static_cast<size_t>(e)])) continue;
    verdict.firedFlag = graph.event(e).tags.has(core::kTrapTag) ? "trap" : "assert";
    verdict.firedPair = graph.describe(e);
    verdict.firedSites = {graph.site(e)};
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
      bool took = u == e.thread && layout.inMask(u, graph.stepOf(e).instruction->warp().mask);
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
      if (step.instruction->barrier().resource) return "";
      if (!query.value(ctx.threads[static_cast<size_t>(m.thread)].reached[static_cast<size_t>(m.step)]))
        absent.push_back(ctx.graph.program->threads[static_cast<size_t>(m.thread)].name);
    }
    if (absent.empty()) return "";
    return fmt::format(": {} {} not reach it", fmt::join(absent, ", "), absent.size() == 1 ? "does" : "do");
  }
  return "";
}

// For a termination FAIL: each thread stuck in a loop (the iteration it repeats and the values it keeps
// reading there) or blocked at a barrier, from the solver's model; `sites` gets where each waits (the
// loop's first read, or the barrier), for the one-line form of the hang.
std::string describeStuckThreads(Query& query, std::vector<core::Verdict::EventSite>& sites) {
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
      bool waitNamed = false;  // the thread's site: the loop's first read it executes
      for (int s = it.first; s <= it.last; ++s) {
        for (int e : thread.steps[static_cast<size_t>(s)].events) {
          if (ctx.graph.event(e).kind != core::EventKind::Read ||
              !query.value(ctx.exec[static_cast<size_t>(e)]))
            continue;
          if (!waitNamed) sites.push_back(ctx.graph.site(e));
          waitNamed = true;
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
        sites.push_back(ctx.graph.site(e));
        fmt::format_to(std::back_inserter(text), "{} is blocked forever at {} ({}){}\n", name,
                       step.instruction->text, step.instruction->location.str(), absentPartners(query, e));
      }
    }
  }
  return text;
}

// Below this many free read values the relaxed query is not worth a second encoding on a satisfying answer
// (litmus tests answer in milliseconds either way), unless the values feed products that the solvers search
// slowly: a racy float accumulation of 4 threads took z3 minutes with its values, half a second without.
constexpr size_t kMinFreeReads = 32;

// What the relaxed question observes (the reads whose values it leaves free, and whether it looks at the
// final state: the filter, program_spec's condition), or nothing when it is not worth asking.
std::optional<Observation> relaxation(const core::EventGraph& graph, core::Property property,
                                      bool hashingProducts) {
  if (!core::describe(property).valuesOnlyThroughProgram) return std::nullopt;
  bool conditionsObserved = property == core::Property::ProgramSpec;
  Observation observed{observableReads(graph, conditionsObserved),
                       conditionsObserved || graph.program->filter.has_value()};
  size_t free = 0;
  for (const core::Event& e : graph.events)
    free += e.kind == core::EventKind::Read && !observed.reads[static_cast<size_t>(e.id)];
  core::log::debug("value relevance: {} reads whose values no observation depends on", free);
  if (free == 0 || (free < kMinFreeReads && !hashingProducts)) return std::nullopt;
  return observed;
}

// Requires what the relaxed answer `found` chose: its executed events and every solver-decided pair (rf,
// co, sync_fence, barrier synchronisation, same location).
void pinTo(Query& query, const core::Execution& found) {
  EncodingContext& ctx = query.context();
  Formula& f = ctx.f;
  for (size_t e = 0; e < ctx.exec.size(); ++e)
    f.require(found.executed.has(static_cast<int>(e)) ? ctx.exec[e] : f.no(ctx.exec[e]));
  for (core::DecidedRelation decided : core::kDecidedRelations) {
    core::BaseRelation relation = core::baseRelationOf(decided);
    const core::RelationBounds& bounds = ctx.bounds(relation);
    bounds.may.forEach([&](int a, int b) {
      if (bounds.must.has(a, b)) return;
      Term pair = ctx.pair(relation, a, b);
      f.require(found.chosen(decided).has(a, b) ? pair : f.no(pair));
    });
  }
}

// The initial values `found` chose where the program leaves them unknown: the values that matter were
// computed from them, and with them fixed the others follow by propagation, not search.
std::map<int, long long> unknownInputs(const core::EventGraph& graph, const core::Execution& found) {
  std::map<int, long long> inputs;
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Init &&
        graph.program->memory[static_cast<size_t>(e.location)].initialValueUnknown)
      inputs[e.id] = found.value[static_cast<size_t>(e.id)];
  }
  return inputs;
}

// The property's answer, and whether a loop bound can be reached when the question found that out too.
// A satisfying answer comes with the solver's model in the query, or as an execution the concrete
// evaluator confirmed (`confirmed`).
struct QuestionAnswer {
  SatResult answer = SatResult::Unsat;
  std::optional<bool> boundReachable;
  std::optional<core::Execution> confirmed;
};

// The properties the concrete evaluator judges on its own (evaluatorShows): cat_spec's flags, and
// program_spec's final-state assertions (exists, ~exists, forall).
bool judgedByEvaluator(const core::Program& program, core::Property property) {
  core::AssertionKind kind = program.assertionKind;
  return property == core::Property::CatSpec ||
         (property == core::Property::ProgramSpec &&
          (kind == core::AssertionKind::Exists || kind == core::AssertionKind::NotExists ||
           kind == core::AssertionKind::Forall));
}

// Whether the evaluator's reading of a consistent execution shows a property it judges: a flag fires, or
// every thread terminated and the final-state condition holds (fails, for forall), as conditionReached asks.
bool evaluatorShows(const core::Execution& x, const core::Program& program, core::Property property,
                    const core::Evaluator& evaluator) {
  if (property == core::Property::CatSpec) return !evaluator.firedFlags().empty();
  return x.terminated && core::witnessesAssertion(program, core::finalStateOf(x));
}

// Whether the concrete evaluator finds in `x` a witness of cat_spec's flags or of program_spec's final-state
// condition (evaluatorShows): a well-formed execution of the program, consistent with the model, without a
// filter; with `explain`, cat_spec's first flag that fires and one pair of its relation go into `verdict`
// (as explainFlag does from a model). The other properties, and cat_spec's warp conditions, are explained
// from the solver's model.
bool confirmedByEvaluator(const core::Execution& x, const core::EventGraph& graph, const core::Model& model,
                          core::Property property, bool explain, core::Verdict& verdict) {
  const core::Program& program = *graph.program;
  if (!judgedByEvaluator(program, property) || program.filter) return false;
  auto start = Clock::now();
  bool confirmed = core::wellFormednessProblems(graph, x).empty();
  std::optional<core::Evaluator> evaluator;
  if (confirmed) {
    evaluator.emplace(model, graph, x);
    confirmed = evaluator->consistent() && evaluatorShows(x, program, property, *evaluator);
  }
  core::log::debug("relaxed answer with propagated values {} by the evaluator in {:.1f} ms",
                   confirmed ? "confirmed" : "not confirmed", millisecondsSince(start));
  if (!confirmed || !explain || property != core::Property::CatSpec) return confirmed;
  for (const core::Axiom& axiom : model.axioms) {
    if (!axiom.flagged || !evaluator->axiomHolds(axiom)) continue;
    verdict.firedFlag = axiom.name;
    evaluator->relation(axiom.relation).forEach([&](int a, int b) { nameFiredPair(graph, a, b, verdict); });
    break;
  }
  return true;
}

// The property's question. Where enough read values are observed by nothing (ValueRelevance.h), it is
// first asked with those values free: no answer is lost, so unsatisfiable there is the answer; a
// satisfying answer is asked again with every value, pinned to the relaxed answer's choices and unknown
// inputs, and unpinned if the pins admit no values. Over hashing products (floating-point fixed functions)
// the queries go to both solvers (solveScheduled): z3 stalls on some of them (a racy 4-thread
// double accumulation: minutes; cvc5 0.3 s), while elsewhere z3 alone is the faster choice.
//
// With `askBound` (an unsatisfiable answer would be followed by the question whether a loop bound can be
// reached, and the goal does not exclude a reached bound), the first question is "the goal, or a reached
// bound" where a model is at hand to tell which: a PASS then takes one search instead of two, each over an
// encoding of its own (Table 7's CAS lock: 4.2 s and 1.5 s; an mbarrier pipeline encodes for 1.6 s to answer
// the bound in a millisecond). A model that shows a reached bound alone settles the bound, and the goal is
// asked again alone. The free-values query decides the bound as the full one does: the reads it leaves free
// reach no branch (ValueRelevance.h).
QuestionAnswer solveQuestion(std::optional<Query>& query, const core::EventGraph& graph,
                             const core::RelationAnalysis& analysis, const core::Model& model,
                             const DecideOptions& options, const SolverOptions& solverOptions,
                             core::Verdict& verdict, bool askBound) {
  SolverSchedule schedule;
  bool alternate = usesHashingProducts(*graph.program);
  auto ask = [&](const SolverOptions& solver, const std::function<Term(Query&)>& goal, const char* what,
                 const std::map<int, long long>& inputs = {}, const Observation& observation = {}) {
    if (alternate)
      return solveScheduled(schedule, query, graph, analysis, model, options, solver, goal, what, verdict, 1,
                            inputs, observation);
    return solveTimed(query, graph, analysis, model, options, solver, goal, what, verdict, 1, inputs,
                      observation);
  };
  auto goal = [&](Query& q) {
    return propertyFormula(q.context(), q.relations(), model, *graph.program, options.property);
  };
  const char* name = core::propertyName(options.property);
  std::optional<Observation> observed = relaxation(graph, options.property, alternate);
  SolverOptions firstOptions = solverOptions;
  firstOptions.produceModels = solverOptions.produceModels || observed.has_value();
  // cvc5 slows down on satisfiable queries with models on (Solver.h); z3 does not.
  bool modelsCheap = solverOptions.kind == SolverKind::Z3 && !alternate;
  bool combine = askBound && (firstOptions.produceModels || modelsCheap);
  if (combine) firstOptions.produceModels = true;
  QuestionAnswer result;
  auto askFirst = [&](const char* what, const Observation& observation) {
    if (!combine) return ask(firstOptions, goal, what, {}, observation);
    Term goalTerm = -1;
    auto goalOrBound = [&](Query& q) {
      goalTerm = goal(q);
      return q.context().f.either(goalTerm, q.context().boundReached);
    };
    SatResult answer = ask(firstOptions, goalOrBound, "goal or loop bound reached", {}, observation);
    if (answer == SatResult::Unsat || query->value(goalTerm)) {
      result.boundReachable = answer == SatResult::Sat ? std::nullopt : std::optional<bool>(false);
      return answer;
    }
    result.boundReachable = true;
    return ask(firstOptions, goal, what, {}, observation);
  };
  if (!observed) {
    result.answer = askFirst(name, {});
    return result;
  }
  result.answer = askFirst("free values", *observed);
  if (result.answer == SatResult::Unsat) return result;
  core::Execution found = extractExecution(query->context());
  auto pinned = [&](Query& q) {
    pinTo(q, found);
    return goal(q);
  };
  std::map<int, long long> inputs = unknownInputs(graph, found);
  if (std::optional<core::Execution> propagated = propagatedExecution(graph, found, inputs)) {
    if (confirmedByEvaluator(*propagated, graph, model, options.property, options.explain, verdict)) {
      result.confirmed = std::move(propagated);
      return result;
    }
    std::map<int, long long> known = inputs;
    std::map<int, long long> reads = readValuesOf(graph, *propagated);
    known.insert(reads.begin(), reads.end());
    if (ask(solverOptions, pinned, "values, propagated", known) == SatResult::Sat) return result;
  }
  if (ask(solverOptions, pinned, "values, pinned", inputs) == SatResult::Sat) return result;
  result.answer = ask(solverOptions, goal, name);
  return result;
}
}  // namespace

Decision decide(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                const core::Model& model, const DecideOptions& options) {
  if (options.property == core::Property::WellSynchronized)
    return decideWellSynchronized(graph, analysis, model, options);
  if (options.property == core::Property::Deterministic)
    return decideDeterministic(graph, analysis, model, options);
  Decision decision;
  core::Verdict& verdict = decision.verdict;
  const core::Program& program = *graph.program;
  core::Question question = core::describe(options.property).question(program);
  SolverOptions solverOptions = options.solver;
  solverOptions.produceModels = options.explain;
  solverOptions.bitwise = usesBitwiseOperators(*graph.program);
  std::optional<Query> query;
  // Not for termination: its goal excludes a reached bound, and where spin loops reach the bound easily
  // the solver's model showed the bound alone and the goal was asked again (Vulkan liveness rows: 45 %
  // slower).
  bool askBound =
      !options.witnessOnly && options.property != core::Property::Termination && hasBoundJump(graph);
  QuestionAnswer answer =
      solveQuestion(query, graph, analysis, model, options, solverOptions, verdict, askBound);
  if (answer.answer == SatResult::Sat) {
    decision.satisfied = true;
    verdict.result = question.satMeansPass ? core::Result::Pass : core::Result::Fail;
    verdict.explanation = question.satExplanation;
    if (!options.explain) return decision;
    if (answer.confirmed) {  // explained by confirmedByEvaluator
      decision.witness = std::move(answer.confirmed);
      decision.witnessConfirmed = true;
      return decision;
    }
    Query& first = *query;
    const core::PropertyDescriptor& property = core::describe(options.property);
    if (property.firesFlags) explainFlag(first, model, analysis, verdict);
    if (options.property == core::Property::ProgramSpec &&
        program.assertionKind == core::AssertionKind::NoFailedAssert)
      explainAssertion(first, verdict);
    if (options.property == core::Property::MemorySafety)
      explainMemorySafety(first, model, analysis, verdict);
    if (verdict.firedFlag.empty()) explainWarpCondition(first, options.property, verdict);
    if (property.decidedUnderProgress) verdict.stuck = describeStuckThreads(first, verdict.firedSites);
    decision.witness = extractExecution(first.context());
    return decision;
  }
  if (options.witnessOnly) {
    verdict.result = core::Result::Unknown;
    verdict.explanation = "no witness at this bound";
    return decision;
  }
  bool unknown = answer.boundReachable ? *answer.boundReachable
                                       : boundReachable(graph, model, analysis, options, verdict);
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
