// The PTX litmus front end's driver: parses the text with grammar/LitmusPTX.g4 and walks the tree in the
// order names become meaningful. Threads come first (register initialisers and conditions refer to them),
// then the init block (so that aliases are known before code names them), then the instruction table column
// by column (SEMANTICS.md 3.2: thread i is column i, and every row has one cell per thread), then the labels
// of each thread, and last the filter and condition. Instruction families live in the Ptx*.cpp files beside
// this one; the layout every dialect shares in LitmusLayout.h.
#include "frontends/PtxLitmus.h"

#include "LitmusPTXLexer.h"
#include "frontends/LitmusAssertions.h"
#include "frontends/LitmusLayout.h"

namespace catcheck::frontends::ptx {
namespace {

core::Program readProgram(const std::string& file, Parser::MainContext* tree) {
  core::Program program;
  program.language = core::SourceLanguage::PtxLitmus;
  program.target = &core::ptxTarget();
  program.file = file;
  program.name = testName(tree->header(), tree->header()->arch, Parser::String);
  auto scopesOf = [&file](Parser::ThreadScopeContext* scope) {
    return std::vector<core::ScopePosition>{
        {"SYS", 0}, {"GPU", scopeId(file, scope->gpu)}, {"CTA", scopeId(file, scope->cta)}};
  };
  readThreadColumns(program, file, tree->threadHeader()->threadScope(), scopesOf);
  for (size_t t = 0; t < program.threads.size(); ++t) {
    Parser::ThreadScopeContext* scope = tree->threadHeader()->threadScope(t);
    if (scope->warp != nullptr) program.threads[t].warp = scopeId(file, scope->warp);
    if (scope->cluster != nullptr) program.threads[t].cluster = scopeId(file, scope->cluster);
  }
  readInitBlock(program, file, tree->initBlock());
  readInstructionTable<Parser>(program, file, tree->instructionRow(), buildInstruction);
  readConditions<Parser>(program, file, tree->assertionFilter(), tree->assertionClause());
  return program;
}

}  // namespace

core::Program parsePtxLitmus(const std::string& text, const std::string& sourceName) {
  return parseWithGrammar<grammar::LitmusPTXLexer, Parser>(
      text, sourceName, [&sourceName](Parser::MainContext* tree) { return readProgram(sourceName, tree); });
}

}  // namespace catcheck::frontends::ptx
