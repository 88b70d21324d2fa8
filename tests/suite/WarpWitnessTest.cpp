// The warp-primitive rows of the project's litmus manifest checked one by one with witnesses on: every
// satisfying answer (a race, undefined behaviour, a participation violation, an outcome) must be accepted
// by the concrete evaluator, which re-derives the warp instances, their completion and the collectives'
// results from the re-run threads, and the verdict must be the expected one. warp_drf also reports its
// two conditions.
#include <gtest/gtest.h>

#include "check/Check.h"
#include "runner/Manifest.h"

namespace catcheck {
namespace {

const std::string kSource = CATCHECK_SOURCE_DIR;

std::vector<runner::ManifestRow> warpRows() {
  std::vector<runner::ManifestRow> rows;
  for (runner::ManifestRow& row : runner::readManifest(kSource + "/litmus/manifest.csv")) {
    if (row.suite == "OWN-PTX-WARP") rows.push_back(std::move(row));
  }
  return rows;
}

TEST(WarpWitness, EveryWarpRowAgreesWithItsWitnessRechecked) {
  std::vector<runner::ManifestRow> rows = warpRows();
  ASSERT_GE(rows.size(), 30U);
  for (const runner::ManifestRow& row : rows) {
    core::Model model = check::loadModelFile(kSource + "/models/" + row.model);
    check::CheckOptions options;
    options.property = core::parseProperty(row.property);
    options.bound = row.bound;
    options.explain = true;
    options.warpConfig = row.warp;
    core::Verdict verdict;
    ASSERT_NO_THROW(verdict = check::checkFile(row.test, model, options)) << row.test << " " << row.property;
    EXPECT_EQ(verdict.result, row.expected) << row.test << " " << row.model << " " << row.property;
    if (options.property == core::Property::WarpDrf) {
      ASSERT_EQ(verdict.conditions.size(), 2U);
      EXPECT_EQ(verdict.conditions[0].first, "Memory");
      EXPECT_EQ(verdict.conditions[1].first, "Participation");
    }
    if (verdict.result == core::Result::Fail && options.property == core::Property::Participation) {
      EXPECT_NE(verdict.firedPair.find("lanes that did not"), std::string::npos) << verdict.firedPair;
    }
  }
}

}  // namespace
}  // namespace catcheck
