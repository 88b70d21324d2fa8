// Sharded runs: `catcheck run --shard K/N` in N processes, joined by `catcheck report merge`, must report
// what one unsharded run reports (rows, statuses, verdicts, summary, JUnit testcases, exit code). Also the
// partition itself (every row in exactly one shard, independent of row order, balanced by cost), the
// usage errors of --shard and the merge's refusals (missing, duplicate or foreign shards, malformed JSON).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <vector>

#include "runner/Manifest.h"
#include "runner/Shard.h"
#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

using nlohmann::json;

// The N shards of `runArguments`, as N concurrent processes; returns each one's exit code.
std::vector<int> runShards(const std::string& runArguments, const std::string& folder, int n) {
  std::string script;
  for (int k = 1; k <= n; ++k) {
    std::string prefix = folder + "/shard" + std::to_string(k);
    script += "(" + std::string(CATCHECK_BINARY) + " run " + runArguments + " --jobs 1 --shard " +
              std::to_string(k) + "/" + std::to_string(n) + " --report " + prefix + ".json >" + prefix +
              ".out 2>&1; echo $? >" + prefix + ".rc) & ";
  }
  runShell(script + "wait");
  std::vector<int> codes;
  for (int k = 1; k <= n; ++k)
    codes.push_back(std::stoi(readText(folder + "/shard" + std::to_string(k) + ".rc")));
  return codes;
}

std::string shardReports(const std::string& folder, std::vector<int> shards) {
  std::string list;
  for (int k : shards) list += " " + folder + "/shard" + std::to_string(k) + ".json";
  return list;
}

// What must agree between the merged and the unsharded report: every row's identity and outcome.
json rowFacts(const json& report) {
  json rows = json::array();
  for (const json& row : report.at("rows")) {
    json facts;
    for (const char* key : {"suite", "test", "line", "index", "model", "property", "bound", "progress",
                            "expected", "result", "status"})
      facts[key] = row.at(key);
    rows.push_back(facts);
  }
  return rows;
}

json suiteCounts(const json& report) {
  json suites = report.at("suites");
  for (json& suite : suites) {
    suite.erase("wall_ms");
    suite.erase("median_ms");
  }
  return suites;
}

