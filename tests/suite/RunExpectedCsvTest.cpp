// Dat3M's expected-verdicts CSV both ways: reading it as Dat3M does (docs/semantics.md §1: `//` and blank
// lines skipped, lines without exactly two fields skipped, `1` is PASS and anything else FAIL, entries that
// name no file skipped), writing one from a run's verdicts, and the round trip between the two. Also the
// usage errors of the options involved.
#include <gtest/gtest.h>

#include <vector>

#include "core/ir/SourceLocation.h"
#include "runner/Manifest.h"
#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

const std::string kComments = kData + "run-comments-expected.csv";

runner::ManifestRow shape() {
  runner::ManifestRow row;
  row.model = "some.cat";
  row.property = "termination";
  row.bound = 2;
  row.progress = "OBE";
  return row;
}

std::string inSource(const std::string& path) {
  return (std::filesystem::path(kSourceDir) / path).lexically_normal().string();
}

TEST(RunExpectedCsv, ReadsTheLinesDat3mReadsAndNothingElse) {
  std::vector<runner::ManifestRow> rows = runner::readExpectedCsv(kComments, kSourceDir, shape());
  ASSERT_EQ(rows.size(), 4U);
  std::vector<int> lines;
  for (const runner::ManifestRow& row : rows) {
    lines.push_back(row.line);
    EXPECT_EQ(row.suite, "run-comments");
    EXPECT_EQ(row.model, "some.cat");
    EXPECT_EQ(row.property, "termination");
    EXPECT_EQ(row.bound, 2);
    EXPECT_EQ(row.progress, "OBE");
  }
  EXPECT_EQ(lines, (std::vector<int>{4, 5, 9, 10}));
  EXPECT_EQ(rows[0].test, inSource("litmus/PTX/MP-weak.litmus"));
  EXPECT_EQ(rows[0].expected, core::Result::Pass);
  EXPECT_EQ(rows[0].skipReason, "");
  EXPECT_EQ(rows[1].skipReason,
            "no such litmus file (Dat3M ignores the entry)");                 // "; litmus/...": not a file
  EXPECT_EQ(rows[2].test, inSource("litmus/PTX/MP-release-acquire.litmus"));  // trailing comma dropped
  EXPECT_EQ(rows[2].expected, core::Result::Fail);
  EXPECT_EQ(rows[2].skipReason, "");
  EXPECT_EQ(rows[3].skipReason, "no such litmus file (Dat3M ignores the entry)");
}

TEST(RunExpectedCsv, OneMeansPassAndAnythingElseFail) {
  ScratchFolder scratch;
  std::ofstream(scratch / "values-expected.csv")
      << "a.litmus,1\na.litmus,0\na.litmus,2\na.litmus,01\na.litmus,yes\na.litmus,-1\n";
  std::ofstream(scratch / "a.litmus") << "PTX a\n";
  std::vector<core::Result> results;
  for (const runner::ManifestRow& row :
       runner::readExpectedCsv(scratch / "values-expected.csv", scratch / "", shape())) {
    results.push_back(row.expected);
  }
  using core::Result;
  EXPECT_EQ(results, (std::vector<Result>{Result::Pass, Result::Fail, Result::Fail, Result::Pass,
                                          Result::Fail, Result::Fail}));
}

TEST(RunExpectedCsv, AFileWhoseEntriesNameNoTestIsAnError) {
  try {
    runner::readExpectedCsv(kComments, kData, shape());
    FAIL() << "expected an InputError";
  } catch (const core::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              kComments + ":1:1: error: none of its 4 entries names a litmus file under '" + kData + "'");
  }
  EXPECT_THROW(runner::readExpectedCsv(kData + "no-such-expected.csv", kSourceDir, shape()),
               core::InputError);
}

