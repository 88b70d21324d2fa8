// The PTX litmus front end's driver: parses the text with grammar/LitmusPTX.g4 and walks the tree in the
// order names become meaningful. Threads come first (register initialisers and conditions refer to them),
// then the init block (so that aliases are known before code names them), then the instruction table column
// by column (docs/semantics.md 3.2: thread i is column i, and every row has one cell per thread), then the
// labels of each thread, and last the filter and condition. Instruction families live in the Ptx*.cpp files
// beside this one; the layout every dialect shares in LitmusLayout.h.
#include "frontends/PtxLitmus.h"

#include <limits>
#include <map>
#include <optional>

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
  // A CTA outside any cluster is a cluster of its own (PTX ISA "Cluster of cooperative thread arrays"):
  // its implicit cluster id lies past the explicit ones and keeps the CTAs' order (progress models that
  // favour lower ids, ProgressEncoder.cpp, see the same order as without the cluster level).
  auto scopesOf = [&file](Parser::ThreadScopeContext* scope) {
    constexpr int kImplicitClusters = 1 << 24;
    int cta = scopeId(file, scope->cta);
    if (scope->cluster == nullptr && cta >= std::numeric_limits<int>::max() - kImplicitClusters) {
      throw core::InputError(locationOf(file, scope->cta),
                             "CTA id " + scope->cta->getText() + " is too large");
    }
    int cluster = scope->cluster != nullptr ? scopeId(file, scope->cluster) : kImplicitClusters + cta;
    return core::ptxTarget().place({0, scopeId(file, scope->gpu), cluster, cta});
  };
  readThreadColumns(program, file, tree->threadHeader()->threadScope(), scopesOf);
  std::map<std::pair<int, int>, std::optional<int>> clusterOfCta;  // (gpu, cta) -> cluster as written
  for (size_t t = 0; t < program.threads.size(); ++t) {
    Parser::ThreadScopeContext* scope = tree->threadHeader()->threadScope(t);
    if (scope->warp != nullptr) program.threads[t].warp = scopeId(file, scope->warp);
    if (scope->cluster != nullptr) program.threads[t].cluster = scopeId(file, scope->cluster);
    std::pair<int, int> cta{scopeId(file, scope->gpu), scopeId(file, scope->cta)};
    auto [it, fresh] = clusterOfCta.emplace(cta, program.threads[t].cluster);
    if (!fresh && it->second != program.threads[t].cluster) {
      throw core::InputError(
          locationOf(file, scope->getStart()),
          program.threads[t].name + " places CTA " + scope->cta->getText() +
              " in another cluster than an earlier thread of that CTA (a CTA belongs to one cluster)");
    }
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
