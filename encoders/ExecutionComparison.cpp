// The properties whose witness compares executions. well_synchronized (issue 10) asks twice: some
// execution, then one in which an mbarrier update joins another phase than in the first. deterministic
// (issue 27) asks once about two executions side by side (self-composition, two encodings over one
// solver): the same inputs (the initial values the program leaves unknown), both complete (every thread
// terminated, no loop left through its bound), and some result (MemoryObject::result, and a litmus test's
// registers) with different final values. Asking twice would fix the inputs to the first execution's and
// miss schedules that differ only on other inputs (a sum of unknown values read too early or too late is
// the same when every input is 0). Before any of these, deterministic tries the cheaper proof that every
// complete execution has one structure (ExecutionStructure.cpp).
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <utility>

#include "core/ir/Log.h"
#include "core/ir/Mbarrier.h"
#include "encoders/ExecutionExtractor.h"
#include "encoders/ExecutionStructure.h"
#include "encoders/Query.h"
#include "encoders/ValueEncoder.h"

namespace catcheck::encoders {
namespace {

// well_synchronized (issue 10): the phase an mbarrier update joins is the phase of the barrier state its
// read half reads (core/ir/Mbarrier.h). It must be the same in every execution. A first query finds some
// execution and the phase of each update it executes; a second asks for an execution in which one of
// those updates joins another phase: its model is the witness, the phase that completed early (or late).
std::vector<int> mbarrierUpdates(const core::EventGraph& graph) {
  std::vector<int> updates;
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Read && e.rmwPartner >= 0 &&
        graph.stepOf(e).instruction->access().rmwOp == core::RmwOp::MbarrierUpdate)
      updates.push_back(e.id);
  }
  return updates;
}

Term phaseOtherThan(Formula& f, Term state, long long phase) {
  return f.either(f.lt(state, f.intValue(phase * core::kPhaseUnit)),
                  f.le(f.intValue((phase + 1) * core::kPhaseUnit), state));
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

// What both comparing properties ask the solver with: models on (the first answer's values shape the
// next question or the witness), bitwise operators where the program has them.
SolverOptions comparisonSolverOptions(const core::EventGraph& graph, const DecideOptions& options) {
  SolverOptions solverOptions = options.solver;
  solverOptions.produceModels = true;
  solverOptions.bitwise = usesBitwiseOperators(*graph.program);
  return solverOptions;
}

// No witness: PASS, or UNKNOWN when a loop bound is reachable.
Decision passUnlessBoundReachable(Decision decision, const core::EventGraph& graph, const core::Model& model,
                                  const core::RelationAnalysis& analysis, const DecideOptions& options,
                                  const core::Question& question) {
  core::Verdict& verdict = decision.verdict;
  bool unknown = boundReachable(graph, model, analysis, options, verdict);
  verdict.result = unknown ? core::Result::Unknown : core::Result::Pass;
  verdict.explanation = unknown ? "a loop bound is reachable: increase --bound" : question.unsatExplanation;
  return decision;
}

}  // namespace

