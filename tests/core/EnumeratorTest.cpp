// The enumerator on classic shapes with hand-checked verdicts (MP, SB, CoRR, partial coherence, barriers,
// quorums, a loop that reaches its bound, a spin loop), the outcomes it reports, flags under a filter,
// its limits, and a cross-check: every consistent execution it finds is well formed.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "core/concrete/Enumerator.h"
#include "core/concrete/Evaluator.h"
#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"

namespace catcheck::core {
namespace {

struct Case {
  const char* id;
  const char* model;
  const char* text;
  Result expected;
};

const Case kCases[] = {
    {"MpWeakAllowed", "ptx-v7.5.cat", R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     Result::Pass},
    {"MpRelAcqForbidden", "ptx-v6.0.cat", R"(PTX MP+rel+acq
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.weak x, 1        | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1 | ld.weak r1, x        ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     Result::Fail},
    {"MpCtaScopeAcrossCtasAllowed", "ptx-v7.5.cat", R"(PTX MP+cta
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.weak x, 1        | ld.acquire.cta r0, y ;
 st.release.cta y, 1 | ld.weak r1, x        ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     Result::Pass},
    {"SbRelaxedAllowed", "ptx-v7.5.cat", R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1  | st.relaxed.gpu y, 1  ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0))",
     Result::Pass},
    {"SbFenceScForbidden", "ptx-v7.5.cat", R"(PTX SB+fence.sc
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1  | st.relaxed.gpu y, 1  ;
 fence.sc.gpu         | fence.sc.gpu         ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;
exists (P0:r0 == 0 /\ P1:r0 == 0))",
     Result::Fail},
    {"CoRRForbidden", "ptx-v7.5.cat", R"(PTX CoRR
{ x=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
                     | ld.relaxed.gpu r1, x ;
~exists (P1:r0 == 1 /\ P1:r1 == 0))",
     Result::Pass},
    {"PartialCoherenceEndsEitherWay", "ptx-v7.5.cat", R"(PTX Co-partial
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak x, 2   ;
forall (x == 1 \/ x == 2))",
     Result::Pass},
    {"BarrierOrdersSameCta", "ptx-v7.5.cat", R"(PTX barrier
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 st.weak x, 1   | bar.cta.sync 0 ;
 bar.cta.sync 0 | ld.weak r0, x  ;
exists (P1:r0 == 0))",
     Result::Fail},
    {"BarriersOfDifferentCtasDoNotMeet", "ptx-v7.5.cat", R"(PTX barrier-not-inscope
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | bar.cta.sync 0 ;
 bar.cta.sync 0 | ld.weak r0, x  ;
exists (P1:r0 == 0))",
     Result::Pass},
    {"UnmetQuorumBlocksEveryone", "ptx-v7.5.cat", R"(PTX quorum-hang
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       ;
 st.weak x, 1         | bar.cta.sync 1, 1, 4 | bar.cta.sync 1, 1, 4 ;
 bar.cta.sync 1, 1, 4 | ld.weak r0, x        |                      ;
exists (P1:r0 == 1))",
     Result::Fail},
    {"UnmetQuorumPassesForallVacuously", "ptx-v7.5.cat", R"(PTX quorum-hang-forall
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       ;
 st.weak x, 1         | bar.cta.sync 1, 1, 4 | bar.cta.sync 1, 1, 4 ;
 bar.cta.sync 1, 1, 4 | ld.weak r0, x        |                      ;
forall (P1:r0 == 2))",
     Result::Pass},
    {"MetQuorumSynchronises", "ptx-v7.5.cat", R"(PTX quorum-pass
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       | P2@cta 0,gpu 0       ;
 st.weak x, 1         | bar.cta.sync 1, 1, 2 | bar.cta.sync 1, 1, 2 ;
 bar.cta.sync 1, 1, 2 | ld.weak r0, x        |                      ;
exists (P1:r0 == 1))",
     Result::Pass},
    {"LoopReachesItsBound", "ptx-v7.5.cat", R"(PTX Counter
{ x=0; }
 P0@cta 0,gpu 0                ;
 LC00:                         ;
 atom.relaxed.gpu.add r0, x, 1 ;
 bne r0, 5, LC00               ;
forall (x == 6))",
     Result::Unknown},
    {"SpinLoopExitsOrSpins", "ptx-v7.5.cat", R"(PTX spin
{ f=0; }
 P0@cta 0,gpu 0          | P1@cta 1,gpu 0      ;
 LC00:                   | st.relaxed.gpu f, 1 ;
 ld.relaxed.gpu r0, f    |                     ;
 beq r0, 0, LC00         |                     ;
forall (P0:r0 == 1))",
     Result::Pass},
};

