// Verdict diffs between two models. Every test is checked under both models (without witnesses: most
// verdicts agree, and asking for a model costs time); a test whose verdicts differ is checked again under
// both with `explain`. Exactly one of the two verdicts can come from a satisfying execution (an allowed
// outcome, a race or a hang: if both did, the verdicts would agree), and that model's solver returns it.
// The concrete evaluator then judges the execution under the other model: which of its axioms fail, with
// the cycle or pair that breaks each (WitnessExplain.h), or, when it is consistent there too, which flags
// fire. Tests run on a pool of worker threads, as checks share nothing but the read-only models. Logged
// (core/ir/Log.h): the tests to run at info level, each test's end at info level (bad input or a solver that
// gave up at warn level), the search for the witness of a differing verdict at debug level.
#include "runner/Diff.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <set>
#include <thread>
#include <tuple>

#include "check/WitnessExplain.h"
#include "core/concrete/Evaluator.h"
#include "core/ir/Log.h"
#include "core/ir/SourceLocation.h"
#include "runner/BulkRun.h"

namespace catcheck::runner {
namespace {

namespace fs = std::filesystem;

DiffTest withOverrides(DiffTest test, const DiffOverrides& overrides) {
  if (overrides.property) test.property = *overrides.property;
  if (overrides.bound) test.bound = *overrides.bound;
  return test;
}

// Every program (*.litmus, *.spvasm, *.spv) below `folder`, sorted, named from the folder's own name down
// ("Manual/proxy/X.litmus").
std::vector<DiffTest> litmusFilesBelow(const std::string& path, const DiffOverrides& overrides) {
  fs::path folder = fs::absolute(path).lexically_normal();
  if (folder.filename().empty()) folder = folder.parent_path();  // "Manual/" names itself "Manual"
  std::vector<DiffTest> tests;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
    std::string extension = entry.path().extension().string();
    bool program = extension == ".litmus" || extension == ".spvasm" || extension == ".spv";
    if (!entry.is_regular_file() || !program) continue;
    std::string name = entry.path().lexically_relative(folder.parent_path()).string();
    tests.push_back(withOverrides({name, entry.path().string(), {}, 1, {}, false, {}}, overrides));
  }
  std::sort(tests.begin(), tests.end(), [](const DiffTest& a, const DiffTest& b) { return a.name < b.name; });
  return tests;
}

check::CheckOptions checkOptions(const DiffTest& test, const DiffOptions& options) {
  check::CheckOptions check;
  check.property = test.property;
  check.bound = test.bound;
  check.solver = options.solver;
  check.progress = test.progress;
  check.ignoreFilter = test.ignoreFilter;
  check.program.launch = test.launch;
  return check;
}

// Runs under the model whose solver found the execution: judges it under the other model (and, for
// cat_spec, says which flags fire under each).
DiffWitness judge(const core::Model* models[2], int own, core::Property property,
                  const core::EventGraph& graph, const core::Execution& execution) {
  DiffWitness witness;
  witness.model = own;
  core::Evaluator ownEvaluator(*models[own], graph, execution);
  core::Evaluator otherEvaluator(*models[1 - own], graph, execution);
  witness.rejection = check::failedAxioms(*models[1 - own], graph, otherEvaluator);
  if (!core::describe(property).firesFlags) return witness;
  witness.ownFlags = check::firedFlags(*models[own], graph, ownEvaluator);
  witness.otherFlags = check::firedFlags(*models[1 - own], graph, otherEvaluator);
  return witness;
}

// Checks the test again under both models, asking for witnesses; keeps the one found.
std::optional<DiffWitness> findWitness(const core::Model* models[2], const DiffTest& test,
                                       const DiffOptions& options) {
  std::optional<DiffWitness> witness;
  for (int own = 0; own < 2; ++own) {
    check::CheckOptions check = checkOptions(test, options);
    check.explain = true;
    check.onWitness = [&](const core::EventGraph& graph, const core::Execution& execution) {
      witness = judge(models, own, test.property, graph, execution);
    };
    core::log::debug("diff {}: looking for the witness under model {}", test.name, own + 1);
    core::Verdict verdict = check::run({models[own], test.path, nullptr, check});
    if (witness) {
      witness->execution = verdict.witness;
      return witness;
    }
  }
  return witness;
}

const char* statusText(DiffStatus status) {
  switch (status) {
    case DiffStatus::Same:
      return "same";
    case DiffStatus::Differs:
      return "DIFFERS";
    case DiffStatus::BadInput:
      return "bad input";
    case DiffStatus::GaveUp:
      return "gave up";
  }
  return "?";
}

void logTestEnd(const DiffOutcome& o, double ms) {
  bool failed = o.status == DiffStatus::BadInput || o.status == DiffStatus::GaveUp;
  core::log::logger().log(failed ? core::log::Level::warn : core::log::Level::info,
                          "diff {}: {} ({} vs {}) in {:.1f} ms{}{}", o.test.name, statusText(o.status),
                          core::resultName(o.results[0]), core::resultName(o.results[1]), ms,
                          o.message.empty() ? "" : ": ", o.message);
}

DiffOutcome diffOne(const core::Model* models[2], const DiffTest& test, const DiffOptions& options) {
  auto start = std::chrono::steady_clock::now();
  DiffOutcome outcome;
  outcome.test = test;
  try {
    for (int m = 0; m < 2; ++m)
      outcome.results[m] = check::run({models[m], test.path, nullptr, checkOptions(test, options)}).result;
    outcome.status = outcome.results[0] == outcome.results[1] ? DiffStatus::Same : DiffStatus::Differs;
    if (outcome.status == DiffStatus::Differs) outcome.witness = findWitness(models, test, options);
  } catch (const core::InputError& e) {
    outcome.status = DiffStatus::BadInput;
    outcome.message = e.what();
  } catch (const std::invalid_argument& e) {
    outcome.status = DiffStatus::BadInput;
    outcome.message = e.what();
  } catch (const std::exception& e) {  // the solver gave up, or a witness was rejected
    outcome.status = DiffStatus::GaveUp;
    outcome.message = e.what();
  } catch (...) {  // never let one test's failure end the whole diff
    outcome.status = DiffStatus::GaveUp;
    outcome.message = "internal error: an unknown exception";
  }
  logTestEnd(outcome,
             std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  return outcome;
}

}  // namespace

std::vector<DiffTest> testsFromManifest(const std::vector<runner::ManifestRow>& rows,
                                        const std::string& manifestPath, const DiffOverrides& overrides) {
  fs::path folder = fs::path(manifestPath).parent_path();
  std::vector<DiffTest> tests;
  std::set<std::tuple<std::string, core::Property, int, std::string, bool, std::string>> seen;
  for (const runner::ManifestRow& row : rows) {
    if (!row.skipReason.empty()) continue;
    DiffTest test{fs::path(row.test).lexically_relative(folder).string(),
                  row.test,
                  core::parseProperty(row.property),
                  row.bound,
                  {},
                  false,
                  {}};
    if (!row.progress.empty()) test.progress = core::parseProgressSpec(row.progress);
    test.ignoreFilter = row.ignoreFilter;
    test.launch = row.launch;
    test = withOverrides(std::move(test), overrides);
    std::string progress =
        core::describe(test.property).decidedUnderProgress ? row.progress : "";  // matters only there
    std::string launch = frontends::ptx::describeLaunch(test.launch);
    if (seen.emplace(test.path, test.property, test.bound, progress, test.ignoreFilter, launch).second)
      tests.push_back(std::move(test));
  }
  return tests;
}

std::vector<DiffTest> testsFromPaths(const std::vector<std::string>& paths, const DiffOverrides& overrides) {
  std::vector<DiffTest> tests;
  for (const std::string& path : paths) {
    if (!fs::exists(path)) throw core::InputError({path, 1, 1}, "no such test file or folder");
    std::vector<DiffTest> found =
        fs::is_directory(path)
            ? litmusFilesBelow(path, overrides)
            : std::vector<DiffTest>{withOverrides({path, path, {}, 1, {}, false, {}}, overrides)};
    tests.insert(tests.end(), found.begin(), found.end());
  }
  return tests;
}

std::vector<DiffOutcome> diffModels(const core::Model& first, const core::Model& second,
                                    const std::vector<DiffTest>& tests, const DiffOptions& options) {
  const core::Model* models[2] = {&first, &second};
  std::vector<DiffOutcome> outcomes(tests.size());
  int threads = std::max(1, std::min<int>(std::max(options.jobs, 1), static_cast<int>(tests.size())));
  core::log::info("diff: {} tests on {} threads", tests.size(), threads);
  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (size_t i = next++; i < tests.size(); i = next++) outcomes[i] = diffOne(models, tests[i], options);
  };
  std::vector<std::thread> pool;
  for (int j = 1; j < threads; ++j) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return outcomes;
}

}  // namespace catcheck::runner
