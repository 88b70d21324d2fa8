// The relaxations `catcheck minimize` tries on one instruction (frontends/Relaxation.h), per source format:
// the steps in the stated order and the exact text each gives, and the SPIR-V rendering that reuses an
// existing constant or declares a new one after the module's constants.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/ir/Target.h"
#include "frontends/Relaxation.h"

namespace catcheck::frontends {
namespace {

using Steps = std::vector<std::pair<std::string, std::string>>;

Steps stepsOf(const Relaxer& relaxer, const std::string& text) {
  Steps steps;
  for (const Relaxation& r : relaxer.relaxations(SyncPoint{}, text)) steps.emplace_back(r.step, r.text);
  return steps;
}

TEST(MinimizeRelaxation, PtxOrdersWeakenOneStepAndScopesNarrow) {
  std::unique_ptr<Relaxer> ptx = makePtxRelaxer("");
  EXPECT_EQ(
      stepsOf(*ptx, "ld.acquire.sys r0, flag"),
      (Steps{{"acquire -> relaxed", "ld.relaxed.sys r0, flag"}, {"sys -> gpu", "ld.acquire.gpu r0, flag"}}));
  EXPECT_EQ(stepsOf(*ptx, "st.relaxed.gpu flag, 1"),
            (Steps{{"relaxed -> weak", "st.weak flag, 1"}, {"gpu -> cta", "st.relaxed.cta flag, 1"}}));
  EXPECT_EQ(stepsOf(*ptx, "fence.sc.cta"), (Steps{{"remove", ""}, {"sc -> acq_rel", "fence.acq_rel.cta"}}));
  EXPECT_EQ(stepsOf(*ptx, "atom.acq_rel.gpu.add r0, x, 1"),
            (Steps{{"acq_rel -> acquire", "atom.acquire.gpu.add r0, x, 1"},
                   {"acq_rel -> release", "atom.release.gpu.add r0, x, 1"},
                   {"gpu -> cta", "atom.acq_rel.cta.add r0, x, 1"}}));
  EXPECT_EQ(stepsOf(*ptx, "bar.cta.sync 0"), (Steps{{"remove", ""}}));
  EXPECT_TRUE(stepsOf(*ptx, "ld.weak r1, x").empty());
  EXPECT_TRUE(stepsOf(*ptx, "atom.relaxed.cta.add r0, x, 1").empty());
}

// Issue 10's instructions: mbarrier orders weaken (defaults spelled out), cluster narrows to cta, the
// tcgen05 fences and fence.proxy.async are removed; completion waits and asynchronous operations are not
// synchronisation points of their own.
TEST(MinimizeRelaxation, PtxMbarrierOrdersWeakenAndClusterNarrows) {
  std::unique_ptr<Relaxer> ptx = makePtxRelaxer("");
  EXPECT_EQ(stepsOf(*ptx, "mbarrier.arrive bar"),
            (Steps{{"release -> relaxed", "mbarrier.arrive.relaxed bar"}}));
  EXPECT_EQ(stepsOf(*ptx, "mbarrier.arrive.expect_tx.release.cluster bar, 16"),
            (Steps{{"release -> relaxed", "mbarrier.arrive.expect_tx.relaxed.cluster bar, 16"},
                   {"cluster -> cta", "mbarrier.arrive.expect_tx.release.cta bar, 16"}}));
  EXPECT_EQ(stepsOf(*ptx, "mbarrier.wait.parity bar, 0"),
            (Steps{{"acquire -> relaxed", "mbarrier.wait.parity.relaxed bar, 0"}}));
  EXPECT_TRUE(stepsOf(*ptx, "mbarrier.try_wait.parity.relaxed.cta r0, bar, 0").empty());
  EXPECT_EQ(stepsOf(*ptx, "tcgen05.fence.before_thread_sync"), (Steps{{"remove", ""}}));
  EXPECT_EQ(stepsOf(*ptx, "fence.proxy.async"), (Steps{{"remove", ""}}));
  EXPECT_TRUE(stepsOf(*ptx, "cp.async.bulk s, g, 4, bar").empty());
  EXPECT_EQ(stepsOf(*ptx, "ld.acquire.cluster r0, x"),
            (Steps{{"acquire -> relaxed", "ld.relaxed.cluster r0, x"},
                   {"cluster -> cta", "ld.acquire.cta r0, x"}}));
  // Regression: relaxed -> weak dropped only sys, gpu and cta, leaving `st.weak.cluster`, which no reader
  // accepts (.weak takes no scope).
  EXPECT_EQ(stepsOf(*ptx, "st.relaxed.cluster x, 1"),
            (Steps{{"relaxed -> weak", "st.weak x, 1"}, {"cluster -> cta", "st.relaxed.cta x, 1"}}));
}

TEST(MinimizeRelaxation, VulkanSemanticsQualifiersFollowTheOrder) {
  std::unique_ptr<Relaxer> vulkan = makeVulkanRelaxer("");
  EXPECT_EQ(stepsOf(*vulkan, "ld.atom.acq.dv.sc0.semsc0.semvis r0, y"),
            (Steps{{"acq -> relaxed", "ld.atom.dv.sc0 r0, y"},
                   {"dv -> qf", "ld.atom.acq.qf.sc0.semsc0.semvis r0, y"}}));
  EXPECT_EQ(stepsOf(*vulkan, "rmw.atom.acq_rel.wg.sc0.semsc0.semav.semvis r0, x, 1"),
            (Steps{{"acq_rel -> acq", "rmw.atom.acq.wg.sc0.semsc0.semvis r0, x, 1"},
                   {"acq_rel -> rel", "rmw.atom.rel.wg.sc0.semsc0.semav r0, x, 1"},
                   {"wg -> sg", "rmw.atom.acq_rel.sg.sc0.semsc0.semav.semvis r0, x, 1"}}));
  EXPECT_EQ(
      stepsOf(*vulkan, "cbar.rel.wg.semsc0 0"),
      (Steps{{"remove", ""}, {"rel -> no semantics", "cbar.wg 0"}, {"wg -> sg", "cbar.rel.sg.semsc0 0"}}));
  EXPECT_EQ(stepsOf(*vulkan, "membar.rel.qf.semsc0"),
            (Steps{{"remove", ""}, {"qf -> wg", "membar.rel.wg.semsc0"}}));
  EXPECT_EQ(stepsOf(*vulkan, "st.av.dv.sc0 x, 1"), (Steps{{"dv -> qf", "st.av.qf.sc0 x, 1"}}));
  EXPECT_TRUE(stepsOf(*vulkan, "ld.sc0 r0, x").empty());
}

const std::string kModule =
    "; @Config: 2, 1, 2\n"
    "       %uint = OpTypeInt 32 0\n"
    "     %uint_1 = OpConstant %uint 1\n"
    "    %uint_66 = OpConstant %uint 66\n"
    "    %uint_72 = OpConstant %uint 72\n"
    "         %10 = OpAtomicLoad %uint %9 %uint_1 %uint_66\n"
    "               OpControlBarrier %uint_2 %uint_2 %uint_72\n";

TEST(MinimizeRelaxation, SpirvWeakensSemanticsAndNarrowsScopesThroughConstants) {
  core::Program program;
  program.language = core::SourceLanguage::SpirV;
  program.target = &core::vulkanTarget();
  std::unique_ptr<Relaxer> spirv = makeSpirvRelaxer(kModule, program);
  EXPECT_EQ(stepsOf(*spirv, "%10 = OpAtomicLoad %uint %9 %uint_1 %uint_66"),
            (Steps{{"semantics Acquire -> relaxed", "%10 = OpAtomicLoad %uint %9 %uint_1 %minimize_uint_64"},
                   {"scope Device -> Workgroup", "%10 = OpAtomicLoad %uint %9 %minimize_uint_2 %uint_66"}}));
  // %uint_2 is not declared here: its value is unknown, so neither scope of the barrier is narrowed.
  EXPECT_EQ(
      stepsOf(*spirv, "OpControlBarrier %uint_2 %uint_2 %uint_72"),
      (Steps{{"remove", ""},
             {"semantics AcquireRelease -> Acquire", "OpControlBarrier %uint_2 %uint_2 %uint_66"},
             {"semantics AcquireRelease -> Release", "OpControlBarrier %uint_2 %uint_2 %minimize_uint_68"}}));
  // A relaxed point keeps relaxing through the constants minimize declared.
  EXPECT_EQ(stepsOf(*spirv, "OpControlBarrier %uint_2 %uint_2 %minimize_uint_68"),
            (Steps{{"remove", ""},
                   {"semantics Release -> relaxed", "OpControlBarrier %uint_2 %uint_2 %minimize_uint_64"}}));
}

TEST(MinimizeRelaxation, SpirvRenderingDeclaresNewConstantsAfterTheLastOfTheirType) {
  core::Program program;
  program.language = core::SourceLanguage::SpirV;
  program.target = &core::vulkanTarget();
  std::unique_ptr<Relaxer> spirv = makeSpirvRelaxer(kModule, program);
  std::vector<SyncPoint> points = {
      {{"m.spvasm", 6, 10}, "%10 = OpAtomicLoad %uint %9 %uint_1 %uint_66", "load", {}},
      {{"m.spvasm", 7, 16}, "OpControlBarrier %uint_2 %uint_2 %uint_72", "barrier", {}}};
  std::string rendered = spirv->render(points, {"%10 = OpAtomicLoad %uint %9 %uint_1 %minimize_uint_64", ""});
  EXPECT_EQ(rendered,
            "; @Config: 2, 1, 2\n"
            "       %uint = OpTypeInt 32 0\n"
            "     %uint_1 = OpConstant %uint 1\n"
            "    %uint_66 = OpConstant %uint 66\n"
            "    %uint_72 = OpConstant %uint 72\n"
            "%minimize_uint_64 = OpConstant %uint 64\n"
            "         %10 = OpAtomicLoad %uint %9 %uint_1 %minimize_uint_64\n"
            "               \n");
}

}  // namespace
}  // namespace catcheck::frontends
