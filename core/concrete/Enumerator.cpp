// Exhaustive enumeration of candidate executions (herd7's method, docs/design.md decision 7). Each thread is
// explored on its own first: every path through its unrolled steps, branching on the value each read
// returns and on whether each reached barrier executes (EvaluatorProgram.cpp). Read values range over a
// finite set per location computed as a fixed point: init values, 0 (a read without rf source), the
// constants of the condition and filter, and every value a run can write when its reads return values
// already in the set. Rounds stop when the set is stable, or after one round per write event: in an
// execution without an rf/dependency cycle (the PTX models forbid them) every written value derives from
// the init values through at most that many writes, so only out-of-thin-air values can be missed.
// Then every combination of one path per thread is checked for barrier agreement and for reads whose
// value some executed write (or the absence of one, for 0) can explain, and each surviving combination
// is completed by every choice of barrier synchronisation, rf, co and sync_fence (EnumeratorChoices.cpp)
// and handed to the evaluator. Axioms that read neither co nor sync_fence are checked once per rf choice,
// the others once per complete candidate; a consistent candidate yields one outcome per final memory.
#include "core/concrete/Enumerator.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "core/analysis/BaseRelations.h"
#include "core/concrete/EnumeratorChoices.h"
#include "core/concrete/Evaluator.h"
#include "core/concrete/EvaluatorProgram.h"
#include "core/ir/ExprSemantics.h"

namespace catcheck::core {
namespace {

using ValueSets = std::map<int, std::set<long long>>;  // physical location -> values a read may return

void collectConstants(const Condition& c, std::set<long long>& out) {
  for (const Operand* op : {&c.lhs, &c.rhs}) {
    if (c.op == ConditionOp::Compare && op->kind == Operand::Kind::Constant) out.insert(op->constant);
  }
  for (const Condition& child : c.children) collectConstants(child, out);
}

ValueSets seedValues(const EventGraph& graph) {
  const Program& program = *graph.program;
  std::set<long long> constants{0};
  collectConstants(program.assertion, constants);
  if (program.filter) collectConstants(*program.filter, constants);
  ValueSets values;
  for (const MemoryObject& m : program.memory) values[m.physical].insert(constants.begin(), constants.end());
  for (const MemoryObject& m : program.memory) values[m.physical].insert(m.initialValue);
  return values;
}

std::optional<long long> operandValue(const Operand& op, const FinalState& state) {
  switch (op.kind) {
    case Operand::Kind::Constant:
      return op.constant;
    case Operand::Kind::Register:
      return state.registers.at(static_cast<size_t>(op.thread)).at(static_cast<size_t>(op.reg));
    case Operand::Kind::Location:
      return state.memory.at(static_cast<size_t>(op.location));
  }
  return std::nullopt;
}

bool compare(Comparison comparison, long long a, long long b, int width) {
  a = signedAtWidth(a, width);  // equality is unaffected; the orders read signed values (SPIR-V)
  b = signedAtWidth(b, width);
  switch (comparison) {
    case Comparison::Eq:
      return a == b;
    case Comparison::Ne:
      return a != b;
    case Comparison::Lt:
      return a < b;
    case Comparison::Le:
      return a <= b;
    case Comparison::Gt:
      return a > b;
    case Comparison::Ge:
      return a >= b;
  }
  return false;
}

class Enumeration {
 public:
  Enumeration(const core::Model& model, const EventGraph& graph, const EnumerationLimits& limits)
      : model_(model),
        graph_(graph),
        limits_(limits),
        barriers_(graph),
        readsFrom_(baseRelationBounds(graph, BaseRelation::Rf)),
        coherence_(baseRelationBounds(graph, BaseRelation::Co)),
        sameLocation_(baseRelationBounds(graph, BaseRelation::Loc).must),
        sameGenericLocation_(baseRelationBounds(graph, BaseRelation::Vloc).must) {}

