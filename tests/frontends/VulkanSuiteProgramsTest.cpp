// Detailed checks of the Program IR the Vulkan front end builds for representative files of the reference
// suite: the cross-workgroup barrier (nested scope hierarchies, string instance ids, a 36-atom forall),
// ssw blocks with generic aliases and device operations, a filter-only Data-Race file, named barriers with a
// quorum, the split of RMW tags over the load and store halves, register branches and local arithmetic.
#include <gtest/gtest.h>

#include "VulkanTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::parseVulkanSuiteFile;
using testing::registerOf;
using testing::tagNames;
using testing::Tags;

using Scopes = std::vector<std::pair<std::string, int>>;

Scopes scopesOf(const core::Thread& thread) {
  Scopes scopes;
  for (const core::ScopePosition& position : thread.scopes)
    scopes.emplace_back(core::scopeKey(position.level), position.id);
  return scopes;
}

Scopes vulkanScopes(int queueFamily, int workgroup, int subgroup) {
  return {{"DV", 0}, {"QF", queueFamily}, {"WG", workgroup}, {"SG", subgroup}};
}

TEST(VulkanSuitePrograms, CrossWorkgroupBarrier) {
  core::Program program = parseVulkanSuiteFile("Manual/xf-barrier-cbar-rlx-1.litmus");
  EXPECT_EQ(program.name, "xf-barrier-cbar-rlx-1");
  EXPECT_EQ(program.target, &core::vulkanTarget());
  ASSERT_EQ(program.threads.size(), 6u);
  // `sg 0` under workgroups 0, 1 and 2: three different subgroups, told apart by their workgroup.
  EXPECT_EQ(scopesOf(program.threads[1]), vulkanScopes(0, 0, 0));
  EXPECT_EQ(scopesOf(program.threads[2]), vulkanScopes(0, 1, 0));
  EXPECT_EQ(scopesOf(program.threads[5]), vulkanScopes(0, 2, 0));
  EXPECT_EQ(program.memory.size(), 8u);

  const core::Instruction& relaxed = program.threads[0].code[6];
  EXPECT_EQ(relaxed.text, "cbar.wg 00");
  EXPECT_EQ(relaxed.kind, core::InstructionKind::Barrier);
  EXPECT_EQ(relaxed.barrier().instance, "00");
  EXPECT_EQ(core::scopeKey(relaxed.barrier().scope), "WG");
  EXPECT_FALSE(relaxed.barrier().resource.has_value());
  EXPECT_EQ(tagNames(relaxed.tags), (Tags{"_", "CBAR", "WG"}));

  const core::Instruction& synchronising = program.threads[3].code[2];
  EXPECT_EQ(synchronising.barrier().instance, "11");
  EXPECT_EQ(tagNames(synchronising.tags), (Tags{"F", "_", "CBAR", "WG", "ACQ", "REL", "SEMSC0"}));
  EXPECT_EQ(synchronising.location.str(), program.file + ":12:107");

  EXPECT_EQ(program.assertionKind, core::AssertionKind::Forall);
  EXPECT_EQ(program.assertion.children.size(), 36u);
  EXPECT_EQ(program.assertion.children[35].lhs.thread, 5);
}

TEST(VulkanSuitePrograms, SswBlockAndGenericAlias) {
  core::Program program = parseVulkanSuiteFile("Kronos-Group/ssw4.litmus");
  EXPECT_EQ(program.name, "ssw4");
  EXPECT_EQ(program.systemSynchronizesWith, (std::vector<std::pair<int, int>>{{0, 1}}));
  int x = program.memoryIndex("x");
  int y = program.memoryIndex("y");
  EXPECT_EQ(program.memory[static_cast<size_t>(y)].physical, x);
  EXPECT_EQ(program.memory[static_cast<size_t>(y)].generic, y);
  EXPECT_EQ(scopesOf(program.threads[1]), vulkanScopes(0, 0, 1));

  const core::Instruction& load = program.threads[1].code[0];
  EXPECT_EQ(load.access().address, y);
  EXPECT_EQ(tagNames(load.tags), (Tags{"R", "M", "_", "SC1", "NONPRIV", "VIS", "DV"}));
  EXPECT_EQ(program.assertionKind, core::AssertionKind::Exists);
}

TEST(VulkanSuitePrograms, DeviceOperationsAndFilter) {
  core::Program program = parseVulkanSuiteFile("Data-Race/ssw1-filter.litmus");
  EXPECT_EQ(program.systemSynchronizesWith, (std::vector<std::pair<int, int>>{{0, 1}, {1, 2}}));
  const std::vector<core::Instruction>& p1 = program.threads[1].code;
  ASSERT_EQ(p1.size(), 2u);
  EXPECT_EQ(p1[0].kind, core::InstructionKind::Visible);
  EXPECT_EQ(tagNames(p1[0].tags), (Tags{"_", "AVDEVICE"}));
  EXPECT_EQ(tagNames(p1[1].tags), (Tags{"_", "VISDEVICE"}));
  EXPECT_EQ(tagNames(program.threads[0].code[0].tags), (Tags{"W", "M", "_", "SC0"}));  // private

  EXPECT_EQ(program.assertionKind, core::AssertionKind::None);
  ASSERT_TRUE(program.filter.has_value());
  EXPECT_EQ(program.filter->lhs.thread, 2);
  EXPECT_EQ(program.filter->rhs.constant, 1);
}

