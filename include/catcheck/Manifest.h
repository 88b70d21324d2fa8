// Bulk regression runs over a manifest of expected verdicts (CSV rows `suite,test,model,property,bound,
// progress,expected`, the reference suite's format): each row is checked in a worker process and compared
// with its expected verdict. The workers are forked: call runManifest from a single-threaded process.
#pragma once

#include <string>
#include <vector>

#include "catcheck/Check.h"
#include "catcheck/Export.h"

namespace catcheck {

struct ManifestOptions {
  std::string modelsDirectory;  // where the rows' model names are looked up; "": modelsDirectory()
  int jobs = 1;                 // worker processes
  Solver solver = Solver::Z3;
  double timeoutSeconds = 0;  // wall time per row; 0: none
  unsigned memoryMb = 0;      // address-space cap per row; 0: none
};

enum class RowStatus { Agree, Differs, Timeout, Error, Skipped };

CATCHECK_API const char* rowStatusName(RowStatus status);  // "agree" | "differs" | ...

struct RowResult {
  int line = 0;  // in the manifest
  std::string suite;
  std::string test;
  std::string model;
  std::string property;
  int bound = 1;
  std::string progress;
  Result expected = Result::Unknown;
  RowStatus status = RowStatus::Error;
  Result result = Result::Unknown;  // the verdict found (Agree, Differs)
  std::string explanation;
  std::string message;  // skip reason, error text or what timed out
  double wallMs = 0;
};

// Reads the manifest (throws InputError for a malformed one) and runs its rows; one result per row, in order.
CATCHECK_API std::vector<RowResult> runManifest(const std::string& manifestPath,
                                                const ManifestOptions& options = {});

}  // namespace catcheck
