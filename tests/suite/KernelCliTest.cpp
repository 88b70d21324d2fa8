// The kernel command line of issue 28 in exactly its documented form: a PTX file with a launch, its
// witness in CUDA source lines, the input errors of a launch, and CUDA source compiled on the fly (skipped,
// with the reason, on machines without a CUDA compiler; CI has none, the committed .ptx files cover it).
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/suite/CatcheckProcess.h"

namespace {

using catcheck::testing::CommandResult;
using catcheck::testing::runCatcheck;

const std::string kSource = CATCHECK_SOURCE_DIR;
const std::string kCorpus = kSource + "/litmus/CUDA/";
const std::string kModel = kSource + "/models/ptx-v7.5.cat";
const std::string kLaunch = " --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4";

TEST(KernelCli, ARaceNamesBothAccessesInCudaSourceLines) {
  CommandResult run =
      runCatcheck(kModel + " " + kCorpus + "reduce_tree_nosync.ptx" + kLaunch + " --property cat_spec");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Flag: data-race"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("// reduce_tree_nosync.cu:23  and  P"), std::string::npos) << run.output;
  // the one-line form: both accesses by source line and CUDA thread number
  EXPECT_NE(run.output.find("race: reduce_tree_nosync.cu:23 (thread "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(") and reduce_tree_nosync.cu:23 (thread "), std::string::npos) << run.output;
  CommandResult json = runCatcheck(kModel + " " + kCorpus + "reduce_tree_nosync.ptx" + kLaunch +
                                   " --property cat_spec --format json");
  EXPECT_NE(
      json.output.find("\"source\": {\n        \"file\": \"reduce_tree_nosync.cu\",\n        \"line\": 23"),
      std::string::npos)
      << json.output;
  // every event of the witness has its source: the .cu line, or the PTX line where nvcc wrote no .loc
  nlohmann::json parsed = nlohmann::json::parse(json.output);
  ASSERT_FALSE(parsed.at("witness_events").empty()) << json.output;
  int inCuda = 0;
  for (const nlohmann::json& event : parsed.at("witness_events")) {
    std::string file = event.at("source").at("file").get<std::string>();
    EXPECT_TRUE(file == "reduce_tree_nosync.cu" || file.find("reduce_tree_nosync.ptx") != std::string::npos)
        << event.dump();
    EXPECT_GT(event.at("source").at("line").get<int>(), 0) << event.dump();
    inCuda += file == "reduce_tree_nosync.cu" ? 1 : 0;
  }
  EXPECT_GT(inCuda, 0);
}

// A hang in one line: where each stuck thread waits, runs of consecutive threads at one line together; the
// JSON lists each stuck thread's event with its source.
TEST(KernelCli, AHangNamesWhereTheStuckThreadsWaitInCudaSourceLines) {
  std::string command = kModel + " " + kCorpus + "syncthreads_divergent.ptx --grid 1 --block 32 " +
                        "--arg 0=buffer:128:any --arg 1=buffer:128 --property termination";
  CommandResult run = runCatcheck(command);
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("hang: syncthreads_divergent.cu:21 (threads 0-15)\n"), std::string::npos)
      << run.output;
  CommandResult json = runCatcheck(command + " --format json");
  EXPECT_NE(json.output.find("\"thread\": \"thread 15\",\n      \"source\": {\n        \"file\": "
                             "\"syncthreads_divergent.cu\",\n        \"line\": 21"),
            std::string::npos)
      << json.output;
}

// Issue 28: SPIR-V with OpLine (glslang -g, whose OpSource carries the shader's text as a literal over many
// lines) answers in the GLSL file's lines.
TEST(KernelCli, ASpirvRaceNamesBothAccessesInGlslSourceLines) {
  CommandResult run = runCatcheck(kSource + "/models/vulkan.cat " + kSource +
                                  "/litmus/SPIRV/warp/ballot-race-g.spvasm --property cat_spec");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("race: ballot-race.comp:14 (P0) and ballot-race.comp:16 (P1)"), std::string::npos)
      << run.output;
}

TEST(KernelCli, TheKernelIsChosenByItsDemangledName) {
  CommandResult run = runCatcheck(kModel + " " + kCorpus + "reduce_tree_ok.ptx --kernel reduce_tree_ok" +
                                  kLaunch + " --property cat_spec --bound 7");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Test: reduce_tree_ok  Model: ptx-v7.5  Property: cat_spec"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("Result: PASS"), std::string::npos) << run.output;
  CommandResult unknown = runCatcheck(kModel + " " + kCorpus + "reduce_tree_ok.ptx --kernel nope" + kLaunch);
  EXPECT_EQ(unknown.exitCode, 2);
  EXPECT_NE(
      unknown.output.find("error: no kernel named 'nope'; the module's kernels: _Z14reduce_tree_okPKiPi "
                          "(reduce_tree_ok)"),
      std::string::npos)
      << unknown.output;
}

