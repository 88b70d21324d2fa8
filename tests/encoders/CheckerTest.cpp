// Hand-checked verdicts of the SMT encoding on classic shapes (MP, SB, IRIW, CoRR, loops whose bound is
// reachable or not), under both solvers. The expected verdict of each case sits next to its program text.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/concrete/Enumerator.h"
#include "encoders/ValueEncoder.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

struct Case {
  const char* id;  // test name suffix
  const char* name;
  const char* model;
  const char* text;
  core::Result expected;
};

const Case kCases[] = {
    {"MpWeak", "MP without synchronisation is allowed", "ptx-v7.5.cat", R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     core::Result::Pass},
    {"MpRelAcq", "MP with release/acquire at gpu scope is forbidden", "ptx-v6.0.cat", R"(PTX MP+rel+acq
{ x=0; y=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0       ;
 st.weak x, 1           | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1    | ld.weak r1, x        ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     core::Result::Fail},
    {"MpCtaScope", "MP with cta scope across CTAs is allowed", "ptx-v7.5.cat", R"(PTX MP+rel.cta+acq.cta
{ x=0; y=0; }
 P0@cta 0,gpu 0         | P1@cta 1,gpu 0       ;
 st.weak x, 1           | ld.acquire.cta r0, y ;
 st.release.cta y, 1    | ld.weak r1, x        ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     core::Result::Pass},
    {"SbRelaxed", "SB with relaxed accesses is allowed", "ptx-v7.5.cat", R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0          | P1@cta 1,gpu 0          ;
 st.relaxed.gpu x, 1     | st.relaxed.gpu y, 1     ;
 ld.relaxed.gpu r0, y    | ld.relaxed.gpu r0, x    ;
exists (P0:r0 == 0 /\ P1:r0 == 0))",
     core::Result::Pass},
    {"SbFenceSc", "SB with fence.sc is forbidden", "ptx-v7.5.cat", R"(PTX SB+fence.sc
{ x=0; y=0; }
 P0@cta 0,gpu 0          | P1@cta 1,gpu 0          ;
 st.relaxed.gpu x, 1     | st.relaxed.gpu y, 1     ;
 fence.sc.gpu            | fence.sc.gpu            ;
 ld.relaxed.gpu r0, y    | ld.relaxed.gpu r0, x    ;
exists (P0:r0 == 0 /\ P1:r0 == 0))",
     core::Result::Fail},
    {"IriwFenceSc", "IRIW with fence.sc readers is forbidden", "ptx-v6.0.cat", R"(PTX IRIW+fence.sc
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0      | P2@cta 2,gpu 0       | P3@cta 3,gpu 0       ;
 st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 | ld.relaxed.gpu r0, x | ld.relaxed.gpu r0, y ;
                     |                     | fence.sc.gpu         | fence.sc.gpu         ;
                     |                     | ld.relaxed.gpu r1, y | ld.relaxed.gpu r1, x ;
exists (P2:r0 == 1 /\ P2:r1 == 0 /\ P3:r0 == 1 /\ P3:r1 == 0))",
     core::Result::Fail},
    {"CoRR", "CoRR on morally strong accesses is forbidden", "ptx-v7.5.cat", R"(PTX CoRR
{ x=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
                     | ld.relaxed.gpu r1, x ;
exists (P1:r0 == 1 /\ P1:r1 == 0))",
     core::Result::Fail},
    {"CoPartial", "unordered weak writes may end in either order (partial coherence)", "ptx-v7.5.cat",
     R"(PTX Co-partial
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak x, 2   ;
forall (x == 1 \/ x == 2))",
     core::Result::Pass},
    {"LoopBound", "a loop that writes memory reaches its bound", "ptx-v7.5.cat", R"(PTX Counter
{ x=0; }
 P0@cta 0,gpu 0          ;
 LC00:                   ;
 atom.relaxed.gpu.add r0, x, 1 ;
 bne r0, 5, LC00         ;
forall (x == 6))",
     core::Result::Unknown},
    // The first question asks "a violation, or a reached bound" at once (encoders/Checker.cpp): neither is a
    // PASS; a reached bound alone is asked about the violation again.
    {"LoopLeftWithinBound", "a loop left at its first test proves the outcome", "ptx-v7.5.cat", R"(PTX Left
{ x=0; }
 P0@cta 0,gpu 0                ;
 LC00:                         ;
 atom.relaxed.gpu.add r0, x, 1 ;
 bne r0, 0, LC00               ;
forall (x == 1))",
     core::Result::Pass},
    {"LoopBoundAndViolation", "a reachable bound does not hide a violation", "ptx-v7.5.cat", R"(PTX Both
{ x=0; }
 P0@cta 0,gpu 0                | P1@cta 1,gpu 0      ;
 LC00:                         | st.relaxed.gpu x, 5 ;
 atom.relaxed.gpu.add r0, x, 1 |                     ;
 bne r0, 0, LC00               |                     ;
forall (x == 1))",
     core::Result::Fail},
};

