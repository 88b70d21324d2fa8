// Vulkan loads, stores and read-modify-writes (docs/semantics.md 5, VULKAN table). Every access is tagged M,
// _, R or W and its storage class. A plain access is private unless it is written .nonpriv, .vis.<scope>
// (loads) or .av.<scope> (stores), which make it NONPRIV and add VIS or AV with the scope. Atomics are always
// NONPRIV and scoped: an atomic load is VIS and may acquire, an atomic store is AV and may release. rmw.atom
// is one Rmw instruction whose halves split the order as Dat3M's compilation of Vulkan does: its load is an
// atomic load with the acquire side (ACQ, SEMSCn, SEMVIS), its store an atomic store with the release side
// (REL, SEMSCn, SEMAV). Without an operation qualifier an rmw is an exchange.
#include "frontends/VulkanInstructions.h"

namespace catcheck::frontends::vulkan {
namespace {

core::TagSet plainTags(const Qualifiers& q, const char* direction) {
  core::TagSet tags = {direction, "M", "_"};
  addLocationTags(q, tags);
  addMarkerTags(q, tags);
  return tags;
}

core::TagSet atomicLoadTags(const Qualifiers& q) {
  core::TagSet tags = {"R", "M", "_", "ATOM", "NONPRIV", "VIS"};
  addLocationTags(q, tags);
  addAcquireTags(q, tags);
  return tags;
}

core::TagSet atomicStoreTags(const Qualifiers& q) {
  core::TagSet tags = {"W", "M", "_", "ATOM", "NONPRIV", "AV"};
  addLocationTags(q, tags);
  addReleaseTags(q, tags);
  return tags;
}

}  // namespace

core::Instruction buildLoad(LitmusCell& cell, Parser::LoadContext* ctx) {
  Qualifiers q = readQualifiers(cell, ctx->op, ctx->qualifier());
  core::Instruction load;
  load.kind = core::InstructionKind::Load;
  load.tags = q.atom != nullptr ? atomicLoadTags(q) : plainTags(q, "R");
  load.reg = cell.reg(ctx->Register());
  load.access().address = cell.location(ctx->Name());
  return load;
}

core::Instruction buildStore(LitmusCell& cell, Parser::StoreContext* ctx) {
  Qualifiers q = readQualifiers(cell, ctx->op, ctx->qualifier());
  core::Instruction store;
  store.kind = core::InstructionKind::Store;
  store.tags = q.atom != nullptr ? atomicStoreTags(q) : plainTags(q, "W");
  store.access().address = cell.location(ctx->Name());
  store.value = cell.value(ctx->value());
  return store;
}

core::Instruction buildRmw(LitmusCell& cell, Parser::RmwContext* ctx) {
  Qualifiers q = readQualifiers(cell, ctx->op, ctx->qualifier());
  core::Instruction rmw;
  rmw.kind = core::InstructionKind::Rmw;
  rmw.tags = atomicLoadTags(q);
  rmw.tags.add("RMW");
  rmw.access().storeTags = atomicStoreTags(q);
  rmw.access().storeTags.add("RMW");
  rmw.access().rmwOp = q.operation != nullptr ? rmwOperation(q.operation->getText()) : core::RmwOp::Exchange;
  rmw.reg = cell.reg(ctx->Register());
  rmw.access().address = cell.location(ctx->Name());
  rmw.value = cell.value(ctx->value());
  return rmw;
}

}  // namespace catcheck::frontends::vulkan
