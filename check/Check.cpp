// Checks a program against a model (docs/design.md, check/): builds the event graph to the bound and the
// relation bounds (core/), has the encoder decide the property (encoders/), then re-checks the execution
// behind every satisfying answer with the concrete evaluator alone (docs/design.md decision 7): it must be
// well formed, consistent, pass the filter and show the property (a fired flag, a reached condition),
// for every property whose descriptor says the evaluator can judge it (core/ir/Property.h). Where a witness
// at a smaller bound is one at the bound asked for, it is first looked for at bounds 1, 2, 4, ..., briefly
// each: shallow bugs are found in far smaller queries. Each phase is logged at debug level with its time,
// and each check at info level with its verdict (core/ir/Log.h).
#include "check/Check.h"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <mutex>
#include <stdexcept>

#include "cat/Parser.h"
#include "check/WitnessFormat.h"
#include "core/analysis/RelationAnalysis.h"
#include "core/concrete/Enumerator.h"
#include "core/concrete/Evaluator.h"
#include "core/concrete/WarpInstances.h"
#include "core/ir/Log.h"
#include "core/ir/Mbarrier.h"
#include "core/ir/SourceText.h"
#include "frontends/Litmus.h"
#include "frontends/ptx/PtxKernel.h"
#include "frontends/ptx/PtxModule.h"
#include "frontends/spirv/Spirv.h"