core::Model loadModel(const std::string& name) {
  return cat::loadModel(cat::defaultModelsDirectory() + "/" + name);
}

class EnumeratorCases : public ::testing::TestWithParam<Case> {};

TEST_P(EnumeratorCases, GivesTheHandCheckedVerdict) {
  const Case& c = GetParam();
  Program program = frontends::parseLitmusText(c.text, c.id);
  EventGraph graph = buildEventGraph(program, 1);
  EnumerationLimits limits;
  limits.keepExecutions = 1000;
  EnumerationResult result = enumerate(loadModel(c.model), graph, limits);
  ASSERT_TRUE(result.complete) << result.incompleteReason;
  EXPECT_STREQ(resultName(enumeratedVerdict(result, program, Property::ProgramSpec)), resultName(c.expected));
  for (const Execution& x : result.examples) {
    EXPECT_EQ(wellFormednessProblems(graph, x), std::vector<std::string>{})
        << "an enumerated execution is well formed";
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, EnumeratorCases, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.id); });

Outcome terminatedWith(std::vector<std::vector<std::optional<long long>>> registers,
                       std::vector<long long> memory) {
  return Outcome{FinalState{std::move(registers), std::move(memory)}, true, false, true, {}};
}

TEST(Enumerator, ReportsEveryFinalStateOfStoreBuffering) {
  Program program = frontends::parseLitmusText(kCases[3].text, "sb");
  EnumerationResult result = enumerate(loadModel("ptx-v7.5.cat"), buildEventGraph(program, 1));
  ASSERT_TRUE(result.complete);
  std::vector<Outcome> outcomes;
  for (const auto& [outcome, count] : result.outcomes) outcomes.push_back(outcome);
  std::vector<Outcome> expected;
  for (long long r0 : {0, 1}) {
    for (long long r1 : {0, 1}) expected.push_back(terminatedWith({{r0}, {r1}}, {1, 1}));
  }
  EXPECT_EQ(outcomes, expected);
  EXPECT_EQ(result.consistentExecutions, 4);
}

TEST(Enumerator, ForbidsTheStaleReadOfMessagePassing) {
  Program program = frontends::parseLitmusText(kCases[1].text, "mp");
  EnumerationResult result = enumerate(loadModel("ptx-v6.0.cat"), buildEventGraph(program, 1));
  ASSERT_TRUE(result.complete);
  EXPECT_EQ(result.outcomes.size(), 3U) << "(0,0), (0,1) and (1,1), not (1,0)";
  EXPECT_EQ(result.outcomes.count(terminatedWith({{}, {1, 0}}, {1, 1})), 0U);
  EXPECT_GT(result.evaluations, result.consistentExecutions);
}

TEST(Enumerator, ReportsSpinningAndBlockedThreadsAsNotTerminated) {
  Program spin = frontends::parseLitmusText(kCases[13].text, "spin");
  EnumerationResult spinning = enumerate(loadModel("ptx-v7.5.cat"), buildEventGraph(spin, 1));
  bool sawSpin = false;
  for (const auto& [outcome, count] : spinning.outcomes)
    sawSpin = sawSpin || (!outcome.terminated && !outcome.boundReached);
  EXPECT_TRUE(sawSpin);
  Program hang = frontends::parseLitmusText(kCases[9].text, "hang");
  EnumerationResult blocked = enumerate(loadModel("ptx-v7.5.cat"), buildEventGraph(hang, 1));
  ASSERT_EQ(blocked.outcomes.size(), 1U);
  const Outcome& outcome = blocked.outcomes.begin()->first;
  EXPECT_FALSE(outcome.terminated);
  EXPECT_EQ(outcome.state.registers[1][0], std::nullopt) << "P1 never loads: its register is free";
}

Result flagVerdict(const std::string& filter) {
  core::Model model = cat::parseModelText("flag ~empty [W \\ IW]; (rf & ext) as remote-read\n", "flags.cat");
  Program program = frontends::parseLitmusText(R"(PTX MP-flag
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
)" + filter + "\nexists (P1:r0 == 1)",
                                               "mp-flag");
  return enumeratedVerdict(enumerate(model, buildEventGraph(program, 1)), program, Property::CatSpec);
}

