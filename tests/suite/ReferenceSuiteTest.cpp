// Regression runs over the reference suite (../shared/suite/manifest.csv) and the project's own litmus
// manifest: every row must agree with its expected verdict, with our models and with the reference models.
// A skipped or erroring row fails here. One test per group of suites, so they run in parallel.
#include <gtest/gtest.h>

#include <set>
#include <thread>

#include "runner/BulkRun.h"
#include "runner/Manifest.h"

namespace catcheck {
namespace runner {
void PrintTo(const ManifestRow& row, std::ostream* out) {
  *out << row.test << " " << row.property << " (line " << row.line << ")";
}
}  // namespace runner
namespace {

std::vector<runner::ManifestRow> rowsOf(const std::string& manifest, const std::set<std::string>& suites) {
  std::vector<runner::ManifestRow> rows;
  for (runner::ManifestRow& row : runner::readManifest(manifest)) {
    if (suites.empty() || suites.count(row.suite) != 0) rows.push_back(std::move(row));
  }
  return rows;
}

void expectAllAgree(const std::vector<runner::ManifestRow>& rows, const std::string& modelsDir) {
  ASSERT_FALSE(rows.empty()) << "a manifest selection without rows has no expectation";
  runner::BulkRunOptions options;
  options.modelsDirectory = modelsDir;
  options.jobs = static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
  int agreeing = 0;
  for (const runner::RowOutcome& o : runner::runManifestRows(rows, options)) {
    bool agrees = o.status == runner::RowStatus::Agree;
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

struct SuiteGroup {
  const char* name;
  std::set<std::string> suites;
};

const SuiteGroup kGroups[] = {
    {"PtxSafety", {"PTXv6_0", "PTXv7_5"}},
    {"VulkanSafetyAndRaces", {"VULKAN", "VULKAN-NOCHAINS", "VULKAN-DR", "VULKAN-DR-NOCHAINS"}},
    {"PtxLiveness", {"PTXv6_0-Liveness", "PTXv7_5-Liveness"}},
    {"VulkanLivenessFair", {"VULKAN-Liveness-Fair"}},
    {"VulkanLivenessHsa", {"VULKAN-Liveness-HSA"}},
    {"VulkanLivenessObe", {"VULKAN-Liveness-OBE"}},
    {"VulkanLivenessHsaObe", {"VULKAN-Liveness-HSA_OBE"}},
    {"VulkanLivenessLobe", {"VULKAN-Liveness-LOBE"}},
};

void PrintTo(const SuiteGroup& group, std::ostream* out) {
  *out << group.name;
}

class ReferenceSuite : public ::testing::TestWithParam<std::tuple<SuiteGroup, bool>> {};

TEST_P(ReferenceSuite, EveryRowAgrees) {
  const auto& [group, ownModels] = GetParam();
  expectAllAgree(rowsOf(kSuite + "/manifest.csv", group.suites), ownModels ? kOwnModels : kReferenceModels);
}

INSTANTIATE_TEST_SUITE_P(Manifest, ReferenceSuite,
                         ::testing::Combine(::testing::ValuesIn(kGroups), ::testing::Bool()),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param).name) +
                                  (std::get<1>(info.param) ? "_OwnModels" : "_ReferenceModels");
                         });

TEST(ReferenceSuite, EverySuiteOfTheManifestIsCovered) {
  std::set<std::string> covered;
  for (const SuiteGroup& group : kGroups) covered.insert(group.suites.begin(), group.suites.end());
  for (const runner::ManifestRow& row : runner::readManifest(kSuite + "/manifest.csv")) {
    EXPECT_EQ(covered.count(row.suite), 1U) << "suite " << row.suite << " has no regression test";
  }
}

TEST(OwnLitmus, AllRowsAgree) {
  expectAllAgree(rowsOf(std::string(CATCHECK_SOURCE_DIR) + "/litmus/manifest.csv", {}), kOwnModels);
}

// Issue 25: the barrier-fidelity regressions give the same verdicts under the reference models.
TEST(OwnLitmus, BarrierRowsAgreeUnderReferenceModels) {
  expectAllAgree(rowsOf(std::string(CATCHECK_SOURCE_DIR) + "/litmus/manifest.csv", {"OWN-BARRIER"}),
                 kReferenceModels);
}

// Issue 28: the CUDA kernel corpus, each PTX file on its launch (litmus/CUDA/expected.csv, a manifest with
// launch columns). Rows with a `skip` reason name what is not built yet; every other row must agree. The
// deterministic rows (issue 27, two executions per question, the slowest) are a test of their own.
std::vector<runner::ManifestRow> kernelRows(bool deterministic) {
  std::vector<runner::ManifestRow> rows;
  for (runner::ManifestRow& row :
       runner::readManifest(std::string(CATCHECK_SOURCE_DIR) + "/litmus/CUDA/expected.csv")) {
    if (row.skipReason.empty() && (row.property == "deterministic") == deterministic)
      rows.push_back(std::move(row));
  }
  return rows;
}

TEST(OwnKernels, AllRowsAgree) {
  std::vector<runner::ManifestRow> rows = kernelRows(false);
  EXPECT_GE(rows.size(), 60U);
  expectAllAgree(rows, kOwnModels);
}

TEST(OwnKernels, EnoughDeterministicRows) {
  EXPECT_GE(kernelRows(true).size(), 20U);
}

// The deterministic rows take up to minutes each: one test per row keeps each inside its time limit on a
// loaded two-core machine and lets ctest run them side by side. Named by line of the manifest.
class OwnKernelDeterministic : public ::testing::TestWithParam<runner::ManifestRow> {};

TEST_P(OwnKernelDeterministic, RowAgrees) {
  expectAllAgree({GetParam()}, kOwnModels);
}

INSTANTIATE_TEST_SUITE_P(Row, OwnKernelDeterministic, ::testing::ValuesIn(kernelRows(true)),
                         [](const auto& info) { return "line" + std::to_string(info.param.line); });

}  // namespace
}  // namespace catcheck