void PrintTo(const Case& c, std::ostream* out) {
  *out << c.id;
}

class CheckerTest : public ::testing::TestWithParam<std::tuple<Case, encoders::SolverKind>> {};

TEST_P(CheckerTest, GivesTheHandCheckedVerdict) {
  const auto& [c, solver] = GetParam();
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/" + c.model);
  core::Program program = frontends::parseLitmusText(c.text, c.name);
  check::CheckOptions options;
  options.solver.kind = solver;
  EXPECT_EQ(core::resultName(check::checkProgram(program, model, options).result),
            core::resultName(c.expected))
      << c.name;
}

INSTANTIATE_TEST_SUITE_P(Shapes, CheckerTest,
                         ::testing::Combine(::testing::ValuesIn(kCases),
                                            ::testing::Values(encoders::SolverKind::Z3,
                                                              encoders::SolverKind::Cvc5)),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param).id) + "_" +
                                  encoders::solverName(std::get<1>(info.param));
                         });

// Liveness under progress models: one thread spins on a flag that the other sets. Whether the spinner can
// starve the setter depends on the thread ids and the model (docs/semantics.md §7.6).
const char* kSetterFirst = R"(PTX setter-first
{ flag=0; }
 P0@cta 0,gpu 0          | P1@cta 0,gpu 0           ;
 st.relaxed.gpu flag, 1  | LC00:                    ;
                         | ld.relaxed.gpu r0, flag  ;
                         | bne r0, 1, LC00          ;
exists (0==0))";

const char* kSpinnerFirst = R"(PTX spinner-first
{ flag=0; }
 P0@cta 0,gpu 0           | P1@cta 0,gpu 0          ;
 LC00:                    | st.relaxed.gpu flag, 1  ;
 ld.relaxed.gpu r0, flag  |                         ;
 bne r0, 1, LC00          |                         ;
exists (0==0))";

const char* kNobodySets = R"(PTX nobody-sets
{ flag=0; }
 P0@cta 0,gpu 0           | P1@cta 0,gpu 0      ;
 LC00:                    | st.relaxed.gpu x, 1 ;
 ld.relaxed.gpu r0, flag  |                     ;
 bne r0, 1, LC00          |                     ;
exists (0==0))";

const char* kBarrierHang = R"(PTX barrier-quorum-hang
{ x=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;
 bar.cta.sync 1, 1, 3 | bar.cta.sync 1, 1, 3 ;
exists (0==0))";

struct LivenessCase {
  const char* id;
  const char* text;
  const char* progress;
  core::Result expected;
};

const LivenessCase kLiveness[] = {
    {"SetterFirstFair", kSetterFirst, "FAIR", core::Result::Pass},
    {"SetterFirstHsa", kSetterFirst, "HSA", core::Result::Pass},
    {"SetterFirstObe", kSetterFirst, "OBE", core::Result::Fail},
    {"SetterFirstLobe", kSetterFirst, "LOBE", core::Result::Pass},
    {"SetterFirstUnfair", kSetterFirst, "UNFAIR", core::Result::Fail},
    {"SpinnerFirstFair", kSpinnerFirst, "FAIR", core::Result::Pass},
    {"SpinnerFirstHsa", kSpinnerFirst, "HSA", core::Result::Fail},
    {"SpinnerFirstLobe", kSpinnerFirst, "LOBE", core::Result::Fail},
    {"SpinnerFirstHsaObe", kSpinnerFirst, "HSA_OBE", core::Result::Fail},
    {"NobodySetsFair", kNobodySets, "FAIR", core::Result::Fail},
    {"BarrierQuorumHangFair", kBarrierHang, "FAIR", core::Result::Fail},
};