namespace catcheck::check {
namespace {

using Clock = std::chrono::steady_clock;

double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The evaluator's own verdict on whether the witness shows the property.
std::vector<std::string> propertyProblems(const core::Execution& execution, const core::EventGraph& graph,
                                          const core::FinalState& state, const core::Evaluator& evaluator,
                                          const CheckOptions& options, const core::Verdict& verdict) {
  const core::Program& program = *graph.program;
  auto warps = [&] { return core::warpInstancesOf(graph, execution, options.warpConfig); };
  switch (options.property) {
    case core::Property::CatSpec:
      if (evaluator.firedFlags().empty() && warps().undefined.empty()) return {"no flag fires"};
      return {};
    case core::Property::Participation:
      if (warps().participation.empty())
        return {"every warp-primitive instance has a guaranteed participant set"};
      return {};
    case core::Property::WarpDrf: {
      core::WarpInstanceCheck check = warps();
      if (evaluator.firedFlags().empty() && check.undefined.empty() && check.participation.empty())
        return {"no flag fires and every warp-primitive instance has a guaranteed participant set"};
      return {};
    }
    case core::Property::ProgramSpec: {
      if (program.assertionKind == core::AssertionKind::None) return {};
      if (program.assertionKind == core::AssertionKind::NoFailedAssert) {
        for (int e : graph.assertFailures())
          if (execution.executed.has(e)) return {};
        return {"no thread reaches a failing assert()"};
      }
      std::vector<std::string> problems;
      if (!execution.terminated) problems.push_back("the execution does not terminate");
      if (!core::witnessesAssertion(program, state)) problems.push_back("the condition has the wrong value");
      return problems;
    }
    case core::Property::Termination:
      // The evaluator has no progress semantics: it checks that the witness is a consistent execution the
      // program can produce in which some thread does not terminate, not that the progress model lets it
      // hang.
      if (execution.terminated) return {"every thread terminates in the witness"};
      return {};
    case core::Property::MemorySafety: {
      std::vector<int> unsafe = core::unsafeAccessesOf(graph, execution);
      bool named = verdict.unsafeEvent < 0 ||
                   std::find(unsafe.begin(), unsafe.end(), verdict.unsafeEvent) != unsafe.end();
      bool flag = std::any_of(evaluator.firedFlags().begin(), evaluator.firedFlags().end(),
                              [](const std::string& name) { return core::isMemorySafetyFlag(name); });
      if (unsafe.empty() && !flag) return {"every access lies inside its allocation"};
      if (!named) return {"the access the verdict names lies inside its allocation"};
      return {};
    }
    case core::Property::Deterministic:  // each of the two executions; comparedProblems compares them
      if (!execution.terminated) return {"the execution does not terminate"};
      return {};
    case core::Property::WellSynchronized: {
      // The witness is the second of two executions: in it, the named update joins the other phase.
      const auto& d = verdict.phaseDifference;
      if (!d || d->phase == d->otherPhase || !execution.executed.has(d->event) ||
          execution.value[static_cast<size_t>(d->event)] / core::kPhaseUnit != d->otherPhase)
        return {"the update does not join the phase the verdict names"};
      return {};
    }
  }
  throw std::logic_error("a property without a witness check");
}

// What the witness of a SAT answer must show, checked by the concrete evaluator alone.
std::vector<std::string> witnessProblems(const core::Execution& execution, const core::EventGraph& graph,
                                         const core::Model& model, const CheckOptions& options,
                                         const core::Verdict& verdict) {
  if (!core::describe(options.property).recheckedByEvaluator) return {};
  const core::Program& program = *graph.program;
  std::vector<std::string> problems = core::wellFormednessProblems(graph, execution);
  if (!problems.empty()) return problems;
  core::Evaluator evaluator(model, graph, execution);
  for (const std::string& axiom : evaluator.violatedAxioms()) problems.push_back("violates axiom " + axiom);
  core::FinalState state = core::finalStateOf(execution);
  if (program.filter && core::conditionValue(*program.filter, state) != true)
    problems.push_back("the filter does not hold");
  for (std::string& p : propertyProblems(execution, graph, state, evaluator, options, verdict))
    problems.push_back(std::move(p));
  return problems;
}

// deterministic: the two executions of a witness start from the same inputs (the initial values the
// program leaves unknown) and the result the verdict names ends with the two values it names.
std::vector<std::string> comparedProblems(const core::EventGraph& graph, const core::Execution& first,
                                          const core::Execution& second, const core::Verdict& verdict) {
  std::vector<std::string> problems;
  for (const core::Event& e : graph.events) {
    if (e.kind != core::EventKind::Init) continue;
    if (!graph.program->memory[static_cast<size_t>(e.location)].initialValueUnknown) continue;
    if (first.value[static_cast<size_t>(e.id)] != second.value[static_cast<size_t>(e.id)])
      problems.push_back("the executions start with different inputs at " + graph.describe(e.id));
  }
  const auto& d = verdict.resultDifference;
  auto finalValue = [&](const core::Execution& x) {
    return d->location >= 0
               ? x.finalMemory.at(static_cast<size_t>(d->location))
               : x.finalRegisters.at(static_cast<size_t>(d->thread)).at(static_cast<size_t>(d->reg));
  };
  if (!d || d->first == d->second || finalValue(first) != d->first || finalValue(second) != d->second)
    problems.push_back("the result the verdict names does not end with the values it names");
  return problems;
}

std::vector<core::Verdict::EventSite> sitesOf(const core::EventGraph& graph,
                                              const core::Execution& execution) {
  std::vector<core::Verdict::EventSite> sites;
  for (int e = 0; e < graph.size(); ++e)
    if (execution.executed.has(e) && graph.event(e).kind != core::EventKind::Init)
      sites.push_back(graph.site(e));
  return sites;
}

void rejectWitness(const std::vector<std::string>& problems, const std::string& witness) {
  std::string message = "internal error: the evaluator rejects the solver's witness:";
  for (const std::string& p : problems) message += "\n  " + p;
  throw WitnessRejected(message + "\nwitness:\n" + witness);
}

// A witness of two executions (deterministic): each is re-checked as a witness of its own, then the two
// are compared.
void recheckComparedWitnesses(const core::EventGraph& graph, const core::Execution& first,
                              const core::Execution& second, const core::Model& model,
                              const CheckOptions& options, core::Verdict& verdict) {
  auto start = Clock::now();
  verdict.witness = "first execution:\n" + executionAsText(graph, first) + "second execution:\n" +
                    executionAsText(graph, second);
  verdict.witnessSites = sitesOf(graph, second);
  std::vector<std::string> problems;
  for (const auto& [which, execution] : {std::pair{"first", &first}, std::pair{"second", &second}}) {
    for (std::string& p : witnessProblems(*execution, graph, model, options, verdict))
      problems.push_back(std::string(which) + " execution: " + p);
  }
  for (std::string& p : comparedProblems(graph, first, second, verdict)) problems.push_back(std::move(p));
  core::log::debug("witness re-check: {} by the evaluator in {:.1f} ms",
                   problems.empty() ? "accepted" : "REJECTED", millisecondsSince(start));
  if (!problems.empty()) rejectWitness(problems, verdict.witness);
  if (options.onWitness) options.onWitness(graph, second);
}

// `confirmed`: the evaluator judged the witness already (encoders::Decision::witnessConfirmed).
void recheckWitness(const core::EventGraph& graph, const core::Execution& execution, const core::Model& model,
                    const CheckOptions& options, bool confirmed, core::Verdict& verdict) {
  auto start = Clock::now();
  verdict.witness = executionAsText(graph, execution);
  verdict.witnessSites = sitesOf(graph, execution);
  std::vector<std::string> problems;
  if (!confirmed) problems = witnessProblems(execution, graph, model, options, verdict);
  core::log::debug("witness re-check: {} by the evaluator in {:.1f} ms",
                   confirmed          ? "confirmed before"
                   : problems.empty() ? "accepted"
                                      : "REJECTED",
                   millisecondsSince(start));
  if (!problems.empty()) rejectWitness(problems, verdict.witness);
  if (options.onWitness) options.onWitness(graph, execution);
}

void logGraphAndAnalysis(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                         double graphMs, double ms) {
  if (!core::log::enabled(core::log::Level::debug)) return;
  core::log::debug("event graph: {} events in {} threads, built in {:.1f} ms", graph.size(),
                   graph.threads.size(), graphMs);
  long may = 0, must = 0;
  for (const core::RelationBounds& bounds : analysis.relations()) {
    may += bounds.may.count();
    must += bounds.must.count();
  }
  core::log::debug("relation analysis: {} may pairs, {} of them must, in {:.1f} ms", may, must, ms);
  if (!core::log::enabled(core::log::Level::trace)) return;
  // The relations the solver has to decide most pairs of, by their `let` names where they have one.
  std::map<core::NodeId, std::string> names;
  for (const auto& [name, id] : analysis.model().definitions) names.emplace(id, name);
  std::vector<std::pair<long, core::NodeId>> open;
  for (size_t id = 0; id < analysis.relations().size(); ++id) {
    const core::RelationBounds& bounds = analysis.relations()[id];
    long undecided = static_cast<long>(bounds.may.count()) - static_cast<long>(bounds.must.count());
    if (undecided > 0) open.emplace_back(undecided, static_cast<core::NodeId>(id));
  }
  std::sort(open.rbegin(), open.rend());
  for (size_t i = 0; i < std::min<size_t>(open.size(), 20); ++i) {
    auto found = names.find(open[i].second);
    const core::Node& node = analysis.model().node(open[i].second);
    std::string args;
    for (core::NodeId a : node.args) args += " " + std::to_string(a);
    int op = std::visit([](auto value) { return static_cast<int>(value); }, node.op);
    core::log::trace("  node {} ({}, {} op {}{}): {} undecided pairs", open[i].second,
                     found != names.end() ? found->second : "unnamed", node.isSet() ? "set" : "relation", op,
                     args, open[i].first);
  }
}

void logVerdict(const std::string& test, const CheckOptions& options, const core::Verdict& verdict) {
  const core::PhaseTimes& t = verdict.times;
  core::log::info(
      "check {} ({}, bound {}): {} in {:.1f} ms (parse {:.1f}, analysis {:.1f}, encode {:.1f}, "
      "solve {:.1f})",
      test, core::propertyName(options.property), options.bound, core::resultName(verdict.result),
      t.totalMs(), t.parseMs, t.analysisMs, t.encodeMs, t.solveMs);
}

// The ANTLR C++ runtime shares its DFA caches between parser instances: parse one program at a time,
// whether it comes from a file or from text.
std::mutex& programParseMutex() {
  static std::mutex mutex;
  return mutex;
}

}  // namespace

core::Model loadModelFile(const std::string& path) {
  return cat::loadModel(path);
}

core::Model loadModelText(const std::string& text, const std::string& sourceName) {
  return cat::parseModelText(text, sourceName);
}

ProgramSource detectProgramSource(std::string_view head) {
  static constexpr std::string_view kMagic("\x03\x02\x23\x07", 4);         // little-endian 0x07230203
  static constexpr std::string_view kMagicSwapped("\x07\x23\x02\x03", 4);  // big-endian
  if (head.substr(0, 4) == kMagic || head.substr(0, 4) == kMagicSwapped) return ProgramSource::SpirV;
  // SPIR-V assembly: `;` comments (the suite's `; @Input: ...` headers, the disassembler's "; SPIR-V"),
  // then instructions (`OpCapability ...`, `%1 = ...`). Litmus tests start with their dialect's name.
  size_t at = 0;
  while (at < head.size()) {
    size_t end = std::min(head.find('\n', at), head.size());
    std::string_view line = head.substr(at, end - at);
    size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos) {
      line = line.substr(first);
      if (line.starts_with("; SPIR-V") || line.starts_with("Op") || line.starts_with("%"))
        return ProgramSource::SpirV;
      if (line.starts_with(".version")) return ProgramSource::PtxKernel;  // after the compiler's // lines
      if (line.starts_with("//")) {
        at = end + 1;
        continue;
      }
      if (!line.starts_with(";")) return ProgramSource::Litmus;
    }
    at = end + 1;
  }
  return ProgramSource::Litmus;
}

