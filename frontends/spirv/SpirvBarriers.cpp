// Barrier instructions (SPIR-V spec §3.32.20). OpControlBarrier is an IR control barrier: the threads of
// one instance of its execution scope (Workgroup: "WG", Subgroup: "SG") meet at it, and its memory scope
// and semantics give its tags (a fence unless the semantics are 0). Its instance id names the static
// instruction (its index in the module, plus the call prefix when it was inlined), so every thread's copy
// of it belongs to the same barrier, and loop unrolling numbers the iterations. OpMemoryBarrier is a fence.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {

core::Instruction ThreadLowering::controlBarrier(const Instruction& in, const std::string& prefix) {
  long long execution = constantOf(in.word(0), in, "execution scope");
  long long memory = constantOf(in.word(1), in, "memory scope");
  long long semantics = constantOf(in.word(2), in, "memory semantics");
  core::Instruction barrier;
  barrier.kind = core::InstructionKind::Barrier;
  barrier.barrier().scope = executionScope(info_.memoryModel, execution, in.location);
  barrier.tags = barrierTags(info_.memoryModel, memory, semantics, in.location);
  size_t index = static_cast<size_t>(&in - info_.module.instructions.data());
  barrier.barrier().instance = "b" + std::to_string(index) + (prefix.empty() ? "" : "@" + prefix);
  return barrier;
}

bool ThreadLowering::lowerBarrier(const Instruction& in) {
  auto op = static_cast<spv::Op>(in.opcode);
  if (op == spv::Op::OpControlBarrier) {
    emit(controlBarrier(in, prefix_));
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

// A block this thread never reaches (its branch folded away on the thread's constants) still holds the
// workgroup barriers every other invocation of the same code may wait at (docs/semantics.md §5): they are
// emitted as unreachable steps (the step before is always a jump), with the instance ids the reachable
// copies get, through the functions the block calls. Subgroup barriers are left out: a subgroup
// operation completes with the invocations that reach it.
void ThreadLowering::emitUnreachableBarriers(const Block& block, const std::string& prefix, int depth) {
  const std::vector<Instruction>& all = info_.module.instructions;
  for (size_t i = block.first + 1; i <= block.last; ++i) {
    const Instruction& in = all[i];
    auto op = static_cast<spv::Op>(in.opcode);
    if (op == spv::Op::OpControlBarrier) {
      long long execution = constantOf(in.word(0), in, "execution scope");
      bool groupWide = execution != static_cast<long long>(spv::Scope::Subgroup) &&
                       execution != static_cast<long long>(spv::Scope::Invocation);
      if (!groupWide) continue;
      current_ = &in;
      emit(controlBarrier(in, prefix));
    } else if (op == spv::Op::OpFunctionCall && depth < kMaxCallDepth) {
      auto callee = info_.functions.find(in.word(2));
      if (callee == info_.functions.end()) continue;  // the live copies report it
      for (const Block& inner : callee->second.blocks)
        emitUnreachableBarriers(inner, callPrefix(prefix, in), depth + 1);
    }
  }
}

std::string ThreadLowering::callPrefix(const std::string& prefix, const Instruction& call) const {
  return prefix + "c" + std::to_string(static_cast<size_t>(&call - info_.module.instructions.data())) + "/";
}

}  // namespace catcheck::frontends::spirv
