// catcheck::runManifest (catcheck/Manifest.h): reads the manifest (runner/Manifest.h) and runs its rows in
// forked worker processes (runner/BulkRun.h), each outcome turned into a public RowResult.
#include "cat/Parser.h"
#include "catcheck/Manifest.h"
#include "library/Handles.h"
#include "library/Translate.h"
#include "runner/BulkRun.h"
#include "runner/Manifest.h"

namespace catcheck {
namespace {

RowStatus statusOf(runner::RowStatus status) {
  switch (status) {
    case runner::RowStatus::Agree:
      return RowStatus::Agree;
    case runner::RowStatus::Differs:
      return RowStatus::Differs;
    case runner::RowStatus::Timeout:
      return RowStatus::Timeout;
    case runner::RowStatus::Error:
      return RowStatus::Error;
    case runner::RowStatus::Skipped:
      return RowStatus::Skipped;
  }
  return RowStatus::Error;
}

RowResult resultOf(runner::RowOutcome&& outcome) {
  RowResult result;
  runner::ManifestRow& row = outcome.row;
  result.line = row.line;
  result.suite = std::move(row.suite);
  result.test = std::move(row.test);
  result.model = std::move(row.model);
  result.property = std::move(row.property);
  result.bound = row.bound;
  result.progress = std::move(row.progress);
  result.expected = detail::fromCore(row.expected);
  result.status = statusOf(outcome.status);
  result.result = detail::fromCore(outcome.verdict.result);
  result.explanation = std::move(outcome.verdict.explanation);
  result.message = std::move(outcome.message);
  result.wallMs = outcome.wallMs;
  return result;
}

}  // namespace

const char* rowStatusName(RowStatus status) {
  switch (status) {
    case RowStatus::Agree:
      return "agree";
    case RowStatus::Differs:
      return "differs";
    case RowStatus::Timeout:
      return "timeout";
    case RowStatus::Error:
      return "error";
    case RowStatus::Skipped:
      return "skipped";
  }
  return "unknown";
}

std::vector<RowResult> runManifest(const std::string& manifestPath, const ManifestOptions& options) {
  return detail::translated([&] {
    if (options.jobs < 1) throw UsageError("jobs must be at least 1");
    std::vector<runner::ManifestRow> rows = runner::readManifest(manifestPath);
    runner::BulkRunOptions internal;
    internal.modelsDirectory =
        options.modelsDirectory.empty() ? cat::defaultModelsDirectory() : options.modelsDirectory;
    internal.jobs = options.jobs;
    internal.solver.kind = detail::toCore(options.solver);
    if (options.timeoutSeconds < 0) throw UsageError("the timeout must not be negative");
    internal.timeoutSeconds = options.timeoutSeconds;
    internal.memoryMb = options.memoryMb;
    std::vector<RowResult> results;
    for (runner::RowOutcome& outcome : runner::runManifestRows(rows, internal))
      results.push_back(resultOf(std::move(outcome)));
    return results;
  });
}

}  // namespace catcheck
