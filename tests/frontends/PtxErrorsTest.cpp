// Bad PTX litmus input gives one core::InputError with file:line:col and a one-line message (docs/design.md
// decision 8). Each test pins the exact message.
#include <gtest/gtest.h>

#include "PtxTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::errorOf;

// A two-thread test whose second row is `row`, with the given init block and condition.
std::string test(const std::string& row, const std::string& init = "x=0;",
                 const std::string& condition = "exists (P0:r0 == 1)") {
  return "PTX bad\n{ " + init + " }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n ld.weak r0, x | ;\n" + row + "\n" +
         condition + "\n";
}

TEST(PtxErrors, SyntaxErrorsNameTheTokenAndTheAlternatives) {
  EXPECT_EQ(errorOf(test(" ld.weak r0 x | ;")), "bad.litmus:5:13: error: unexpected 'x', expected ','");
  EXPECT_EQ(errorOf(test(" ld.relaxd.gpu r0, x | ;")),
            "bad.litmus:5:5: error: unexpected 'relaxd', expected 'weak', 'relaxed', 'acquire', 'release', "
            "'acq_rel' "
            "or 'sc'");
  EXPECT_EQ(errorOf(test(" ld.weak r0, x ld.weak r1, x | ;")),
            "bad.litmus:5:16: error: unexpected 'ld', expected ';' or '|'");
  EXPECT_EQ(errorOf(test("", "x=0;", "exists (P0:r0 == 1")),
            "bad.litmus:7:1: error: unexpected end of input, expected ')'");
  EXPECT_EQ(errorOf(test("", "x=0;", "exists (P0:r0 # 1)")),
            "bad.litmus:6:15: error: unexpected '#', expected '=', '==', '!=', '<', '<=', '>' or '>='");
  EXPECT_EQ(errorOf(test("", "x=0; \"a doc string\nthat goes on and on\"")),
            "bad.litmus:2:8: error: unexpected '\"a doc string\\nthat goes...', expected ';', '}', a thread "
            "or a name");
  EXPECT_EQ(errorOf(test("", "x=0 y=0")), "bad.litmus:2:7: error: unexpected 'y', expected ';' or '}'");
  EXPECT_EQ(errorOf("PTX bad\n{ x=0;\n P0@cta 0,gpu 0 ;\n"), "bad.litmus:3:4: error: unexpected '@'");
}

TEST(PtxErrors, UnknownInstruction) {
  EXPECT_EQ(errorOf(test(" | lds.weak r0, x ;")), "bad.litmus:5:4: error: unknown instruction 'lds'");
  EXPECT_EQ(errorOf(test(" nop | ;")), "bad.litmus:5:2: error: unknown instruction 'nop'");
}

TEST(PtxErrors, MemoryOrdersAndScopes) {
  EXPECT_EQ(
      errorOf(test(" ld.release.gpu r0, x | ;")),
      "bad.litmus:5:5: error: memory order 'release' is not allowed on ld (use weak, relaxed or acquire)");
  EXPECT_EQ(
      errorOf(test(" st.acquire.gpu x, 1 | ;")),
      "bad.litmus:5:5: error: memory order 'acquire' is not allowed on st (use weak, relaxed or release)");
  EXPECT_EQ(
      errorOf(test(" atom.weak.gpu.add r0, x, 1 | ;")),
      "bad.litmus:5:7: error: memory order 'weak' is not allowed on atom (use relaxed, acquire, release or "
      "acq_rel)");
  EXPECT_EQ(errorOf(test(" | fence.relaxed.gpu ;")),
            "bad.litmus:5:10: error: memory order 'relaxed' is not allowed on fence (use acq_rel or sc)");
  EXPECT_EQ(errorOf(test(" tld.relaxed r0, x | ;")),
            "bad.litmus:5:6: error: tld.relaxed needs a scope (.cta, .gpu or .sys)");
  EXPECT_EQ(errorOf(test(" sust.weak.cta x, 1 | ;")), "bad.litmus:5:12: error: sust.weak takes no scope");
  EXPECT_EQ(errorOf(test(" red.relaxed.gpu.exch x, 1 | ;")),
            "bad.litmus:5:18: error: red has no .exch operation");
}

