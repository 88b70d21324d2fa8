// The enumerator as an oracle on the reference suite: for every row of the PTXv6_0 and PTXv7_5 suites in
// ../shared/suite/manifest.csv whose test fits the enumeration limits below, the verdict computed from
// the enumerated executions under the project's own models must be the manifest's expected verdict. Rows
// over the limits are skipped with the limit they exceed; the counts are printed.
#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

#include "cat/Parser.h"
#include "core/concrete/Enumerator.h"
#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"
#include "runner/Manifest.h"

namespace catcheck::core {
namespace {

const std::string kSuite = CATCHECK_SUITE_DIR;
const std::string kModels = std::string(CATCHECK_SOURCE_DIR) + "/models";

// Every PTX row of the suite fits these limits (the largest test has 20 events; the slowest needs a few
// thousand evaluations), and the whole selection runs in about two seconds.
EnumerationLimits suiteLimits() {
  EnumerationLimits limits;
  limits.maxEvents = 48;
  limits.maxCombinations = 100000;
  limits.maxEvaluations = 100000;
  return limits;
}

TEST(EnumeratorSuite, PtxVerdictsMatchTheManifest) {
  std::map<std::string, core::Model> models;
  std::set<std::string> suites = {"PTXv6_0", "PTXv7_5"};
  int compared = 0, skipped = 0;
  long long paths = 0, combinations = 0, evaluations = 0;
  for (const runner::ManifestRow& row : runner::readManifest(kSuite + "/manifest.csv")) {
    if (suites.count(row.suite) == 0) continue;
    auto model = models.find(row.model);
    if (model == models.end())
      model = models.emplace(row.model, cat::loadModel(kModels + "/" + row.model)).first;
    Program program = frontends::parseLitmusFile(row.test);
    EnumerationResult result = enumerate(model->second, buildEventGraph(program, row.bound), suiteLimits());
    if (!result.complete) {
      ++skipped;
      std::cout << "skipped " << row.suite << " " << row.test << ": " << result.incompleteReason << "\n";
      continue;
    }
    ++compared;
    paths += result.paths;
    combinations += result.combinations;
    evaluations += result.evaluations;
    Result verdict = enumeratedVerdict(result, program, parseProperty(row.property));
    EXPECT_STREQ(resultName(verdict), resultName(row.expected))
        << row.suite << " " << row.test << " [" << row.model << "], " << result.consistentExecutions
        << " consistent executions";
  }
  std::cout << "enumerator vs manifest: " << compared << " PTX rows compared, " << skipped << " skipped ("
            << paths << " thread paths, " << combinations << " path combinations, " << evaluations
            << " evaluations)\n";
  EXPECT_GT(compared, 0) << "a selection without rows has no expectation";
}

}  // namespace
}  // namespace catcheck::core