std::string withoutTimes(const std::string& junit) {
  return std::regex_replace(junit, std::regex(R"( time="[^"]*")"), "");
}

// The lines of the text output, sorted (an unsharded run prints rows as they finish), without the timing
// columns of the per-suite table.
std::vector<std::string> linesWithoutTimes(const std::string& output) {
  std::istringstream text(std::regex_replace(output, std::regex(R"(\s+[0-9.]+\s+[0-9.]+\n)"), "\n"));
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Runs `runArguments` unsharded and as `n` shards, merges them, and checks the two agree; returns the
// unsharded exit code.
int expectShardedEqualsUnsharded(const std::string& runArguments, int n) {
  ScratchFolder scratch;
  CommandResult whole = runCatcheck("run " + runArguments + " --jobs 2 --report " + scratch / "whole.json" +
                                        " --junit " + scratch / "whole.xml",
                                    true);
  std::string folder = scratch / "";
  std::vector<int> codes = runShards(runArguments, folder, n);
  std::vector<int> all(static_cast<size_t>(n));
  for (int k = 1; k <= n; ++k) all[static_cast<size_t>(k - 1)] = n + 1 - k;  // given in reverse order
  CommandResult merged = runCatcheck("report merge" + shardReports(folder, all) + " --report " +
                                         scratch / "merged.json" + " --junit " + scratch / "merged.xml",
                                     true);
  EXPECT_EQ(merged.exitCode, whole.exitCode) << merged.output;
  EXPECT_EQ(linesWithoutTimes(merged.output), linesWithoutTimes(whole.output));
  EXPECT_EQ(lastLine(merged.output), lastLine(whole.output));
  json a = json::parse(readText(scratch / "whole.json")), b = json::parse(readText(scratch / "merged.json"));
  EXPECT_EQ(rowFacts(b), rowFacts(a));
  EXPECT_EQ(b.at("summary"), a.at("summary"));
  EXPECT_EQ(suiteCounts(b), suiteCounts(a));
  EXPECT_EQ(b.at("partition"), a.at("partition"));
  EXPECT_EQ(b.at("shard"), (json{{"index", 1}, {"count", 1}}));
  EXPECT_EQ(withoutTimes(readText(scratch / "merged.xml")), withoutTimes(readText(scratch / "whole.xml")));
  // A partition: each row in exactly one shard, which records K/N.
  std::multiset<int> indices;
  for (int k = 1; k <= n; ++k) {
    json shard = json::parse(readText(scratch / ("shard" + std::to_string(k) + ".json")));
    EXPECT_EQ(shard.at("shard"), (json{{"index", k}, {"count", n}}));
    EXPECT_EQ(shard.at("rows_selected"), a.at("rows").size());
    for (const json& row : shard.at("rows")) indices.insert(row.at("index").get<int>());
    EXPECT_LE(codes[static_cast<size_t>(k - 1)], 1);
  }
  std::multiset<int> expected;
  for (const json& row : a.at("rows")) expected.insert(row.at("index").get<int>());
  EXPECT_EQ(indices, expected);
  return whole.exitCode;
}

TEST(Shard, ThreeShardsMergeToTheUnshardedRunWithFailures) {
  EXPECT_EQ(expectShardedEqualsUnsharded("--manifest " + kData + "run-two-suites.csv", 3), 1);
}

// A PTX safety suite and its liveness suite (182 rows, about a second): the liveness rows cost more.
TEST(Shard, ThreeShardsOfAReferenceSuiteSliceMergeToTheUnshardedRun) {
  if (!std::filesystem::exists(kSuiteDir + "/manifest.csv")) GTEST_SKIP() << "no reference suite";
  EXPECT_EQ(expectShardedEqualsUnsharded(
                "--manifest " + kSuiteDir + "/manifest.csv --suite PTXv6_0 --suite PTXv6_0-Liveness", 3),
            0);
}

TEST(Shard, OwnManifestInThreeShards) {
  EXPECT_EQ(expectShardedEqualsUnsharded("--manifest " + kSourceDir + "/litmus/manifest.csv", 3), 0);
}

TEST(Shard, MergedExpectedCsvEqualsTheUnshardedOne) {
  ScratchFolder scratch;
  std::string manifest =
      "--manifest " + kSourceDir + "/litmus/manifest.csv --suite OWN-PTX --root " + kSourceDir;
  CommandResult whole = runCatcheck("run " + manifest + " --write-expected " + scratch / "whole.csv");
  ASSERT_EQ(whole.exitCode, 0) << whole.output;
  std::string folder = scratch / "";
  runShards(manifest, folder, 2);
  CommandResult merged = runCatcheck("report merge" + shardReports(folder, {1, 2}) + " --root " + kSourceDir +
                                     " --write-expected " + scratch / "merged.csv");
  ASSERT_EQ(merged.exitCode, 0) << merged.output;
  EXPECT_EQ(readText(scratch / "merged.csv"), readText(scratch / "whole.csv"));
}

std::vector<runner::ManifestRow> twoSuiteRows() {
  return runner::readManifest(kData + "run-two-suites.csv");
}

std::vector<std::string> keysOfShard(const std::vector<runner::ManifestRow>& rows, int k, int n) {
  std::vector<std::string> keys;
  for (const runner::ManifestRow& row : runner::rowsOfShard(rows, {k, n}))
    keys.push_back(runner::stableKey(row));
  std::sort(keys.begin(), keys.end());
  return keys;
}

TEST(ShardPartition, EveryRowIsInExactlyOneShard) {
  std::vector<runner::ManifestRow> rows = twoSuiteRows();
  for (int n : {1, 2, 3, 5, 8}) {
    std::vector<int> shards = runner::assignShards(rows, n);
    ASSERT_EQ(shards.size(), rows.size());
    size_t total = 0;
    for (int k = 1; k <= n; ++k) total += runner::rowsOfShard(rows, {k, n}).size();
    EXPECT_EQ(total, rows.size()) << n;
    for (int s : shards) EXPECT_TRUE(s >= 1 && s <= n) << n;
  }
}

TEST(ShardPartition, DoesNotDependOnRowOrder) {
  std::vector<runner::ManifestRow> rows = twoSuiteRows(), reversed(rows.rbegin(), rows.rend());
  EXPECT_EQ(runner::partitionFingerprint(rows), runner::partitionFingerprint(reversed));
  for (int k = 1; k <= 3; ++k) EXPECT_EQ(keysOfShard(rows, k, 3), keysOfShard(reversed, k, 3)) << k;
}

TEST(ShardPartition, BalancesByCostWithLivenessCostingMore) {
  runner::ManifestRow row;
  row.test = kSourceDir + "/litmus/PTX/MP-weak.litmus";
  row.property = "program_spec";
  EXPECT_EQ(runner::estimatedCost(row), 6);  // two threads of two instructions, plus the thread headers
  row.bound = 2;
  EXPECT_EQ(runner::estimatedCost(row), 12);
  row.property = "termination";
  EXPECT_EQ(runner::estimatedCost(row), 48);
  // One costly row and four cheap ones: the costly one alone in a shard, the cheap ones together.
  std::vector<runner::ManifestRow> rows(5, row);
  for (size_t i = 1; i < rows.size(); ++i) {
    rows[i].property = "program_spec";
    rows[i].bound = 1;
    rows[i].testAsWritten = "t" + std::to_string(i);
  }
  std::vector<int> shards = runner::assignShards(rows, 2);
  EXPECT_EQ(shards, (std::vector<int>{1, 2, 2, 2, 2}));
}

TEST(ShardPartition, FingerprintChangesWithTheRows) {
  std::vector<runner::ManifestRow> rows = twoSuiteRows();
  std::string whole = runner::partitionFingerprint(rows);
  rows.pop_back();
  EXPECT_NE(runner::partitionFingerprint(rows), whole);
}

TEST(ShardCli, BadShardValuesAreUsageErrors) {
  for (const char* bad : {"0/3", "4/3", "3", "a/b", "1/0", "-1/2", "1/", "/3", "2/3x"}) {
    SplitResult run =
        runCatcheckSplit("run --manifest " + kSourceDir + "/litmus/manifest.csv --shard " + std::string(bad));
    EXPECT_EQ(run.exitCode, 2) << bad;
    EXPECT_NE(run.err.find("--shard"), std::string::npos) << bad << ": " << run.err;
  }
}

TEST(ShardCli, ShardComposesWithSuiteAndExpected) {
  ScratchFolder scratch;
  CommandResult first =
      runCatcheck("run --manifest " + kData + "run-two-suites.csv --suite SECOND --shard 1/2 --report " +
                  scratch / "a.json");
  CommandResult second =
      runCatcheck("run --manifest " + kData + "run-two-suites.csv --suite SECOND --shard 2/2 --report " +
                  scratch / "b.json");
  json a = json::parse(readText(scratch / "a.json")), b = json::parse(readText(scratch / "b.json"));
  EXPECT_EQ(a.at("rows").size() + b.at("rows").size(), 3U);
  EXPECT_EQ(a.at("rows_selected"), 3);
  EXPECT_EQ(a.at("manifest"), kData + "run-two-suites.csv");
  CommandResult expected =
      runCatcheck("run --expected " + kData + "run-comments-expected.csv --root " + kSourceDir +
                  " --model ptx-v7.5.cat --shard 2/2 --report " + scratch / "c.json");
  EXPECT_EQ(expected.exitCode, 0) << expected.output;
  EXPECT_EQ(json::parse(readText(scratch / "c.json")).at("shard"), (json{{"index", 2}, {"count", 2}}));
}

class MergeErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = scratch_ / "";
    runShards("--manifest " + kSourceDir + "/litmus/manifest.csv", folder_, 3);
  }
  ScratchFolder scratch_;
  std::string folder_;
};

TEST_F(MergeErrors, MissingShardIsNamedAndExitsTwo) {
  SplitResult run = runCatcheckSplit("report merge" + shardReports(folder_, {1, 3}));
  EXPECT_EQ(run.exitCode, 2) << run.out;
  EXPECT_NE(run.err.find("missing shard 2/3"), std::string::npos) << run.err;
}

TEST_F(MergeErrors, DuplicateShardIsRefused) {
  SplitResult run = runCatcheckSplit("report merge" + shardReports(folder_, {1, 2, 2, 3}));
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("given twice"), std::string::npos) << run.err;
}