TEST(PtxErrors, MoveFromLocationNeedsAnOrder) {
  EXPECT_EQ(
      errorOf(test(" ld r1, x | ;")),
      "bad.litmus:5:9: error: ld from location 'x' needs a memory order (ld.weak, ld.relaxed.<scope> or "
      "ld.acquire.<scope>)");
}

TEST(PtxErrors, Labels) {
  EXPECT_EQ(errorOf(test(" goto LC01 | ;")), "bad.litmus:5:2: error: undefined label 'LC01' in P0");
  EXPECT_EQ(errorOf(test(" LC00: | LC00: ;\n LC00: | ;")),
            "bad.litmus:6:2: error: label 'LC00' is defined twice in P0");
}

TEST(PtxErrors, RaggedRowsAndThreadHeaders) {
  EXPECT_EQ(errorOf(test(" st.weak x, 1 | st.weak x, 2 | ;")),
            "bad.litmus:5:2: error: row has 3 cells but the test has 2 threads");
  EXPECT_EQ(errorOf(test(" st.weak x, 1 ;")),
            "bad.litmus:5:2: error: row has 1 cell but the test has 2 threads");
  EXPECT_EQ(errorOf("PTX bad\n{ }\n P1@cta 0,gpu 0 ;\n"),
            "bad.litmus:3:2: error: thread P1 is in the column of P0 (threads are P0, P1, ... in order)");
}

TEST(PtxErrors, ThreadsOutsideTheTest) {
  EXPECT_EQ(errorOf(test("", "x=0;", "exists (P2:r0 == 1)")),
            "bad.litmus:6:9: error: thread P2 does not exist (the test has 2 threads)");
  EXPECT_EQ(errorOf(test("", "x=0;", "exists (1:r0 == 1 /\\ 7:r0 == 0)")),
            "bad.litmus:6:22: error: thread 7 does not exist (the test has 2 threads)");
  EXPECT_EQ(errorOf(test("", "P5:r0 = 1;")),
            "bad.litmus:2:3: error: thread P5 does not exist (the test has 2 threads)");
}

TEST(PtxErrors, InitBlock) {
  EXPECT_EQ(errorOf(test("", "x=0; x=1;")), "bad.litmus:2:8: error: location 'x' is declared twice");
  EXPECT_EQ(errorOf(test("", "y @ generic aliases z; z @ surface aliases y;")),
            "bad.litmus:2:3: error: alias cycle through 'y'");
  EXPECT_EQ(errorOf(test("", "x=0; y=x;")),
            "bad.litmus:2:8: error: initialising a location from another location is not supported");
  EXPECT_EQ(errorOf(test("", "x=0; P0:r1=&x;")),
            "bad.litmus:2:8: error: initialising a register with a location or address is not supported");
  EXPECT_EQ(errorOf(test("", "P0:r0=1; P0:r0=2;")),
            "bad.litmus:2:12: error: register P0:r0 is initialised twice");
  EXPECT_EQ(errorOf(test("", "x=99999999999999999999;")),
            "bad.litmus:2:5: error: constant '99999999999999999999' is out of range");
}

TEST(PtxErrors, Dialects) {
  EXPECT_EQ(errorOf("X86 test\n"),
            "bad.litmus:1:1: error: unknown litmus dialect 'X86' (expected PTX or VULKAN)");
  EXPECT_EQ(errorOf("   "), "bad.litmus:1:4: error: expected the litmus dialect (PTX or VULKAN)");
}

TEST(PtxErrors, MissingFile) {
  EXPECT_THROW(parseLitmusFile("/nonexistent/test.litmus"), core::InputError);
}

}  // namespace
}  // namespace catcheck::frontends
