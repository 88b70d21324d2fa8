// `catcheck minimize`: which barriers, fences, memory orders and scopes a program really needs (issue 11).
// The program must verify (core::verifies, for every property asked); then each relaxation of each
// synchronisation point (frontends/Relaxation.h) is tried one at a time, greedily in a stated order, and kept
// when the relaxed program still verifies at the bound (or grid) and at every `also` size. Each relaxed
// program is written out and checked from scratch; the minimised one is re-checked at the end, with the
// concrete evaluator's enumeration as a second opinion where the program is small enough.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/analysis/RelationGraph.h"
#include "core/ir/Progress.h"
#include "core/ir/Property.h"
#include "core/ir/Verdict.h"
#include "encoders/Solver.h"
#include "frontends/Relaxation.h"

namespace catcheck::runner {

// The relaxers belong to the front ends, which own their dialects' vocabulary.
using frontends::JointRelaxation;
using frontends::Relaxation;
using frontends::Relaxer;
using frontends::SyncPoint;

// A size a program is checked at: a loop bound and, for SPIR-V, a thread grid (T, S, W).
struct CheckSize {
  int bound = 1;
  std::optional<std::array<int, 3>> grid;  // none: the module's @Config
  std::string label() const;               // "bound 2", "grid 2,1,3 bound 1"
};

// Parses an `--also` value: an integer K (the bound, at the main grid) or T,S,W (the grid, at the main
// bound). Throws std::invalid_argument.
CheckSize parseAlsoSize(const std::string& text, const CheckSize& main);

struct MinimizeOptions {
  std::vector<core::Property> properties = {core::Property::ProgramSpec};
  CheckSize size;               // where the program must verify
  std::vector<CheckSize> also;  // where every kept relaxation must verify too
  core::ProgressSpec progress;
  encoders::SolverOptions solver;
  std::function<void(const std::string&)> log;  // one line per check, when set
};

// Why a program does not verify: the first property, at the first size, whose verdict says so.
struct Failure {
  core::Property property = core::Property::ProgramSpec;
  CheckSize size;
  core::Result result = core::Result::Unknown;
  std::string summary;  // one line: what the execution shows
  std::string witness;  // the whole execution (check::executionAsText), "" for UNKNOWN
};

// One relaxation tried and not kept.
struct Refused {
  std::string step;      // "acquire -> relaxed"
  std::string text;      // the instruction it would give
  Failure failure;       // where it breaks
  bool holdsAtMainSize;  // verifies at the main size: it only holds at the checked size, not beyond
};

enum class PointStatus { Necessary, Redundant, Relaxed };
const char* pointStatusName(PointStatus status);

struct PointResult {
  SyncPoint point;
  std::string finalText;          // "" when removed
  std::vector<std::string> kept;  // steps kept, in order
  std::vector<Refused> refused;   // the last refusal of each step tried
  PointStatus status() const;
};

// The concrete evaluator's opinion on the minimised program at one size and property.
struct EvaluatorCheck {
  core::Property property = core::Property::ProgramSpec;
  CheckSize size;
  bool applied = false;  // the enumeration was complete
  std::string note;      // why it does not apply, or how many executions it enumerated
};

struct MinimizeResult {
  std::string testName;
  std::optional<Failure> original;  // set when the original program does not verify
  std::string order;                // the relaxation order, one sentence
  std::vector<PointResult> points;
  std::string minimized;  // the minimised program's text
  std::vector<EvaluatorCheck> evaluator;
  int checks = 0;  // programs checked (one property at one size each)
  double milliseconds = 0;
};

// A relaxed program that the front end rejects, or a minimised program that no longer verifies: a bug in
// a relaxer or a nondeterministic check, reported instead of an answer.
class MinimizeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Minimises the program in `path`. Throws core::InputError for bad input, encoders::SolverGaveUp when the
// solver gives up on the original or the minimised program, check::WitnessRejected when the evaluator
// rejects a witness or disagrees with the solver's verdict on the minimised program, MinimizeError (above),
// std::invalid_argument for a grid given to a litmus test.
MinimizeResult minimize(const std::string& path, const core::Model& model, const MinimizeOptions& options);

}  // namespace catcheck::runner
