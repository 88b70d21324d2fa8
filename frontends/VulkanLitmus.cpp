// The Vulkan litmus front end's driver: parses the text with grammar/LitmusVulkan.g4 and walks the tree in
// the order names become meaningful. Threads come first (register initialisers, ssw pairs and conditions
// refer to them), then the init block (so that aliases are known before code names them), the ssw block,
// the instruction table column by column (SEMANTICS.md 3.2: thread i is column i, and every row has one cell
// per thread), the labels of each thread, and last the filter and condition. A thread `P0@sg s,wg w, qf q`
// sits at device 0, queue family q, workgroup w, subgroup s: ids are hierarchical, so `sg 0` under two
// workgroups is two subgroups. Instruction families live in the Vulkan*.cpp files beside this one.
#include "frontends/VulkanLitmus.h"

#include "LitmusVulkanLexer.h"
#include "frontends/LitmusAssertions.h"
#include "frontends/LitmusSupport.h"

namespace catcheck::frontends::vulkan {
namespace {

class ProgramReader {
 public:
  explicit ProgramReader(std::string file) : file_(std::move(file)) {}

  core::Program read(Parser::MainContext* tree) {
    program_.arch = core::Architecture::Vulkan;
    program_.file = file_;
    program_.name = testName(tree->header(), tree->header()->arch, Parser::String);
    readThreads(tree->threadHeader());
    readInitBlock(program_, file_, tree->initBlock());
    if (tree->sswBlock() != nullptr) readSswBlock(program_, file_, tree->sswBlock());
    for (Parser::InstructionRowContext* row : tree->instructionRow()) readRow(row);
    for (core::Thread& thread : program_.threads) checkLabels(thread);
    readConditions<Parser>(program_, file_, tree->assertionFilter(), tree->assertionClause());
    return std::move(program_);
  }

 private:
  void readThreads(Parser::ThreadHeaderContext* header) {
    for (Parser::ThreadScopeContext* scope : header->threadScope()) {
      core::Thread thread = columnThread(file_, scope->ThreadId()->getSymbol(), program_.threads.size());
      thread.scopes = {{core::ScopeLevel::Device, 0},
                       {core::ScopeLevel::QueueFamily, scopeId(file_, scope->qf)},
                       {core::ScopeLevel::Workgroup, scopeId(file_, scope->wg)},
                       {core::ScopeLevel::Subgroup, scopeId(file_, scope->sg)}};
      program_.threads.push_back(std::move(thread));
    }
  }

  void readRow(Parser::InstructionRowContext* row) {
    std::vector<Parser::InstructionContext*> cells =
        rowCells<Parser::InstructionContext>(file_, row, program_.threads.size());
    for (size_t column = 0; column < cells.size(); ++column) {
      if (cells[column] == nullptr) continue;
      core::Thread& thread = program_.threads[column];
      LitmusCell cell(program_, thread, file_);
      thread.code.push_back(buildInstruction(cell, cells[column]));
    }
  }

  std::string file_;
  core::Program program_;
};

}  // namespace

core::Program parseVulkanLitmus(const std::string& text, const std::string& sourceName) {
  antlr4::ANTLRInputStream input(text);
  grammar::LitmusVulkanLexer lexer(&input);
  antlr4::CommonTokenStream tokens(&lexer);
  Parser parser(&tokens);
  ThrowingErrorListener listener(sourceName);
  installErrorListener(lexer, parser, listener);
  return ProgramReader(sourceName).read(parser.main());
}

}  // namespace catcheck::frontends::vulkan
