// Detailed checks of the Program IR the PTX front end builds for representative files of the reference suite:
// message passing, proxies and aliases, barriers (quorum, register resource id, arrive), atom.cas in a loop,
// a CADP loop made of labels and jumps, a multi-CTA test whose condition uses `P3: r0`, and `n:r` operands.
#include <gtest/gtest.h>

#include "PtxTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::parseSuiteFile;
using testing::registerOf;
using testing::tagNames;
using testing::Tags;

TEST(PtxSuitePrograms, MessagePassing) {
  core::Program program = parseSuiteFile("Manual/MP-gpu.litmus");
  EXPECT_EQ(program.name, "MP-gpu");
  EXPECT_EQ(program.target, &core::ptxTarget());
  ASSERT_EQ(program.memory.size(), 2u);
  EXPECT_EQ(program.memory[0].name, "x");
  EXPECT_EQ(program.memory[1].name, "y");
  EXPECT_EQ(program.memory[1].physical, 1);
  EXPECT_EQ(program.memory[1].generic, 1);

  ASSERT_EQ(program.threads.size(), 2u);
  const core::Thread& p0 = program.threads[0];
  const core::Thread& p1 = program.threads[1];
  EXPECT_EQ(p1.name, "P1");
  ASSERT_EQ(p0.code.size(), 2u);
  EXPECT_EQ(p0.code[0].kind, core::InstructionKind::Store);
  EXPECT_EQ(tagNames(p0.code[0].tags), (Tags{"W", "M", "_", "WEAK", "GEN"}));
  EXPECT_EQ(p0.code[0].access().address, 0);
  EXPECT_EQ(p0.code[0].value.constant, 1);
  EXPECT_EQ(tagNames(p0.code[1].tags), (Tags{"W", "M", "_", "REL", "GPU", "GEN"}));
  EXPECT_EQ(p0.code[1].text, "st.release.gpu y, 1");
  EXPECT_EQ(p0.code[1].location.str(), program.file + ":11:2");

  ASSERT_EQ(p1.code.size(), 2u);
  EXPECT_EQ(p1.code[0].kind, core::InstructionKind::Load);
  EXPECT_EQ(tagNames(p1.code[0].tags), (Tags{"R", "M", "_", "ACQ", "GPU", "GEN"}));
  EXPECT_EQ(p1.code[0].reg, registerOf(p1, "r1"));
  EXPECT_EQ(p1.code[0].access().address, 1);
  EXPECT_EQ(p1.code[0].location.str(), program.file + ":10:27");
  EXPECT_EQ(p1.registerInits.at(registerOf(p1, "r2")), 0);

  EXPECT_EQ(program.assertionKind, core::AssertionKind::NotExists);
  EXPECT_EQ(program.assertionText, "~exists (P1:r1 == 1 /\\ P1:r2 != 1)");
  ASSERT_EQ(program.assertion.op, core::ConditionOp::And);
  ASSERT_EQ(program.assertion.children.size(), 2u);
  const core::Condition& second = program.assertion.children[1];
  EXPECT_EQ(second.comparison, core::Comparison::Ne);
  EXPECT_EQ(second.lhs.kind, core::Operand::Kind::Register);
  EXPECT_EQ(second.lhs.thread, 1);
  EXPECT_EQ(second.lhs.reg, registerOf(p1, "r2"));
  EXPECT_EQ(second.rhs.constant, 1);
  EXPECT_FALSE(program.filter.has_value());
}

TEST(PtxSuitePrograms, AliasesAndProxies) {
  core::Program program =
      parseSuiteFile("Nvidia/proxy/Proxy-MP-Alias+diffProxy-aliasFence+proxyFence-correctOrder1.litmus");
  auto object = [&](const std::string& name) { return program.memory.at(program.memoryIndex(name)); };
  int x = program.memoryIndex("x");
  int y = program.memoryIndex("y");
  EXPECT_EQ(object("x").physical, x);
  EXPECT_EQ(object("x").generic, x);
  EXPECT_EQ(object("y").physical, x);  // y @ generic aliases x
  EXPECT_EQ(object("y").generic, y);
  EXPECT_EQ(object("s").physical, x);  // s @ surface aliases x
  EXPECT_EQ(object("s").generic, x);
  EXPECT_EQ(object("s1").physical, x);  // s1 @ surface aliases y
  EXPECT_EQ(object("s1").generic, y);
  EXPECT_EQ(object("t").physical, x);  // t @ texture aliases y
  EXPECT_EQ(object("t").generic, y);
  EXPECT_EQ(object("flag").physical, program.memoryIndex("flag"));

  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  ASSERT_EQ(p0.size(), 4u);
  EXPECT_EQ(tagNames(p0[0].tags), (Tags{"W", "M", "_", "WEAK", "SUR"}));
  EXPECT_EQ(p0[0].access().address, program.memoryIndex("s"));
  EXPECT_EQ(p0[1].kind, core::InstructionKind::Fence);
  EXPECT_EQ(tagNames(p0[1].tags), (Tags{"F", "_", "SUR"}));
  EXPECT_EQ(tagNames(p0[2].tags), (Tags{"F", "_", "ALIAS"}));

  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  ASSERT_EQ(p1.size(), 3u);
  EXPECT_EQ(tagNames(p1[1].tags), (Tags{"F", "_", "TEX"}));
  EXPECT_EQ(tagNames(p1[2].tags), (Tags{"R", "M", "_", "WEAK", "TEX"}));
  EXPECT_EQ(p1[2].access().address, program.memoryIndex("t"));
}

