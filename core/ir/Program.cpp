// Small helpers of the Program IR: the operands only some instruction kinds have, register interning,
// memory-object lookup.
#include "core/ir/Program.h"

#include <algorithm>
#include <stdexcept>

namespace catcheck::core {
namespace {

void requireKind(const Instruction& in, bool holds, const char* what) {
  if (!holds)
    throw std::logic_error(std::string("the ") + what + " operands of a " + instructionKindName(in.kind) +
                           " instruction (" + in.text + ")");
}

// The operands `what` (which the instruction's kind must have: `holds`), made fresh if the instruction
// holds none or another kind's.
template <class Operands>
Operands& mutableOperands(Instruction& in, bool holds, const char* what) {
  requireKind(in, holds, what);
  if (!std::holds_alternative<Operands>(in.operands)) in.operands.emplace<Operands>();
  return std::get<Operands>(in.operands);
}

// The operands `what`; the defaults while the front end has set none.
template <class Operands>
const Operands& operandsOf(const Instruction& in, bool holds, const char* what) {
  requireKind(in, holds, what);
  static const Operands defaults{};
  const Operands* operands = std::get_if<Operands>(&in.operands);
  return operands != nullptr ? *operands : defaults;
}

bool isBranch(const Instruction& in) {
  return in.kind == InstructionKind::Label || in.kind == InstructionKind::Jump;
}

}  // namespace

const char* instructionKindName(InstructionKind kind) {
  switch (kind) {
    case InstructionKind::Load:
      return "load";
    case InstructionKind::Store:
      return "store";
    case InstructionKind::Rmw:
      return "rmw";
    case InstructionKind::Fence:
      return "fence";
    case InstructionKind::Barrier:
      return "barrier";
    case InstructionKind::Local:
      return "local";
    case InstructionKind::Label:
      return "label";
    case InstructionKind::Jump:
      return "jump";
    case InstructionKind::Visible:
      return "visible";
    case InstructionKind::Warp:
      return "warp primitive";
  }
  return "?";
}

const Expr* Instruction::jumpCondition() const {
  if (kind != InstructionKind::Jump || !branch().condition) return nullptr;
  return &*branch().condition;
}

const Expr* Instruction::computedAddress() const {
  if (!isAccess() || !access().computedAddress) return nullptr;
  return &*access().computedAddress;
}

bool Instruction::isAccess() const {
  return kind == InstructionKind::Load || kind == InstructionKind::Store || kind == InstructionKind::Rmw;
}

AccessOperands& Instruction::access() {
  return mutableOperands<AccessOperands>(*this, isAccess(), "access");
}

const AccessOperands& Instruction::access() const {
  return operandsOf<AccessOperands>(*this, isAccess(), "access");
}

BranchOperands& Instruction::branch() {
  return mutableOperands<BranchOperands>(*this, isBranch(*this), "branch");
}

const BranchOperands& Instruction::branch() const {
  return operandsOf<BranchOperands>(*this, isBranch(*this), "branch");
}

BarrierOperands& Instruction::barrier() {
  return mutableOperands<BarrierOperands>(*this, kind == InstructionKind::Barrier, "barrier");
}

const BarrierOperands& Instruction::barrier() const {
  return operandsOf<BarrierOperands>(*this, kind == InstructionKind::Barrier, "barrier");
}

WarpOperands& Instruction::warp() {
  return mutableOperands<WarpOperands>(*this, kind == InstructionKind::Warp, "warp");
}

const WarpOperands& Instruction::warp() const {
  return operandsOf<WarpOperands>(*this, kind == InstructionKind::Warp, "warp");
}

int Thread::registerIndex(const std::string& name) {
  auto it = std::find(registerNames.begin(), registerNames.end(), name);
  if (it != registerNames.end()) return static_cast<int>(it - registerNames.begin());
  registerNames.push_back(name);
  return static_cast<int>(registerNames.size()) - 1;
}

int Program::memoryIndex(const std::string& name) const {
  for (size_t i = 0; i < memory.size(); ++i) {
    if (memory[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace catcheck::core
