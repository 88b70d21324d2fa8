// Verdicts that differ between two models (`catcheck diff`): every test is checked under both models and,
// where the verdicts differ, the execution behind it is shown with why the other model rejects it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catcheck/Check.h"
#include "catcheck/Export.h"
#include "catcheck/Model.h"

namespace catcheck {

struct DiffOptions {
  Property property = Property::ProgramSpec;
  int bound = 1;
  int jobs = 1;  // tests checked at a time, on threads
  Solver solver = Solver::Z3;
  double timeoutSeconds = 0;  // per solver query; 0: none
};

enum class DiffStatus { Same, Differs, BadInput, GaveUp };

CATCHECK_API const char* diffStatusName(DiffStatus status);  // "same" | "differs" | ...

struct DiffEntry {
  std::string test;  // as given, or relative to the folder given
  std::string path;
  DiffStatus status = DiffStatus::GaveUp;
  Result first = Result::Unknown;  // verdict under the first model
  Result second = Result::Unknown;
  std::string message;  // BadInput, GaveUp: why
  // Differs, when a verdict comes from an execution: the model that allows it (0 first, 1 second), the
  // execution as text, and the other model's failing axioms.
  std::optional<int> witnessModel;
  std::string witness;
  std::vector<std::string> rejection;
};

// `paths`: litmus files, and folders searched for *.litmus. Throws InputError for a path that does not
// exist; bad tests are reported per entry (BadInput).
CATCHECK_API std::vector<DiffEntry> diff(const Model& first, const Model& second,
                                         const std::vector<std::string>& paths,
                                         const DiffOptions& options = {});

}  // namespace catcheck
