// The command line's contract: the verdict block, exit codes (0 ok, 1 disagreement, 2 bad input or usage),
// one `file:line:col: error:` message for bad input, and logs (-v, --log-level) on stderr only, none by
// default. Each case runs the built binary.
#include <gtest/gtest.h>

#include <chrono>
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

// --timeout limits each solver query: a query past it ends the check with exit 3 (the solver gave up), never
// a verdict. The bound-8 query has 67 000 terms and takes z3 about 0.35 s, far past 1 ms.
TEST(Cli, ASolverQueryPastTheTimeoutExitsThree) {
  const std::string lock = catcheck::testing::kSuiteDir + "/spirv/opencl/benchmarks/ttaslock-1.1.2.spvasm";
  const std::string model = kSource + "/models/opencl.cat";
  CommandResult late = runCatcheck(model + " " + lock + " --bound 8 --timeout 0.001");
  EXPECT_EQ(late.exitCode, 3) << late.output;
  EXPECT_NE(late.output.find("catcheck: solver returned unknown: timeout"), std::string::npos) << late.output;
  CommandResult inTime = runCatcheck(model + " " + lock + " --bound 2 --timeout 600");
  EXPECT_EQ(inTime.exitCode, 0);
  EXPECT_NE(inTime.output.find("Result: PASS"), std::string::npos) << inTime.output;
}

// Regression: --timeout bounded the search alone, so a query whose encoding took 41 s (a kernel spinning on
// an mbarrier phase that never completes, termination at 66 threads) returned after 46 s under --timeout 5.
// The limit now counts from the start of the query's encoding; 30 s leaves room for a loaded machine and a
// sanitizer build (the check before the encoding takes well under a second).
TEST(Cli, TheTimeoutBoundsTheEncodingToo) {
  auto start = std::chrono::steady_clock::now();
  CommandResult late = runCatcheck(kSource + "/models/ptx-v8.cat " + kData +
                                   "mbar-spin-unwritten.ptx --grid 2 --block 33 --arg 0=buffer:64 "
                                   "--arg 1=buffer:64 --property termination --timeout 1");
  auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(late.exitCode, 3) << late.output;
  EXPECT_NE(late.output.find("catcheck: solver returned unknown: timeout"), std::string::npos) << late.output;
  EXPECT_LT(seconds, 30.0);
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

// Regression: bytes that are not UTF-8 aborted the process in the ANTLR runtime's decoder (exit 134).
TEST(Cli, LitmusThatIsNotUtf8GivesOneMessageAndExitTwo) {
  CommandResult run = runCatcheck(kModel + " " + kData + "not-utf8.litmus");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, kData + "not-utf8.litmus:4:14: error: the file is not valid UTF-8 (byte 0xff)\n");
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
  CommandResult run =
      runCatcheck("run --manifest " + kSource + "/litmus/manifest.csv --suite OWN-PTX --jobs 2");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_EQ(run.output, "4 passed, 0 failed\n");
}

}  // namespace

namespace {

using catcheck::testing::runCatcheckSplit;
using catcheck::testing::SplitResult;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Log lines look like "[12:00:00.000] [catcheck 1234] [info] ...".
bool hasLogLine(const std::string& text) {
  return has(text, "] [catcheck ");
}

const std::string kTest = kSource + "/litmus/PTX/MP-release-acquire.litmus";

TEST(CliLogging, DefaultLogsNothing) {
  SplitResult run = runCatcheckSplit(kModel + " " + kTest);
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.err, "");
  EXPECT_TRUE(has(run.out, "Result: "));
}

TEST(CliLogging, VerboseLogsTheCheckOnStderrOnly) {
  SplitResult run = runCatcheckSplit("-v " + kModel + " " + kTest);
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_FALSE(hasLogLine(run.out)) << run.out;
  EXPECT_TRUE(has(run.out, "Result: ")) << run.out;
  EXPECT_TRUE(has(run.err, "[info] model loaded: ")) << run.err;
  EXPECT_TRUE(has(run.err, "[info] check MP-release-acquire (program_spec, bound 1): ")) << run.err;
  EXPECT_FALSE(has(run.err, "[debug]")) << run.err;
}

TEST(CliLogging, DoubleVerboseLogsEveryPhase) {
  SplitResult run = runCatcheckSplit(kModel + " " + kSource + "/litmus/PTX/MP-weak.litmus -vv");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_FALSE(hasLogLine(run.out)) << run.out;
  for (const char* phase : {"[debug] parse: ", "[debug] event graph: ", "[debug] relation analysis: ",
                            "[debug] encode (program_spec): ", "[debug] solve (program_spec): ",
                            "[debug] witness re-check: accepted"})
    EXPECT_TRUE(has(run.err, phase)) << phase << " in\n" << run.err;
}

TEST(CliLogging, LogLevelWorksOnEveryCommand) {
  SplitResult check = runCatcheckSplit(kModel + " " + kTest + " --log-level info");
  EXPECT_TRUE(has(check.err, "[info] check ")) << check.err;
  SplitResult bulk = runCatcheckSplit("run --log-level debug --manifest " + kData + "wrong-expected.csv");
  EXPECT_EQ(bulk.exitCode, 1);
  EXPECT_FALSE(hasLogLine(bulk.out)) << bulk.out;
  EXPECT_TRUE(has(bulk.out, "0 passed, 1 failed")) << bulk.out;
  for (const char* line : {"[info] models loaded: 1 ", "[info] rows to run: 1 of 1 ", "[debug] worker ",
                           "[info] row ", ": DIFFERS (verdict PASS) in "})
    EXPECT_TRUE(has(bulk.err, line)) << line << " in\n" << bulk.err;
  SplitResult diff = runCatcheckSplit("-v diff " + kModel + " " + kSource + "/models/ptx-v6.0.cat " + kTest);
  EXPECT_FALSE(hasLogLine(diff.out)) << diff.out;
  EXPECT_TRUE(has(diff.err, "[info] diff: 1 tests on ")) << diff.err;
}

TEST(CliLogging, UnknownLogLevelIsAUsageError) {
  SplitResult run = runCatcheckSplit("--log-level bogus " + kModel + " " + kTest);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_TRUE(has(run.err, "--log-level")) << run.err;
  EXPECT_TRUE(has(run.err, "bogus")) << run.err;
  EXPECT_EQ(runCatcheckSplit("run --log-level loud --manifest " + kData + "wrong-expected.csv").exitCode, 2);
}

}  // namespace
