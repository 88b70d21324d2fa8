// Bulk regression runs: manifest rows checked in parallel worker processes against their expected verdicts.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "check/Check.h"
#include "core/analysis/RelationGraph.h"
#include "runner/Manifest.h"

namespace catcheck::runner {

enum class RowStatus { Agree, Differs, Timeout, Error, Skipped };

struct RowOutcome {
  runner::ManifestRow row;
  RowStatus status = RowStatus::Error;
  core::Verdict verdict;
  std::string message;  // skip reason, error text or what timed out
  double startMs = 0;   // since the run began
  // Of the whole row in its worker; 0 for rows decided without running (skips, models that failed to load).
  double wallMs = 0;
};

struct BulkRunOptions {
  std::string modelsDirectory;  // where manifest model names are looked up
  int jobs = 1;
  encoders::SolverOptions solver;
  double timeoutSeconds = 0;  // wall time per row, also each solver query's limit; 0: none
  unsigned memoryMb = 0;      // address-space cap per row; 0: none
  // Every SAT answer's witness re-checked by the concrete evaluator (docs/design.md decision 7), as single
  // checks do; a rejected witness is an ERROR row. `--no-recheck` turns it off.
  bool recheckWitnesses = true;
  bool smallerBoundsFirst =
      true;  // check::CheckOptions::smallerBoundsFirst; `--no-smaller-bounds` turns it off
};

struct BulkRunCallbacks {
  std::function<void(const RowOutcome&)> onDone;  // as each row finishes
  std::function<void()> onTick;                   // a few times a second while rows run
};

// Runs the rows, `jobs` at a time, in worker processes forked after the models are loaded (see
// WorkerPool.h: call it from a single-threaded process), and returns one outcome per row, in row order.
std::vector<RowOutcome> runManifestRows(const std::vector<runner::ManifestRow>& rows,
                                        const BulkRunOptions& options,
                                        const BulkRunCallbacks& callbacks = {});

}  // namespace catcheck::runner
