// Barrier instructions (SPIR-V spec §3.32.20). OpControlBarrier is an IR control barrier: the threads of
// one instance of its execution scope (Workgroup: "WG", Subgroup: "SG") meet at it, and its memory scope
// and semantics give its tags (a fence unless the semantics are 0). Its instance id names the static
// instruction (its index in the module, plus the call prefix when it was inlined), so every thread's copy
// of it belongs to the same barrier, and loop unrolling numbers the iterations. OpMemoryBarrier is a fence.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {

bool ThreadLowering::lowerBarrier(const Instruction& in) {
  auto op = static_cast<spv::Op>(in.opcode);
  if (op == spv::Op::OpControlBarrier) {
    long long execution = constantOf(in.word(0), in, "execution scope");
    long long memory = constantOf(in.word(1), in, "memory scope");
    long long semantics = constantOf(in.word(2), in, "memory semantics");
    core::Instruction barrier;
    barrier.kind = core::InstructionKind::Barrier;
    barrier.barrierScope = executionScope(info_.memoryModel, execution, in.location);
    barrier.tags = barrierTags(info_.memoryModel, memory, semantics, in.location);
    size_t index = static_cast<size_t>(&in - info_.module.instructions.data());
    barrier.barrierInstance = "b" + std::to_string(index) + (prefix_.empty() ? "" : "@" + prefix_);
    emit(std::move(barrier));
    return true;
  }
  if (op == spv::Op::OpMemoryBarrier) {
    long long memory = constantOf(in.word(0), in, "memory scope");
    long long semantics = constantOf(in.word(1), in, "memory semantics");
    core::Instruction fence;
    fence.kind = core::InstructionKind::Fence;
    fence.tags = fenceTags(info_.memoryModel, memory, semantics, in.location);
    emit(std::move(fence));
    return true;
  }
  return false;
}

}  // namespace catcheck::frontends::spirv
