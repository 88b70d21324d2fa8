// PTX loads and stores (docs/semantics.md 5, PTX table). Every access is one event tagged M, _ and R or W,
// its memory order (WEAK RLX ACQ REL), its scope when it has one, and the proxy it goes through: ld and st
// use the generic proxy (GEN), tld the texture proxy (TEX), suld and sust the surface proxy (SUR), cold the
// constant proxy (CON). `ld r, v` without a memory order is a register move, not an access.
#include <map>

#include "frontends/PtxInstructions.h"

namespace catcheck::frontends::ptx {
namespace {

std::string proxyTag(const std::string& mnemonic) {
  static const std::map<std::string, std::string> proxies = {
      {"ld", "GEN"}, {"st", "GEN"}, {"tld", "TEX"}, {"suld", "SUR"}, {"sust", "SUR"}, {"cold", "CON"},
  };
  return proxies.at(mnemonic);
}

}  // namespace

core::Instruction buildLoad(LitmusCell& cell, Parser::LoadContext* ctx) {
  core::Instruction load;
  load.kind = core::InstructionKind::Load;
  std::string mnemonic = ctx->op->getText();
  load.tags = {"R", "M", "_"};
  load.tags.add(checkOrder(cell, OrderFamily::Load, mnemonic, ctx->memoryOrder(), ctx->scope(), load.tags));
  load.tags.add(proxyTag(mnemonic));
  load.reg = cell.reg(ctx->Register());
  load.access().address = cell.location(ctx->Name());
  return load;
}

core::Instruction buildStore(LitmusCell& cell, Parser::StoreContext* ctx) {
  core::Instruction store;
  store.kind = core::InstructionKind::Store;
  std::string mnemonic = ctx->op->getText();
  store.tags = {"W", "M", "_"};
  store.tags.add(
      checkOrder(cell, OrderFamily::Store, mnemonic, ctx->memoryOrder(), ctx->scope(), store.tags));
  store.tags.add(proxyTag(mnemonic));
  store.access().address = cell.location(ctx->Name());
  store.value = cell.value(ctx->value());
  return store;
}

core::Instruction buildMove(LitmusCell& cell, Parser::MoveContext* ctx) {
  Parser::OperandContext* operand = ctx->operand();
  if (operand->Name() != nullptr) {
    cell.fail(operand->getStart(),
              "ld from location '" + operand->Name()->getText() +
                  "' needs a memory order (ld.weak, ld.relaxed.<scope> or ld.acquire.<scope>)");
  }
  core::Instruction move;
  move.kind = core::InstructionKind::Local;
  move.reg = cell.reg(ctx->Register());
  move.value = cell.value(operand->value());
  return move;
}

}  // namespace catcheck::frontends::ptx
