// Small helpers of the Program IR: the operands only some instruction kinds have, register interning,
// memory-object lookup.
#include "core/ir/Program.h"

#include <algorithm>
#include <stdexcept>

namespace catcheck::core {
namespace {

const char* kindName(InstructionKind kind) {
  switch (kind) {
    case InstructionKind::Load:
      return "load";
    case InstructionKind::Store:
      return "store";
    case InstructionKind::Rmw:
      return "read-modify-write";
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
      return "warp";
  }
  return "?";
}

void requireKind(const Instruction& in, InstructionKind kind) {
  if (in.kind != kind)
    throw std::logic_error(std::string("the ") + kindName(kind) + " operands of a " + kindName(in.kind) +
                           " instruction (" + in.text + ")");
}

// The operands of kind `kind`, made fresh if the instruction holds none or another kind's.
template <class Operands>
Operands& mutableOperands(Instruction& in, InstructionKind kind) {
  requireKind(in, kind);
  if (!std::holds_alternative<Operands>(in.operands)) in.operands.emplace<Operands>();
  return std::get<Operands>(in.operands);
}

// The operands of kind `kind`; the defaults while the front end has set none.
template <class Operands>
const Operands& operandsOf(const Instruction& in, InstructionKind kind) {
  requireKind(in, kind);
  static const Operands defaults{};
  const Operands* operands = std::get_if<Operands>(&in.operands);
  return operands != nullptr ? *operands : defaults;
}

}  // namespace

BarrierOperands& Instruction::barrier() {
  return mutableOperands<BarrierOperands>(*this, InstructionKind::Barrier);
}

const BarrierOperands& Instruction::barrier() const {
  return operandsOf<BarrierOperands>(*this, InstructionKind::Barrier);
}

WarpOperands& Instruction::warp() {
  return mutableOperands<WarpOperands>(*this, InstructionKind::Warp);
}

const WarpOperands& Instruction::warp() const {
  return operandsOf<WarpOperands>(*this, InstructionKind::Warp);
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