TEST_F(MergeErrors, ShardsOfAnotherPartitionAreRefused) {
  std::string other = scratch_ / "other";
  std::filesystem::create_directories(other);
  runShards("--manifest " + kData + "run-two-suites.csv", other, 2);
  SplitResult differentN =
      runCatcheckSplit("report merge" + shardReports(folder_, {1}) + shardReports(other, {2}));
  EXPECT_EQ(differentN.exitCode, 2);
  EXPECT_NE(differentN.err.find("different N"), std::string::npos) << differentN.err;
  runShards("--manifest " + kData + "run-two-suites.csv", other, 3);
  SplitResult differentRows =
      runCatcheckSplit("report merge" + shardReports(folder_, {1, 2}) + shardReports(other, {3}));
  EXPECT_EQ(differentRows.exitCode, 2);
  EXPECT_NE(differentRows.err.find("not a shard of the same run"), std::string::npos) << differentRows.err;
}

TEST_F(MergeErrors, MalformedReportNamesTheFileAndPosition) {
  std::string bad = scratch_ / "bad.json";
  std::ofstream(bad) << "{\n  \"rows\": [1,\n  }\n";
  SplitResult run = runCatcheckSplit("report merge " + bad);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.err.rfind(bad + ":3:3: error:", 0), 0U) << run.err;
  std::ofstream(bad) << "{\"rows\": []}\n";
  SplitResult notReport = runCatcheckSplit("report merge " + bad);
  EXPECT_EQ(notReport.exitCode, 2);
  EXPECT_NE(notReport.err.find(bad + ":0:0: error: not a report"), std::string::npos) << notReport.err;
}

}  // namespace
}  // namespace catcheck::testing
