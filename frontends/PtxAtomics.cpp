// PTX read-modify-writes: atom.<order>.<scope>.<op>, atom.<order>.<scope>.cas and red (docs/semantics.md 5,
// PTX table). Each is one Rmw instruction whose load half and store half are tagged separately, both with
// RMW, the scope and the generic proxy. The order splits as in Dat3M's compilation of PTX: the load is ACQ
// for acquire and acq_rel and RLX otherwise; the store is REL for release and acq_rel and RLX otherwise.
// atom.cas always writes (PTX semantics): `value` is the new value, `expected` the compare value.
#include "frontends/PtxInstructions.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

// Kind and both halves' tags of an atom or red with the given order and scope.
core::Instruction rmwSkeleton(LitmusCell& cell, const std::string& mnemonic,
                              Parser::MemoryOrderContext* order, Parser::ScopeContext* scope) {
  core::Instruction rmw;
  rmw.kind = core::InstructionKind::Rmw;
  core::TagSet common = {"M", "_", "RMW", "GEN"};
  checkOrder(cell, OrderFamily::Atomic, mnemonic, order, scope, common);  // the halves get their own orders
  std::string name = order->getText();
  rmw.tags = common;
  rmw.tags.add("R");
  rmw.tags.add(atomicReadTag(name));
  rmw.access().storeTags = common;
  rmw.access().storeTags.add("W");
  rmw.access().storeTags.add(atomicWriteTag(name));
  return rmw;
}

}  // namespace

core::Instruction buildAtom(LitmusCell& cell, Parser::AtomContext* ctx) {
  core::Instruction atom = rmwSkeleton(cell, "atom", ctx->memoryOrder(), ctx->scope());
  atom.access().rmwOp = rmwOperation(ctx->rmwOperation()->getText());
  atom.reg = cell.reg(ctx->Register());
  atom.access().address = cell.location(ctx->Name());
  atom.value = cell.value(ctx->value());
  return atom;
}

core::Instruction buildAtomCas(LitmusCell& cell, Parser::AtomCasContext* ctx) {
  core::Instruction cas = rmwSkeleton(cell, "atom", ctx->memoryOrder(), ctx->scope());
  cas.access().rmwOp = core::RmwOp::CompareExchange;
  cas.reg = cell.reg(ctx->Register());
  cas.access().address = cell.location(ctx->Name());
  cas.access().expected = cell.value(ctx->expected);
  cas.value = cell.value(ctx->desired);
  return cas;
}

core::Instruction buildRed(LitmusCell& cell, Parser::RedContext* ctx) {
  if (ctx->rmwOperation()->getText() == "exch") {
    cell.fail(ctx->rmwOperation()->getStart(), "red has no .exch operation");
  }
  core::Instruction red = rmwSkeleton(cell, "red", ctx->memoryOrder(), ctx->scope());
  red.access().rmwOp = rmwOperation(ctx->rmwOperation()->getText());
  red.access().address = cell.location(ctx->Name());
  red.value = cell.value(ctx->value());
  return red;
}

}  // namespace catcheck::frontends::ptx
