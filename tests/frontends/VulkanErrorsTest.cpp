// Bad Vulkan litmus input gives one core::InputError with file:line:col and a one-line message
// (docs/design.md decision 8). Qualifier lists are checked word by word against the forms of
// docs/semantics.md 4.2, so each mistake is reported at the offending qualifier (or at the mnemonic when
// something is missing) with the rule it breaks. Each test pins the exact message.
#include <gtest/gtest.h>

#include "VulkanTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::errorOf;

const char* const kThreads = "P0@sg 0,wg 0, qf 0 | P1@sg 1,wg 0, qf 0";

// A two-thread test whose second row (line 5) is `row`.
std::string withRow(const std::string& row) {
  return testing::vulkanTest("x=0;", kThreads, {"ld.sc0 r0, x |", row});
}

TEST(VulkanErrors, UnknownQualifiersAndStorageClasses) {
  EXPECT_EQ(errorOf(withRow("ld.foo.sc0 r1, x |")), "bad.litmus:5:5: error: unknown qualifier '.foo' on ld");
  EXPECT_EQ(errorOf(withRow("| st.sc4 x, 1")),
            "bad.litmus:5:7: error: unknown storage class '.sc4' (use .sc0, .sc1, .sc2 or .sc3)");
  EXPECT_EQ(
      errorOf(withRow("membar.acq.wg.semsc7 |")),
      "bad.litmus:5:16: error: unknown semantics storage class '.semsc7' (use .semsc0, .semsc1, .semsc2 "
      "or .semsc3)");
  EXPECT_EQ(errorOf(withRow("ld.vis.wg r1, x |")),
            "bad.litmus:5:2: error: ld.vis needs a storage class (.sc0, .sc1, .sc2 or .sc3)");
  EXPECT_EQ(errorOf(withRow("ld.atom.wg.semsc0 r1, x |")),
            "bad.litmus:5:2: error: ld.atom needs a storage class (.sc0, .sc1, .sc2 or .sc3)");
  EXPECT_EQ(errorOf(withRow("membar.acq.wg.sc0.semsc0 |")),
            "bad.litmus:5:16: error: '.sc0' is not allowed on membar");
}

TEST(VulkanErrors, QualifierOrderAndRepetition) {
  EXPECT_EQ(errorOf(withRow("ld.sc0.vis.wg r1, x |")),
            "bad.litmus:5:9: error: '.vis' must come before '.sc0'");
  EXPECT_EQ(errorOf(withRow("st.atom.wg.sc0.sc1 x, 1 |")),
            "bad.litmus:5:17: error: '.sc1' conflicts with '.sc0'");
  EXPECT_EQ(errorOf(withRow("| membar.rel.dv.semsc0.semsc0")),
            "bad.litmus:5:25: error: '.semsc0' is repeated");
  EXPECT_EQ(errorOf(withRow("| cbar.acq_rel.wg.semsc1.semsc0.semvis.semav 1")),
            "bad.litmus:5:41: error: '.semav' must come before '.semvis'");
}

TEST(VulkanErrors, FormsOfEachInstruction) {
  EXPECT_EQ(errorOf(withRow("ld.acq.wg.sc0.semsc0 r1, x |")),
            "bad.litmus:5:5: error: '.acq' is not allowed on ld");
  EXPECT_EQ(errorOf(withRow("ld.av.wg.sc0 r1, x |")),
            "bad.litmus:5:5: error: '.av' is not allowed on ld (use .nonpriv or .vis)");
  EXPECT_EQ(errorOf(withRow("ld.atom.rel.wg.sc0.semsc0 r1, x |")),
            "bad.litmus:5:10: error: memory order '.rel' is not allowed on ld.atom (use .acq)");
  EXPECT_EQ(errorOf(withRow("ld.atom.nonpriv.wg.sc0 r1, x |")),
            "bad.litmus:5:10: error: '.nonpriv' is not allowed on ld.atom");
  EXPECT_EQ(errorOf(withRow("ld.atom.wg.sc0.add r1, x |")),
            "bad.litmus:5:17: error: '.add' is not allowed on ld.atom");
  EXPECT_EQ(errorOf(withRow("rmw.wg.sc0 r1, x, 1 |")), "bad.litmus:5:2: error: rmw needs .atom");
  EXPECT_EQ(errorOf(withRow("membar.atom.acq.wg.semsc0 |")),
            "bad.litmus:5:9: error: '.atom' is not allowed on membar");
  EXPECT_EQ(errorOf(withRow("membar.wg.semsc0 |")),
            "bad.litmus:5:2: error: membar needs a memory order (.acq, .rel or .acq_rel)");
}

TEST(VulkanErrors, Scopes) {
  EXPECT_EQ(errorOf(withRow("ld.vis.sc0 r1, x |")),
            "bad.litmus:5:2: error: ld.vis needs a scope (.sg, .wg, .qf or .dv)");
  EXPECT_EQ(errorOf(withRow("| st.nonpriv.wg.sc0 x, 1")),
            "bad.litmus:5:15: error: '.wg' is not allowed on st.nonpriv (only st.av takes a scope)");
  EXPECT_EQ(errorOf(withRow("| st.atom.sc0 x, 1")),
            "bad.litmus:5:4: error: st.atom needs a scope (.sg, .wg, .qf or .dv)");
  EXPECT_EQ(errorOf(withRow("| cbar 1")), "bad.litmus:5:4: error: cbar needs a scope (.sg, .wg, .qf or .dv)");
}

