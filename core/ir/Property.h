// The properties a check can decide (docs/design.md decision 9, docs/semantics.md §2): one descriptor per
// property holds what it asks, how a satisfying answer reads, and what its output shows. The formula
// (encoders/), the witness check (check/) and the enumerated verdict (core/Enumerator) switch exhaustively
// over `Property`, so a new property is one descriptor plus the cases the compiler asks for.
#pragma once

#include <string>
#include <vector>

#include "core/ir/Program.h"

namespace catcheck::core {

// Participation and WarpDrf are WarpDRF's conditions (issue 9): every executed warp-primitive instance has
// a participant set the warp configuration guarantees; and that plus race freedom (cat_spec).
// WellSynchronized (issue 10): every mbarrier update joins the same phase in every execution.
// Deterministic (issue 27): every two complete executions from the same inputs end with the same result
// (MemoryObject::result, Program::registersAreResults). MemorySafety (issue 27): no executed access lies
// outside its allocation or is misaligned (MemoryObject::unsafe, computed addresses outside their object),
// and no `use-after-*` flag of the model fires.
enum class Property {
  ProgramSpec,
  CatSpec,
  Termination,
  Participation,
  WarpDrf,
  WellSynchronized,
  Deterministic,
  MemorySafety
};

// The question put to the solver: is there an execution that ... ? A satisfying answer is a witness.
struct Question {
  bool satMeansPass = false;  // exists-conditions: a witness is the outcome; otherwise it is a violation
  std::string satExplanation;
  std::string unsatExplanation;
};

struct PropertyDescriptor {
  Property property;
  const char* name;  // on the command line, in manifests, reports and output
  const char* asks;  // one line for help texts
  Question (*question)(const Program& program);
  bool decidedUnderProgress;  // the progress model matters (termination); otherwise it is ignored
  bool firesFlags;            // witnesses are judged by the flagged axioms that fire (data races)
  bool listsFinalStates;      // `--enumerate` can decide it from the final states it lists
  bool showsCondition;        // the verdict block shows the test's condition
  bool recheckedByEvaluator;  // the concrete evaluator re-checks a witness (termination: as an execution in
                              // which some thread does not terminate; it has no progress semantics)
  // A witness found with the loops unrolled b times is a witness at every larger bound: the executions at
  // bound b are executions at bound K > b (a thread that leaves through b's bound jump stops or spins at
  // the same point at K), and the question looks at one execution at a time. True for reachability and
  // flags; termination (its stuck-loop decomposition), participation and the two-execution property stay
  // at the bound asked for. check/ searches smaller bounds first where this holds.
  bool witnessHoldsAtLargerBounds;
  // A witness is two executions (deterministic): the verdict's witness shows both.
  bool comparesExecutions = false;
  // The question reads values only where the program does (branches, addresses, barrier and warp
  // operands) and through the final state a condition names, so reads whose values reach none of those may
  // be left free (encoders/ValueRelevance.h). Termination too: the values a spin loop compares across its
  // iterations are among those sinks (Step::liveWritten), and its question is existential, so leaving other
  // values free loses no hang. Not the properties that compare two executions' results or phases.
  bool valuesOnlyThroughProgram = false;
};

const PropertyDescriptor& describe(Property property);
const std::vector<PropertyDescriptor>& allProperties();

const char* propertyName(Property property);

// memory_safety reports the model's flags named use-after-* (ptx-v8.cat's use-after-dealloc) besides its
// out-of-allocation accesses: the one rule for the encoder and the evaluator's re-check.
inline bool isMemorySafetyFlag(const std::string& flagName) {
  return flagName.starts_with("use-after");
}
Property parseProperty(const std::string& name);  // throws std::invalid_argument

}  // namespace catcheck::core