  EnumerationResult run() {
    if (graph_.size() > limits_.maxEvents) {
      stop("too large: " + std::to_string(graph_.size()) + " events (limit " +
           std::to_string(limits_.maxEvents) + ")");
      return std::move(result_);
    }
    for (const Event& e : graph_.events) {
      if (!e.computedAddress && (e.thread < 0 || graph_.stepOf(e).kind != InstructionKind::Warp)) continue;
      stop(e.computedAddress ? "computed addresses are not enumerated"
                             : "warp primitives are not enumerated");
      return std::move(result_);
    }
    for (const MemoryObject& location : graph_.program->memory) {
      if (!location.initialValueUnknown) continue;
      stop("unknown initial values are not enumerated");
      return std::move(result_);
    }
    std::optional<std::vector<std::vector<ThreadRun>>> runs = threadRuns();
    if (!runs) return std::move(result_);
    std::vector<size_t> sizes;
    long long product = 1;
    for (const auto& r : *runs) {
      sizes.push_back(r.size());
      product = std::min(product * static_cast<long long>(r.size()), limits_.maxCombinations + 1);
    }
    if (product > limits_.maxCombinations) {
      stop("more than " + std::to_string(limits_.maxCombinations) + " combinations of thread paths");
      return std::move(result_);
    }
    forEachCombination(sizes, [&](const std::vector<size_t>& index) {
      std::vector<ThreadRun> chosen;
      for (size_t t = 0; t < index.size(); ++t) chosen.push_back((*runs)[t][index[t]]);
      return onCombination(chosen);
    });
    return std::move(result_);
  }

 private:
  bool stop(const std::string& reason) {
    result_.complete = false;
    result_.incompleteReason = reason;
    return false;
  }

  std::optional<std::vector<std::vector<ThreadRun>>> exploreAll(const ValueSets& values) {
    RunChoices choices{[&](const Event& read) {
                         const std::set<long long>& v = values.at(read.physical);
                         return std::vector<long long>(v.begin(), v.end());
                       },
                       [](const Event&) {
                         return std::vector<bool>{true, false};
                       }};
    std::vector<std::vector<ThreadRun>> runs;
    for (const UnrolledThread& thread : graph_.threads) {
      auto paths = explorePaths(graph_, thread.thread, choices, limits_.maxPathsPerThread);
      if (!paths) {
        stop("more than " + std::to_string(limits_.maxPathsPerThread) + " paths through thread " +
             std::to_string(thread.thread));
        return std::nullopt;
      }
      runs.emplace_back();
      for (ThreadPath& path : *paths) {
        runs.back().push_back(completeRun(graph_, std::move(path)));
        // A written OpUndef may be any value; the enumerator would record one of them, so every outcome that
        // depends on it would be missed (a solver witness could then be rejected, a verdict differ).
        if (!runs.back().back().freeValues.empty()) {
          stop("thread " + std::to_string(thread.thread) +
               " writes an undefined value (OpUndef), which the enumerator does not choose");
          return std::nullopt;
        }
      }
    }
    return runs;
  }

  // The paths of every thread under the fixed point of read values (see the file comment).
  std::optional<std::vector<std::vector<ThreadRun>>> threadRuns() {
    ValueSets values = seedValues(graph_);
    int writes = 0;
    for (const Event& e : graph_.events) writes += e.kind == EventKind::Write ? 1 : 0;
    for (int round = 0;; ++round) {
      auto runs = exploreAll(values);
      if (!runs) return std::nullopt;
      ValueSets grown = values;
      for (const auto& threadRuns : *runs) {
        for (const ThreadRun& run : threadRuns) {
          for (auto [e, v] : run.values) grown[graph_.event(e).physical].insert(v);
        }
      }
      if (grown == values || round >= writes) {
        for (const auto& r : *runs) result_.paths += static_cast<long long>(r.size());
        return runs;
      }
      values = std::move(grown);
    }
  }

  // The pairs of `must` whose events both executed (loc and vloc are static here: computed addresses are
  // not enumerated); their bounds are computed once, not per combination.
  static PairSet executedPairs(const PairSet& must, const EventSet& executed) {
    PairSet result(must.size());
    must.forEach([&](int a, int b) {
      if (executed.has(a) && executed.has(b)) result.add(a, b);
    });
    return result;
  }

