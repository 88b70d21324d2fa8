// Every Vulkan litmus file of the reference suite (shared/suite/litmus/VULKAN) must parse: the front end has
// to accept every form that occurs there (docs/semantics.md 3) and produce a structurally sound program, also
// when several threads parse at once (bulk runs do). The
// totals were counted independently with a plain text split of the files: 7166 instruction cells and 21
// ssw pairs in the 561 files here (the suite's inventory, docs/semantics.md §3, also covers 152 Vulkan files
// not shipped here).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <future>

#include "VulkanTestSupport.h"

namespace catcheck::frontends {
namespace {

std::vector<std::string> suiteFiles() {
  return testing::litmusFilesUnder(testing::vulkanSuitePath(""));
}

// The rest of the file's first line after the dialect word.
std::string headerName(const std::string& file) {
  std::ifstream in(file);
  std::string dialect, name;
  in >> dialect;
  std::getline(in, name);
  name.erase(name.find_last_not_of(" \t\r") + 1);
  return name.substr(std::min(name.find_first_not_of(" \t"), name.size()));
}

// The name is the header's, memory objects point at root objects, threads sit in the four Vulkan scope
// levels, and every instruction has its text and position.
void expectWellFormed(const core::Program& program) {
  EXPECT_EQ(program.target, &core::vulkanTarget());
  EXPECT_EQ(program.name, headerName(program.file));
  EXPECT_FALSE(program.threads.empty());
  EXPECT_TRUE(program.assertionKind != core::AssertionKind::None || program.filter.has_value());
  for (const core::MemoryObject& object : program.memory) {
    EXPECT_EQ(program.memory.at(static_cast<size_t>(object.physical)).physical, object.physical)
        << object.name;
    EXPECT_EQ(program.memory.at(static_cast<size_t>(object.generic)).generic, object.generic) << object.name;
  }
  for (const core::Thread& thread : program.threads) {
    ASSERT_EQ(thread.scopes.size(), 4u);
    EXPECT_EQ(core::scopeKey(thread.scopes[0].level), "DV");
    EXPECT_EQ(core::scopeKey(thread.scopes[3].level), "SG");
    for (const core::Instruction& instruction : thread.code) {
      EXPECT_FALSE(instruction.text.empty());
      EXPECT_GT(instruction.location.line, 0);
    }
  }
}

TEST(VulkanSuite, EveryFileParses) {
  std::vector<std::string> files = suiteFiles();
  ASSERT_EQ(files.size(), 561u);
  size_t cells = 0;
  size_t sswPairs = 0;
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    try {
      core::Program program = parseLitmusFile(file);
      expectWellFormed(program);
      for (const core::Thread& thread : program.threads) cells += thread.code.size();
      sswPairs += program.systemSynchronizesWith.size();
    } catch (const core::InputError& e) {
      ADD_FAILURE() << e.what();
    }
  }
  EXPECT_EQ(cells, 7166u);
  EXPECT_EQ(sswPairs, 21u);
}

TEST(VulkanSuite, ParsesFromSeveralThreads) {
  std::vector<std::string> files = suiteFiles();
  auto instructions = [&files] {
    size_t count = 0;
    for (const std::string& file : files) {
      for (const core::Thread& thread : parseLitmusFile(file).threads) count += thread.code.size();
    }
    return count;
  };
  std::vector<std::future<size_t>> runs;
  for (int i = 0; i < 4; ++i) runs.push_back(std::async(std::launch::async, instructions));
  for (std::future<size_t>& run : runs) EXPECT_EQ(run.get(), 7166u);
}

}  // namespace
}  // namespace catcheck::frontends