void PrintTo(const LivenessCase& c, std::ostream* out) {
  *out << c.id;
}

class LivenessTest : public ::testing::TestWithParam<LivenessCase> {};

TEST_P(LivenessTest, GivesTheHandCheckedVerdict) {
  const LivenessCase& c = GetParam();
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  check::CheckOptions options;
  options.property = core::Property::Termination;
  options.progress = core::parseProgressSpec(c.progress);
  core::Result result = check::checkProgram(frontends::parseLitmusText(c.text, c.id), model, options).result;
  EXPECT_EQ(core::resultName(result), core::resultName(c.expected)) << c.id;
}

TEST(Liveness, WitnessNamesTheStuckThreadsAndWhatTheyRead) {
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  check::CheckOptions options;
  options.property = core::Property::Termination;
  options.explain = true;
  core::Verdict spin =
      check::checkProgram(frontends::parseLitmusText(kNobodySets, "spin.litmus"), model, options);
  EXPECT_NE(spin.stuck.find(
                "P0 spins forever in the loop at spin.litmus:4:2, reading [ld.relaxed.gpu r0, flag = 0]"),
            std::string::npos)
      << spin.stuck;
  core::Verdict hang =
      check::checkProgram(frontends::parseLitmusText(kBarrierHang, "hang.litmus"), model, options);
  EXPECT_NE(hang.stuck.find("P1 is blocked forever at bar.cta.sync 1, 1, 3"), std::string::npos)
      << hang.stuck;
}

// Reads nothing observes (P1's after its first two; 32 or more, encoders/Checker.cpp's kMinFreeReads) let
// the first question leave their values free; the execution found is then confirmed by the evaluator with
// its propagated values (Checker.cpp, confirmedByEvaluator). Its witness reaches the condition (exists) or
// violates it (forall) on the evaluator's own reading of its final state.
TEST(RelaxedWitness, ShowsTheFinalStateConditionOnTheEvaluatorsReading) {
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  std::string body = R"(
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
)";
  for (int r = 2; r < 42; ++r) body += "                | ld.weak r" + std::to_string(r) + ", y ;\n";
  for (const auto& [condition, expected] :
       {std::pair{"exists (P1:r0 == 1 /\\ P1:r1 == 0)", core::Result::Pass},
        std::pair{"forall (P1:r1 == 1)", core::Result::Fail}}) {
    core::Program program =
        frontends::parseLitmusText("PTX MP+unobserved" + body + condition, "relaxed.litmus");
    check::CheckOptions options;
    options.explain = true;
    std::optional<core::FinalState> witnessed;
    options.onWitness = [&](const core::EventGraph&, const core::Execution& x) {
      if (x.terminated) witnessed = core::finalStateOf(x);
    };
    core::Verdict verdict = check::checkProgram(program, model, options);
    EXPECT_EQ(core::resultName(verdict.result), core::resultName(expected)) << condition;
    ASSERT_TRUE(witnessed.has_value()) << condition;
    EXPECT_EQ(core::conditionValue(program.assertion, *witnessed), expected == core::Result::Pass)
        << condition;
  }
}

INSTANTIATE_TEST_SUITE_P(ProgressModels, LivenessTest, ::testing::ValuesIn(kLiveness),
                         [](const auto& info) { return std::string(info.param.id); });

