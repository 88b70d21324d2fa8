// The Vulkan litmus front end's driver: parses the text with grammar/LitmusVulkan.g4 and walks the tree in
// the order names become meaningful. Threads come first (register initialisers, ssw pairs and conditions
// refer to them), then the init block (so that aliases are known before code names them), the ssw block,
// the instruction table column by column (docs/semantics.md 3.2: thread i is column i, and every row has one
// cell per thread), the labels of each thread, and last the filter and condition. A thread
// `P0@sg s,wg w, qf q` sits at device 0, queue family q, workgroup w, subgroup s: ids are hierarchical, so
// `sg 0` under two workgroups is two subgroups. Instruction families live in the Vulkan*.cpp files beside
// this one.
#include "frontends/VulkanLitmus.h"

#include "LitmusVulkanLexer.h"
#include "frontends/LitmusAssertions.h"
#include "frontends/LitmusLayout.h"

namespace catcheck::frontends::vulkan {
namespace {

core::Program readProgram(const std::string& file, Parser::MainContext* tree) {
  core::Program program;
  program.language = core::SourceLanguage::VulkanLitmus;
  program.target = &core::vulkanTarget();
  program.file = file;
  program.name = testName(tree->header(), tree->header()->arch, Parser::String);
  auto scopesOf = [&file](Parser::ThreadScopeContext* scope) {
    return core::vulkanTarget().place(
        {0, scopeId(file, scope->qf), scopeId(file, scope->wg), scopeId(file, scope->sg)});
  };
  readThreadColumns(program, file, tree->threadHeader()->threadScope(), scopesOf);
  readInitBlock(program, file, tree->initBlock());
  if (tree->sswBlock() != nullptr) readSswBlock(program, file, tree->sswBlock());
  readInstructionTable<Parser>(program, file, tree->instructionRow(), buildInstruction);
  readConditions<Parser>(program, file, tree->assertionFilter(), tree->assertionClause());
  return program;
}

}  // namespace

core::Program parseVulkanLitmus(const std::string& text, const std::string& sourceName) {
  return parseWithGrammar<grammar::LitmusVulkanLexer, Parser>(
      text, sourceName, [&sourceName](Parser::MainContext* tree) { return readProgram(sourceName, tree); });
}

}  // namespace catcheck::frontends::vulkan
