// deterministic's cheap proof (issue 29): every complete execution has the same structure. A barrier-
// synchronised kernel (a tree reduction) is deterministic because each read can see only one write, whatever
// the schedule; proving that with two executions side by side and their arithmetic cost 10x its cat_spec.
// Here two single-execution questions that leave read values free (ValueRelevance.h) ask it instead:
//  1. some complete execution: which events it executes, the write each read reads from, and the write each
//     result location ends with (its structure);
//  2. a complete execution whose structure differs from it anywhere.
// When the second has no answer, every complete execution executes the same events, each read reading the
// same write, and ends each result location with the same write. With the same inputs their values are then
// the same: each read's value is its write's, each write's a function of its thread's earlier reads and of
// the inputs, and (checked on the first execution) reads-from and program order form no cycle along which a
// value could justify itself. Free values relax both questions (no execution is lost), so the unanswered
// second one stands. Anything else leaves the proof to the comparison of values (ExecutionComparison.cpp):
// a satisfying second question, two co-last writes of a result location (partial coherence leaves either
// as the final value), a cycle, warp collectives (the lanes' participation chooses their values) or
// undefined values (%clock: each execution chooses its own).
#include "encoders/ExecutionStructure.h"

#include <vector>

#include "core/ir/Log.h"
#include "encoders/ValueEncoder.h"
#include "encoders/ValueRelevance.h"

