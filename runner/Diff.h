// Verdict diffs between two models (`catcheck diff`): what a model author sees after editing a `.cat` file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/analysis/RelationGraph.h"
#include "core/ir/Progress.h"
#include "core/ir/Verdict.h"
#include "encoders/Solver.h"
#include "frontends/ptx/PtxLaunch.h"
#include "runner/Manifest.h"

namespace catcheck::runner {

struct DiffTest {
  std::string name;  // as shown (relative to the manifest's folder, or as given)
  std::string path;
  core::Property property = core::Property::ProgramSpec;
  int bound = 1;
  core::ProgressSpec progress;
  bool ignoreFilter = false;
  frontends::ptx::KernelLaunch launch;  // PTX kernels (a manifest's launch columns)
};

// What the command line may override in every test.
struct DiffOverrides {
  std::optional<core::Property> property;
  std::optional<int> bound;
};

// One test per distinct (test, property, bound, progress) among the rows, in row order.
std::vector<DiffTest> testsFromManifest(const std::vector<runner::ManifestRow>& rows,
                                        const std::string& manifestPath, const DiffOverrides& overrides);
// Files as given and every *.litmus below each folder (sorted), as program_spec, bound 1, FAIR unless
// overridden. Throws core::InputError for a path that does not exist.
std::vector<DiffTest> testsFromPaths(const std::vector<std::string>& paths, const DiffOverrides& overrides);

// The execution behind the verdict that differs, found by the model whose solver answered SAT (the one
// that allows the outcome, race or hang), judged by the other model with the concrete evaluator.
struct DiffWitness {
  int model = 0;                        // 0: the first model, 1: the second
  std::string execution;                // check::executionAsText
  std::vector<std::string> ownFlags;    // cat_spec: the flags that fire under `model`, with their pairs
  std::vector<std::string> rejection;   // the other model's failing axioms, each with its cycle or pair
  std::vector<std::string> otherFlags;  // cat_spec: the flags that fire under the other model
};

enum class DiffStatus { Same, Differs, BadInput, GaveUp };

struct DiffOutcome {
  DiffTest test;
  DiffStatus status = DiffStatus::GaveUp;
  core::Result results[2] = {core::Result::Unknown, core::Result::Unknown};
  std::string message;                 // BadInput, GaveUp: why
  std::optional<DiffWitness> witness;  // Differs: when one of the verdicts comes from an execution
};

struct DiffOptions {
  int jobs = 1;
  encoders::SolverOptions solver;
};

// Checks every test under both models, `jobs` tests at a time on worker threads, and returns one outcome
// per test, in order.
std::vector<DiffOutcome> diffModels(const core::Model& first, const core::Model& second,
                                    const std::vector<DiffTest>& tests, const DiffOptions& options);

}  // namespace catcheck::runner