TEST(PtxSuitePrograms, BarrierWithResourceAndQuorum) {
  core::Program program = parseSuiteFile("Barrier/quorum1-fail.litmus");
  ASSERT_EQ(program.threads.size(), 3u);
  const core::Instruction& barrier = program.threads[1].code[0];
  EXPECT_EQ(barrier.kind, core::InstructionKind::Barrier);
  EXPECT_EQ(tagNames(barrier.tags), (Tags{"F", "_"}));
  EXPECT_EQ(barrier.barrier().instance, "1");
  ASSERT_TRUE(barrier.barrier().resource.has_value());
  EXPECT_EQ(barrier.barrier().resource->constant, 1);
  ASSERT_TRUE(barrier.barrier().quorum.has_value());
  EXPECT_EQ(barrier.barrier().quorum->constant, 3);
  EXPECT_EQ(core::scopeKey(barrier.barrier().scope), "CTA");
  EXPECT_FALSE(barrier.barrier().arriveOnly);
  EXPECT_EQ(program.threads[2].code.size(), 1u);
}

TEST(PtxSuitePrograms, BarrierWithRegisterResource) {
  core::Program program = parseSuiteFile("Manual/SB+named-bar-dyn-reg-const.litmus");
  const core::Thread& p0 = program.threads[0];
  const core::Instruction& barrier = p0.code[2];
  EXPECT_EQ(barrier.text, "bar.cta.sync 1, r2");
  ASSERT_TRUE(barrier.barrier().resource.has_value());
  EXPECT_EQ(barrier.barrier().resource->op, core::ExprOp::Register);
  EXPECT_EQ(barrier.barrier().resource->reg, registerOf(p0, "r2"));
  EXPECT_FALSE(barrier.barrier().quorum.has_value());
  EXPECT_EQ(program.assertionKind, core::AssertionKind::Forall);
  EXPECT_EQ(program.assertion.op, core::ConditionOp::Or);
}

TEST(PtxSuitePrograms, BarrierArrive) {
  core::Program program = parseSuiteFile("Manual/PC-bar-sync-arrive.litmus");
  const core::Instruction& arrive = program.threads[1].code[0];
  EXPECT_EQ(arrive.kind, core::InstructionKind::Barrier);
  EXPECT_TRUE(arrive.barrier().arriveOnly);
  EXPECT_EQ(arrive.barrier().instance, "1");
  EXPECT_FALSE(arrive.barrier().resource.has_value());
  EXPECT_FALSE(program.threads[1].code[2].barrier().arriveOnly);
  EXPECT_EQ(program.threads[1].code[2].barrier().instance, "0");
}

TEST(PtxSuitePrograms, CompareAndSwapLoop) {
  core::Program program = parseSuiteFile("Manual/MICRO24-Fig4b.litmus");
  EXPECT_EQ(program.name, "MICRO24-Fig4b");
  const core::Thread& p1 = program.threads[1];
  ASSERT_EQ(p1.code.size(), 5u);
  EXPECT_EQ(p1.code[0].kind, core::InstructionKind::Label);
  EXPECT_EQ(p1.code[0].branch().label, "LC00");

  const core::Instruction& cas = p1.code[1];
  EXPECT_EQ(cas.kind, core::InstructionKind::Rmw);
  EXPECT_EQ(cas.access().rmwOp, core::RmwOp::CompareExchange);
  EXPECT_EQ(cas.reg, registerOf(p1, "r1"));
  EXPECT_EQ(cas.access().address, program.memoryIndex("flag"));
  EXPECT_EQ(cas.access().expected.constant, 1);
  EXPECT_EQ(cas.value.constant, 0);
  EXPECT_EQ(tagNames(cas.tags), (Tags{"R", "M", "_", "RMW", "RLX", "GPU", "GEN"}));
  EXPECT_EQ(tagNames(cas.access().storeTags), (Tags{"W", "M", "_", "RMW", "RLX", "GPU", "GEN"}));

  const core::Instruction& branch = p1.code[2];
  EXPECT_EQ(branch.kind, core::InstructionKind::Jump);
  EXPECT_EQ(branch.branch().label, "LC00");
  ASSERT_TRUE(branch.branch().condition.has_value());
  EXPECT_EQ(branch.branch().condition->op, core::ExprOp::Ne);
  EXPECT_EQ(branch.branch().condition->args[0].reg, registerOf(p1, "r1"));
  EXPECT_EQ(branch.branch().condition->args[1].constant, 1);

  EXPECT_EQ(program.threads[0].code[2].access().rmwOp, core::RmwOp::Exchange);
  EXPECT_EQ(tagNames(p1.code[3].tags), (Tags{"F", "_", "SC", "CTA", "GEN"}));
}