TEST(VulkanSuitePrograms, NamedBarrierWithQuorum) {
  core::Program program = parseVulkanSuiteFile("Barrier/quorum1-fail.litmus");
  EXPECT_EQ(program.name, "test1-fail");
  const core::Instruction& barrier = program.threads[1].code[0];
  EXPECT_EQ(barrier.kind, core::InstructionKind::Barrier);
  EXPECT_EQ(barrier.barrier().instance, "1");
  ASSERT_TRUE(barrier.barrier().resource.has_value());
  EXPECT_EQ(barrier.barrier().resource->constant, 1);
  ASSERT_TRUE(barrier.barrier().quorum.has_value());
  EXPECT_EQ(barrier.barrier().quorum->constant, 3);
  EXPECT_EQ(core::scopeKey(barrier.barrier().scope), "WG");
  EXPECT_FALSE(barrier.barrier().arriveOnly);
  EXPECT_EQ(tagNames(barrier.tags), (Tags{"F", "_", "CBAR", "DV", "ACQ", "REL", "SEMSC0"}));
}

TEST(VulkanSuitePrograms, RmwSplitsItsOrderOverBothHalves) {
  core::Program program = parseVulkanSuiteFile("Manual/ticketlock-same-wg.litmus");
  const core::Thread& p0 = program.threads[0];
  const core::Instruction& acquire = p0.code[0];
  EXPECT_EQ(acquire.kind, core::InstructionKind::Rmw);
  EXPECT_EQ(acquire.access().rmwOp, core::RmwOp::Add);
  EXPECT_EQ(acquire.reg, registerOf(p0, "r1"));
  EXPECT_EQ(acquire.access().address, program.memoryIndex("in"));
  EXPECT_EQ(acquire.value.constant, 1);
  EXPECT_EQ(tagNames(acquire.tags),
            (Tags{"R", "M", "_", "RMW", "ACQ", "ATOM", "NONPRIV", "VIS", "WG", "SC0", "SEMSC0"}));
  EXPECT_EQ(tagNames(acquire.access().storeTags),
            (Tags{"W", "M", "_", "RMW", "ATOM", "NONPRIV", "AV", "WG", "SC0"}));

  const core::Instruction& release = p0.code[8];
  EXPECT_EQ(tagNames(release.tags), (Tags{"R", "M", "_", "RMW", "ATOM", "NONPRIV", "VIS", "WG", "SC0"}));
  EXPECT_EQ(tagNames(release.access().storeTags),
            (Tags{"W", "M", "_", "RMW", "REL", "ATOM", "NONPRIV", "AV", "WG", "SC0", "SEMAV", "SEMSC0"}));

  const core::Instruction& branch = p0.code[3];  // beq r1, r2, LC01
  ASSERT_TRUE(branch.branch().condition.has_value());
  EXPECT_EQ(branch.branch().condition->op, core::ExprOp::Eq);
  EXPECT_EQ(branch.branch().condition->args[1].reg, registerOf(p0, "r2"));
  EXPECT_EQ(branch.branch().label, "LC01");
  EXPECT_EQ(program.assertion.children[0].rhs.kind, core::Operand::Kind::Register);
}

TEST(VulkanSuitePrograms, AcquireReleaseExchange) {
  core::Program program = parseVulkanSuiteFile("Kronos-Group/mp3acqrel.litmus");
  const core::Instruction& rmw = program.threads[1].code[0];
  EXPECT_EQ(rmw.access().rmwOp, core::RmwOp::Exchange);
  EXPECT_EQ(rmw.value.constant, 2);
  EXPECT_EQ(tagNames(rmw.tags),
            (Tags{"R", "M", "_", "RMW", "ACQ", "ATOM", "NONPRIV", "VIS", "DV", "SC0", "SEMSC0"}));
  EXPECT_EQ(tagNames(rmw.access().storeTags),
            (Tags{"W", "M", "_", "RMW", "REL", "ATOM", "NONPRIV", "AV", "DV", "SC0", "SEMSC0"}));
  EXPECT_EQ(scopesOf(program.threads[2]), vulkanScopes(0, 2, 0));
}

TEST(VulkanSuitePrograms, LoopsArithmeticAndRegisterInits) {
  core::Program program = parseVulkanSuiteFile("Manual/MP-mesa.litmus");
  EXPECT_EQ(program.name, "MP-mesa");
  const core::Thread& p0 = program.threads[0];
  EXPECT_EQ(p0.registerInits.at(registerOf(p0, "r3")), 0);  // written `P0: r3=0`
  ASSERT_EQ(p0.code.size(), 8u);
  EXPECT_EQ(p0.code[0].kind, core::InstructionKind::Label);
  EXPECT_EQ(p0.code[3].branch().label, "LC00");
  EXPECT_FALSE(p0.code[3].branch().condition.has_value());
  EXPECT_EQ(tagNames(p0.code[5].tags), (Tags{"F", "_", "ACQ", "DV", "SEMSC0"}));
  const core::Instruction& add = p0.code[7];
  EXPECT_EQ(add.kind, core::InstructionKind::Local);
  EXPECT_EQ(add.reg, registerOf(p0, "r3"));
  EXPECT_EQ(add.value.op, core::ExprOp::Add);
  EXPECT_EQ(add.value.args[0].constant, 1);
  EXPECT_EQ(program.assertionText, "exists (P0:r3 == 1 /\\ P0:r2 != 1)");
}

TEST(VulkanSuitePrograms, SingleThreadPrivateAccesses) {
  core::Program program = parseVulkanSuiteFile("Kronos-Group/privpo.litmus");
  ASSERT_EQ(program.threads.size(), 1u);
  const std::vector<core::Instruction>& code = program.threads[0].code;
  ASSERT_EQ(code.size(), 4u);
  EXPECT_EQ(tagNames(code[0].tags), (Tags{"R", "M", "_", "SC0"}));
  EXPECT_EQ(tagNames(code[3].tags), (Tags{"W", "M", "_", "SC0", "NONPRIV"}));
  EXPECT_EQ(code[3].value.constant, 2);
}

}  // namespace
}  // namespace catcheck::frontends
