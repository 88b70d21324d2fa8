// Vulkan memory and control barriers and the device-domain operations (docs/semantics.md 5, VULKAN table).
// membar is a fence (F) with its scope and both sides of its order: ACQ and / or REL (acq_rel gives both),
// the SEMSCn tags, SEMAV and SEMVIS. cbar is a control barrier tagged CBAR and its scope; with a memory order
// it is also a fence with the same tags as membar, without one it has no F (no memory semantics). The
// execution scope of every Vulkan control barrier is the workgroup whatever its scope qualifier, which is
// only a tag. avdevice and visdevice are visible events that are not memory accesses.
#include "frontends/VulkanInstructions.h"

namespace catcheck::frontends::vulkan {
namespace {

void addOrderTags(const Qualifiers& q, core::TagSet& tags) {
  tags.add("F");
  addAcquireTags(q, tags);
  addReleaseTags(q, tags);
}

}  // namespace

core::Instruction buildMemoryBarrier(LitmusCell& cell, Parser::MemoryBarrierContext* ctx) {
  Qualifiers q = readQualifiers(cell, ctx->op, ctx->qualifier());
  core::Instruction fence;
  fence.kind = core::InstructionKind::Fence;
  fence.tags = {"_"};
  addLocationTags(q, fence.tags);
  addOrderTags(q, fence.tags);
  return fence;
}

core::Instruction buildControlBarrier(LitmusCell& cell, Parser::ControlBarrierContext* ctx) {
  Qualifiers q = readQualifiers(cell, ctx->op, ctx->qualifier());
  core::Instruction barrier;
  barrier.kind = core::InstructionKind::Barrier;
  barrier.tags = {"_", "CBAR"};
  addLocationTags(q, barrier.tags);
  if (q.order != nullptr) addOrderTags(q, barrier.tags);
  barrier.barrier().instance = ctx->instance->getText();
  if (ctx->resource != nullptr) barrier.barrier().resource = cell.value(ctx->resource);
  if (ctx->quorum != nullptr) barrier.barrier().quorum = cell.value(ctx->quorum);
  barrier.barrier().scope = core::ScopeLevel::Workgroup;
  return barrier;
}

core::Instruction buildDeviceOperation(Parser::DeviceOperationContext* ctx) {
  core::Instruction operation;
  operation.kind = core::InstructionKind::Visible;
  operation.tags = {"_"};
  operation.tags.add(ctx->op->getText() == "avdevice" ? "AVDEVICE" : "VISDEVICE");
  return operation;
}

}  // namespace catcheck::frontends::vulkan