TEST(PtxSuitePrograms, LabelsAndJumps) {
  core::Program program = parseSuiteFile("CADP/2_threads_4_instructions/102_simple.litmus");
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  ASSERT_EQ(p1.size(), 11u);
  EXPECT_EQ(p1[0].branch().label, "LC10");
  EXPECT_EQ(p1[3].kind, core::InstructionKind::Jump);
  EXPECT_EQ(p1[3].branch().label, "LC12");
  EXPECT_FALSE(p1[3].branch().condition.has_value());
  EXPECT_EQ(p1[9].text, "goto LC10");
  EXPECT_EQ(p1[9].location.line, 19);
  EXPECT_EQ(p1[10].kind, core::InstructionKind::Label);
  EXPECT_EQ(program.threads[0].code.size(), 5u);
  EXPECT_EQ(program.assertionKind, core::AssertionKind::Exists);
  EXPECT_EQ(program.assertion.lhs.kind, core::Operand::Kind::Constant);
  EXPECT_EQ(program.assertionText, "exists 0==0");
}

TEST(PtxSuitePrograms, ScopesMovesAndFinalValues) {
  core::Program program = parseSuiteFile("Memalloy/IRRWIW1.litmus");
  ASSERT_EQ(program.threads.size(), 4u);
  const std::vector<core::ScopePosition>& scopes = program.threads[3].scopes;
  ASSERT_EQ(scopes.size(), 4u) << "sys, gpu, cluster (implicit: the CTA's own), cta";
  EXPECT_EQ(core::scopeKey(scopes[0].level), "SYS");
  EXPECT_EQ(core::scopeKey(scopes[1].level), "GPU");
  EXPECT_EQ(scopes[1].id, 0);
  EXPECT_EQ(core::scopeKey(scopes[2].level), "CLUSTER");
  EXPECT_NE(scopes[2].id, program.threads[0].scopes[2].id)
      << "CTAs outside clusters are clusters of their own";
  EXPECT_EQ(core::scopeKey(scopes[3].level), "CTA");
  EXPECT_EQ(scopes[3].id, 1);
  EXPECT_EQ(program.threads[0].scopes[3].id, 0);

  const core::Instruction& move = program.threads[0].code[0];
  EXPECT_EQ(move.kind, core::InstructionKind::Local);
  EXPECT_EQ(move.value.constant, 2);
  EXPECT_TRUE(tagNames(move.tags).empty());
  EXPECT_EQ(program.threads[0].code[1].value.op, core::ExprOp::Register);

  ASSERT_EQ(program.assertion.children.size(), 4u);
  EXPECT_EQ(program.assertion.children[0].lhs.kind, core::Operand::Kind::Location);
  EXPECT_EQ(program.assertion.children[0].lhs.location, program.memoryIndex("x"));
  EXPECT_EQ(program.assertion.children[3].lhs.thread, 3);  // written `P3: r0`
}

TEST(PtxSuitePrograms, ThreadNumberWithoutPAndSingleEquals) {
  core::Program program = parseSuiteFile("Manual/LB+RMW-a.litmus");
  EXPECT_EQ(program.assertionText, "exists (0:r0 = 1 /\\ 1:r1 = 1 /\\ 2:r2 = 2)");
  ASSERT_EQ(program.assertion.children.size(), 3u);
  const core::Condition& last = program.assertion.children[2];
  EXPECT_EQ(last.comparison, core::Comparison::Eq);
  EXPECT_EQ(last.lhs.thread, 2);
  EXPECT_EQ(last.lhs.reg, registerOf(program.threads[2], "r2"));
  EXPECT_EQ(last.rhs.constant, 2);
}

}  // namespace
}  // namespace catcheck::frontends