// Regression: the lanes of a warp and/or/xor reduction are combined bit by bit, but the program was not
// flagged as bitwise; z3's linear-arithmetic solver then never answered (litmus/PTX/warp/ballot-vote-redux).
TEST(SolverChoice, BitwiseWarpReductionsNeedTheBitwiseSolver) {
  auto program = [](const std::string& op) {
    return frontends::parseLitmusText(
        "PTX redux\n{ P0:r0=1; P1:r0=3; }\n P0@warp 0,cta 0,gpu 0 | "
        "P1@warp 0,cta 0,gpu 0 ;\n redux.sync." +
            op + " r1, r0, 3 | redux.sync." + op + " r1, r0, 3 ;\nexists (P0:r1 == 1)",
        "redux.litmus");
  };
  for (const char* op : {"and", "or", "xor"}) EXPECT_TRUE(encoders::usesBitwiseOperators(program(op))) << op;
  EXPECT_FALSE(encoders::usesBitwiseOperators(program("add")));
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  check::CheckOptions options;
  options.solver.timeoutMs = 20000;
  EXPECT_EQ(core::resultName(check::checkProgram(program("and"), model, options).result),
            std::string("PASS"));
  EXPECT_EQ(core::resultName(check::checkProgram(program("or"), model, options).result), std::string("FAIL"));
}

// A transitive closure that every axiom wants small is encoded from below only (one variable per pair);
// one that some axiom wants large keeps its exact encoding. These models put a closure each way.
struct ClosureCase {
  const char* id;
  const char* model;
  const char* text;
  core::Property property;
  core::Result expected;
};

const char* kReadInitThenWrite = R"(VULKAN read-init-then-write
{ x=0; y=0; }
 P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;
 st.sc0 x, 1        | ld.sc0 r0, x       ;
                    | st.sc0 y, 1        ;
filter
(P1:r0 == 0))";

const char* kStoreBuffering = R"(VULKAN SB
{ x=0; y=0; }
 P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;
 st.sc0 x, 1        | st.sc0 y, 1        ;
 ld.sc0 r0, y       | ld.sc0 r1, x       ;
exists (P0:r0 == 0 /\ P1:r1 == 0))";

const ClosureCase kClosureCases[] = {
    // Wanted large (the flag fires when the closure is non-empty): no execution has the path, since the
    // filter makes P1 read the initial value; an encoding from below alone would let the flag fire.
    {"FlaggedClosureStaysExact", "flag ~empty ([W \\ IW] ; (rf | po)+ ; [W]) & ext as chain",
     kReadInitThenWrite, core::Property::CatSpec, core::Result::Pass},
    {"FlaggedClosureFiresOnARealPath", "flag ~empty ([W \\ IW] ; (rf | po)+ ; [W]) & ext as chain",
     "VULKAN read-then-write\n{ x=0; y=0; }\n P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;\n st.sc0 x, 1 | "
     "ld.sc0 r0, x ;\n | st.sc0 y, 1 ;\nfilter\n(P1:r0 == 1)",
     core::Property::CatSpec, core::Result::Fail},
    // Wanted small (a consistency axiom): sequential consistency forbids SB's relaxed outcome ...
    {"ConsistencyClosureForbids", "irreflexive (po | rf | fr | co)+ as sc", kStoreBuffering,
     core::Property::ProgramSpec, core::Result::Fail},
    // ... and still allows what it allows (the solver must find the closure's least value).
    {"ConsistencyClosureAllows", "irreflexive (po | rf | fr | co)+ as sc",
     "VULKAN SB-allowed\n{ x=0; y=0; }\n P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;\n st.sc0 x, 1 | "
     "st.sc0 y, 1 ;\n ld.sc0 r0, y | ld.sc0 r1, x ;\nexists (P0:r0 == 1 /\\ P1:r1 == 0)",
     core::Property::ProgramSpec, core::Result::Pass},
};

void PrintTo(const ClosureCase& c, std::ostream* out) {
  *out << c.id;
}

class ClosureEncodingTest : public ::testing::TestWithParam<ClosureCase> {};

TEST_P(ClosureEncodingTest, GivesTheHandCheckedVerdict) {
  const ClosureCase& c = GetParam();
  core::Model model = cat::parseModelText(c.model, "closure.cat");
  core::Program program = frontends::parseLitmusText(c.text, c.id);
  check::CheckOptions options;
  options.property = c.property;
  EXPECT_EQ(core::resultName(check::checkProgram(program, model, options).result),
            core::resultName(c.expected));
}

INSTANTIATE_TEST_SUITE_P(Polarity, ClosureEncodingTest, ::testing::ValuesIn(kClosureCases),
                         [](const auto& info) { return std::string(info.param.id); });

}  // namespace
}  // namespace catcheck
