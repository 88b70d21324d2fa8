// `catcheck MODEL TEST --enumerate`: the herd7-style list of final states, checked line by line on small
// tests, its JSON form, and what it says when a test is too large to enumerate.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/suite/CatcheckProcess.h"

namespace catcheck::testing {
namespace {

const std::string kPtx75 = kSourceDir + "/models/ptx-v7.5.cat";
const std::string kMpWeak = kSourceDir + "/litmus/PTX/MP-weak.litmus";

TEST(Enumerate, MessagePassingWithoutSynchronisationReachesEveryState) {
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak + " --enumerate");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.output,
            "Test: MP-weak  Model: ptx-v7.5  Property: program_spec  Bound: 1\n"
            "States 4\n"
            "1     :> P1:r0=0; P1:r1=0; x=1; flag=1;\n"
            "1     :> P1:r0=0; P1:r1=1; x=1; flag=1;\n"
            "1     *> P1:r0=1; P1:r1=0; x=1; flag=1;\n"
            "1     :> P1:r0=1; P1:r1=1; x=1; flag=1;\n"
            "Ok\n"
            "Witnesses\n"
            "Positive: 1 Negative: 3\n"
            "Condition exists (P1:r0 == 1 /\\ P1:r1 == 0)\n"
            "Observation MP-weak Sometimes 1 3\n"
            "Flag data-race\n");
}

TEST(Enumerate, ReleaseAcquireForbidsTheStaleRead) {
  CommandResult run =
      runCatcheck(kPtx75 + " " + kSourceDir + "/litmus/PTX/MP-release-acquire.litmus --enumerate");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.output,
            "Test: MP-release-acquire  Model: ptx-v7.5  Property: program_spec  Bound: 1\n"
            "States 3\n"
            "1     :> P1:r0=0; P1:r1=0; x=1; flag=1;\n"
            "1     :> P1:r0=0; P1:r1=1; x=1; flag=1;\n"
            "1     :> P1:r0=1; P1:r1=1; x=1; flag=1;\n"
            "No\n"
            "Witnesses\n"
            "Positive: 0 Negative: 3\n"
            "Condition exists (P1:r0 == 1 /\\ P1:r1 == 0)\n"
            "Observation MP-release-acquire Never 0 3\n"
            "Flag data-race\n");
}

TEST(Enumerate, FiredFlagsAreListed) {
  std::string test = kSuiteDir + "/litmus/VULKAN/Data-Race/mp3transitive-filter.litmus";
  CommandResult run =
      runCatcheck(kSourceDir + "/models/vulkan-nochains.cat " + test + " --enumerate --property cat_spec");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_NE(run.output.find("\nNo\nFlag data-race\n"), std::string::npos) << run.output;
  run = runCatcheck(kSourceDir + "/models/vulkan.cat " + test + " --enumerate --property cat_spec");
  EXPECT_NE(run.output.find("\nOk\n"), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find("Flag"), std::string::npos) << run.output;
}

TEST(Enumerate, JsonParsesBack) {
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak + " --enumerate --format json");
  ASSERT_EQ(run.exitCode, 0) << run.output;
  nlohmann::json json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["test"], "MP-weak");
  EXPECT_EQ(json["model"], "ptx-v7.5");
  EXPECT_EQ(json["complete"], true);
  EXPECT_EQ(json["result"], "PASS");
  EXPECT_EQ(json["positive"], 1);
  EXPECT_EQ(json["negative"], 3);
  ASSERT_EQ(json["states"].size(), 4U);
  const nlohmann::json& stale = json["states"][2];
  EXPECT_EQ(stale["executions"], 1);
  EXPECT_EQ(stale["condition"], true);
  EXPECT_EQ(stale["registers"]["P1:r0"], 1);
  EXPECT_EQ(stale["registers"]["P1:r1"], 0);
  EXPECT_EQ(stale["memory"]["x"], 1);
}

TEST(Enumerate, TooLargeIsReportedAndExitsThree) {
  std::string test = kSourceDir + "/tests/suite/data/many-events.litmus";
  CommandResult run = runCatcheck(kPtx75 + " " + test + " --enumerate");
  EXPECT_EQ(run.exitCode, 3);
  EXPECT_EQ(run.output,
            "Test: many-events  Model: ptx-v7.5  Property: program_spec  Bound: 1\n"
            "enumeration incomplete: too large: 51 events (limit 48)\n");
  run = runCatcheck(kPtx75 + " " + test + " --enumerate --format json");
  EXPECT_EQ(run.exitCode, 3);
  nlohmann::json json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["complete"], false);
  EXPECT_EQ(json["reason"], "too large: 51 events (limit 48)");
}

// Each thread stores OpUndef, which may be any value: the solver finds the two stores differing (FAIL), so an
// enumeration that took one value for it would say PASS. It says it cannot decide instead (found by a
// differential sweep of mutated suite programs, enumeration against solver).
TEST(Enumerate, AnUndefinedWrittenValueIsNotEnumerated) {
  std::string test = kSuiteDir + "/spirv/vulkan/basic/undef-forall.spvasm";
  CommandResult run = runCatcheck(kSourceDir + "/models/vulkan.cat " + test + " --enumerate");
  EXPECT_EQ(run.exitCode, 3);
  EXPECT_EQ(run.output,
            "Test: undef-forall  Model: vulkan  Property: program_spec  Bound: 1\n"
            "enumeration incomplete: thread 0 writes an undefined value (OpUndef), which the enumerator does not "
            "choose\n");
}

TEST(Enumerate, RefusesTerminationAndWitnessFiles) {
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak + " --enumerate --property termination");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, "catcheck: --enumerate lists final states: it does not decide termination\n");
  EXPECT_EQ(runCatcheck(kPtx75 + " " + kMpWeak + " --enumerate --witness w.dot").exitCode, 2);
}

}  // namespace
}  // namespace catcheck::testing
