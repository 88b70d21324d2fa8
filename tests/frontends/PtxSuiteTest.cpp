// Every PTX litmus file of the reference suite (shared/suite/litmus/PTX) must parse: the front end has to
// accept every form that occurs there (docs/semantics.md 3) and produce a structurally sound program. Bulk
// runs parse in parallel, so the suite is also parsed from several threads at once.
#include <gtest/gtest.h>

#include <future>

#include "PtxTestSupport.h"

namespace catcheck::frontends {
namespace {

std::vector<std::string> suiteFiles() {
  return testing::litmusFilesUnder(std::string(CATCHECK_SUITE_DIR) + "/litmus/PTX");
}

// Memory objects point at root objects, and every instruction has its text and position.
void expectWellFormed(const core::Program& program) {
  EXPECT_EQ(program.target, &core::ptxTarget());
  EXPECT_FALSE(program.threads.empty());
  EXPECT_NE(program.assertionKind, core::AssertionKind::None);
  for (const core::MemoryObject& object : program.memory) {
    EXPECT_EQ(program.memory.at(static_cast<size_t>(object.physical)).physical, object.physical)
        << object.name;
    EXPECT_EQ(program.memory.at(static_cast<size_t>(object.generic)).generic, object.generic) << object.name;
  }
  for (const core::Thread& thread : program.threads) {
    EXPECT_EQ(thread.scopes.size(), 4u);  // sys, gpu, cluster, cta
    for (const core::Instruction& instruction : thread.code) {
      EXPECT_FALSE(instruction.text.empty());
      EXPECT_GT(instruction.location.line, 0);
    }
  }
}

TEST(PtxSuite, EveryFileParses) {
  std::vector<std::string> files = suiteFiles();
  ASSERT_GT(files.size(), 200u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    try {
      expectWellFormed(parseLitmusFile(file));
    } catch (const core::InputError& e) {
      ADD_FAILURE() << e.what();
    }
  }
}

TEST(PtxSuite, ParsesFromSeveralThreads) {
  std::vector<std::string> files = suiteFiles();
  auto parseAll = [&files] {
    size_t instructions = 0;
    for (const std::string& file : files) {
      for (const core::Thread& thread : parseLitmusFile(file).threads) instructions += thread.code.size();
    }
    return instructions;
  };
  std::vector<std::future<size_t>> runs;
  for (int i = 0; i < 4; ++i) runs.push_back(std::async(std::launch::async, parseAll));
  size_t expected = parseAll();
  for (std::future<size_t>& run : runs) EXPECT_EQ(run.get(), expected);
}

}  // namespace
}  // namespace catcheck::frontends