TEST(VulkanErrors, MemorySemantics) {
  EXPECT_EQ(
      errorOf(withRow("ld.atom.acq.wg.sc0 r1, x |")),
      "bad.litmus:5:2: error: ld.atom.acq needs a semantics storage class (.semsc0, .semsc1, .semsc2 or "
      ".semsc3)");
  EXPECT_EQ(errorOf(withRow("| st.atom.wg.sc0.semsc0 x, 1")),
            "bad.litmus:5:19: error: '.semsc0' needs a memory order (.rel)");
  EXPECT_EQ(errorOf(withRow("| membar.acq.wg.semsc0.semav")),
            "bad.litmus:5:25: error: '.semav' needs a release order (.rel or .acq_rel)");
  EXPECT_EQ(errorOf(withRow("| cbar.rel.wg.semsc0.semvis 1")),
            "bad.litmus:5:23: error: '.semvis' needs an acquire order (.acq or .acq_rel)");
  EXPECT_EQ(errorOf(withRow("rmw.atom.acq.dv.sc0.semsc0.semav r1, x, 1 |")),
            "bad.litmus:5:29: error: '.semav' needs a release order (.rel or .acq_rel)");
}

TEST(VulkanErrors, SyntaxAndUnknownInstructions) {
  EXPECT_EQ(errorOf(withRow("ld.sc0 r1 x |")), "bad.litmus:5:12: error: unexpected 'x', expected ','");
  EXPECT_EQ(errorOf(withRow("| cbar.wg x")),
            "bad.litmus:5:12: error: unexpected 'x', expected '.' or a number");
  EXPECT_EQ(errorOf(withRow("lds.sc0 r1, x |")), "bad.litmus:5:2: error: unknown instruction 'lds'");
  EXPECT_EQ(errorOf(withRow("| nop")), "bad.litmus:5:4: error: unknown instruction 'nop'");
}

TEST(VulkanErrors, ThreadHeadersRowsAndLabels) {
  EXPECT_EQ(errorOf(testing::vulkanTest("", "P0@sg 0,wg 0 | P1@sg 1,wg 0, qf 0", {})),
            "bad.litmus:3:15: error: unexpected '|', expected ','");
  EXPECT_EQ(errorOf(testing::vulkanTest("", "P0@cta 0,gpu 0", {})),
            "bad.litmus:3:5: error: unexpected 'cta', expected 'sg'");
  EXPECT_EQ(errorOf(testing::vulkanTest("", "P1@sg 0,wg 0, qf 0", {})),
            "bad.litmus:3:2: error: thread P1 is in the column of P0 (threads are P0, P1, ... in order)");
  EXPECT_EQ(errorOf(withRow("st.sc0 x, 1 | st.sc0 x, 2 |")),
            "bad.litmus:5:2: error: row has 3 cells but the test has 2 threads");
  EXPECT_EQ(errorOf(withRow("| goto LC01")), "bad.litmus:5:4: error: undefined label 'LC01' in P1");
  EXPECT_EQ(errorOf(withRow("LC00: | LC00: ;\n LC00: |")),
            "bad.litmus:6:2: error: label 'LC00' is defined twice in P0");
}

TEST(VulkanErrors, InitAndSswBlocks) {
  EXPECT_EQ(errorOf(testing::vulkanTest("x=0; x=1;", kThreads, {})),
            "bad.litmus:2:8: error: location 'x' is declared twice");
  EXPECT_EQ(errorOf(testing::vulkanTest("y aliases z; z aliases y;", kThreads, {})),
            "bad.litmus:2:3: error: alias cycle through 'y'");
  EXPECT_EQ(errorOf(testing::vulkanTest("x=0; y=x;", kThreads, {})),
            "bad.litmus:2:8: error: initialising a location from another location is not supported");
  EXPECT_EQ(errorOf(testing::vulkanTest("P0:r0=1; P0:r0=2;", kThreads, {})),
            "bad.litmus:2:12: error: register P0:r0 is initialised twice");
  EXPECT_EQ(errorOf(testing::vulkanTest("x=0; } { ssw 0 5;", kThreads, {})),
            "bad.litmus:2:18: error: thread 5 does not exist (the test has 2 threads)");
  EXPECT_EQ(errorOf(testing::vulkanTest("x=0; } { ssw P1 P1;", kThreads, {})),
            "bad.litmus:2:12: error: ssw relates P1 to itself");
  EXPECT_EQ(errorOf(testing::vulkanTest("x=0; } { ssw 0;", kThreads, {})),
            "bad.litmus:2:17: error: unexpected ';', expected a thread or a number");
}

TEST(VulkanErrors, DialectWord) {
  EXPECT_EQ(errorOf("\n  Vulkan test\n"), "bad.litmus:3:1: error: unexpected end of input, expected '{'");
  EXPECT_EQ(errorOf("vulkan test\n{ x=0; }\n"),
            "bad.litmus:3:1: error: unexpected end of input, expected '{' or a thread");
}

}  // namespace
}  // namespace catcheck::frontends
