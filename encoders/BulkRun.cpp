// Runs manifest rows on a pool of worker threads. Models are parsed once, up front, and shared read-only;
// each row parses its own test. A row whose property is not implemented is skipped with that reason and
// never counted as passed; bad input or a solver that gives up makes an Error row without stopping the run.
#include "encoders/BulkRun.h"

#include "cat/Parser.h"
#include "core/SourceLocation.h"
#include "frontends/Litmus.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

namespace catcheck::encoders {
namespace {

std::map<std::string, cat::Model> loadModels(const std::vector<core::ManifestRow>& rows, const std::string& folder,
                                             std::map<std::string, std::string>& failures) {
  std::map<std::string, cat::Model> models;
  for (const core::ManifestRow& row : rows) {
    if (models.count(row.model) != 0 || failures.count(row.model) != 0) continue;
    try {
      models.emplace(row.model, cat::loadModel((std::filesystem::path(folder) / row.model).string()));
    } catch (const core::InputError& e) {
      failures[row.model] = e.what();
    }
  }
  return models;
}

RowOutcome runRow(const core::ManifestRow& row, const std::map<std::string, cat::Model>& models,
                  const std::map<std::string, std::string>& modelFailures, const BulkRunOptions& options) {
  RowOutcome outcome{row, RowStatus::Error, {}, ""};
  auto failure = modelFailures.find(row.model);
  if (failure != modelFailures.end()) {
    outcome.message = failure->second;
    return outcome;
  }
  CheckOptions check;
  check.property = core::parseProperty(row.property);
  check.bound = row.bound;
  check.solver = options.solver;
  try {
    if (!row.progress.empty()) check.progress = core::parseProgressSpec(row.progress);
    outcome.verdict = checkFile(row.test, models.at(row.model), check);
    outcome.status = outcome.verdict.result == row.expected ? RowStatus::Agree : RowStatus::Disagree;
  } catch (const UnsupportedProperty& e) {
    outcome.status = RowStatus::Skipped;
    outcome.message = e.what();
  } catch (const std::exception& e) {
    outcome.message = e.what();
  }
  return outcome;
}

}  // namespace

core::Verdict checkFile(const std::string& testPath, const cat::Model& model, const CheckOptions& options) {
  // The ANTLR C++ runtime shares its DFA caches between parser instances: parse one file at a time.
  static std::mutex parseMutex;
  auto start = std::chrono::steady_clock::now();
  core::Program program = [&] {
    std::lock_guard lock(parseMutex);
    return frontends::parseLitmusFile(testPath);
  }();
  double parseMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  core::Verdict verdict = check(program, model, options);
  verdict.times.parseMs = parseMs;
  verdict.testName = program.name;
  verdict.condition = program.assertionText;
  return verdict;
}

std::vector<RowOutcome> runManifestRows(const std::vector<core::ManifestRow>& rows, const BulkRunOptions& options,
                                        const std::function<void(const RowOutcome&)>& onDone) {
  std::map<std::string, std::string> modelFailures;
  std::map<std::string, cat::Model> models = loadModels(rows, options.modelsDirectory, modelFailures);
  std::vector<RowOutcome> outcomes(rows.size());
  std::atomic<size_t> next{0};
  std::mutex reportMutex;
  auto worker = [&] {
    for (size_t i = next++; i < rows.size(); i = next++) {
      outcomes[i] = runRow(rows[i], models, modelFailures, options);
      std::lock_guard lock(reportMutex);
      if (onDone) onDone(outcomes[i]);
    }
  };
  std::vector<std::thread> pool;
  for (int j = 1; j < std::max(options.jobs, 1); ++j) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return outcomes;
}

}  // namespace catcheck::encoders
