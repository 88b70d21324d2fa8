// Verdicts and their vocabulary (docs/design.md decision 6, docs/semantics.md §2): what a check asked, what
// it answered, and where the time went.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/ir/Property.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::core {

enum class Result { Pass, Fail, Unknown };

struct PhaseTimes {
  double parseMs = 0;
  double analysisMs = 0;
  double encodeMs = 0;
  double solveMs = 0;
  double totalMs() const { return parseMs + analysisMs + encodeMs + solveMs; }
};

struct Verdict {
  Result result = Result::Unknown;
  std::string explanation;  // one line: why this result
  std::string firedFlag;    // cat_spec FAIL: the flag that fired
  std::string firedPair;    // cat_spec FAIL: one pair of events in the flagged relation
  // The events firedPair names (cat_spec: the pair; memory_safety: the access; termination: where each
  // stuck thread waits), where a person finds them:
  // the thread as its user numbers it (a kernel's "thread 16", "thread 3 of block 1"; else P0, ...) and
  // the source position (the user's .cu line through PTX .loc, else the program's own file and line).
  struct EventSite {
    int event = -1;
    std::string thread;
    SourceLocation source;
  };
  std::vector<EventSite> firedSites;
  // Every event the witness executes, in the order of its text, where a person finds it (for JSON; a
  // two-execution witness gives its second execution's).
  std::vector<EventSite> witnessSites;
  std::string witness;  // the execution behind a SAT answer, as text (when asked to explain)
  std::string stuck;    // termination FAIL: the stuck threads, where, and the values they keep reading
  std::string testName;
  std::string condition;  // the test's condition as written
  // well_synchronized FAIL: the mbarrier update (its read event) and the phases it joins in two executions,
  // the witness's last.
  struct PhaseDifference {
    int event = -1;
    long long phase = 0;
    long long otherPhase = 0;
  };
  std::optional<PhaseDifference> phaseDifference;
  // deterministic FAIL: the first result (a location, or a litmus test's register) whose final value
  // differs between the two executions of the witness, with both values.
  struct ResultDifference {
    int location = -1;  // a memory object, or -1 for a register
    int thread = -1;
    int reg = -1;
    long long first = 0;
    long long second = 0;
  };
  std::optional<ResultDifference> resultDifference;
  // memory_safety FAIL: the access outside its allocation (its event; -1 when a use-after flag fired).
  int unsafeEvent = -1;
  // A property made of conditions (warp_drf: Memory, Participation): each one's own result, in order.
  std::vector<std::pair<std::string, Result>> conditions;
  // The bound at which the witness was found, when smaller than the one asked for (0: that bound). A
  // witness at a smaller bound is one at every larger bound (core/ir/Property.h).
  int witnessBound = 0;
  PhaseTimes times;
};

const char* resultName(Result result);
Result parseResult(const std::string& name);  // throws std::invalid_argument

// Whether a verdict says the program is correct for the property: the question its descriptor puts to the
// solver has no witness (an exists-condition is unreachable, nothing violates ~exists / forall, no flag
// fires, no thread hangs). UNKNOWN never verifies. `catcheck minimize` keeps a relaxation by this one
// definition; a new property gets it from its descriptor's question.
bool verifies(Property property, const Program& program, Result result);

}  // namespace catcheck::core