TEST(RunExpectedCsv, CommentsBlankAndMalformedLinesAreSkippedAndMissingFilesReported) {
  CommandResult run =
      runCatcheck("run --expected " + kComments + " --root " + kSourceDir + " --model ptx-v7.5.cat");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("SKIPPED  run-comments " + inSource("litmus/PTX/no-such-test.litmus") +
                            " [ptx-v7.5.cat, program_spec]: no such litmus file (Dat3M ignores the entry)\n"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(lastLine(run.output), "2 passed, 0 failed, 2 skipped");
}

TEST(RunExpectedCsv, WrittenVerdictsReadBackAllAgree) {
  ScratchFolder scratch;
  std::string written = scratch / "ROUND-expected.csv";
  CommandResult write = runCatcheck("run --manifest " + kData + "run-round-trip.csv --root " + kSourceDir +
                                    " --write-expected " + written);
  EXPECT_EQ(write.exitCode, 1)
      << write.output;  // one row differs (the manifest expects PASS), one is an error
  std::string csv = readText(written);
  EXPECT_EQ(
      csv.rfind(
          "// written by catcheck run: suite ROUND, model ptx-v7.5.cat, property program_spec, bound 1;", 0),
      0U)
      << csv;
  EXPECT_NE(csv.find("\nlitmus/PTX/MP-weak.litmus,1\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n// tests/suite/data/bad-qualifier.litmus: ERROR ("), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nlitmus/PTX/MP-release-acquire.litmus,0\n"), std::string::npos)
      << csv;  // the verdict obtained

  CommandResult read = runCatcheck("run --expected " + written + " --root " + kSourceDir + " --model " +
                                   kSourceDir + "/models/ptx-v7.5.cat");
  EXPECT_EQ(read.exitCode, 0) << read.output;
  EXPECT_EQ(read.output, "2 passed, 0 failed\n");
}

TEST(RunExpectedCsv, RowsTakeTheCheckFromTheCommandLine) {
  ScratchFolder scratch;
  CommandResult run =
      runCatcheck("run --expected " + kComments + " --root " + kSourceDir +
                  " --model ptx-v6.0.cat --property cat_spec --bound 2 --report " + scratch / "r.json");
  ASSERT_NE(run.exitCode, 2) << run.output;
  std::string report = readText(scratch / "r.json");
  EXPECT_NE(report.find("\"property\": \"cat_spec\""), std::string::npos) << report;
  EXPECT_NE(report.find("\"bound\": 2"), std::string::npos) << report;
  EXPECT_NE(report.find("\"model\": \"ptx-v6.0.cat\""), std::string::npos) << report;
}

TEST(RunExpectedCsv, UsageErrorsExitTwo) {
  const std::string manifest = " --manifest " + kData + "run-two-suites.csv";
  const std::string expected = " --expected " + kComments + " --root " + kSourceDir;
  EXPECT_EQ(runCatcheck("run").exitCode, 2);
  EXPECT_EQ(runCatcheck("run" + manifest + expected + " --model ptx-v7.5.cat").exitCode, 2);
  EXPECT_EQ(runCatcheck("run" + expected).exitCode, 2);  // no --model
  EXPECT_EQ(runCatcheck("run" + manifest + " --model ptx-v7.5.cat").exitCode,
            2);  // --model without --expected
  EXPECT_EQ(runCatcheck("run" + expected + " --model ptx-v7.5.cat --property bogus").exitCode, 2);
  CommandResult twoSuites = runCatcheck("run" + manifest + " --write-expected /dev/null");
  EXPECT_EQ(twoSuites.exitCode, 2);
  EXPECT_EQ(twoSuites.output,
            "catcheck: --write-expected writes the verdicts of one suite: select one with --suite\n");
  CommandResult unknownSuite = runCatcheck("run" + manifest + " --suite NOPE");
  EXPECT_EQ(unknownSuite.exitCode, 2);
  EXPECT_EQ(unknownSuite.output, "catcheck: no row of suite 'NOPE'\n");
}

}  // namespace
}  // namespace catcheck::testing
