// Runs manifest rows in worker processes (WorkerPool.cpp). Models are parsed once, up front, in the parent
// and inherited by every worker; a worker parses a row's test, checks it and sends back its status and
// verdict. A row whose property is not implemented is skipped with that reason and never counted as passed;
// a row past its deadline is a timeout (killed by the parent, or stopped by the solver's own per-query
// limit); bad input, a crash or running out of memory makes an Error row. None of them stops the run.
// Logged (core/ir/Log.h): the models loaded and the rows to run at info level, each row's end at info level
// (a timeout or an error at warn level).
#include "runner/BulkRun.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>

#include "check/Check.h"
#include "core/ir/Log.h"
#include "core/ir/SourceLocation.h"
#include "frontends/Litmus.h"
#include "runner/RunReports.h"
#include "runner/RunSummary.h"
#include "runner/VerdictJson.h"
#include "runner/WorkerPool.h"

namespace catcheck::runner {
namespace {

std::map<std::string, core::Model> loadModels(const std::vector<runner::ManifestRow>& rows,
                                              const std::string& folder,
                                              std::map<std::string, std::string>& failures) {
  auto start = std::chrono::steady_clock::now();
  std::map<std::string, core::Model> models;
  for (const runner::ManifestRow& row : rows) {
    if (models.count(row.model) != 0 || failures.count(row.model) != 0 || !row.skipReason.empty()) continue;
    try {
      models.emplace(row.model, check::loadModelFile((std::filesystem::path(folder) / row.model).string()));
    } catch (const core::InputError& e) {
      failures[row.model] = e.what();
      core::log::warn("model {} failed to load: {}", row.model, e.what());
    }
  }
  core::log::info(
      "models loaded: {} from {} ({} failed) in {:.1f} ms", models.size(), folder, failures.size(),
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  return models;
}

// Runs in a worker process. Exceptions other than the two handled here make the row an error.
RowOutcome checkRow(const runner::ManifestRow& row, const core::Model& model, const BulkRunOptions& options) {
  RowOutcome outcome;
  outcome.row = row;
  check::CheckOptions check;
  check.property = core::parseProperty(row.property);
  check.bound = row.bound;
  check.solver = options.solver;
  check.solver.timeoutMs = encoders::solverTimeoutMs(options.timeoutSeconds);
  if (!row.progress.empty()) check.progress = core::parseProgressSpec(row.progress);
  check.ignoreFilter = row.ignoreFilter;
  check.warpConfig = row.warp;
  check.program.launch = row.launch;
  check.explain = options.recheckWitnesses;
  check.smallerBoundsFirst = options.smallerBoundsFirst;
  try {
    outcome.verdict = check::run({&model, row.test, nullptr, check});
    outcome.status = outcome.verdict.result == row.expected ? RowStatus::Agree : RowStatus::Differs;
  } catch (const check::SolverGaveUp& e) {
    outcome.status = e.timeLimit() ? RowStatus::Timeout : RowStatus::Error;
    outcome.message = e.what();
  }
  return outcome;
}

// What a worker sends back: one JSON document with the row's status, message and whole verdict
// (VerdictJson.h).
std::vector<std::string> encodeOutcome(const RowOutcome& o) {
  nlohmann::json json = {
      {"status", jsonStatus(o.status)}, {"message", o.message}, {"verdict", verdictToJson(o.verdict)}};
  return {json.dump()};
}

void decodeOutcome(const std::vector<std::string>& fields, RowOutcome& o) {
  if (fields.size() != 1) throw std::runtime_error("garbled result from the worker process");
  nlohmann::json json = nlohmann::json::parse(fields[0], nullptr, false);
  if (json.is_discarded() || !json.is_object())
    throw std::runtime_error("garbled result from the worker process: not a JSON object");
  if (!json.contains("status") || !json["status"].is_string() || !json.contains("message") ||
      !json["message"].is_string() || !json.contains("verdict"))
    throw std::runtime_error("garbled result from the worker process: missing status, message or verdict");
  std::optional<RowStatus> status = statusOfJson(json["status"].get<std::string>());
  if (!status) throw std::runtime_error("garbled result from the worker process: unknown row status");
  o.status = *status;
  o.message = json["message"].get<std::string>();
  o.verdict = verdictFromJson(json["verdict"]);
}

RowOutcome outcomeOf(const runner::ManifestRow& row, const TaskResult& result) {
  RowOutcome outcome;
  outcome.row = row;
  outcome.startMs = result.startMs;
  outcome.wallMs = result.wallMs;
  switch (result.end) {
    case TaskResult::End::Finished:
      decodeOutcome(result.fields, outcome);
      break;
    case TaskResult::End::TimedOut:
      outcome.status = RowStatus::Timeout;
      break;
    case TaskResult::End::Failed:
      outcome.status = RowStatus::Error;
      break;
  }
  if (result.end != TaskResult::End::Finished) outcome.message = result.failure;
  return outcome;
}

void logRowEnd(const RowOutcome& o) {
  bool ran = o.status == RowStatus::Agree || o.status == RowStatus::Differs;
  bool bad = o.status == RowStatus::Timeout || o.status == RowStatus::Error;
  core::log::logger().log(bad ? core::log::Level::warn : core::log::Level::info,
                          "row {}: {}{} in {:.1f} ms{}{}", rowName(o.row), statusLabel(o.status),
                          ran ? fmt::format(" (verdict {})", core::resultName(o.verdict.result)) : "",
                          o.wallMs, o.message.empty() ? "" : ": ", o.message);
}

// A row that is decided without running: skipped by its manifest, or its model failed to load.
bool decideWithoutRunning(const std::map<std::string, std::string>& modelFailures, RowOutcome& outcome) {
  if (!outcome.row.skipReason.empty()) {
    outcome.status = RowStatus::Skipped;
    outcome.message = outcome.row.skipReason;
    return true;
  }
  auto failure = modelFailures.find(outcome.row.model);
  if (failure == modelFailures.end()) return false;
  outcome.status = RowStatus::Error;
  outcome.message = failure->second;
  return true;
}

}  // namespace

std::vector<RowOutcome> runManifestRows(const std::vector<runner::ManifestRow>& rows,
                                        const BulkRunOptions& options, const BulkRunCallbacks& callbacks) {
  std::map<std::string, std::string> modelFailures;
  std::map<std::string, core::Model> models = loadModels(rows, options.modelsDirectory, modelFailures);
  std::vector<RowOutcome> outcomes(rows.size());
  std::vector<size_t> toRun;
  for (size_t i = 0; i < rows.size(); ++i) {
    outcomes[i].row = rows[i];
    if (!decideWithoutRunning(modelFailures, outcomes[i]))
      toRun.push_back(i);
    else if (callbacks.onDone)
      callbacks.onDone(outcomes[i]);
  }
  auto task = [&](size_t k) {
    const runner::ManifestRow& row = rows[toRun[k]];
    return encodeOutcome(checkRow(row, models.at(row.model), options));
  };
  WorkerCallbacks workerCallbacks{[&](size_t k, const TaskResult& result) {
                                    outcomes[toRun[k]] = outcomeOf(rows[toRun[k]], result);
                                    logRowEnd(outcomes[toRun[k]]);
                                    if (callbacks.onDone) callbacks.onDone(outcomes[toRun[k]]);
                                  },
                                  callbacks.onTick};
  core::log::info(
      "rows to run: {} of {} ({} decided without running) on {} worker processes, timeout {} s, memory cap "
      "{} MB",
      toRun.size(), rows.size(), rows.size() - toRun.size(),
      std::min(static_cast<size_t>(std::max(options.jobs, 1)), toRun.size()), options.timeoutSeconds,
      options.memoryMb);
  runInWorkers(toRun.size(), options.jobs, {options.timeoutSeconds, options.memoryMb}, task, workerCallbacks);
  return outcomes;
}

}  // namespace catcheck::runner
