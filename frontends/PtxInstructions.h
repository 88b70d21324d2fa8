// Internal interface of the PTX litmus front end: one builder per instruction family (PtxMemoryAccess.cpp,
// PtxAtomics.cpp, PtxFences.cpp, PtxControl.cpp), each translating one table cell (LitmusCell, shared with
// the other dialects in LitmusLayout.h). Builders fill kind, operands and tags; the caller sets location and
// text.
#pragma once

#include <string>
#include <vector>

#include "LitmusPTXParser.h"
#include "core/ir/Program.h"
#include "frontends/LitmusLayout.h"

namespace catcheck::frontends::ptx {

using Parser = grammar::LitmusPTXParser;

// Memory orders each family accepts (docs/semantics.md 4.1).
enum class OrderFamily { Load, Store, Atomic, Fence };

// Checks the memory order and scope of `mnemonic` (weak takes no scope, every other order needs one) and
// returns the order's tag (WEAK RLX ACQ REL ACQ_REL SC); adds the scope tag (CTA GPU SYS) to `tags`.
std::string checkOrder(LitmusCell& cell, OrderFamily family, const std::string& mnemonic,
                       Parser::MemoryOrderContext* order, Parser::ScopeContext* scope, core::TagSet& tags);

// ld / tld / suld / cold, st / sust, and the register move `ld r, v`.
core::Instruction buildLoad(LitmusCell& cell, Parser::LoadContext* ctx);
core::Instruction buildStore(LitmusCell& cell, Parser::StoreContext* ctx);
core::Instruction buildMove(LitmusCell& cell, Parser::MoveContext* ctx);

// atom.<op>, atom.cas and red.
core::Instruction buildAtom(LitmusCell& cell, Parser::AtomContext* ctx);
core::Instruction buildAtomCas(LitmusCell& cell, Parser::AtomCasContext* ctx);
core::Instruction buildRed(LitmusCell& cell, Parser::RedContext* ctx);

// fence.<order>.<scope>, fence.proxy.<kind> and bar.cta.sync / bar.cta.arrive.
core::Instruction buildFence(LitmusCell& cell, Parser::FenceContext* ctx);
core::Instruction buildProxyFence(LitmusCell& cell, Parser::ProxyFenceContext* ctx);
core::Instruction buildBarrier(LitmusCell& cell, Parser::BarrierContext* ctx);

// bar.warp.sync, shfl.sync, vote.sync and redux.sync (PtxWarp.cpp).
core::Instruction buildWarpBarrier(LitmusCell& cell, Parser::WarpBarrierContext* ctx);
core::Instruction buildShuffle(LitmusCell& cell, Parser::ShuffleContext* ctx);
core::Instruction buildVote(LitmusCell& cell, Parser::VoteContext* ctx);
core::Instruction buildRedux(LitmusCell& cell, Parser::ReduxContext* ctx);

// mbarrier.*, cp.async* and tcgen05.* (PtxAsync.cpp): one cell lowers to several instructions.
std::vector<core::Instruction> buildAsync(LitmusCell& cell, Parser::AsyncInstructionContext* ctx);

// Labels, goto, conditional branches and register arithmetic.
core::Instruction buildLabel(Parser::LabelContext* ctx);
core::Instruction buildJump(Parser::JumpContext* ctx);
core::Instruction buildBranch(LitmusCell& cell, Parser::BranchContext* ctx);
core::Instruction buildArithmetic(LitmusCell& cell, Parser::ArithmeticContext* ctx);

// Dispatches one non-empty cell to its family and records its location and source text on each
// instruction it lowers to.
std::vector<core::Instruction> buildInstruction(LitmusCell& cell, Parser::InstructionContext* ctx);

}  // namespace catcheck::frontends::ptx
