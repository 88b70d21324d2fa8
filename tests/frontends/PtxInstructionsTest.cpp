// The PTX front end on small hand-written tests: the tags and operands of every instruction family
// (docs/semantics.md 5, PTX table), the init block (aliases in any order, initial values), and conditions
// (precedence, operators, constants, filter, quantifiers).
#include <gtest/gtest.h>

#include "PtxTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::registerOf;
using testing::tagNames;
using testing::Tags;

// A two-thread test with the given init block, one row per entry of `rows` and the given condition.
core::Program parse(const std::string& init, const std::vector<std::string>& rows,
                    const std::string& condition = "exists (P0:r0 == 0)") {
  std::string text = "PTX test\n{ " + init + " }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n";
  for (const std::string& row : rows) text += row + " ;\n";
  return parseLitmusText(text + condition + "\n", "test.litmus");
}

const core::Instruction& first(const core::Program& program, int thread = 0) {
  return program.threads.at(static_cast<size_t>(thread)).code.at(0);
}

TEST(PtxInstructions, LoadsAndStoresThroughEveryProxy) {
  core::Program program =
      parse("x=0;", {"ld.relaxed.sys r0, x | tld.weak r1, x", "suld.weak r2, x | cold.weak r3, x",
                     "st.relaxed.cta x, r0 | sust.weak x, 2"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(tagNames(p0[0].tags), (Tags{"R", "M", "_", "RLX", "SYS", "GEN"}));
  EXPECT_EQ(tagNames(p1[0].tags), (Tags{"R", "M", "_", "WEAK", "TEX"}));
  EXPECT_EQ(tagNames(p0[1].tags), (Tags{"R", "M", "_", "WEAK", "SUR"}));
  EXPECT_EQ(tagNames(p1[1].tags), (Tags{"R", "M", "_", "WEAK", "CON"}));
  EXPECT_EQ(tagNames(p0[2].tags), (Tags{"W", "M", "_", "RLX", "CTA", "GEN"}));
  EXPECT_EQ(p0[2].value.op, core::ExprOp::Register);
  EXPECT_EQ(tagNames(p1[2].tags), (Tags{"W", "M", "_", "WEAK", "SUR"}));
}

TEST(PtxInstructions, AtomSplitsItsOrderOverBothHalves) {
  core::Program program = parse("x=0;", {"atom.acq_rel.gpu.add r0, x, 1 | atom.acquire.cta.sub r0, x, r1",
                                         "atom.release.sys.xor r1, x, 3 | atom.relaxed.gpu.exch r1, x, 2"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(p0[0].access().rmwOp, core::RmwOp::Add);
  EXPECT_EQ(tagNames(p0[0].tags), (Tags{"R", "M", "_", "RMW", "ACQ", "GPU", "GEN"}));
  EXPECT_EQ(tagNames(p0[0].access().storeTags), (Tags{"W", "M", "_", "RMW", "REL", "GPU", "GEN"}));
  EXPECT_EQ(tagNames(p1[0].tags), (Tags{"R", "M", "_", "RMW", "ACQ", "CTA", "GEN"}));
  EXPECT_EQ(tagNames(p1[0].access().storeTags), (Tags{"W", "M", "_", "RMW", "RLX", "CTA", "GEN"}));
  EXPECT_EQ(p1[0].value.reg, registerOf(program.threads[1], "r1"));
  EXPECT_EQ(p0[1].access().rmwOp, core::RmwOp::Xor);
  EXPECT_EQ(tagNames(p0[1].tags), (Tags{"R", "M", "_", "RMW", "RLX", "SYS", "GEN"}));
  EXPECT_EQ(tagNames(p0[1].access().storeTags), (Tags{"W", "M", "_", "RMW", "REL", "SYS", "GEN"}));
  EXPECT_EQ(p1[1].access().rmwOp, core::RmwOp::Exchange);
  EXPECT_EQ(tagNames(p1[1].access().storeTags), (Tags{"W", "M", "_", "RMW", "RLX", "GPU", "GEN"}));
}

TEST(PtxInstructions, RedHasNoResultRegister) {
  core::Program program = parse("x=0;", {"red.acq_rel.sys.sub x, 1 | red.relaxed.gpu.mul x, 2"});
  const core::Instruction& red = first(program);
  EXPECT_EQ(red.kind, core::InstructionKind::Rmw);
  EXPECT_FALSE(red.reg.has_value());
  EXPECT_EQ(red.access().rmwOp, core::RmwOp::Sub);
  EXPECT_EQ(red.value.constant, 1);
  EXPECT_EQ(tagNames(red.tags), (Tags{"R", "M", "_", "RMW", "ACQ", "SYS", "GEN"}));
  EXPECT_EQ(tagNames(red.access().storeTags), (Tags{"W", "M", "_", "RMW", "REL", "SYS", "GEN"}));
  EXPECT_EQ(first(program, 1).access().rmwOp, core::RmwOp::Mul);
}

TEST(PtxInstructions, Fences) {
  core::Program program =
      parse("", {"fence.sc.gpu | fence.acq_rel.cta", "fence.proxy.generic | fence.proxy.constant"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(p0[0].kind, core::InstructionKind::Fence);
  EXPECT_EQ(tagNames(p0[0].tags), (Tags{"F", "_", "SC", "GPU", "GEN"}));
  EXPECT_EQ(tagNames(p1[0].tags), (Tags{"F", "_", "ACQ_REL", "CTA", "GEN"}));
  EXPECT_EQ(tagNames(p0[1].tags), (Tags{"F", "_", "GEN"}));
  EXPECT_EQ(tagNames(p1[1].tags), (Tags{"F", "_", "CON"}));
}

TEST(PtxInstructions, BarrierInstanceKeepsItsSpelling) {
  core::Program program = parse("", {"bar.cta.sync 00 | bar.cta.arrive 0, r1, 2"});
  EXPECT_EQ(first(program).barrier().instance, "00");
  const core::Instruction& arrive = first(program, 1);
  EXPECT_EQ(arrive.barrier().instance, "0");
  EXPECT_TRUE(arrive.barrier().arriveOnly);
  EXPECT_EQ(arrive.barrier().resource->reg, registerOf(program.threads[1], "r1"));
  EXPECT_EQ(arrive.barrier().quorum->constant, 2);
}

TEST(PtxInstructions, LocalArithmeticAndBranches) {
  core::Program program = parse("", {"ld r0, -3 | sub r1, 7, r0", "mul r2, r0, 0x10 | div r1, r1, 2",
                                     "beq r0, r2, LC1 | ble 1, r1, LC2", "blt r0, 1, LC1 | bgt r1, 0, LC2",
                                     "bge r0, 1, LC1 | bne r1, 0, LC2", "LC1: | LC2:"});
  const std::vector<core::Instruction>& p0 = program.threads[0].code;
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  EXPECT_EQ(p0[0].kind, core::InstructionKind::Local);
  EXPECT_EQ(p0[0].value.constant, -3);
  EXPECT_EQ(p1[0].value.op, core::ExprOp::Sub);
  EXPECT_EQ(p1[0].value.args[0].constant, 7);
  EXPECT_EQ(p0[1].value.op, core::ExprOp::Mul);
  EXPECT_EQ(p0[1].value.args[1].constant, 16);
  EXPECT_EQ(p1[1].value.op, core::ExprOp::Div);
  EXPECT_EQ(p0[2].branch().condition->op, core::ExprOp::Eq);
  EXPECT_EQ(p0[2].branch().condition->args[1].reg, registerOf(program.threads[0], "r2"));
  EXPECT_EQ(p1[2].branch().condition->op, core::ExprOp::Le);
  EXPECT_EQ(p0[3].branch().condition->op, core::ExprOp::Lt);
  EXPECT_EQ(p1[3].branch().condition->op, core::ExprOp::Gt);
  EXPECT_EQ(p0[4].branch().condition->op, core::ExprOp::Ge);
  EXPECT_EQ(p1[4].branch().condition->op, core::ExprOp::Ne);
  EXPECT_EQ(p1[5].branch().label, "LC2");
}

TEST(PtxInitBlock, AliasesResolveInAnyOrderAndInheritTheInitialValue) {
  core::Program program = parse("s @ surface aliases y; y @ generic aliases x; x = 5; c @ constant aliases x",
                                {"ld.weak r0, z | st.weak s, 1"});
  ASSERT_EQ(program.memory.size(), 5u);
  int x = program.memoryIndex("x");
  int y = program.memoryIndex("y");
  const core::MemoryObject& s = program.memory[static_cast<size_t>(program.memoryIndex("s"))];
  EXPECT_EQ(s.physical, x);
  EXPECT_EQ(s.generic, y);
  EXPECT_EQ(s.initialValue, 5);
  const core::MemoryObject& c = program.memory[static_cast<size_t>(program.memoryIndex("c"))];
  EXPECT_EQ(c.physical, x);
  EXPECT_EQ(c.generic, x);
  const core::MemoryObject& z = program.memory.back();  // referenced in code only
  EXPECT_EQ(z.name, "z");
  EXPECT_EQ(z.physical, 4);
  EXPECT_EQ(z.generic, 4);
  EXPECT_EQ(z.initialValue, 0);
}

TEST(PtxInitBlock, RegistersAndComments) {
  core::Program program =
      parse("P1:r3 = 7; (* a comment *) x=0;", {"(* here too *) | ld.weak r0, x"}, "exists (P0:r9 == 0)");
  const core::Thread& p1 = program.threads[1];
  EXPECT_EQ(p1.registerInits.at(registerOf(p1, "r3")), 7);
  EXPECT_TRUE(program.threads[0].code.empty());
  EXPECT_EQ(program.threads[0].registerNames,
            (std::vector<std::string>{"r9"}));  // named only in the condition
}

TEST(PtxConditions, PrecedenceIsNotThenAndThenOr) {
  core::Program program = parse("x=0;", {"|"}, "forall ~P0:r0 == 1 /\\ x != 2 \\/ not (P1:r1 < 0x1F) ;");
  EXPECT_EQ(program.assertionKind, core::AssertionKind::Forall);
  const core::Condition& root = program.assertion;
  ASSERT_EQ(root.op, core::ConditionOp::Or);
  ASSERT_EQ(root.children.size(), 2u);
  const core::Condition& conjunction = root.children[0];
  ASSERT_EQ(conjunction.op, core::ConditionOp::And);
  EXPECT_EQ(conjunction.children[0].op, core::ConditionOp::Not);
  EXPECT_EQ(conjunction.children[1].lhs.kind, core::Operand::Kind::Location);
  EXPECT_EQ(conjunction.children[1].comparison, core::Comparison::Ne);
  const core::Condition& negation = root.children[1];
  ASSERT_EQ(negation.op, core::ConditionOp::Not);
  EXPECT_EQ(negation.children[0].comparison, core::Comparison::Lt);
  EXPECT_EQ(negation.children[0].rhs.constant, 31);
  EXPECT_EQ(program.assertionText, "forall ~P0:r0 == 1 /\\ x != 2 \\/ not (P1:r1 < 0x1F)");
}

TEST(PtxConditions, ComparisonsFilterAndNotExists) {
  core::Program program = parse("", {"|"}, "filter (y >= -1 /\\ y <= 1 /\\ y > -2)\nnot exists (P1:r0 = 1)");
  EXPECT_EQ(program.assertionKind, core::AssertionKind::NotExists);
  ASSERT_TRUE(program.filter.has_value());
  ASSERT_EQ(program.filter->children.size(), 3u);  // nested conjunctions are flattened
  EXPECT_EQ(program.filter->children[0].comparison, core::Comparison::Ge);
  EXPECT_EQ(program.filter->children[0].rhs.constant, -1);
  EXPECT_EQ(program.filter->children[1].comparison, core::Comparison::Le);
  EXPECT_EQ(program.filter->children[2].comparison, core::Comparison::Gt);
  EXPECT_EQ(program.memoryIndex("y"), 0);  // created by the filter
  EXPECT_EQ(program.assertion.comparison, core::Comparison::Eq);
}

TEST(PtxConditions, ConditionIsOptional) {
  core::Program program = parse("", {"|"}, "");
  EXPECT_EQ(program.assertionKind, core::AssertionKind::None);
  EXPECT_EQ(program.assertion.op, core::ConditionOp::True);
  EXPECT_TRUE(program.assertionText.empty());
}

}  // namespace
// A generated forall lists every allowed final state: a flat chain far longer than the nesting limit is one
// n-ary connective, in source order, not an error (nesting is still limited: tests/bad-input/ptx).
TEST(PtxConditions, LongFlatChainsAreOneConnective) {
  std::string states;
  for (int i = 0; i < 5000; ++i)
    states += (i > 0 ? " \\/ " : "") + std::string("(P0:r0 == ") + std::to_string(i) + " /\\ x == 1)";
  core::Program program = parse("x=0;", {"|"}, "forall (" + states + ")");
  const core::Condition& root = program.assertion;
  ASSERT_EQ(root.op, core::ConditionOp::Or);
  ASSERT_EQ(root.children.size(), 5000u);
  EXPECT_EQ(root.children[4321].op, core::ConditionOp::And);
  EXPECT_EQ(root.children[4321].children[0].rhs.constant, 4321);
}

}  // namespace catcheck::frontends
