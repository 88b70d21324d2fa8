// Every SPIR-V module that shared/suite/spirv-manifest.csv references must parse, for the target its row
// names, into a structurally sound program: one thread per invocation of the grid, every instruction with
// its source line, every jump to a label of its thread, memory locations with distinct non-null addresses,
// and a specification.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "frontends/spirv/Spirv.h"

namespace catcheck::frontends {
namespace {

const std::string kSuite = CATCHECK_SUITE_DIR;

// test path -> target column of the manifest.
std::map<std::string, std::string> manifestModules() {
  std::ifstream in(kSuite + "/spirv-manifest.csv");
  std::map<std::string, std::string> modules;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream row(line);
    for (std::string field; std::getline(row, field, ',');) fields.push_back(field);
    if (fields.size() >= 4) modules[fields[1]] = fields[3];
  }
  return modules;
}

void expectWellFormed(const core::Program& program, const std::string& target) {
  EXPECT_EQ(program.language, core::SourceLanguage::SpirV);
  EXPECT_EQ(program.target->name, target);
  EXPECT_FALSE(program.threads.empty());
  EXPECT_NE(program.assertionKind, core::AssertionKind::None);
  std::set<long long> addresses;
  for (size_t i = 0; i < program.memory.size(); ++i) {
    const core::MemoryObject& object = program.memory[i];
    EXPECT_EQ(object.physical, static_cast<int>(i)) << object.name;
    EXPECT_GT(object.address, 0) << object.name;
    EXPECT_GT(object.width, 0) << object.name;
    EXPECT_TRUE(addresses.insert(object.address).second) << object.name;
  }
  for (const core::Thread& thread : program.threads) {
    EXPECT_EQ(thread.scopes.size(), 4u);
    std::set<std::string> labels;
    for (const core::Instruction& in : thread.code) {
      if (in.kind == core::InstructionKind::Label) {
        EXPECT_TRUE(labels.insert(in.branch().label).second) << in.branch().label;
      }
      EXPECT_FALSE(in.text.empty());
      EXPECT_GT(in.location.line, 0);
      bool memory = in.kind == core::InstructionKind::Load || in.kind == core::InstructionKind::Store ||
                    in.kind == core::InstructionKind::Rmw;
      if (memory) {
        EXPECT_TRUE(in.access().address >= 0 || in.access().computedAddress.has_value()) << in.text;
      }
    }
    for (const core::Instruction& in : thread.code) {
      if (in.kind == core::InstructionKind::Jump) {
        EXPECT_EQ(labels.count(in.branch().label), 1u) << in.branch().label;
      }
    }
  }
}

TEST(SpirvSuite, EveryManifestModuleParses) {
  std::map<std::string, std::string> modules = manifestModules();
  ASSERT_EQ(modules.size(), 319u);
  size_t vulkan = 0, opencl = 0;
  for (const auto& [test, target] : modules) {
    SCOPED_TRACE(test);
    try {
      core::Program program = parseSpirvFile(kSuite + "/" + test);
      expectWellFormed(program, target);
      (target == "VULKAN" ? vulkan : opencl)++;
    } catch (const core::InputError& e) {
      ADD_FAILURE() << e.what();
    }
  }
  EXPECT_EQ(vulkan + opencl, modules.size());
}

TEST(SpirvSuite, GridAndBuiltinsOfAThreeByThreeConfig) {
  core::Program program =
      parseSpirvFile(kSuite + "/spirv/vulkan/barrier/loops/barrier-no-loop-4-exists.spvasm");
  ASSERT_EQ(program.threads.size(), 2u);  // @Config: 1, 2, 1
  EXPECT_EQ(program.threads[1].scopes[3].id, 1);
  EXPECT_EQ(program.assertionKind, core::AssertionKind::Exists);
}

}  // namespace
}  // namespace catcheck::frontends