// A PTX module (what nvcc -ptx and clang --cuda-device-only -S print) is parsed, then its kernel lowered
// on the launch the options give (frontends/ptx/PtxKernel.h).
core::Program loadPtxKernel(const std::string& text, const std::string& path, const ProgramOptions& options) {
  frontends::ptx::Module module = frontends::ptx::parsePtxModule(text, path);
  return frontends::ptx::lowerKernel(module, options.launch, text);
}

core::Program loadProgramFile(const std::string& path, const ProgramOptions& options) {
  std::ifstream in(path, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  std::lock_guard lock(programParseMutex());
  // The extension decides when it names a format (an empty or truncated module is still SPIR-V).
  if (path.ends_with(".ptx"))
    return loadPtxKernel(core::readInputFile(path, "cannot open PTX file"), path, options);
  if (path.ends_with(".cu"))
    return loadPtxKernel(compileCudaToPtx(path, options.cuda), path + ".ptx", options);
  bool spirvName = path.ends_with(".spvasm") || path.ends_with(".spv");
  if (spirvName || (!path.ends_with(".litmus") && detectProgramSource(head) == ProgramSource::SpirV))
    return frontends::parseSpirvFile(path, frontends::SpirvOptions{options.grid});
  return frontends::parseLitmusFile(path);
}

core::Program loadProgramText(const std::string& text, const std::string& sourceName,
                              const ProgramOptions& options) {
  std::lock_guard lock(programParseMutex());
  switch (detectProgramSource(text)) {
    case ProgramSource::SpirV:
      return frontends::parseSpirvText(text, sourceName, frontends::SpirvOptions{options.grid});
    case ProgramSource::PtxKernel:
      return loadPtxKernel(text, sourceName, options);
    case ProgramSource::Litmus:
      return frontends::parseLitmusText(text, sourceName);
  }
  throw std::logic_error("unknown ProgramSource");
}

namespace {
core::Verdict decide(const core::Program& program, const core::Model& model, const CheckOptions& options);
}  // namespace

// warp_drf is its two conditions, each checked on its own and reported on its own line: Memory (cat_spec:
// races and undefined behaviour) and Participation. It fails if either fails.
core::Verdict checkWarpDrf(const core::Program& program, const core::Model& model,
                           const CheckOptions& options) {
  CheckOptions part = options;
  part.property = core::Property::CatSpec;
  core::Verdict memory = decide(program, model, part);
  part.property = core::Property::Participation;
  core::Verdict participation = decide(program, model, part);
  auto is = [&](core::Result r) { return memory.result == r || participation.result == r; };
  bool participationOnly = memory.result != core::Result::Fail && participation.result == core::Result::Fail;
  core::Verdict verdict = participationOnly ? participation : memory;
  verdict.result = is(core::Result::Fail)      ? core::Result::Fail
                   : is(core::Result::Unknown) ? core::Result::Unknown
                                               : core::Result::Pass;
  if (verdict.result == core::Result::Pass)
    verdict.explanation = core::describe(core::Property::WarpDrf).question(program).unsatExplanation;
  verdict.conditions = {{"Memory", memory.result}, {"Participation", participation.result}};
  verdict.times.encodeMs = memory.times.encodeMs + participation.times.encodeMs;
  verdict.times.solveMs = memory.times.solveMs + participation.times.solveMs;
  verdict.times.analysisMs = memory.times.analysisMs + participation.times.analysisMs;
  return verdict;
}

namespace {

// Each search for a witness at a smaller bound gets this much solver time (or the user's timeout, if
// shorter): long enough for the shallow bugs it is for, short enough that a correct program pays little.
constexpr unsigned kSmallerBoundSearchMs = 1000;

struct BoundCheck {
  core::Verdict verdict;
  bool satisfied = false;  // the solver found a witness
};

// The check at one bound: the event graph, its relation bounds, the solver's decision and the evaluator's
// re-check of its witness (while the graph is alive).
BoundCheck checkAtBound(const core::Program& program, const core::Model& model, const CheckOptions& options,
                        int bound, bool witnessOnly) {
  auto start = Clock::now();
  core::EventGraph graph = core::buildEventGraph(program, bound);
  double graphMs = millisecondsSince(start);
  core::RelationAnalysis analysis(model, graph);
  double analysisMs = millisecondsSince(start);
  logGraphAndAnalysis(graph, analysis, graphMs, analysisMs - graphMs);
  encoders::DecideOptions decide{options.property, options.solver,     options.progress,
                                 options.explain,  options.warpConfig, witnessOnly};
  encoders::Decision decision = encoders::decide(graph, analysis, model, decide);
  BoundCheck check{std::move(decision.verdict), decision.satisfied};
  check.verdict.times.analysisMs = analysisMs;
  if (decision.firstWitness && decision.witness)
    recheckComparedWitnesses(graph, *decision.firstWitness, *decision.witness, model, options, check.verdict);
  else if (decision.witness)
    recheckWitness(graph, *decision.witness, model, options, decision.witnessConfirmed, check.verdict);
  return check;
}

// Whether a witness found at a smaller bound carries over to a larger one for this program: it has a loop
// (otherwise every bound unrolls it alike) and no control barrier inside one. Such a barrier's instance is
// named after its copy unless it is the last one (core/graph/LoopUnrolling.cpp, Dat3M's scheme), so which
// barriers synchronise changes with the bound.
bool boundsGrowTheSameProgram(const core::Program& program) {
  core::EventGraph graph = core::buildEventGraph(program, 1);
  bool loops = false;
  for (const core::UnrolledThread& thread : graph.threads) {
    loops = loops || !thread.iterations.empty();
    for (const core::Step& step : thread.steps) {
      if (step.kind == core::InstructionKind::Barrier && step.iteration >= 0) return false;
    }
  }
  return loops;
}

void addTimes(core::PhaseTimes& total, const core::PhaseTimes& part) {
  total.analysisMs += part.analysisMs;
  total.encodeMs += part.encodeMs;
  total.solveMs += part.solveMs;
}

// The verdict of the first witness found at bound 1, 2, 4, ... up to half of options.bound, each search
// limited in time; none when there is none or the property or program does not allow it. `spent` gets the
// time of every search.
std::optional<core::Verdict> witnessAtSmallerBound(const core::Program& program, const core::Model& model,
                                                   const CheckOptions& options, core::PhaseTimes& spent) {
  if (!options.smallerBoundsFirst || options.bound < 2 ||
      !core::describe(options.property).witnessHoldsAtLargerBounds || !boundsGrowTheSameProgram(program))
    return std::nullopt;
  CheckOptions brief = options;
  unsigned userMs = options.solver.timeoutMs;
  brief.solver.timeoutMs = userMs == 0 ? kSmallerBoundSearchMs : std::min(userMs, kSmallerBoundSearchMs);
  brief.solver.limitIncludesEncoding = false;  // the second of search it is given is search time
  for (int bound = 1; 2 * bound <= options.bound; bound *= 2) {
    BoundCheck check;
    try {
      check = checkAtBound(program, model, brief, bound, true);
    } catch (const SolverGaveUp&) {
      core::log::debug("no witness at bound {} within {} ms", bound, brief.solver.timeoutMs);
      return std::nullopt;  // a larger bound would take longer still
    }
    addTimes(spent, check.verdict.times);
    if (!check.satisfied) continue;
    check.verdict.witnessBound = bound;
    core::log::debug("witness found at bound {}", bound);
    return check.verdict;
  }
  return std::nullopt;
}

// Decides the property on a program that fits the request.
core::Verdict decide(const core::Program& program, const core::Model& model, const CheckOptions& options) {
  if (options.property == core::Property::WarpDrf) return checkWarpDrf(program, model, options);
  if (options.ignoreFilter && program.filter) {
    core::Program unfiltered = program;
    unfiltered.filter.reset();
    return decide(unfiltered, model, options);
  }
  core::PhaseTimes spent;
  if (std::optional<core::Verdict> early = witnessAtSmallerBound(program, model, options, spent)) {
    early->times = spent;
    return *early;
  }
  core::Verdict verdict = checkAtBound(program, model, options, options.bound, false).verdict;
  addTimes(verdict.times, spent);
  return verdict;
}

// Input errors of a request that does not fit its program.
void requireFits(const core::Program& program, const std::string& path, const CheckOptions& options) {
  if (!options.requiredTarget.empty() && program.target->name != options.requiredTarget)
    throw core::InputError(
        core::SourceLocation{path, 1, 1},
        "the program's target is " + program.target->name + ", not " + options.requiredTarget);
  if (program.language == core::SourceLanguage::PtxKernel &&
      options.property == core::Property::ProgramSpec && program.assertionKind == core::AssertionKind::None)
    throw core::InputError(
        core::SourceLocation{path, 1, 1},
        "program_spec checks a kernel's assert() calls and traps, and this kernel has none; use --property "
        "cat_spec, termination, participation, warp_drf, well_synchronized, deterministic or memory_safety");
}

}  // namespace

core::Verdict run(const Request& request) {
  if (request.model == nullptr) throw std::logic_error("check::run: a request without a model");
  const CheckOptions& options = request.options;
  auto start = Clock::now();
  std::optional<core::Program> read;
  if (request.program == nullptr) {
    read = loadProgramFile(request.programPath, options.program);
    core::log::debug("parse: {} ({}) in {:.1f} ms", read->name, request.programPath,
                     millisecondsSince(start));
  }
  const core::Program& program = request.program != nullptr ? *request.program : *read;
  requireFits(program, request.program != nullptr ? program.file : request.programPath, options);
  double parseMs = read ? millisecondsSince(start) : 0;
  core::Verdict verdict = decide(program, *request.model, options);
  verdict.times.parseMs = parseMs;
  verdict.testName = program.name;
  if (core::describe(options.property).showsCondition) verdict.condition = program.assertionText;
  logVerdict(program.name, options, verdict);
  return verdict;
}

core::Verdict checkProgram(const core::Program& program, const core::Model& model,
                           const CheckOptions& options) {
  return run(Request{&model, "", &program, options});
}

core::Verdict checkFile(const std::string& testPath, const core::Model& model, const CheckOptions& options) {
  return run(Request{&model, testPath, nullptr, options});
}

}  // namespace catcheck::check
