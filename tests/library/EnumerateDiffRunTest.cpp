// The public API's bulk entry points: enumerating a program's outcomes, diffing two models over two tests,
// and running a manifest (whose rows run in forked workers: this test process has no other threads).
#include <gtest/gtest.h>

#include <algorithm>

#include "catcheck/catcheck.h"

namespace {

const std::string kSource = CATCHECK_SOURCE_DIR;
const std::string kReleaseAcquire = kSource + "/litmus/PTX/MP-release-acquire.litmus";
const std::string kWeak = kSource + "/litmus/PTX/MP-weak.litmus";

catcheck::Model ptx(const std::string& version) {
  return catcheck::loadModelFile(kSource + "/models/ptx-v" + version + ".cat");
}

bool reachesStaleRead(const catcheck::Enumeration& enumeration) {
  return std::any_of(enumeration.outcomes.begin(), enumeration.outcomes.end(),
                     [](const catcheck::Outcome& o) { return o.conditionHolds && o.terminated; });
}

TEST(LibraryEnumerate, AgreesWithTheSolver) {
  catcheck::Model model = ptx("7.5");
  catcheck::Enumeration weak = catcheck::enumerate(catcheck::loadProgramFile(kWeak), model);
  ASSERT_TRUE(weak.complete) << weak.incompleteReason;
  EXPECT_EQ(weak.result, catcheck::Result::Pass);
  EXPECT_TRUE(reachesStaleRead(weak));
  EXPECT_GE(weak.outcomes.size(), 4u);  // r0, r1 each 0 or 1

  catcheck::Enumeration synced = catcheck::enumerate(catcheck::loadProgramFile(kReleaseAcquire), model);
  ASSERT_TRUE(synced.complete);
  EXPECT_EQ(synced.result, catcheck::Result::Fail);
  EXPECT_FALSE(reachesStaleRead(synced));
  long long executions = 0;
  for (const catcheck::Outcome& outcome : synced.outcomes) {
    executions += outcome.executions;
    EXPECT_NE(outcome.state.find("P1:r0="), std::string::npos) << outcome.state;
  }
  EXPECT_EQ(executions, synced.consistentExecutions);
}

TEST(LibraryDiff, OneEntryPerTestInOrder) {
  std::vector<catcheck::DiffEntry> entries = catcheck::diff(ptx("7.5"), ptx("6.0"), {kReleaseAcquire, kWeak});
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].path, kReleaseAcquire);
  EXPECT_EQ(entries[1].path, kWeak);
  for (const catcheck::DiffEntry& entry : entries) {
    ASSERT_TRUE(entry.status == catcheck::DiffStatus::Same || entry.status == catcheck::DiffStatus::Differs)
        << entry.test << ": " << catcheck::diffStatusName(entry.status) << " " << entry.message;
    EXPECT_EQ(entry.status == catcheck::DiffStatus::Same, entry.first == entry.second);
  }
  EXPECT_EQ(entries[0].first, catcheck::Result::Fail);
  EXPECT_EQ(entries[1].first, catcheck::Result::Pass);
}

TEST(LibraryDiff, AModelAgainstItselfIsTheSame) {
  catcheck::Model model = ptx("7.5");
  for (const catcheck::DiffEntry& entry : catcheck::diff(model, model, {kReleaseAcquire, kWeak}))
    EXPECT_EQ(entry.status, catcheck::DiffStatus::Same) << entry.test;
  EXPECT_THROW(catcheck::diff(model, model, {kSource + "/no-such-folder"}), catcheck::InputError);
}

TEST(LibraryManifest, EachRowAgreesDiffersOrFails) {
  std::vector<catcheck::RowResult> rows =
      catcheck::runManifest(kSource + "/tests/suite/data/run-round-trip.csv");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].status, catcheck::RowStatus::Agree);
  EXPECT_EQ(rows[0].result, catcheck::Result::Pass);
  EXPECT_EQ(rows[1].status, catcheck::RowStatus::Error);
  EXPECT_NE(rows[1].message.find("bad-qualifier.litmus:4:5"), std::string::npos) << rows[1].message;
  EXPECT_EQ(rows[2].status, catcheck::RowStatus::Differs);
  EXPECT_EQ(rows[2].expected, catcheck::Result::Pass);
  EXPECT_EQ(rows[2].result, catcheck::Result::Fail);
  EXPECT_STREQ(catcheck::rowStatusName(rows[2].status), "differs");
}

TEST(LibraryManifest, MalformedManifestIsAnInputError) {
  EXPECT_THROW(catcheck::runManifest(kSource + "/tests/suite/data/bad-expected.csv"), catcheck::InputError);
}

}  // namespace
