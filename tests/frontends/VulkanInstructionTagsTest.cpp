// The tags of every Vulkan mnemonic against the reference table shared/suite/instruction-tags.csv (Dat3M's
// events and tags after compilation, docs/semantics.md 5). Each VULKAN row's example is parsed as a
// one-thread, one-instruction test; the first `{...}` of the row's event column is the instruction's tag set
// (for an RMW pair, the load's), the second the RMW store's.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "VulkanTestSupport.h"

namespace catcheck::frontends {
namespace {

using testing::tagNames;
using testing::Tags;

struct TagRow {
  int line = 0;
  std::string mnemonic;
  std::string events;
  std::string example;
};

// The fields of one CSV line; fields may be double-quoted (with commas inside).
std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

std::vector<TagRow> vulkanRows() {
  std::ifstream in(std::string(CATCHECK_SUITE_DIR) + "/instruction-tags.csv");
  std::vector<TagRow> rows;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::vector<std::string> fields = csvFields(line);
    if (fields.size() == 5 && fields[0] == "VULKAN")
      rows.push_back({number, fields[1], fields[3], fields[4]});
  }
  return rows;
}

// The tag sets written `{A, B, C}` in an event description, in order.
std::vector<Tags> tagSets(const std::string& events) {
  static const std::regex braces("\\{([^}]*)\\}");
  static const std::regex separator(",\\s*");
  std::vector<Tags> sets;
  for (auto it = std::sregex_iterator(events.begin(), events.end(), braces); it != std::sregex_iterator();
       ++it) {
    std::string inside = (*it)[1];
    sets.emplace_back(std::sregex_token_iterator(inside.begin(), inside.end(), separator, -1),
                      std::sregex_token_iterator());
  }
  return sets;
}

core::InstructionKind expectedKind(const std::string& events) {
  static const std::vector<std::pair<std::string, core::InstructionKind>> kinds = {
      {"RMW pair", core::InstructionKind::Rmw},
      {"Load", core::InstructionKind::Load},
      {"Store", core::InstructionKind::Store},
      {"Fence", core::InstructionKind::Fence},
      {"ControlBarrier", core::InstructionKind::Barrier},
      {"GenericVisibleEvent", core::InstructionKind::Visible},
  };
  for (const auto& [prefix, kind] : kinds) {
    if (events.rfind(prefix, 0) == 0) return kind;
  }
  ADD_FAILURE() << "unknown event description: " << events;
  return core::InstructionKind::Local;
}

core::Instruction parseOne(const std::string& example) {
  core::Program program =
      parseLitmusText(testing::vulkanTest("", "P0@sg 0,wg 0, qf 0", {example}, ""), "one.litmus");
  return program.threads.at(0).code.at(0);
}

TEST(VulkanInstructionTags, EveryMnemonicMatchesTheReferenceTable) {
  std::vector<TagRow> rows = vulkanRows();
  ASSERT_EQ(rows.size(), 106u);
  for (const TagRow& row : rows) {
    SCOPED_TRACE("instruction-tags.csv:" + std::to_string(row.line) + ": " + row.example);
    EXPECT_EQ(row.example.rfind(row.mnemonic + (row.example == row.mnemonic ? "" : " "), 0), 0u);
    core::Instruction instruction = parseOne(row.example);
    std::vector<Tags> expected = tagSets(row.events);
    ASSERT_FALSE(expected.empty());
    EXPECT_GE(expected[0].size(), 2u);
    EXPECT_EQ(instruction.kind, expectedKind(row.events));
    EXPECT_EQ(tagNames(instruction.tags), expected[0]);
    if (instruction.kind == core::InstructionKind::Rmw) {
      ASSERT_EQ(expected.size(), 2u);
      EXPECT_EQ(tagNames(instruction.access().storeTags), expected[1]);
    }
  }
}

}  // namespace
}  // namespace catcheck::frontends