Decision decideWellSynchronized(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                                const core::Model& model, const DecideOptions& options) {
  Decision decision;
  core::Verdict& verdict = decision.verdict;
  core::Question question = core::describe(options.property).question(*graph.program);
  SolverOptions solverOptions = comparisonSolverOptions(graph, options);
  std::optional<Query> first, second;
  auto some = [](Query& q) { return q.context().f.top(); };
  std::vector<std::pair<int, long long>> phases;  // update -> its phase in the first execution
  if (solveTimed(first, graph, analysis, model, options, solverOptions, some, "some execution", verdict) ==
      SatResult::Sat)
    phases = phasesIn(*first, graph);
  auto differs = [&](Query& q) {
    EncodingContext& ctx = q.context();
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
  return passUnlessBoundReachable(std::move(decision), graph, model, analysis, options, question);
}

namespace {

// The inputs of an execution: the initial values of the locations whose contents the program leaves
// unknown (kernel buffers of unknown contents, shared memory, SPIR-V memory without an initializer).
Term sameInputs(Query& query) {
  EncodingContext& a = query.context(0);
  EncodingContext& b = query.context(1);
  std::vector<Term> equal;
  for (const core::Event& e : a.graph.events) {
    if (e.kind != core::EventKind::Init) continue;
    if (!a.graph.program->memory[static_cast<size_t>(e.location)].initialValueUnknown) continue;
    equal.push_back(a.f.eq(a.value[static_cast<size_t>(e.id)], b.value[static_cast<size_t>(e.id)]));
  }
  return a.f.all(equal);
}

// The first search fixes the inputs to small pseudo-random values: a schedule-dependent result shows on
// them far sooner than on inputs the solver has to choose, and sums of small values need no modulus. Only
// when they show nothing are all inputs searched.
std::map<int, long long> generalInputs(const core::EventGraph& graph) {
  std::map<int, long long> fixed;
  unsigned long long state = 0x9e3779b97f4a7c15ULL;
  for (const core::Event& e : graph.events) {
    if (e.kind != core::EventKind::Init) continue;
    const core::MemoryObject& m = graph.program->memory[static_cast<size_t>(e.location)];
    if (!m.initialValueUnknown) continue;
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    int width = m.width == 0 || m.width > 8 ? 8 : m.width;
    fixed[e.id] = static_cast<long long>((state >> 33) & ((1ULL << width) - 1));
  }
  return fixed;
}

// The program's results (its result locations and, for litmus tests, registers) as terms of one
// execution's encoding, each with the name of what it is.
std::vector<std::pair<core::Verdict::ResultDifference, Term>> resultTerms(EncodingContext& ctx) {
  const core::Program& program = *ctx.graph.program;
  std::vector<std::pair<core::Verdict::ResultDifference, Term>> results;
  for (size_t m = 0; m < program.memory.size(); ++m) {
    if (!program.memory[m].result) continue;
    core::Verdict::ResultDifference d;
    d.location = static_cast<int>(m);
    results.emplace_back(d, ctx.finalMemory[m]);
  }
  if (!program.registersAreResults()) return results;
  for (size_t t = 0; t < ctx.threads.size(); ++t) {
    for (size_t r = 0; r < ctx.threads[t].finalRegisters.size(); ++r) {
      core::Verdict::ResultDifference d;
      d.thread = static_cast<int>(t);
      d.reg = static_cast<int>(r);
      results.emplace_back(d, ctx.threads[t].finalRegisters[r]);
    }
  }
  return results;
}

std::string resultName(const core::Program& program, const core::Verdict::ResultDifference& d) {
  if (d.location >= 0) return program.memory[static_cast<size_t>(d.location)].name;
  const core::Thread& thread = program.threads[static_cast<size_t>(d.thread)];
  return thread.name + ":" + thread.registerNames[static_cast<size_t>(d.reg)];
}

}  // namespace

// Where a location's final value came from in a solved encoding: its co-last write, or its initial value.
std::string lastWriteOf(EncodingContext& ctx, int location) {
  for (const core::Event& w : ctx.graph.events) {
    if (!w.isWrite() || w.kind == core::EventKind::Init || w.computedAddress || w.location != location)
      continue;
    if (!ctx.f.backend().boolValue(ctx.coLast[static_cast<size_t>(w.id)])) continue;
    return fmt::format("{} at {}", ctx.graph.describe(w.id), ctx.graph.stepOf(w).instruction->location.str());
  }
  return "its initial value";
}

// The first result whose final values differ in two solved encodings (each may belong to a query of its
// own), with both values and, for a location, the writes that left them.
void describeDifference(const core::Program& program, EncodingContext& first, EncodingContext& second,
                        core::Verdict& verdict) {
  std::vector<std::pair<core::Verdict::ResultDifference, Term>> a = resultTerms(first),
                                                                b = resultTerms(second);
  for (size_t i = 0; i < a.size(); ++i) {
    core::Verdict::ResultDifference d = a[i].first;
    d.first = first.f.backend().intValue(a[i].second);
    d.second = second.f.backend().intValue(b[i].second);
    if (d.first == d.second) continue;
    verdict.resultDifference = d;
    verdict.firedFlag = "result differs";
    verdict.firedPair = fmt::format("{} ends with {} in the first execution and {} in the second",
                                    resultName(program, d), d.first, d.second);
    if (d.location >= 0)
      verdict.firedPair += fmt::format(" (last writes: {}; {})", lastWriteOf(first, d.location),
                                       lastWriteOf(second, d.location));
    return;
  }
}

// Both executions of a difference found: the difference in words and, when asked, both witnesses.
void explainDifference(const core::Program& program, EncodingContext& first, EncodingContext& second,
                       const DecideOptions& options, Decision& decision) {
  describeDifference(program, first, second, decision.verdict);
  if (!options.explain) return;
  decision.firstWitness = extractExecution(first);
  decision.witness = extractExecution(second);
}

std::vector<long long> resultValues(EncodingContext& ctx) {
  std::vector<long long> values;
  for (const auto& [what, term] : resultTerms(ctx)) values.push_back(ctx.f.backend().intValue(term));
  return values;
}

// On fixed inputs, one execution at a time: some complete execution, then one whose results differ from
// it. Sound for FAIL (both are executions from the same inputs), cheaper than two side by side. The first
// query's results are all the second needs: a race's winner sends them back (Readout), and the first
// execution itself is asked for again, pinned to them, only to explain a difference found.
bool differsOnFixedInputs(SolverSchedule& choice, const std::map<int, long long>& inputs,
                          const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                          const core::Model& model, const DecideOptions& options,
                          const SolverOptions& solverOptions, Decision& decision) {
  core::Verdict& verdict = decision.verdict;
  std::optional<Query> first, second;
  auto complete = [](Query& q) { return q.context().allTerminated; };
  Readout results{[](Query& q) { return resultValues(q.context()); }, {}};
  if (solveScheduled(choice, first, graph, analysis, model, options, solverOptions, complete,
                     "a complete execution on fixed inputs", verdict, 1, inputs, {},
                     &results) != SatResult::Sat)
    return false;
  SolverKind firstWinner = choice.lastWinner.value_or(SolverKind::Z3);  // the race's, when `first` is empty
  auto resultsAre = [&](EncodingContext& ctx, bool equal) {
    std::vector<Term> each;
    std::vector<std::pair<core::Verdict::ResultDifference, Term>> terms = resultTerms(ctx);
    for (size_t i = 0; i < terms.size(); ++i) {
      Term same = ctx.f.eq(terms[i].second, ctx.f.intValue(results.values.at(i)));
      each.push_back(equal ? same : ctx.f.no(same));
    }
    return ctx.f.both(ctx.allTerminated, equal ? ctx.f.all(each) : ctx.f.any(each));
  };
  auto differs = [&](Query& q) { return resultsAre(q.context(), false); };
  if (solveScheduled(choice, second, graph, analysis, model, options, solverOptions, differs,
                     "another result on the same fixed inputs", verdict, 1, inputs) != SatResult::Sat)
    return false;
  if (!first) {
    SolverOptions winner = solverOptions;
    winner.kind = firstWinner;
    auto same = [&](Query& q) { return resultsAre(q.context(), true); };
    if (solveTimed(first, graph, analysis, model, options, winner, same, "the first execution again", verdict,
                   1, inputs) != SatResult::Sat)
      throw SolverGaveUp("the first execution's results admit no execution when asked again", false);
  }
  explainDifference(*graph.program, first->context(), second->context(), options, decision);
  return true;
}

Decision decideDeterministic(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                             const core::Model& model, const DecideOptions& options) {
  Decision decision;
  core::Verdict& verdict = decision.verdict;
  core::Question question = core::describe(options.property).question(*graph.program);
  SolverOptions solverOptions = comparisonSolverOptions(graph, options);
  auto fail = [&] {
    decision.satisfied = true;
    verdict.result = core::Result::Fail;
    verdict.explanation = question.satExplanation;
    return decision;
  };
  SolverSchedule choice;
  if (everyExecutionAlike(graph, analysis, model, options, solverOptions, verdict))
    return passUnlessBoundReachable(std::move(decision), graph, model, analysis, options, question);
  std::map<int, long long> inputs = generalInputs(graph);
  if (differsOnFixedInputs(choice, inputs, graph, analysis, model, options, solverOptions, decision))
    return fail();
  bool hasInputs = !inputs.empty();  // without any, the fixed inputs were the only ones
  std::optional<Query> twin;
  auto differentResults = [&](Query& q) {
    std::vector<std::pair<core::Verdict::ResultDifference, Term>> a = resultTerms(q.context(0));
    std::vector<std::pair<core::Verdict::ResultDifference, Term>> b = resultTerms(q.context(1));
    Formula& f = q.context(0).f;
    std::vector<Term> any;
    for (size_t i = 0; i < a.size(); ++i) any.push_back(f.no(f.eq(a[i].second, b[i].second)));
    return f.all({sameInputs(q), q.context(0).allTerminated, q.context(1).allTerminated, f.any(any)});
  };
  if (hasInputs &&
      solveScheduled(choice, twin, graph, analysis, model, options, solverOptions, differentResults,
                     "two executions with different results", verdict, 2) == SatResult::Sat) {
    explainDifference(*graph.program, twin->context(0), twin->context(1), options, decision);
    return fail();
  }
  return passUnlessBoundReachable(std::move(decision), graph, model, analysis, options, question);
}

}  // namespace catcheck::encoders
