// Internal interface of the PTX litmus front end: the per-cell context the instruction families translate
// against, and one builder per instruction family (PtxMemoryAccess.cpp, PtxAtomics.cpp, PtxFences.cpp,
// PtxControl.cpp). Builders fill kind, operands and tags; the caller sets location and text.
#pragma once

#include "LitmusPTXParser.h"
#include "core/Program.h"

#include <string>

namespace catcheck::frontends::ptx {

using Parser = grammar::LitmusPTXParser;

// One cell of the instruction table: the thread whose registers it uses, the program whose memory objects
// it names, and the file name for messages.
class CellContext {
 public:
  CellContext(core::Program& program, core::Thread& thread, std::string file)
      : program_(program), thread_(thread), file_(std::move(file)) {}

  int reg(antlr4::tree::TerminalNode* registerNode) { return thread_.registerIndex(registerNode->getText()); }
  int location(antlr4::tree::TerminalNode* nameNode);
  core::Expr value(Parser::ValueContext* ctx);
  core::SourceLocation locate(const antlr4::Token* token) const;
  [[noreturn]] void fail(antlr4::Token* where, const std::string& message) const;
  [[noreturn]] void fail(antlr4::ParserRuleContext* where, const std::string& message) const {
    fail(where->getStart(), message);
  }

 private:
  core::Program& program_;
  core::Thread& thread_;
  std::string file_;
};

// Memory orders each family accepts (SEMANTICS.md 4.1).
enum class OrderFamily { Load, Store, Atomic, Fence };

// Checks the memory order and scope of `mnemonic` (weak takes no scope, every other order needs one) and
// returns the order's tag (WEAK RLX ACQ REL ACQ_REL SC); adds the scope tag (CTA GPU SYS) to `tags`.
std::string checkOrder(CellContext& cell, OrderFamily family, const std::string& mnemonic,
                       Parser::MemoryOrderContext* order, Parser::ScopeContext* scope, core::TagSet& tags);

// ld / tld / suld / cold, st / sust, and the register move `ld r, v`.
core::Instruction buildLoad(CellContext& cell, Parser::LoadContext* ctx);
core::Instruction buildStore(CellContext& cell, Parser::StoreContext* ctx);
core::Instruction buildMove(CellContext& cell, Parser::MoveContext* ctx);

// atom.<op>, atom.cas and red.
core::Instruction buildAtom(CellContext& cell, Parser::AtomContext* ctx);
core::Instruction buildAtomCas(CellContext& cell, Parser::AtomCasContext* ctx);
core::Instruction buildRed(CellContext& cell, Parser::RedContext* ctx);

// fence.<order>.<scope>, fence.proxy.<kind> and bar.cta.sync / bar.cta.arrive.
core::Instruction buildFence(CellContext& cell, Parser::FenceContext* ctx);
core::Instruction buildProxyFence(Parser::ProxyFenceContext* ctx);
core::Instruction buildBarrier(CellContext& cell, Parser::BarrierContext* ctx);

// Labels, goto, conditional branches and register arithmetic.
core::Instruction buildLabel(Parser::LabelContext* ctx);
core::Instruction buildJump(Parser::JumpContext* ctx);
core::Instruction buildBranch(CellContext& cell, Parser::BranchContext* ctx);
core::Instruction buildArithmetic(CellContext& cell, Parser::ArithmeticContext* ctx);

// Dispatches one non-empty cell to its family and records its location and source text.
core::Instruction buildInstruction(CellContext& cell, Parser::InstructionContext* ctx);

}  // namespace catcheck::frontends::ptx