namespace catcheck::encoders {
namespace {

using core::BaseRelation;
using core::Event;
using core::EventKind;

// The time each question about structure may take, encoding included.
constexpr unsigned kStructureLimitMs = 10000;

// What the structure of an execution is made of, in one fixed order for every encoding of the graph.
struct StructurePart {
  enum Kind { Executed, ReadsFrom, EndsWith } kind;
  int first = -1;   // the event; the write read from; the write a location ends with
  int second = -1;  // the read (ReadsFrom); the location's init event (EndsWith)
};

// The parts of an encoding's executions, in an order every encoding of the graph shares (its rf candidates
// are the context's own bounds, not computed again).
std::vector<StructurePart> structureParts(EncodingContext& ctx) {
  const core::EventGraph& graph = ctx.graph;
  std::vector<StructurePart> parts;
  for (const Event& e : graph.events) {
    if (e.kind != EventKind::Init) parts.push_back({StructurePart::Executed, e.id, -1});
  }
  ctx.bounds(BaseRelation::Rf).may.forEach([&](int w, int r) {
    parts.push_back({StructurePart::ReadsFrom, w, r});
  });
  const core::Program& program = *graph.program;
  for (const Event& init : graph.events) {
    if (init.kind != EventKind::Init || !program.memory[static_cast<size_t>(init.location)].result) continue;
    for (const Event& w : graph.events) {
      if (w.isWrite() && core::physicalAlias(w, init) != core::Alias::No)
        parts.push_back({StructurePart::EndsWith, w.id, init.id});
    }
  }
  return parts;
}

Term termOf(EncodingContext& ctx, const StructurePart& part) {
  switch (part.kind) {
    case StructurePart::Executed:
      return ctx.exec[static_cast<size_t>(part.first)];
    case StructurePart::ReadsFrom:
      return ctx.pair(BaseRelation::Rf, part.first, part.second);
    case StructurePart::EndsWith:
      return endsLocationWith(ctx, part.first, part.second);
  }
  return ctx.f.bottom();
}

// Values an execution chooses outside its structure: those of warp collectives (from the lanes that join
// them) and undefined values (PTX %clock, an unset register).
bool choosesValuesElsewhere(const core::EventGraph& graph) {
  for (const Event& e : graph.events) {
    if (e.kind == EventKind::Collective) return true;
  }
  return usesUndefinedValues(*graph.program);
}

// Whether the chosen structure fixes every value: at most one last write per result location, and no cycle
// of reads-from and program order (Kahn's algorithm over the executed events).
bool fixesEveryValue(const core::EventGraph& graph, const std::vector<StructurePart>& parts,
                     const std::vector<char>& chosen) {
  std::vector<int> lastWrites(static_cast<size_t>(graph.size()), 0);
  std::vector<std::vector<int>> successors(static_cast<size_t>(graph.size()));
  std::vector<int> predecessors(static_cast<size_t>(graph.size()), 0);
  std::vector<int> previousInThread(graph.threads.size(), -1);
  std::vector<char> executed(static_cast<size_t>(graph.size()), 0);
  for (size_t i = 0; i < parts.size(); ++i) {
    if (chosen[i] == 0) continue;
    const StructurePart& part = parts[i];
    if (part.kind == StructurePart::EndsWith && ++lastWrites[static_cast<size_t>(part.second)] > 1)
      return false;
    if (part.kind == StructurePart::Executed) executed[static_cast<size_t>(part.first)] = 1;
    if (part.kind == StructurePart::ReadsFrom) {
      successors[static_cast<size_t>(part.first)].push_back(part.second);
      ++predecessors[static_cast<size_t>(part.second)];
    }
  }
  for (const Event& e : graph.events) {  // events are numbered in program order within each thread
    if (e.kind == EventKind::Init || !executed[static_cast<size_t>(e.id)]) continue;
    int& previous = previousInThread[static_cast<size_t>(e.thread)];
    if (previous >= 0) {
      successors[static_cast<size_t>(previous)].push_back(e.id);
      ++predecessors[static_cast<size_t>(e.id)];
    }
    previous = e.id;
  }
  std::vector<int> ready;
  for (const Event& e : graph.events) {
    if (predecessors[static_cast<size_t>(e.id)] == 0) ready.push_back(e.id);
  }
  size_t ordered = 0;
  while (!ready.empty()) {
    int e = ready.back();
    ready.pop_back();
    ++ordered;
    for (int next : successors[static_cast<size_t>(e)]) {
      if (--predecessors[static_cast<size_t>(next)] == 0) ready.push_back(next);
    }
  }
  return ordered == graph.events.size();
}

// The solver of both questions and its time limit: one search, not a race of two (SolverRace.h), because they
// ask about structure, not values, and z3 answers them; a race's two child processes cost more than the
// search on these (64-thread reduction: 165 against 139 ms). Past the limit the comparison of values decides.
SolverOptions structureSolver(const SolverOptions& solverOptions) {
  SolverOptions own = solverOptions;
  own.kindIsDefault = false;  // z3, unless the user chose cvc5
  if (own.timeoutMs == 0 || own.timeoutMs > kStructureLimitMs) own.timeoutMs = kStructureLimitMs;
  return own;
}

// The structure `parts` take in the query's model.
std::vector<char> structureIn(Query& query, const std::vector<StructurePart>& parts) {
  std::vector<char> chosen;
  chosen.reserve(parts.size());
  for (const StructurePart& part : parts)
    chosen.push_back(query.value(termOf(query.context(), part)) ? 1 : 0);
  return chosen;
}

// Both questions; false when either gives no proof.
bool askStructure(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                  const core::Model& model, const DecideOptions& options, const SolverOptions& solver,
                  core::Verdict& verdict) {
  Observation structureOnly{observableReads(graph, false), false};
  std::optional<Query> first;
  auto complete = [](Query& q) { return q.context().allTerminated; };
  if (solveTimed(first, graph, analysis, model, options, solver, complete,
                 "the structure of a complete execution", verdict, 1, {}, structureOnly) != SatResult::Sat)
    return false;
  std::vector<StructurePart> parts = structureParts(first->context());
  std::vector<char> chosen = structureIn(*first, parts);
  first.reset();
  if (!fixesEveryValue(graph, parts, chosen)) {
    core::log::debug("deterministic: the first structure leaves a value open; comparing values instead");
    return false;
  }
  std::optional<Query> second;
  auto differs = [&](Query& q) {
    EncodingContext& ctx = q.context();
    std::vector<Term> any;
    for (size_t i = 0; i < parts.size(); ++i) {
      Term t = termOf(ctx, parts[i]);
      any.push_back(chosen[i] != 0 ? ctx.f.no(t) : t);
    }
    return ctx.f.both(ctx.allTerminated, ctx.f.any(any));
  };
  return solveTimed(second, graph, analysis, model, options, solver, differs,
                    "a complete execution of another structure", verdict, 1, {},
                    structureOnly) == SatResult::Unsat;
}

}  // namespace

bool everyExecutionAlike(const core::EventGraph& graph, const core::RelationAnalysis& analysis,
                         const core::Model& model, const DecideOptions& options,
                         const SolverOptions& solverOptions, core::Verdict& verdict) {
  // A loop the launch does not fix (a spin on a flag, an mbarrier's try_wait) runs as many times as the
  // schedule makes it: its executions differ in structure, and asking would only add two questions.
  if (choosesValuesElsewhere(graph) || hasBoundJump(graph)) return false;
  try {
    if (!askStructure(graph, analysis, model, options, structureSolver(solverOptions), verdict)) return false;
  } catch (const SolverGaveUp& gaveUp) {
    if (!gaveUp.timeLimit()) throw;
    core::log::debug("deterministic: no answer about structure within {} ms; comparing values instead",
                     kStructureLimitMs);
    return false;
  }
  core::log::debug("deterministic: every complete execution has the first one's structure");
  return true;
}

}  // namespace catcheck::encoders