  Execution baseExecution(const std::vector<ThreadRun>& runs) {
    int n = graph_.size();
    Execution x;
    x.executed = EventSet(n);
    x.value.assign(static_cast<size_t>(n), 0);
    x.rf = x.co = x.syncFence = x.syncBarrier = x.sameLocation = x.sameGenericLocation = PairSet(n);
    for (const Event& e : graph_.events) {
      if (e.kind != EventKind::Init) continue;
      x.executed.add(e.id);
      x.value[static_cast<size_t>(e.id)] =
          graph_.program->memory[static_cast<size_t>(e.location)].initialValue;
    }
    boundReached_ = false;
    for (const ThreadRun& run : runs) {
      for (int e : run.executed) x.executed.add(e);
      for (auto [e, v] : run.values) x.value[static_cast<size_t>(e)] = v;
      std::vector<long long> registers;
      for (const auto& r : run.finalRegisters) registers.push_back(r.value_or(0));
      x.finalRegisters.push_back(std::move(registers));
      x.terminated = x.terminated && run.path.end == ThreadEnd::Terminated;
      boundReached_ = boundReached_ || run.path.end == ThreadEnd::Bound;
    }
    x.sameLocation = executedPairs(sameLocation_, x.executed);
    x.sameGenericLocation = executedPairs(sameGenericLocation_, x.executed);
    return x;
  }

  bool onCombination(const std::vector<ThreadRun>& runs) {
    Execution x = baseExecution(runs);
    std::vector<int> reads;
    for (const Event& e : graph_.events) {
      if (e.kind == EventKind::Read && x.executed.has(e.id)) reads.push_back(e.id);
    }
    std::vector<std::vector<int>> sources = readSources(graph_, x, reads, readsFrom_.may);
    for (const auto& s : sources) {
      if (s.empty()) return true;  // a value no write explains
    }
    std::vector<PairSet> synchronisations = barriers_.synchronisations(runs);
    if (synchronisations.empty()) return true;
    ++result_.combinations;
    size_t budget = static_cast<size_t>(limits_.maxEvaluations);
    auto co = coherenceChoices(graph_, x.executed, budget, coherence_);
    auto sf = fenceOrderChoices(graph_, x.executed, budget);
    if (!co || !sf) return stop("too many coherence or SC-fence orders");
    registers_.clear();
    for (const ThreadRun& run : runs) registers_.push_back(run.finalRegisters);
    runs_ = &runs;
    for (const PairSet& syncbar : synchronisations) {
      x.syncBarrier = syncbar;
      bool complete = forEachCombination(sizeOf(sources), [&](const std::vector<size_t>& index) {
        x.rf = PairSet(graph_.size());
        for (size_t i = 0; i < reads.size(); ++i) {
          int w = sources[i][index[i]];
          if (w >= 0) x.rf.add(w, reads[i]);
        }
        return onReadsFrom(x, *co, *sf);
      });
      if (!complete) return false;
    }
    return true;
  }

  static std::vector<size_t> sizeOf(const std::vector<std::vector<int>>& lists) {
    std::vector<size_t> sizes;
    for (const auto& l : lists) sizes.push_back(l.size());
    return sizes;
  }

  bool countEvaluation() {
    if (++result_.evaluations <= limits_.maxEvaluations) return true;
    return stop("more than " + std::to_string(limits_.maxEvaluations) + " candidate executions");
  }

  Evaluator& evaluatorFor(const Execution& x) {
    if (evaluator_) {
      evaluator_->setExecution(x);
      return *evaluator_;
    }
    evaluator_.emplace(model_, graph_, x);
    for (const core::Axiom& axiom : model_.axioms) {
      if (axiom.flagged) continue;
      bool orderFree = (evaluator_->inputsOf(axiom.relation) & (kCoherenceInput | kFenceOrderInput)) == 0;
      (orderFree ? rfAxioms_ : orderAxioms_).push_back(&axiom);
    }
    return *evaluator_;
  }

  bool allHold(const Evaluator& evaluator, const std::vector<const core::Axiom*>& axioms) {
    for (const core::Axiom* axiom : axioms) {
      if (!evaluator.axiomHolds(*axiom)) return false;
    }
    return true;
  }

