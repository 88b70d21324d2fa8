// The command line's contract: the verdict block, exit codes (0 ok, 1 disagreement, 2 bad input or usage)
// and one `file:line:col: error:` message for bad input. Each case runs the built binary.
#include <gtest/gtest.h>

#include <string>

#include "tests/suite/CatcheckProcess.h"

namespace {

using catcheck::testing::CommandResult;
using catcheck::testing::runCatcheck;

const std::string kSource = CATCHECK_SOURCE_DIR;
const std::string kData = kSource + "/tests/suite/data/";
const std::string kModel = kSource + "/models/ptx-v7.5.cat";

TEST(Cli, SingleCheckPrintsTheVerdictBlock) {
  CommandResult run = runCatcheck(kModel + " " + kSource + "/litmus/PTX/MP-release-acquire.litmus");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_NE(run.output.find("Test: MP-release-acquire  Model: ptx-v7.5  Property: program_spec  Bound: 1"),
            std::string::npos);
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Condition: exists (P1:r0 == 1 /\\ P1:r1 == 0)"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("Time: "), std::string::npos);
}

TEST(Cli, VersionNamesCatcheckAndBothSolvers) {
  CommandResult run = runCatcheck("--version");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.output.rfind(std::string("catcheck ") + CATCHECK_VERSION + "\nz3 ", 0), 0u) << run.output;
  EXPECT_NE(run.output.find("\ncvc5 1."), std::string::npos) << run.output;
}

TEST(Cli, BadLitmusGivesOneMessageAndExitTwo) {
  CommandResult run = runCatcheck(kModel + " " + kData + "bad-qualifier.litmus");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, kData +
                            "bad-qualifier.litmus:4:5: error: unexpected 'foo', expected 'weak', 'relaxed', "
                            "'acquire', 'release', 'acq_rel' or 'sc'\n");
}

TEST(Cli, BadModelGivesOneMessageAndExitTwo) {
  CommandResult run = runCatcheck(kData + "bad-syntax.cat " + kSource + "/litmus/PTX/MP-weak.litmus");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, kData + "bad-syntax.cat:1:13: error: unexpected ';'\n");
}

TEST(Cli, MissingFileIsBadInput) {
  CommandResult run = runCatcheck(kModel + " " + kData + "no-such.litmus");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.output.find("no-such.litmus:1:1: error: cannot open litmus file"), std::string::npos)
      << run.output;
}

TEST(Cli, UnknownOptionAndSolverAreUsageErrors) {
  EXPECT_EQ(runCatcheck("--bogus").exitCode, 2);
  EXPECT_EQ(runCatcheck(kModel + " " + kSource + "/litmus/PTX/MP-weak.litmus --solver yices").exitCode, 2);
}

TEST(Cli, MalformedManifestNamesTheLine) {
  CommandResult run = runCatcheck("run --manifest " + kData + "bad-expected.csv");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(
      run.output,
      kData + "bad-expected.csv:2:1: error: unknown verdict 'MAYBE' (expected PASS, FAIL or UNKNOWN)\n");
}

TEST(Cli, DisagreementExitsOne) {
  CommandResult run = runCatcheck("run --manifest " + kData + "wrong-expected.csv");
  EXPECT_EQ(run.exitCode, 1);
  EXPECT_NE(run.output.find("DIFFERS"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("0 passed, 1 failed"), std::string::npos) << run.output;
}

TEST(Cli, ManifestRunAgreesExitsZero) {
  CommandResult run = runCatcheck("run --manifest " + kSource + "/litmus/manifest.csv --jobs 2");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_EQ(run.output, "4 passed, 0 failed\n");
}

}  // namespace
