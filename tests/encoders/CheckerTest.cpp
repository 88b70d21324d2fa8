// Hand-checked verdicts of the SMT encoding on classic shapes (MP, SB, IRIW, CoRR, a loop whose bound is
// reachable), under both solvers. The expected verdict of each case sits next to its program text.
#include "cat/Parser.h"
#include "encoders/Checker.h"
#include "frontends/Litmus.h"

#include <gtest/gtest.h>

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
    {"CoPartial", "unordered weak writes may end in either order (partial coherence)", "ptx-v7.5.cat", R"(PTX Co-partial
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
};

class CheckerTest : public ::testing::TestWithParam<std::tuple<Case, encoders::SolverKind>> {};

TEST_P(CheckerTest, GivesTheHandCheckedVerdict) {
  const auto& [c, solver] = GetParam();
  cat::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/" + c.model);
  core::Program program = frontends::parseLitmusText(c.text, c.name);
  encoders::CheckOptions options;
  options.solver.kind = solver;
  EXPECT_EQ(core::resultName(encoders::check(program, model, options).result), core::resultName(c.expected)) << c.name;
}

INSTANTIATE_TEST_SUITE_P(Shapes, CheckerTest,
                         ::testing::Combine(::testing::ValuesIn(kCases),
                                            ::testing::Values(encoders::SolverKind::Z3, encoders::SolverKind::Cvc5)),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param).id) + "_" +
                                  encoders::solverName(std::get<1>(info.param));
                         });

TEST(Checker, TerminationIsReportedAsUnsupported) {
  cat::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  core::Program program = frontends::parseLitmusText(kCases[0].text, "mp");
  encoders::CheckOptions options;
  options.property = core::Property::Termination;
  EXPECT_THROW(encoders::check(program, model, options), encoders::UnsupportedProperty);
}

}  // namespace
}  // namespace catcheck
