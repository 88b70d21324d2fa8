// Bulk regression runs: every manifest row checked in parallel against its expected verdict.
#pragma once

#include "cat/Model.h"
#include "core/Manifest.h"
#include "encoders/Checker.h"

#include <functional>
#include <string>
#include <vector>

namespace catcheck::encoders {

enum class RowStatus { Agree, Disagree, Skipped, Error };

struct RowOutcome {
  core::ManifestRow row;
  RowStatus status = RowStatus::Error;
  core::Verdict verdict;
  std::string message;  // skip reason or error text
};

struct BulkRunOptions {
  std::string modelsDirectory;  // where manifest model names are looked up
  int jobs = 1;
  SolverOptions solver;
};

// Runs the rows (in parallel with `jobs` workers) and returns one outcome per row, in row order.
// `onDone` is called (serialised) as each row finishes.
std::vector<RowOutcome> runManifestRows(const std::vector<core::ManifestRow>& rows, const BulkRunOptions& options,
                                        const std::function<void(const RowOutcome&)>& onDone = {});

// Parses the test and checks it: the verdict's times include parsing.
core::Verdict checkFile(const std::string& testPath, const cat::Model& model, const CheckOptions& options);

}  // namespace catcheck::encoders
