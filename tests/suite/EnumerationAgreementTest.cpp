// The two engines agree (docs/design.md decision 7): for every row of the reference manifest whose test is
// small enough to enumerate (the enumerator's default limits: 48 events, 4096 paths per thread, 100000
// path combinations and evaluations), the verdict computed from the enumerated executions equals the SMT
// verdict, under our models. program_spec and cat_spec rows are all compared. Termination rows are
// compared under uniform FAIR progress (an empty or FAIR progress column), the only progress model the
// enumerator follows, when the enumeration decides them: it does not decide an execution in which a
// thread stops after a side-effecting iteration that an earlier copy of its loop might match (counted as
// undecided, with the reason). The Vulkan FAIR liveness rows (bound 4) are compared with tighter limits
// (kLoopedLimits): every one the enumerator completes does so within a few hundred candidate executions,
// while one that exceeds them would take up to 30 s each to reach the default limits (counted as too
// large). Termination rows under other progress models are not compared (counted; they are covered by
// the regression runs).
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <stdexcept>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/concrete/Enumerator.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Progress.h"
#include "frontends/Litmus.h"
#include "runner/Manifest.h"

namespace catcheck {
namespace {

const std::string kSuite = CATCHECK_SUITE_DIR;
const std::string kModels = std::string(CATCHECK_SOURCE_DIR) + "/models";

const core::EnumerationLimits kDefaultLimits;
const core::EnumerationLimits kLoopedLimits = [] {
  core::EnumerationLimits limits;
  limits.maxCombinations = 2000;
  limits.maxEvaluations = 2000;
  return limits;
}();

class EnumerationAgreement : public ::testing::TestWithParam<const char*> {};

TEST_P(EnumerationAgreement, EnumeratedAndSmtVerdictsAgree) {
  const std::string architecture = GetParam();
  std::map<std::string, core::Model> models;
  int compared = 0, tooLarge = 0, otherProgress = 0, terminationCompared = 0, undecided = 0;
  std::map<std::string, int> undecidedReasons;
  for (const runner::ManifestRow& row : runner::readManifest(kSuite + "/manifest.csv")) {
    if (row.suite.rfind(architecture, 0) != 0) continue;
    core::Property property = core::parseProperty(row.property);
    bool termination = property == core::Property::Termination;
    core::ProgressSpec progress = core::parseProgressSpec(row.progress.empty() ? "FAIR" : row.progress);
    if (termination && !progress.uniformlyFair()) {
      ++otherProgress;
      continue;
    }
    auto model = models.find(row.model);
    if (model == models.end())
      model = models.emplace(row.model, cat::loadModel(kModels + "/" + row.model)).first;
    core::Program program = frontends::parseLitmusFile(row.test);
    core::EnumerationResult enumerated =
        core::enumerate(model->second, core::buildEventGraph(program, row.bound),
                        row.bound > 1 ? kLoopedLimits : kDefaultLimits);
    if (!enumerated.complete) {
      ++tooLarge;
      continue;
    }
    core::Result verdict;
    try {
      verdict = core::enumeratedVerdict(enumerated, program, property);
    } catch (const std::invalid_argument& e) {
      ++undecided;
      ++undecidedReasons[e.what()];
      continue;
    }
    ++compared;
    terminationCompared += termination ? 1 : 0;
    check::CheckOptions options;
    options.property = property;
    options.bound = row.bound;
    options.progress = progress;
    core::Result smt = check::checkProgram(program, model->second, options).result;
    EXPECT_STREQ(core::resultName(verdict), core::resultName(smt))
        << row.suite << " " << row.test << " [" << row.model << ", " << row.property << "]";
  }
  std::cout << architecture << ": " << compared << " rows compared (" << terminationCompared
            << " termination), " << tooLarge << " too large to enumerate, " << undecided
            << " termination rows undecided by the enumeration, " << otherProgress
            << " termination rows under other progress models not compared\n";
  for (const auto& [reason, count] : undecidedReasons)
    std::cout << "  undecided (" << count << "): " << reason << "\n";
  EXPECT_GT(compared, 0);
}

INSTANTIATE_TEST_SUITE_P(Manifest, EnumerationAgreement, ::testing::Values("PTX", "VULKAN"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace catcheck
