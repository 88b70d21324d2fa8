// Issue 27: deterministic and memory_safety. Verdicts of the corpus rows live in the manifests
// (litmus/manifest.csv OWN-RESULTS / OWN-SPIRV-RESULTS, litmus/CUDA/expected.csv); these tests check what a
// FAIL carries: two executions (or one access) the evaluator re-checked, the result or access it names, and
// the source lines, on each front end and under both solvers.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "check/Check.h"
#include "tests/suite/CatcheckProcess.h"
#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

const std::string kPtx75 = kSourceDir + "/models/ptx-v7.5.cat";
const std::string kVulkan = kSourceDir + "/models/vulkan.cat";

core::Verdict checkExplained(const std::string& program, const std::string& model, core::Property property,
                             encoders::SolverKind solver, int& witnesses) {
  check::CheckOptions options;
  options.property = property;
  options.explain = true;
  options.solver.kind = solver;
  options.solver.kindIsDefault = false;
  options.onWitness = [&](const core::EventGraph&, const core::Execution&) { ++witnesses; };
  return check::checkProgram(check::loadProgramFile(program), cat::loadModel(model), options);
}

TEST(ResultProperties, DeterministicFailShowsTwoRecheckedExecutionsUnderBothSolvers) {
  for (encoders::SolverKind solver : {encoders::SolverKind::Z3, encoders::SolverKind::Cvc5}) {
    int witnesses = 0;
    core::Verdict verdict = checkExplained(kSourceDir + "/litmus/PTX/results/MP-weak-several-states.litmus",
                                           kPtx75, core::Property::Deterministic, solver, witnesses);
    EXPECT_EQ(verdict.result, core::Result::Fail) << encoders::solverName(solver);
    EXPECT_EQ(witnesses, 1) << encoders::solverName(solver);
    ASSERT_TRUE(verdict.resultDifference.has_value());
    EXPECT_NE(verdict.resultDifference->first, verdict.resultDifference->second);
    EXPECT_NE(verdict.witness.find("first execution:"), std::string::npos);
    EXPECT_NE(verdict.witness.find("second execution:"), std::string::npos);
  }
}

TEST(ResultProperties, DeterministicNamesTheLocationAndItsLastWrites) {
  int witnesses = 0;
  core::Verdict verdict =
      checkExplained(kSourceDir + "/litmus/SPIRV/results/last-writer.spvasm", kVulkan,
                     core::Property::Deterministic, encoders::SolverKind::Cvc5, witnesses);
  EXPECT_EQ(verdict.result, core::Result::Fail);
  EXPECT_EQ(witnesses, 1);
  EXPECT_NE(verdict.firedPair.find("%outb[0][0] ends with"), std::string::npos) << verdict.firedPair;
  EXPECT_NE(verdict.firedPair.find("last-writer.spvasm:"), std::string::npos) << verdict.firedPair;
}

TEST(ResultProperties, MemorySafetyFailNamesTheAccessOnSpirv) {
  int witnesses = 0;
  core::Verdict verdict = checkExplained(kSourceDir + "/litmus/SPIRV/results/oob.spvasm", kVulkan,
                                         core::Property::MemorySafety, encoders::SolverKind::Z3, witnesses);
  EXPECT_EQ(verdict.result, core::Result::Fail);
  EXPECT_EQ(witnesses, 1);
  EXPECT_GE(verdict.unsafeEvent, 0);
  EXPECT_NE(verdict.firedPair.find("OpStore"), std::string::npos) << verdict.firedPair;
  EXPECT_NE(verdict.firedPair.find("names no location"), std::string::npos) << verdict.firedPair;
}

// Kernels through the command line, in the form the issue gives: the FAIL names the thread, the source
// line and the allocation (the re-check runs: a rejected witness would be an internal error, exit 4).
TEST(ResultProperties, KernelMemorySafetyFailNamesThreadLineAndAllocation) {
  CommandResult run = runCatcheck(kPtx75 + " " + kSourceDir +
                                  "/litmus/CUDA/smem_halo_oob.ptx --grid 1 --block 32 --arg 0=buffer:128:any "
                                  "--arg 1=buffer:128 --property memory_safety");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("P31: st.shared.u32"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("smem_halo_oob.cu:18"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("past the end of tile"), std::string::npos) << run.output;
}

TEST(ResultProperties, KernelDeterministicFailOnAVolatileWarpReduction) {
  CommandResult run = runCatcheck(kPtx75 + " " + kSourceDir +
                                  "/litmus/CUDA/warp_reduce_volatile.ptx --grid 1 --block 8 --arg "
                                  "0=buffer:256:any --arg 1=buffer:4 --property deterministic");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("arg1 ends with"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("warp_reduce_volatile.cu:32"), std::string::npos) << run.output;
}

}  // namespace
}  // namespace catcheck::testing
