// What the program, memory, relation and property encoders share: the formula builder, the event graph,
// and per event its execution and value terms, per thread its control flow and registers, and the
// variables of the relations the solver decides (rf, co, sync_fence, quorum barriers). A base relation's
// pair becomes a formula only through `pair` (docs/design.md decision 4); RelationEncoder::edge, the single
// choke point for every relation of a model, reaches base relations through it.
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/analysis/BaseRelations.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Progress.h"
#include "core/ir/Warps.h"
#include "encoders/Formula.h"

namespace catcheck::encoders {

using EventPair = std::pair<int, int>;

// A way for a loop iteration to be stuck: a spin (side-effect-free iteration) or a nondeterministic stop
// after an iteration with side effects (which then needs a matching earlier iteration).
struct StuckCase {
  int iteration = -1;  // index into the thread's iterations
  Term taken = -1;
  bool spin = true;
};

struct ThreadEncoding {
  Term started = -1;
  Term hasProgress = -1;                  // must keep stepping until it ends or blocks
  std::vector<Term> reached;              // per step: control flow reaches it
  std::vector<std::vector<Term>> regsIn;  // per step: register values before it
  std::vector<Term> finalRegisters;       // register values at the thread's end
  Term terminated = -1;                   // reached its end normally (no spin/bound exit, not blocked)
  Term blocked = -1;                      // waits at a barrier that does not execute
  std::vector<Term> boundJumps;           // taken Bound jumps
  std::vector<StuckCase> stuckCases;
};

// What a question observes of an execution (a relaxed question, ValueRelevance.h, observes less): per
// event, whether it observes the value a read takes (a read not observed keeps its reads-from choice but not
// the equality of the values; empty: every read is observed), and whether it looks at the final state (the
// filter, program_spec's condition). Final values nobody looks at are left free (MemoryEncoder.cpp).
struct Observation {
  std::vector<char> reads;
  bool finalState = true;
};

struct EncodingContext {
  EncodingContext(Formula& formula, const core::EventGraph& graph) : f(formula), graph(graph) {}

  Formula& f;
  const core::EventGraph& graph;
  bool allThreadsStart = true;  // uniform FAIR: every thread starts and has progress
  // Values fixed for this question, constants so that value ranges stay known: initial values (init event
  // -> value) where the program leaves them unknown (deterministic's first search, ExecutionComparison.cpp;
  // the confirming query of a relaxed answer) and the values of reads propagated along a pinned execution
  // (read event -> value, ValuePropagation.h).
  std::map<int, long long> fixedValues;
  core::WarpConfig warpConfig = core::WarpConfig::Cuda;
  // What the question observes (ValueRelevance.h); everything unless it is a relaxed question.
  Observation observation;
  bool observed(int read) const {
    return observation.reads.empty() || observation.reads[static_cast<size_t>(read)] != 0;
  }
  std::vector<Term> exec;   // per event
  std::vector<Term> value;  // per memory event: the value read or written
  // Per read: the values it can take where the program bounds them (ReadRanges.h), else nullopt.
  std::vector<std::optional<Formula::Range>> readRanges;
  std::vector<Formula::Domain> readDomains;  // per read: its few values, or none (ReadRanges.h)
  std::vector<Term> address;                 // per memory event: its address (a constant unless computed)
  std::vector<ThreadEncoding> threads;
  Term boundReached = -1;   // some Bound jump is taken
  Term allTerminated = -1;  // every thread terminated

  // Named barriers: whether e synchronises (its syncbar edges exist), and equal resource ids.
  std::map<int, Term> barrierSync;
  std::map<EventPair, Term> sameBarrierResource;

  // Warp primitives (WarpEncoder.cpp): which pairs of warp-primitive events meet in one instance; when an
  // event is undefined behaviour (cat_spec fires on it) and when its instance has a participant set the
  // warp configuration does not guarantee (participation), each with a description for witnesses.
  struct WarpCondition {
    int event = 0;
    Term when = -1;
    std::string what;
  };
  std::map<EventPair, Term> warpMatch;
  std::vector<WarpCondition> warpUndefined;
  std::vector<WarpCondition> warpParticipation;

  std::vector<Term> finalMemory;  // per memory object: its final value
  std::vector<Term> coLast;       // per write: executed and without an executed co-successor

  // Whether memory events a and b access one address (the alias analysis decides all but computed ones).
  Term sameAddress(int a, int b);
  Term execBoth(int a, int b) { return f.both(exec[static_cast<size_t>(a)], exec[static_cast<size_t>(b)]); }

  // The bounds of a base relation on this graph (computed once).
  const core::RelationBounds& bounds(core::BaseRelation relation);
  // Base relation pair (a, b) as a formula: outside may -> false, in must -> both events execute,
  // otherwise the solver's choice (the pair's variable, or the barrier synchronisation it needs).
  Term pair(core::BaseRelation relation, int a, int b);
  // Creates the solver variable of pair (a, b) of `relation`, which must lie in may \ must.
  void declarePair(core::DecidedRelation relation, int a, int b, const std::string& name);

 private:
  Term decidedPair(core::DecidedRelation relation, int a, int b);
  Term variable(core::DecidedRelation relation, int a, int b) const;
  Term barrierPair(int a, int b);

  std::array<std::optional<core::RelationBounds>, core::kBaseRelationCount> bounds_;
  std::array<std::map<EventPair, Term>, core::kDecidedRelations.size()> variables_;  // per decided relation
};

// Control flow, registers, values, barriers, termination and bound reachability (ProgramEncoder.cpp).
// Threads' progress obligations come from `progress` (ProgressEncoder.cpp).
void encodeProgram(EncodingContext& ctx, const core::ProgressSpec& progress);
// Warp primitives: their instances, completion, collective results, undefined behaviour and
// participation (WarpEncoder.cpp). `declareWarpPrimitives` runs before the threads' data flow (which uses
// the completion and result variables), `encodeWarpPrimitives` after it; `valueAt` encodes an expression
// with the registers of a thread before a step.
using ValueAt = std::function<Term(int thread, int step, const core::Expr& e)>;
void declareWarpPrimitives(EncodingContext& ctx);
void encodeWarpPrimitives(EncodingContext& ctx, const ValueAt& valueAt);
// Forward progress over the scope tree (ProgressEncoder.cpp); needs the threads' control flow.
void encodeProgress(EncodingContext& ctx, const core::ProgressSpec& progress);
// Reads-from, coherence (partial for PTX, total for Vulkan), SC fences and final memory values
// (MemoryEncoder.cpp).
void encodeMemory(EncodingContext& ctx);
// Whether `write` is the write the location of `init` (its init write) ends with: executed, co-last and at
// that location (MemoryEncoder.cpp; after encodeMemory).
Term endsLocationWith(EncodingContext& ctx, int write, int init);

}  // namespace catcheck::encoders
