// The worker protocol's verdict mapping (runner/VerdictJson.h) round-trips every field of a verdict, so a
// row's verdict is the same whether it ran in a worker process or not (issue 26).
#include <gtest/gtest.h>

#include "runner/VerdictJson.h"

namespace catcheck {
namespace {

core::Verdict everyFieldSet() {
  core::Verdict v;
  v.result = core::Result::Fail;
  v.explanation = "a flag fires";
  v.firedFlag = "data-race";
  v.firedPair = "e3 P0 and e7 P1";
  v.firedSites = {{3, "thread 0", {"reduce.cu", 23, 5}}, {7, "thread 16 of block 1", {"reduce.cu", 24, 0}}};
  v.witnessSites = {{2, "thread 0", {"reduce.cu", 22, 1}}, {3, "thread 0", {"reduce.cu", 23, 5}}};
  v.witness = "P0:\n  e3 P0: st.weak x, 1\n";
  v.stuck = "P0 is blocked forever at bar.cta.sync 1 (t.litmus:9:2): P1 does not reach it\n";
  v.testName = "MP \"quoted\" \xc3\xa9";
  v.condition = "exists (P1:r0 == 1)";
  v.phaseDifference = core::Verdict::PhaseDifference{12, 3, 4};
  v.conditions = {{"memory", core::Result::Pass}, {"participation", core::Result::Unknown}};
  v.witnessBound = 2;
  v.times = {0.1, 1.0 / 3.0, 12345.678901234567, 1e-9};
  return v;
}

TEST(VerdictJson, EveryFieldRoundTrips) {
  core::Verdict v = everyFieldSet();
  core::Verdict back = runner::verdictFromJson(nlohmann::json::parse(runner::verdictToJson(v).dump()));
  EXPECT_EQ(back.result, v.result);
  EXPECT_EQ(back.explanation, v.explanation);
  EXPECT_EQ(back.firedFlag, v.firedFlag);
  EXPECT_EQ(back.firedPair, v.firedPair);
  ASSERT_EQ(back.firedSites.size(), 2u);
  EXPECT_EQ(back.firedSites[1].event, 7);
  EXPECT_EQ(back.firedSites[1].thread, "thread 16 of block 1");
  EXPECT_EQ(back.firedSites[1].source.str(), "reduce.cu:24:0");
  ASSERT_EQ(back.witnessSites.size(), 2u);
  EXPECT_EQ(back.witnessSites[0].source.str(), "reduce.cu:22:1");
  EXPECT_EQ(back.witness, v.witness);
  EXPECT_EQ(back.stuck, v.stuck);
  EXPECT_EQ(back.testName, v.testName);
  EXPECT_EQ(back.condition, v.condition);
  ASSERT_TRUE(back.phaseDifference.has_value());
  EXPECT_EQ(back.phaseDifference->event, 12);
  EXPECT_EQ(back.phaseDifference->phase, 3);
  EXPECT_EQ(back.phaseDifference->otherPhase, 4);
  EXPECT_EQ(back.conditions, v.conditions);
  EXPECT_EQ(back.witnessBound, 2);
  EXPECT_EQ(back.times.parseMs, v.times.parseMs);  // exact: the double is read back bit for bit
  EXPECT_EQ(back.times.analysisMs, v.times.analysisMs);
  EXPECT_EQ(back.times.encodeMs, v.times.encodeMs);
  EXPECT_EQ(back.times.solveMs, v.times.solveMs);
}

TEST(VerdictJson, AVerdictWithoutOptionalPartsRoundTrips) {
  core::Verdict back = runner::verdictFromJson(runner::verdictToJson(core::Verdict{}));
  EXPECT_EQ(back.result, core::Result::Unknown);
  EXPECT_FALSE(back.phaseDifference.has_value());
  EXPECT_TRUE(back.conditions.empty());
}

TEST(VerdictJson, AGarbledDocumentIsAnError) {
  nlohmann::json json = runner::verdictToJson(everyFieldSet());
  json.erase("stuck");
  EXPECT_THROW(runner::verdictFromJson(json), std::runtime_error);
  json = runner::verdictToJson(everyFieldSet());
  json["result"] = "MAYBE";
  EXPECT_THROW(runner::verdictFromJson(json), std::runtime_error);
}

}  // namespace
}  // namespace catcheck