  bool onReadsFrom(Execution& x, const std::vector<PairSet>& co, const std::vector<PairSet>& sf) {
    x.co = co.front();
    x.syncFence = sf.front();
    if (!countEvaluation()) return false;
    if (!allHold(evaluatorFor(x), rfAxioms_)) return true;
    for (const PairSet& coherence : co) {
      for (const PairSet& fences : sf) {
        x.co = coherence;
        x.syncFence = fences;
        if (!countEvaluation()) return false;
        Evaluator& evaluator = evaluatorFor(x);
        if (allHold(evaluator, orderAxioms_)) record(x, evaluator.firedFlags());
      }
    }
    return true;
  }

  void record(Execution& x, const std::vector<std::string>& flags) {
    for (std::vector<long long>& memory : finalMemoryChoices(graph_, x)) {
      x.finalMemory = memory;
      Outcome outcome{FinalState{registers_, std::move(memory)}, x.terminated, boundReached_, true, flags};
      stuckStatus(x, outcome);
      if (graph_.program->filter)
        outcome.filterHolds = conditionValue(*graph_.program->filter, outcome.state) != false;
      ++result_.outcomes[outcome];
      ++result_.consistentExecutions;
      if (result_.examples.size() < limits_.keepExecutions) result_.examples.push_back(x);
    }
  }

  const core::Model& model_;
  const EventGraph& graph_;
  const EnumerationLimits& limits_;
  BarrierSemantics barriers_;
  RelationBounds readsFrom_;  // the rf and co candidates (local consistency prunes them)
  RelationBounds coherence_;
  PairSet sameLocation_;  // must pairs of loc and vloc
  PairSet sameGenericLocation_;
  std::optional<Evaluator> evaluator_;
  std::vector<const core::Axiom*> rfAxioms_;     // non-flagged axioms that read neither co nor sync_fence
  std::vector<const core::Axiom*> orderAxioms_;  // the other non-flagged axioms
  std::vector<RegisterValues> registers_;        // final registers of the current combination
  bool boundReached_ = false;
  const std::vector<ThreadRun>* runs_ = nullptr;  // of the current combination
  EnumerationResult result_;

  // Whether every read of the iteration a spinning run ends in reads from a co-maximal write (or from
  // no write): the strong suffix of a spin iteration (TerminationEncoder.cpp's strongSuffix).
  bool strongSpinSuffix(const Execution& x, const ThreadRun& run) const {
    const UnrolledThread& thread = graph_.threads.at(static_cast<size_t>(run.path.thread));
    int backEdge = run.path.steps.back();
    const Step& step = thread.steps.at(static_cast<size_t>(backEdge));
    const Iteration& iteration = thread.iterations.at(static_cast<size_t>(step.iteration));
    for (int s : run.path.steps) {
      if (s < iteration.first || s > backEdge) continue;
      for (int r : thread.steps[static_cast<size_t>(s)].events) {
        if (graph_.event(r).kind != EventKind::Read) continue;
        for (const Event& w : graph_.events) {
          if (w.isWrite() && x.rf.has(w.id, r) && !x.co.successors(w.id).empty()) return false;
        }
      }
    }
    return true;
  }

