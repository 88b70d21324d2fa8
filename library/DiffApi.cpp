// catcheck::diff (catcheck/Diff.h): the tests named by the paths (runner::testsFromPaths), checked under
// both models by runner::diffModels, each outcome turned into a public DiffEntry.
#include "catcheck/Diff.h"
#include "library/Handles.h"
#include "library/Translate.h"
#include "runner/Diff.h"

namespace catcheck {
namespace {

DiffStatus statusOf(runner::DiffStatus status) {
  switch (status) {
    case runner::DiffStatus::Same:
      return DiffStatus::Same;
    case runner::DiffStatus::Differs:
      return DiffStatus::Differs;
    case runner::DiffStatus::BadInput:
      return DiffStatus::BadInput;
    case runner::DiffStatus::GaveUp:
      return DiffStatus::GaveUp;
  }
  return DiffStatus::GaveUp;
}

DiffEntry entryOf(runner::DiffOutcome&& outcome) {
  DiffEntry entry;
  entry.test = std::move(outcome.test.name);
  entry.path = std::move(outcome.test.path);
  entry.status = statusOf(outcome.status);
  entry.first = detail::fromCore(outcome.results[0]);
  entry.second = detail::fromCore(outcome.results[1]);
  entry.message = std::move(outcome.message);
  if (outcome.witness) {
    entry.witnessModel = outcome.witness->model;
    entry.witness = std::move(outcome.witness->execution);
    entry.rejection = std::move(outcome.witness->rejection);
  }
  return entry;
}

}  // namespace

const char* diffStatusName(DiffStatus status) {
  switch (status) {
    case DiffStatus::Same:
      return "same";
    case DiffStatus::Differs:
      return "differs";
    case DiffStatus::BadInput:
      return "bad input";
    case DiffStatus::GaveUp:
      return "gave up";
  }
  return "unknown";
}

std::vector<DiffEntry> diff(const Model& first, const Model& second, const std::vector<std::string>& paths,
                            const DiffOptions& options) {
  return detail::translated([&] {
    detail::requireBound(options.bound);
    if (options.jobs < 1) throw UsageError("jobs must be at least 1");
    runner::DiffOverrides overrides{detail::toCore(options.property), options.bound};
    std::vector<runner::DiffTest> tests = runner::testsFromPaths(paths, overrides);
    runner::DiffOptions internal;
    internal.jobs = options.jobs;
    internal.solver.kind = detail::toCore(options.solver);
    internal.solver.timeoutMs = detail::timeoutMilliseconds(options.timeoutSeconds);
    std::vector<runner::DiffOutcome> outcomes =
        runner::diffModels(detail::Access::model(first), detail::Access::model(second), tests, internal);
    std::vector<DiffEntry> entries;
    for (runner::DiffOutcome& outcome : outcomes) entries.push_back(entryOf(std::move(outcome)));
    return entries;
  });
}

}  // namespace catcheck
