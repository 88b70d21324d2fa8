// The parts of a litmus test's layout that every dialect spells alike (docs/semantics.md 3.1, 3.2): parsing
// with a dialect's grammar, the test name on the header line, thread columns, the instruction table and the
// cells of its rows, labels and jumps, register arithmetic, and the operands of one table cell. Each
// dialect's grammar generates its own context classes, so the helpers take tokens, generic rule contexts, or
// (for the parser, rows, cells and `value` operands) a template parameter.
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "core/ir/Program.h"
#include "core/ir/SourceText.h"
#include "frontends/LitmusSupport.h"

namespace catcheck::frontends {

// The rest of the header's first line after the dialect word `arch`, up to any doc string (a token of type
// `stringType`); tokens separated in the source (by spaces or comments) are separated by one space.
std::string testName(antlr4::ParserRuleContext* header, const antlr4::Token* arch, size_t stringType);

// The thread of column `column` of the thread header, named P<column>; its declared id `Pn` must match.
core::Thread columnThread(const std::string& file, const antlr4::Token* id, size_t column);

// The id a thread header gives one scope level.
int scopeId(const std::string& file, const antlr4::Token* token);

// An integer literal (a `number` rule) outside an instruction cell.
long long integerLiteral(const std::string& file, antlr4::ParserRuleContext* number);

// A row must have one cell per thread (docs/semantics.md 3.2).
void checkRowWidth(const std::string& file, antlr4::ParserRuleContext* row, size_t cells, size_t threads);

// Parses `text` with a dialect's generated lexer and parser, syntax errors becoming core::InputError, and
// hands the parse tree to `read` while the parser still owns it.
template <class Lexer, class Parser, class Read>
core::Program parseWithGrammar(const std::string& text, const std::string& sourceName, Read read) {
  core::requireUtf8(text, sourceName);  // the runtime's UTF-8 decoder would abort on bad bytes
  core::requireShallowNesting(text, sourceName);
  antlr4::ANTLRInputStream input(text);
  Lexer lexer(&input);
  antlr4::CommonTokenStream tokens(&lexer);
  Parser parser(&tokens);
  ThrowingErrorListener listener(sourceName);
  installErrorListener(lexer, parser, listener);
  return read(parser.main());
}

// One thread per column of the thread header, in column order, with the scope positions
// `scopesOf(column)` gives (outermost first).
template <class ScopeContext, class ScopesOf>
void readThreadColumns(core::Program& program, const std::string& file,
                       const std::vector<ScopeContext*>& columns, ScopesOf scopesOf) {
  for (ScopeContext* column : columns) {
    core::Thread thread = columnThread(file, column->ThreadId()->getSymbol(), program.threads.size());
    thread.scopes = scopesOf(column);
    program.threads.push_back(std::move(thread));
  }
}

// The cells of an instruction row in column order, empty cells as null.
template <class Cell>
std::vector<Cell*> rowCells(const std::string& file, antlr4::ParserRuleContext* row, size_t threads) {
  std::vector<Cell*> result(1, nullptr);
  for (antlr4::tree::ParseTree* child : row->children) {
    if (auto* cell = dynamic_cast<Cell*>(child)) {
      result.back() = cell;
    } else if (child->getText() == "|") {
      result.push_back(nullptr);
    }
  }
  checkRowWidth(file, row, result.size(), threads);
  return result;
}

// Labels are local to their thread: each is defined once, and every jump targets one of them.
void checkLabels(const core::Thread& thread);

core::Instruction labelInstruction(const std::string& name);
// `goto label` without a condition; a conditional branch with one.
core::Instruction jumpInstruction(const std::string& label,
                                  std::optional<core::Expr> condition = std::nullopt);
// `reg := value`, not a memory event.
core::Instruction localInstruction(int reg, core::Expr value);

// The comparison of a branch mnemonic (beq bne blt ble bgt bge).
core::ExprOp branchComparison(const std::string& mnemonic);
// The operator of an arithmetic mnemonic (add sub mul div and or xor), and of an RMW operation (the same
// names, and exch).
core::ExprOp arithmeticOperation(const std::string& mnemonic);
core::RmwOp rmwOperation(const std::string& name);

// One cell of the instruction table: the thread whose registers it uses, the program whose memory objects
// it names, and the file name for messages.
class LitmusCell {
 public:
  LitmusCell(core::Program& program, core::Thread& thread, std::string file)
      : program_(program), thread_(thread), file_(std::move(file)) {}

  int reg(antlr4::tree::TerminalNode* registerNode) { return thread_.registerIndex(registerNode->getText()); }
  int location(antlr4::tree::TerminalNode* nameNode) {
    return referenceLocation(program_, nameNode->getText());
  }
  core::Expr constant(antlr4::ParserRuleContext* number) const;
  // A register of the front end's own (a lowered instruction's scratch value), named `%<purpose><n>`
  // with n the thread's next instruction index, so that no source register (r0, ...) can clash with it.
  int scratchRegister(const std::string& purpose) {
    return thread_.registerIndex("%" + purpose + std::to_string(thread_.code.size()));
  }
  // The index the cell's first instruction will have in its thread (unique per cell).
  int nextInstruction() const { return static_cast<int>(thread_.code.size()); }

  // A `value` rule of any dialect: a register or a number.
  template <class ValueContext>
  core::Expr value(ValueContext* ctx) {
    if (ctx->Register() != nullptr) return core::Expr::registerValue(reg(ctx->Register()));
    return constant(ctx->number());
  }

  core::SourceLocation locate(const antlr4::Token* token) const { return locationOf(file_, token); }
  [[noreturn]] void fail(const antlr4::Token* where, const std::string& message) const;

 private:
  core::Program& program_;
  core::Thread& thread_;
  std::string file_;
};

// The instruction table, column by column (thread i is column i): `build(cell, instruction)` translates each
// non-empty cell of the dialect's grammar `Parser`. Then the labels of every thread are checked.
template <class Parser, class Build>
void readInstructionTable(core::Program& program, const std::string& file,
                          const std::vector<typename Parser::InstructionRowContext*>& rows, Build build) {
  for (typename Parser::InstructionRowContext* row : rows) {
    std::vector<typename Parser::InstructionContext*> cells =
        rowCells<typename Parser::InstructionContext>(file, row, program.threads.size());
    for (size_t column = 0; column < cells.size(); ++column) {
      if (cells[column] == nullptr) continue;
      core::Thread& thread = program.threads[column];
      LitmusCell cell(program, thread, file);
      auto built = build(cell, cells[column]);
      if constexpr (std::is_same_v<decltype(built), core::Instruction>) {
        thread.code.push_back(std::move(built));
      } else {  // a cell that lowers to several instructions
        thread.code.insert(thread.code.end(), built.begin(), built.end());
      }
    }
  }
  for (core::Thread& thread : program.threads) checkLabels(thread);
}

}  // namespace catcheck::frontends
