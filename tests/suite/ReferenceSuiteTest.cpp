// Regression runs over the reference suite (../shared/suite/manifest.csv) and the project's own litmus
// manifest: every row must agree with its expected verdict, with our models and with the reference models.
// Rows of properties that are not implemented yet are reported as skips by the runner and fail here.
#include "core/Manifest.h"
#include "encoders/BulkRun.h"

#include <gtest/gtest.h>

#include <set>
#include <thread>

namespace catcheck {
namespace {

std::vector<core::ManifestRow> rowsOf(const std::string& manifest, const std::set<std::string>& suites) {
  std::vector<core::ManifestRow> rows;
  for (core::ManifestRow& row : core::readManifest(manifest)) {
    if (suites.empty() || suites.count(row.suite) != 0) rows.push_back(std::move(row));
  }
  return rows;
}

void expectAllAgree(const std::vector<core::ManifestRow>& rows, const std::string& modelsDir) {
  ASSERT_FALSE(rows.empty()) << "a manifest selection without rows has no expectation";
  encoders::BulkRunOptions options;
  options.modelsDirectory = modelsDir;
  options.jobs = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  int agreeing = 0;
  for (const encoders::RowOutcome& o : encoders::runManifestRows(rows, options)) {
    bool agrees = o.status == encoders::RowStatus::Agree;
    agreeing += agrees ? 1 : 0;
    EXPECT_TRUE(agrees) << o.row.suite << " " << o.row.test << " [" << o.row.model << "]: expected "
                        << core::resultName(o.row.expected) << ", got "
                        << (o.message.empty() ? core::resultName(o.verdict.result) : o.message);
  }
  EXPECT_EQ(agreeing, static_cast<int>(rows.size()));
}

const std::string kSuite = CATCHECK_SUITE_DIR;
const std::string kOwnModels = std::string(CATCHECK_SOURCE_DIR) + "/models";
const std::string kReferenceModels = kSuite + "/reference-models";
const std::set<std::string> kPtxSuites = {"PTXv6_0", "PTXv7_5"};

TEST(ReferenceSuite, PtxSafetyWithOwnModels) { expectAllAgree(rowsOf(kSuite + "/manifest.csv", kPtxSuites), kOwnModels); }

TEST(ReferenceSuite, PtxSafetyWithReferenceModels) {
  expectAllAgree(rowsOf(kSuite + "/manifest.csv", kPtxSuites), kReferenceModels);
}

TEST(OwnLitmus, AllRowsAgree) {
  expectAllAgree(rowsOf(std::string(CATCHECK_SOURCE_DIR) + "/litmus/manifest.csv", {}), kOwnModels);
}

}  // namespace
}  // namespace catcheck
