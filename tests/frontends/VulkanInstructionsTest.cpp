// The Vulkan front end on small hand-written tests, for the forms the reference table does not list: every
// storage class, acq_rel RMWs with both semav and semvis, every RMW and arithmetic operation, fences and
// barriers with several semantics, named barriers with register operands, string instance ids, branches,
// the init block (aliases in any order, initial values), `ssw Pi Pj`, header spellings and doc strings.
#include <gtest/gtest.h>

#include "VulkanTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::registerOf;
using testing::tagNames;
using testing::Tags;

// A two-thread test (P1 in another subgroup) with the given init block, rows and condition.
core::Program parse(const std::string& init, const std::vector<std::string>& rows,
                    const std::string& condition = "exists (P0:r0 == 0)") {
  return parseLitmusText(
      testing::vulkanTest(init, "P0@sg 0,wg 0, qf 0 | P1@sg 1,wg 0, qf 0", rows, condition), "test.litmus");
}

TEST(VulkanInstructions, PlainAccessesInEveryStorageClass) {
  core::Program program =
      parse("", {"ld.vis.qf.sc2 r0, x | st.av.sg.sc3 x, r1", "ld.nonpriv.sc3 r1, x | st.sc2 x, 7"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(tagNames(p0[0].tags), (Tags{"R", "M", "_", "SC2", "NONPRIV", "VIS", "QF"}));
  EXPECT_EQ(tagNames(p1[0].tags), (Tags{"W", "M", "_", "SC3", "NONPRIV", "AV", "SG"}));
  EXPECT_EQ(p1[0].value.reg, registerOf(program.threads[1], "r1"));
  EXPECT_EQ(tagNames(p0[1].tags), (Tags{"R", "M", "_", "SC3", "NONPRIV"}));
  EXPECT_EQ(tagNames(p1[1].tags), (Tags{"W", "M", "_", "SC2"}));
  EXPECT_EQ(p1[1].value.constant, 7);
}

TEST(VulkanInstructions, AtomicsWithSeveralSemantics) {
  core::Program program =
      parse("", {"ld.atom.acq.sg.sc3.semsc1.semsc3.semvis r0, x | st.atom.rel.qf.sc2.semsc2.semav x, 1"});
  EXPECT_EQ(tagNames(program.threads[0].code[0].tags), (Tags{"R", "M", "_", "ATOM", "NONPRIV", "VIS", "SG",
                                                             "SC3", "ACQ", "SEMSC1", "SEMSC3", "SEMVIS"}));
  EXPECT_EQ(tagNames(program.threads[1].code[0].tags),
            (Tags{"W", "M", "_", "ATOM", "NONPRIV", "AV", "QF", "SC2", "REL", "SEMSC2", "SEMAV"}));
}

TEST(VulkanInstructions, AcquireReleaseRmwWithBothSemantics) {
  core::Program program = parse("", {"rmw.atom.acq_rel.wg.sc1.semsc0.semsc1.semav.semvis.xor r0, x, r2 |"});
  const core::Instruction& rmw = program.threads[0].code[0];
  EXPECT_EQ(rmw.access().rmwOp, core::RmwOp::Xor);
  EXPECT_EQ(rmw.value.reg, registerOf(program.threads[0], "r2"));
  EXPECT_EQ(tagNames(rmw.tags), (Tags{"R", "M", "_", "RMW", "ATOM", "NONPRIV", "VIS", "WG", "SC1", "ACQ",
                                      "SEMSC0", "SEMSC1", "SEMVIS"}));
  EXPECT_EQ(tagNames(rmw.access().storeTags), (Tags{"W", "M", "_", "RMW", "ATOM", "NONPRIV", "AV", "WG",
                                                    "SC1", "REL", "SEMSC0", "SEMSC1", "SEMAV"}));
}

TEST(VulkanInstructions, RmwOperations) {
  core::Program program = parse("", {"rmw.atom.dv.sc0.sub r0, x, 1 | rmw.atom.dv.sc0.mul r0, x, 2",
                                     "rmw.atom.dv.sc0.div r1, x, 3 | rmw.atom.dv.sc0.and r1, x, 4",
                                     "rmw.atom.dv.sc0.or r2, x, 5 | rmw.atom.dv.sc0 r2, x, 6"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(p0[0].access().rmwOp, core::RmwOp::Sub);
  EXPECT_EQ(p1[0].access().rmwOp, core::RmwOp::Mul);
  EXPECT_EQ(p0[1].access().rmwOp, core::RmwOp::Div);
  EXPECT_EQ(p1[1].access().rmwOp, core::RmwOp::And);
  EXPECT_EQ(p0[2].access().rmwOp, core::RmwOp::Or);
  EXPECT_EQ(p1[2].access().rmwOp, core::RmwOp::Exchange);
  EXPECT_EQ(tagNames(p0[0].access().storeTags),
            (Tags{"W", "M", "_", "RMW", "ATOM", "NONPRIV", "AV", "DV", "SC0"}));
}

TEST(VulkanInstructions, FencesAndBarriers) {
  core::Program program = parse("", {"membar.acq_rel.qf.semsc0.semsc3.semav.semvis | cbar.rel.sg.semsc2 0",
                                     "cbar.acq.wg.semsc0 00, r1 | cbar.qf 0, 2, r3"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(p0[0].kind, core::InstructionKind::Fence);
  EXPECT_EQ(tagNames(p0[0].tags),
            (Tags{"F", "_", "ACQ", "REL", "QF", "SEMSC0", "SEMSC3", "SEMAV", "SEMVIS"}));
  EXPECT_EQ(tagNames(p1[0].tags), (Tags{"F", "_", "CBAR", "SG", "REL", "SEMSC2"}));
  EXPECT_EQ(p1[0].barrier().instance, "0");

  const core::Instruction& named = p0[1];
  EXPECT_EQ(tagNames(named.tags), (Tags{"F", "_", "CBAR", "WG", "ACQ", "SEMSC0"}));
  EXPECT_EQ(named.barrier().instance, "00");  // not the same instance as P1's `0`
  ASSERT_TRUE(named.barrier().resource.has_value());
  EXPECT_EQ(named.barrier().resource->reg, registerOf(program.threads[0], "r1"));
  EXPECT_FALSE(named.barrier().quorum.has_value());

  const core::Instruction& quorum = p1[1];
  EXPECT_EQ(tagNames(quorum.tags), (Tags{"_", "CBAR", "QF"}));
  EXPECT_EQ(core::scopeKey(quorum.barrier().scope), "WG");
  EXPECT_EQ(quorum.barrier().resource->constant, 2);
  EXPECT_EQ(quorum.barrier().quorum->reg, registerOf(program.threads[1], "r3"));
}

TEST(VulkanInstructions, ArithmeticAndBranches) {
  core::Program program =
      parse("", {"sub r0, 7, r1 | mul r0, r0, 0x10", "div r1, r0, 2 | and r1, r0, 3",
                 "or r2, r0, 1 | xor r2, r2, r2", "blt r0, 1, LC1 | ble 1, r1, LC2",
                 "bgt r0, 1, LC1 | bge r1, 0, LC2", "bne r0, 1, LC1 | goto LC2", "LC1: | LC2:"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(p0[0].kind, core::InstructionKind::Local);
  EXPECT_EQ(p0[0].value.op, core::ExprOp::Sub);
  EXPECT_EQ(p0[0].value.args[0].constant, 7);
  EXPECT_EQ(p1[0].value.op, core::ExprOp::Mul);
  EXPECT_EQ(p1[0].value.args[1].constant, 16);
  EXPECT_EQ(p0[1].value.op, core::ExprOp::Div);
  EXPECT_EQ(p1[1].value.op, core::ExprOp::And);
  EXPECT_EQ(p0[2].value.op, core::ExprOp::Or);
  EXPECT_EQ(p1[2].value.op, core::ExprOp::Xor);
  EXPECT_EQ(p0[3].branch().condition->op, core::ExprOp::Lt);
  EXPECT_EQ(p1[3].branch().condition->op, core::ExprOp::Le);
  EXPECT_EQ(p0[4].branch().condition->op, core::ExprOp::Gt);
  EXPECT_EQ(p1[4].branch().condition->op, core::ExprOp::Ge);
  EXPECT_EQ(p0[5].branch().condition->op, core::ExprOp::Ne);
  EXPECT_FALSE(p1[5].branch().condition.has_value());
  EXPECT_EQ(p1[5].branch().label, "LC2");
}

TEST(VulkanInitBlock, AliasesResolveInAnyOrderAndInheritTheInitialValue) {
  core::Program program =
      parse("c aliases b; b aliases a; a = 5; P1:r3 = 7; (* a comment *)", {"ld.sc0 r0, z | st.sc0 c, 1"});
  ASSERT_EQ(program.memory.size(), 4u);
  int a = program.memoryIndex("a");
  const core::MemoryObject& c = program.memory[static_cast<size_t>(program.memoryIndex("c"))];
  EXPECT_EQ(c.physical, a);
  EXPECT_EQ(c.generic, program.memoryIndex("c"));
  EXPECT_EQ(c.initialValue, 5);
  const core::MemoryObject& b = program.memory[static_cast<size_t>(program.memoryIndex("b"))];
  EXPECT_EQ(b.physical, a);
  EXPECT_NE(b.generic, c.generic);
  const core::MemoryObject& z = program.memory.back();  // referenced in code only
  EXPECT_EQ(z.name, "z");
  EXPECT_EQ(z.physical, 3);
  const core::Thread& p1 = program.threads[1];
  EXPECT_EQ(p1.registerInits.at(registerOf(p1, "r3")), 7);
}

TEST(VulkanInitBlock, SswWithThreadNames) {
  core::Program program = parseLitmusText(
      testing::vulkanTest("x=0; } { ssw P1 P0; ; ssw 2 1",
                          "P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 | P2@sg 0,wg 0, qf 1", {"| |"}),
      "test.litmus");
  EXPECT_EQ(program.systemSynchronizesWith, (std::vector<std::pair<int, int>>{{1, 0}, {2, 1}}));
  EXPECT_EQ(program.threads[2].scopes[1].id, 1);
}

TEST(VulkanHeader, SpellingsAndDocStrings) {
  core::Program program = parseLitmusText(
      "vulkan my-test+2 \"a doc string\"\n\"another\" P0@sg { x=0; }\n P0@sg 0,wg 0, qf 0 ;\n st.sc0 x, 1 ;\n"
      "not exists (x == 2)\n",
      "test.litmus");
  EXPECT_EQ(program.name, "my-test+2");
  EXPECT_EQ(program.target, &core::vulkanTarget());
  EXPECT_EQ(program.assertionKind, core::AssertionKind::NotExists);
  EXPECT_EQ(program.assertion.lhs.kind, core::Operand::Kind::Location);
  EXPECT_EQ(program.assertionText, "not exists (x == 2)");
}

}  // namespace
}  // namespace catcheck::frontends