  // Outcome::stuckWitness and Outcome::stopUndecided of the current candidate (docs/semantics.md §7.5).
  void stuckStatus(const Execution& x, Outcome& outcome) const {
    if (boundReached_) return;
    bool stuck = false, undecided = false;
    for (const ThreadRun& run : *runs_) {
      switch (run.path.end) {
        case ThreadEnd::Terminated:
        case ThreadEnd::Bound:
          break;
        case ThreadEnd::Blocked:
          stuck = true;
          break;
        case ThreadEnd::Spin:
          if (!strongSpinSuffix(x, run)) return;
          stuck = true;
          break;
        case ThreadEnd::Stop: {
          // A stop needs an earlier (infix) copy of its loop matching the stopped iteration: impossible
          // in a loop's first copy; otherwise the match is not enumerated.
          const UnrolledThread& thread = graph_.threads.at(static_cast<size_t>(run.path.thread));
          const Step& step = thread.steps.at(static_cast<size_t>(run.path.steps.back()));
          if (thread.iterations.at(static_cast<size_t>(step.iteration)).index == 0) return;
          undecided = true;
          break;
        }
      }
    }
    outcome.stuckWitness = stuck && !undecided;
    outcome.stopUndecided = undecided;
  }
};

}  // namespace

EnumerationResult enumerate(const core::Model& model, const EventGraph& graph,
                            const EnumerationLimits& limits) {
  return Enumeration(model, graph, limits).run();
}

FinalState finalStateOf(const Execution& execution) {
  FinalState state;
  for (const auto& registers : execution.finalRegisters)
    state.registers.emplace_back(registers.begin(), registers.end());
  state.memory = execution.finalMemory;
  return state;
}

bool witnessesAssertion(const Program& program, const FinalState& state) {
  return conditionValue(program.assertion, state) == (program.assertionKind != AssertionKind::Forall);
}

std::optional<bool> conditionValue(const Condition& c, const FinalState& state) {
  std::vector<std::optional<bool>> children;
  for (const Condition& child : c.children) children.push_back(conditionValue(child, state));
  auto any = [&](std::optional<bool> v) {
    return std::find(children.begin(), children.end(), v) != children.end();
  };
  // Kleene's three-valued logic: a free operand decides nothing unless the others leave it open.
  auto junction = [&](bool decisive) -> std::optional<bool> {
    if (any(decisive)) return decisive;
    if (any(std::nullopt)) return std::nullopt;
    return !decisive;
  };
  switch (c.op) {
    case ConditionOp::True:
      return true;
    case ConditionOp::And:
      return junction(false);
    case ConditionOp::Or:
      return junction(true);
    case ConditionOp::Not:
      return children.at(0) ? std::optional<bool>(!*children.at(0)) : std::nullopt;
    case ConditionOp::Compare:
      break;
  }
  std::optional<long long> a = operandValue(c.lhs, state), b = operandValue(c.rhs, state);
  if (!a || !b) return std::nullopt;
  return compare(c.comparison, *a, *b, c.width);
}

namespace {

Result terminationVerdict(const EnumerationResult& result) {
  bool undecided = false, boundReached = false;
  for (const auto& [outcome, count] : result.outcomes) {
    if (!outcome.filterHolds) continue;
    if (outcome.stuckWitness) return Result::Fail;
    undecided = undecided || outcome.stopUndecided;
    boundReached = boundReached || outcome.boundReached;
  }
  if (undecided)
    throw std::invalid_argument(
        "termination undecided: a thread may stop after a side-effecting iteration that an earlier copy "
        "might match");
  return boundReached ? Result::Unknown : Result::Pass;
}

}  // namespace

Result enumeratedVerdict(const EnumerationResult& result, const Program& program, Property property) {
  if (!result.complete)
    throw std::logic_error("no verdict from an incomplete enumeration: " + result.incompleteReason);
  if (!describe(property).listsFinalStates) return terminationVerdict(result);
  if (program.assertionKind == AssertionKind::NoFailedAssert)
    throw std::invalid_argument("the enumerator decides final conditions, not a kernel's assert() calls");
  bool reachability = describe(property).question(program).satMeansPass;
  bool found = false, boundReached = false;
  for (const auto& [outcome, count] : result.outcomes) {
    if (!outcome.filterHolds) continue;
    boundReached = boundReached || outcome.boundReached;
    if (describe(property).firesFlags) {
      found = found || !outcome.flags.empty();
      continue;
    }
    if (!outcome.terminated || program.assertionKind == AssertionKind::None) continue;
    std::optional<bool> holds = conditionValue(program.assertion, outcome.state);
    found = found || (program.assertionKind == AssertionKind::Forall ? holds != true : holds != false);
  }
  if (found) return reachability ? Result::Pass : Result::Fail;
  if (boundReached) return Result::Unknown;
  return reachability ? Result::Fail : Result::Pass;
}

}  // namespace catcheck::core