// program_spec asks whether a kernel's assert() can fail: the failing one by source line and thread.
TEST(KernelCli, AFailingAssertNamesItsSourceLineAndThread) {
  CommandResult run = runCatcheck(kModel + " " + kCorpus +
                                  "assert_count_nosync.ptx --grid 1 --block 4 --arg 0=buffer:4 --property "
                                  "program_spec");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("assert: assert_count_nosync.cu:18 (thread 0)"), std::string::npos) << run.output;
}

// CUDA's __trap() (PTX trap): program_spec asks whether one is reached, like a failing assert(). The nvcc
// PTX of this kernel also needs the branch outcome carried (PtxKernelThread.cpp carryOutcome): it tests the
// loaded ticket where gridDim.x - 1 was meant.
TEST(KernelCli, AReachedTrapNamesItsSourceLineAndThread) {
  std::string launch = " --grid 3 --block 1 --arg 0=buffer:12 --arg 1=buffer:4 --property program_spec";
  CommandResult bug = runCatcheck(kModel + " " + kCorpus + "last_block_writer_fence.ptx" + launch);
  EXPECT_EQ(bug.exitCode, 0) << bug.output;
  EXPECT_NE(bug.output.find("Result: FAIL"), std::string::npos) << bug.output;
  EXPECT_NE(bug.output.find("trap: last_block_writer_fence.cu:24 (thread 0 of block "), std::string::npos)
      << bug.output;
  // clang's trap carries only cuda_shim.h's line (no inlined_at): the path's last line of the kernel's
  // own file stands in, the `if` that leads to it, rather than a PTX line
  CommandResult clang = runCatcheck(kModel + " " + kCorpus + "last_block_writer_fence.clang.ptx" + launch);
  EXPECT_NE(clang.output.find("trap: last_block_writer_fence.cu:23 (thread 0 of block "), std::string::npos)
      << clang.output;
  CommandResult fixed = runCatcheck(kModel + " " + kCorpus + "last_block_fenced.ptx" + launch);
  EXPECT_NE(fixed.output.find("Result: PASS"), std::string::npos) << fixed.output;
  EXPECT_NE(fixed.output.find("Condition: no trap executes"), std::string::npos) << fixed.output;
}

TEST(KernelCli, LaunchOptionsAreCheckedAndProgramSpecIsRefused) {
  CommandResult badGrid = runCatcheck(kModel + " " + kCorpus + "reduce_tree_ok.ptx --grid 0,1 --block 32");
  EXPECT_EQ(badGrid.exitCode, 2);
  EXPECT_NE(badGrid.output.find("--grid 0,1: expected X[,Y[,Z]] of positive integers"), std::string::npos)
      << badGrid.output;
  CommandResult badArg = runCatcheck(kModel + " " + kCorpus + "reduce_tree_ok.ptx --arg 0=buffer:-4");
  EXPECT_EQ(badArg.exitCode, 2);
  CommandResult spec = runCatcheck(kModel + " " + kCorpus + "reduce_tree_ok.ptx" + kLaunch);
  EXPECT_EQ(spec.exitCode, 2);
  EXPECT_NE(
      spec.output.find("program_spec checks a kernel's assert() calls and traps, and this kernel has none"),
      std::string::npos)
      << spec.output;
}

bool haveCudaCompiler() {
  return std::system(
             "command -v nvcc >/dev/null 2>&1 || command -v clang-19 >/dev/null 2>&1 || "
             "command -v clang-22 >/dev/null 2>&1") == 0;
}

TEST(KernelCli, CudaSourceIsCompiledAndCheckedLikeItsPtx) {
  if (!haveCudaCompiler()) GTEST_SKIP() << "no CUDA compiler (nvcc, clang-19, clang-22) on this machine";
  CommandResult run =
      runCatcheck(kModel + " " + kCorpus + "reduce_tree_nosync.cu" + kLaunch + " --property cat_spec -v");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("compiling: "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Result: FAIL"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("reduce_tree_nosync.cu:23"), std::string::npos) << run.output;
}

TEST(KernelCli, AMissingCompilerIsAClearError) {
  CommandResult run = catcheck::testing::runShell(
      "CATCHECK_CUDA_COMPILER=/nonexistent/nvcc " + std::string(CATCHECK_BINARY) + " " + kModel + " " +
      kCorpus + "reduce_tree_ok.cu" + kLaunch + " --property cat_spec 2>&1");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.output.find("reduce_tree_ok.cu:1:1: error: cannot run the CUDA compiler '/nonexistent/nvcc'"),
            std::string::npos)
      << run.output;
}

}  // namespace
