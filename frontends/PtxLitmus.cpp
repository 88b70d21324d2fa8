// The PTX litmus front end's driver: parses the text with grammar/LitmusPTX.g4 and walks the tree in the
// order names become meaningful. Threads come first (register initialisers and conditions refer to them),
// then the init block (so that aliases are known before code names them), then the instruction table column
// by column (SEMANTICS.md 3.2: thread i is column i, and every row has one cell per thread), then the labels
// of each thread, and last the filter and condition. Instruction families live in the Ptx*.cpp files beside
// this one.
#include "frontends/PtxLitmus.h"

#include "LitmusPTXLexer.h"
#include "frontends/LitmusAssertions.h"
#include "frontends/LitmusSupport.h"

#include <limits>
#include <set>

namespace catcheck::frontends::ptx {
namespace {

class ProgramReader {
 public:
  explicit ProgramReader(std::string file) : file_(std::move(file)) {}

  core::Program read(Parser::MainContext* tree) {
    program_.arch = core::Architecture::Ptx;
    program_.file = file_;
    program_.name = testName(tree->header());
    readThreads(tree->threadHeader());
    readInitBlock(program_, file_, tree->initBlock());
    for (Parser::InstructionRowContext* row : tree->instructionRow()) readRow(row);
    for (core::Thread& thread : program_.threads) checkLabels(thread);
    readConditions<Parser>(program_, file_, tree->assertionFilter(), tree->assertionClause());
    return std::move(program_);
  }

 private:
  // The rest of the header's first line up to any doc string; tokens separated in the source (by spaces or
  // comments) are separated by one space.
  static std::string testName(Parser::HeaderContext* header) {
    std::string name;
    antlr4::Token* previous = header->arch;
    for (antlr4::tree::ParseTree* child : header->children) {
      antlr4::Token* token = dynamic_cast<antlr4::tree::TerminalNode*>(child)->getSymbol();
      if (token == header->arch) continue;
      if (token->getLine() != header->arch->getLine() || token->getType() == Parser::String) break;
      if (!name.empty() && token->getStartIndex() > previous->getStopIndex() + 1) name += ' ';
      name += token->getText();
      previous = token;
    }
    return name;
  }

  void readThreads(Parser::ThreadHeaderContext* header) {
    for (Parser::ThreadScopeContext* scope : header->threadScope()) {
      std::string name = "P" + std::to_string(program_.threads.size());
      antlr4::Token* id = scope->ThreadId()->getSymbol();
      if (number(id->getText().substr(1), id) != static_cast<long long>(program_.threads.size())) {
        fail(id, "thread " + id->getText() + " is in the column of " + name +
                     " (threads are P0, P1, ... in order)");
      }
      core::Thread thread;
      thread.name = name;
      thread.scopes = {{core::ScopeLevel::System, 0},
                       {core::ScopeLevel::Gpu, scopeId(scope->gpu)},
                       {core::ScopeLevel::Cta, scopeId(scope->cta)}};
      program_.threads.push_back(std::move(thread));
    }
  }

  int scopeId(antlr4::Token* token) {
    long long id = number(token->getText(), token);
    if (id > std::numeric_limits<int>::max()) fail(token, "scope id " + token->getText() + " is too large");
    return static_cast<int>(id);
  }

  // The cells of a row in column order; empty cells are null.
  static std::vector<Parser::InstructionContext*> cells(Parser::InstructionRowContext* row) {
    std::vector<Parser::InstructionContext*> result(1, nullptr);
    for (antlr4::tree::ParseTree* child : row->children) {
      if (auto* instruction = dynamic_cast<Parser::InstructionContext*>(child)) {
        result.back() = instruction;
      } else if (child->getText() == "|") {
        result.push_back(nullptr);
      }
    }
    return result;
  }

  void readRow(Parser::InstructionRowContext* row) {
    std::vector<Parser::InstructionContext*> rowCells = cells(row);
    if (rowCells.size() != program_.threads.size()) {
      fail(row->getStart(), "row has " + countOf(rowCells.size(), "cell") + " but the test has " +
                                countOf(program_.threads.size(), "thread"));
    }
    for (size_t column = 0; column < rowCells.size(); ++column) {
      if (rowCells[column] == nullptr) continue;
      core::Thread& thread = program_.threads[column];
      CellContext cell(program_, thread, file_);
      thread.code.push_back(buildInstruction(cell, rowCells[column]));
    }
  }

  // Labels are local to their thread: each is defined once, and every jump targets one of them.
  static void checkLabels(const core::Thread& thread) {
    std::set<std::string> labels;
    for (const core::Instruction& instruction : thread.code) {
      if (instruction.kind == core::InstructionKind::Label && !labels.insert(instruction.label).second) {
        throw core::InputError(instruction.location,
                               "label '" + instruction.label + "' is defined twice in " + thread.name);
      }
    }
    for (const core::Instruction& instruction : thread.code) {
      if (instruction.kind == core::InstructionKind::Jump && labels.count(instruction.label) == 0) {
        throw core::InputError(instruction.location,
                               "undefined label '" + instruction.label + "' in " + thread.name);
      }
    }
  }

  long long number(const std::string& text, antlr4::Token* where) const {
    return parseInteger(text, locationOf(file_, where));
  }

  [[noreturn]] void fail(antlr4::Token* where, const std::string& message) const {
    throw core::InputError(locationOf(file_, where), message);
  }

  std::string file_;
  core::Program program_;
};

}  // namespace

core::Program parsePtxLitmus(const std::string& text, const std::string& sourceName) {
  antlr4::ANTLRInputStream input(text);
  grammar::LitmusPTXLexer lexer(&input);
  antlr4::CommonTokenStream tokens(&lexer);
  Parser parser(&tokens);
  ThrowingErrorListener listener(sourceName);
  installErrorListener(lexer, parser, listener);
  return ProgramReader(sourceName).read(parser.main());
}

}  // namespace catcheck::frontends::ptx