TEST(Enumerator, FlagsFireUnlessTheFilterExcludesThem) {
  EXPECT_EQ(flagVerdict(""), Result::Fail);
  EXPECT_EQ(flagVerdict("filter (P1:r0 == 0)"), Result::Fail) << "r1 may still read P0's x";
  EXPECT_EQ(flagVerdict("filter (P1:r0 == 0 /\\ P1:r1 == 0)"), Result::Pass);
}

TEST(Enumerator, StopsAtItsLimits) {
  Program program = frontends::parseLitmusText(kCases[0].text, "mp");
  EnumerationLimits limits;
  limits.maxEvents = 4;
  EnumerationResult result = enumerate(loadModel("ptx-v7.5.cat"), buildEventGraph(program, 1), limits);
  EXPECT_FALSE(result.complete);
  EXPECT_EQ(result.incompleteReason, "too large: 6 events (limit 4)");
  EXPECT_THROW(enumeratedVerdict(result, program, Property::ProgramSpec), std::logic_error);
  limits = EnumerationLimits{};
  limits.maxEvaluations = 3;
  EXPECT_FALSE(enumerate(loadModel("ptx-v7.5.cat"), buildEventGraph(program, 1), limits).complete);
  EXPECT_THROW(enumeratedVerdict(result, program, Property::Termination), std::logic_error);
}

Result terminationVerdict(const std::string& text, int bound = 1) {
  Program program = frontends::parseLitmusText(text, "termination");
  EnumerationResult result = enumerate(loadModel("ptx-v7.5.cat"), buildEventGraph(program, bound));
  EXPECT_TRUE(result.complete) << result.incompleteReason;
  return enumeratedVerdict(result, program, Property::Termination);
}

TEST(Enumerator, DecidesTerminationUnderFairProgress) {
  EXPECT_EQ(terminationVerdict(kCases[13].text), Result::Pass) << "the spin reads a stale, not co-last, flag";
  EXPECT_EQ(terminationVerdict(kCases[9].text), Result::Fail) << "blocked at a barrier";
  EXPECT_EQ(terminationVerdict(kCases[12].text), Result::Unknown) << "the counter reaches its bound";
  EXPECT_EQ(terminationVerdict(R"(PTX spin-forever
{ f=0; }
 P0@cta 0,gpu 0       ;
 LC00:                ;
 ld.relaxed.gpu r0, f ;
 beq r0, 0, LC00      ;
forall (P0:r0 == 1))"),
            Result::Fail)
      << "the spin reads the final value of f";
  EXPECT_EQ(terminationVerdict(R"(PTX spin-filtered
{ f=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0      ;
 LC00:                | st.relaxed.gpu f, 1 ;
 ld.relaxed.gpu r0, f | st.relaxed.gpu f, 0 ;
 beq r0, 0, LC00      |                     ;
filter (P0:r0 == 1)
forall (P0:r0 == 1))"),
            Result::Pass)
      << "the filter excludes the spin on the final 0";
  EXPECT_THROW(terminationVerdict(kCases[12].text, 2), std::invalid_argument)
      << "a stop after the second copy might match the first";
}

TEST(Enumerator, ConditionsOnFreeRegistersAreUndecided) {
  FinalState state{{{std::nullopt, 1}}, {0}};
  Condition c;
  c.op = ConditionOp::Compare;
  c.lhs = Operand{Operand::Kind::Register, 0, 0, 0, 0};
  c.rhs = Operand{Operand::Kind::Constant, 1, 0, 0, 0};
  EXPECT_EQ(conditionValue(c, state), std::nullopt);
  Condition known = c;
  known.lhs.reg = 1;
  EXPECT_EQ(conditionValue(known, state), true);
  Condition disjunction{ConditionOp::Or, {c, known}, Comparison::Eq, {}, {}, 0};
  EXPECT_EQ(conditionValue(disjunction, state), true);
  Condition conjunction{ConditionOp::And, {c, known}, Comparison::Eq, {}, {}, 0};
  EXPECT_EQ(conditionValue(conjunction, state), std::nullopt);
}

}  // namespace
}  // namespace catcheck::core
