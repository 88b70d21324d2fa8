// Control flow (SPIR-V spec §3.32.17) and function calls (§3.32.9). Blocks become IR labels in module
// order, which the spec requires to put every block after its dominators, so the only backward jumps are
// loop back-edges: core's loop unrolling (core/graph/LoopUnrolling.cpp) sees each loop as its header label
// and the back jumps to it, as in litmus code. OpPhi becomes register assignments on the incoming edges: an
// edge with assignments that leaves a conditional branch or a switch gets a label of its own after the
// branch, and the assignments of one edge go through temporaries when one of them reads a register
// another one writes (a parallel copy). OpSelectionMerge and OpLoopMerge are only structure. Calls are
// inlined: each call gets a label prefix, fresh function variables and, when the callee has more than one
// OpReturnValue, registers for its result; recursion deeper than kMaxCallDepth is an error.
// OpUnreachable is undefined behaviour: a visible event tagged UB (stdlib.cat flags it), then the end.
#include <spirv/unified1/spirv.hpp11>

#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

core::Instruction jumpTo(const std::string& label, std::optional<core::Expr> condition = std::nullopt) {
  core::Instruction jump;
  jump.kind = core::InstructionKind::Jump;
  jump.branch().label = label;
  jump.branch().condition = std::move(condition);
  return jump;
}

core::Instruction labelAt(const std::string& name) {
  core::Instruction label;
  label.kind = core::InstructionKind::Label;
  label.branch().label = name;
  return label;
}

core::Instruction assign(int reg, core::Expr value) {
  core::Instruction local;
  local.kind = core::InstructionKind::Local;
  local.reg = reg;
  local.value = std::move(value);
  return local;
}

bool reads(const core::Expr& e, const std::set<int>& regs) {
  for (int r : e.registers())
    if (regs.count(r) != 0) return true;
  return false;
}

}  // namespace

void ThreadLowering::lowerFunctionBody(const Function& function, const std::string& prefix,
                                       const std::string& returnLabel,
                                       const std::vector<std::string>& returnRegisters) {
  const Function* savedFunction = function_;
  std::string savedPrefix = prefix_, savedReturn = returnLabel_;
  std::vector<std::string> savedRegisters = returnRegisters_;
  uint32_t savedBlock = currentBlock_;
  function_ = &function;
  prefix_ = prefix;
  returnLabel_ = returnLabel;
  returnRegisters_ = returnRegisters;
  const std::vector<Instruction>& all = info_.module.instructions;
  for (const Block& block : function.blocks) {
    // A block no emitted jump reaches yet, all of whose predecessors come before it (or a loop header,
    // whose other predecessors are back edges from inside the loop), is dead in this thread (its branch
    // folded away): it is skipped, with the errors its code would raise for this thread.
    bool dead = &block != &function.blocks.front() && targeted_.count(labelOf(block.label)) == 0;
    if (dead && function.decidable.count(block.label) != 0) {
      emitUnreachableBarriers(block, prefix_, callDepth_);
      continue;
    }
    currentBlock_ = block.label;
    current_ = &all[block.first];
    sourceLine_ = {};  // an OpLine holds until the end of its block
    emit(labelAt(labelOf(block.label)));
    auto phis = function.phis.find(block.label);
    if (phis != function.phis.end()) {
      for (size_t index : phis->second) {
        const Instruction& phi = all[index];
        define(phi.resultId, valueFromRegisters(prefix_ + info_.nameOf(phi.resultId), phi.typeId, phi));
      }
    }
    for (size_t i = block.first + 1; i <= block.last; ++i) {
      if (static_cast<spv::Op>(all[i].opcode) != spv::Op::OpPhi) lowerInstruction(all[i]);
    }
  }
  function_ = savedFunction;
  prefix_ = savedPrefix;
  returnLabel_ = savedReturn;
  returnRegisters_ = savedRegisters;
  currentBlock_ = savedBlock;
}

// The OpPhi assignments of the edge from block `from` to block `to`, as a parallel copy.
void ThreadLowering::emitEdge(uint32_t from, uint32_t to, const Instruction& in) {
  auto phis = function_->phis.find(to);
  if (phis == function_->phis.end()) return;
  std::vector<std::pair<int, core::Expr>> copies;
  for (size_t index : phis->second) {
    const Instruction& phi = info_.module.instructions[index];
    std::optional<uint32_t> incoming;
    for (size_t i = 2; i + 1 < phi.operandCount(); i += 2) {
      if (phi.word(i + 1) == from) incoming = phi.word(i);
    }
    if (!incoming) {
      throw core::InputError(phi.location, "OpPhi has no value for the edge from " + info_.nameOf(from));
    }
    std::vector<core::Expr> sources, targets;
    flatten(valueOf(*incoming, phi.location), sources);
    flatten(valueFromRegisters(prefix_ + info_.nameOf(phi.resultId), phi.typeId, phi), targets);
    for (size_t k = 0; k < targets.size(); ++k) copies.emplace_back(targets[k].reg, sources.at(k));
  }
  current_ = &in;
  std::set<int> written;
  bool needTemporaries = false;
  for (const auto& [target, source] : copies) {
    needTemporaries = needTemporaries || reads(source, written);
    written.insert(target);
  }
  if (!needTemporaries) {
    for (const auto& [target, source] : copies) emit(assign(target, source));
    return;
  }
  std::vector<int> temporaries;
  for (const auto& [target, source] : copies) {
    temporaries.push_back(reg(thread_.registerNames.at(static_cast<size_t>(target)) + "'"));
    emit(assign(temporaries.back(), source));
  }
  for (size_t k = 0; k < copies.size(); ++k) {
    emit(assign(copies[k].first, core::Expr::registerValue(temporaries[k], copies[k].second.width)));
  }
}

void ThreadLowering::emitBranch(uint32_t target, const Instruction& in) {
  emitEdge(currentBlock_, target, in);
  emit(jumpTo(labelOf(target)));
}

void ThreadLowering::emitConditional(const core::Expr& condition, uint32_t onTrue, uint32_t onFalse,
                                     const Instruction& in) {
  if (condition.isConstant()) {
    emitBranch(condition.constant != 0 ? onTrue : onFalse, in);
    return;
  }
  bool trueHasPhis = function_->phis.count(onTrue) != 0;
  std::string edge =
      labelOf(currentBlock_) + "->" + info_.nameOf(onTrue) + "#" + std::to_string(thread_.code.size());
  emit(jumpTo(trueHasPhis ? edge : labelOf(onTrue), condition));
  emitBranch(onFalse, in);
  if (trueHasPhis) {
    emit(labelAt(edge));
    emitBranch(onTrue, in);
  }
}

void ThreadLowering::emitSwitch(const Instruction& in) {
  core::Expr selector = scalarOf(in.word(0), in);
  int w = selector.width;
  std::vector<std::pair<std::string, uint32_t>> edges;
  for (size_t i = 2; i + 1 < in.operandCount(); i += 2) {
    unsigned long long literal = in.word(i);
    if (in.operandWords[i] > 1)
      literal |= static_cast<unsigned long long>(in.words[in.operandOffsets[i] + 1u]) << 32;
    uint32_t target = in.word(i + 1);
    core::Expr test = fold(core::ExprOp::Eq, {selector, constant(static_cast<long long>(literal), w)}, 1);
    if (test.isConstant()) {
      if (test.constant != 0) return emitBranch(target, in);
      continue;
    }
    std::string edge =
        labelOf(currentBlock_) + "->" + info_.nameOf(target) + "#" + std::to_string(thread_.code.size());
    emit(jumpTo(edge, test));
    edges.emplace_back(edge, target);
  }
  emitBranch(in.word(1), in);
  for (const auto& [edge, target] : edges) {
    emit(labelAt(edge));
    emitBranch(target, in);
  }
}

bool ThreadLowering::lowerControlFlow(const Instruction& in) {
  switch (static_cast<spv::Op>(in.opcode)) {
    case spv::Op::OpBranch:
      emitBranch(in.word(0), in);
      return true;
    case spv::Op::OpBranchConditional:
      emitConditional(scalarOf(in.word(0), in), in.word(1), in.word(2), in);
      return true;
    case spv::Op::OpSwitch:
      emitSwitch(in);
      return true;
    case spv::Op::OpReturn:
      emit(jumpTo(returnLabel_));
      return true;
    case spv::Op::OpReturnValue: {
      const Value& value = valueOf(in.word(0), in.location);
      if (returnRegisters_.empty()) {
        returnValue_ = value;
      } else {
        std::vector<core::Expr> scalars;
        flatten(value, scalars);
        for (size_t k = 0; k < scalars.size(); ++k) emit(assign(reg(returnRegisters_.at(k)), scalars[k]));
      }
      emit(jumpTo(returnLabel_));
      return true;
    }
    case spv::Op::OpUnreachable: {
      core::Instruction ub;
      ub.kind = core::InstructionKind::Visible;
      ub.tags = {"UB"};
      emit(std::move(ub));
      emit(jumpTo("@end"));
      return true;
    }
    case spv::Op::OpLabel:
    case spv::Op::OpPhi:
      return true;
    default:
      return false;
  }
}

void ThreadLowering::lowerCall(const Instruction& in) {
  uint32_t callee = in.word(2);
  auto it = info_.functions.find(callee);
  if (it == info_.functions.end())
    throw core::InputError(in.location, info_.nameOf(callee) + " is not a function");
  const Function& function = it->second;
  if (callDepth_ >= kMaxCallDepth) {
    throw core::InputError(in.location, "recursion limit reached: calls nested deeper than " +
                                            std::to_string(kMaxCallDepth) + " (recursion is not supported)");
  }
  if (in.operandCount() - 3 != function.parameters.size()) {
    throw core::InputError(in.location, "call of " + info_.nameOf(callee) + " with " +
                                            std::to_string(in.operandCount() - 3) + " arguments for " +
                                            std::to_string(function.parameters.size()) + " parameters");
  }
  std::vector<Value> arguments;
  for (size_t i = 3; i < in.operandCount(); ++i) arguments.push_back(valueOf(in.word(i), in.location));
  for (size_t i = 0; i < arguments.size(); ++i) define(function.parameters[i], arguments[i]);
  std::string prefix = callPrefix(prefix_, in);
  std::string returnLabel = prefix + "return";
  std::vector<std::string> returnRegisters;
  const Type& returnType = info_.types.at(function.returnType, in.location);
  if (returnType.kind != TypeKind::Void && function.returnValues > 1) {
    for (const Leaf& leaf : info_.types.leaves(function.returnType, in.location)) {
      returnRegisters.push_back(prefix + "return" + leaf.path);
    }
  }
  std::optional<Value> savedReturn = std::move(returnValue_);
  returnValue_.reset();
  ++callDepth_;
  lowerFunctionBody(function, prefix, returnLabel, returnRegisters);
  --callDepth_;
  current_ = &in;
  emit(labelAt(returnLabel));
  if (returnType.kind != TypeKind::Void) {
    if (!returnRegisters.empty()) {
      std::vector<core::Expr> scalars;
      for (size_t k = 0; k < returnRegisters.size(); ++k) {
        scalars.push_back(core::Expr::registerValue(
            reg(returnRegisters[k]), info_.types.leaves(function.returnType, in.location)[k].width));
      }
      size_t next = 0;
      define(in.resultId, valueFromScalars(scalars, next, function.returnType, in));
    } else if (returnValue_) {
      define(in.resultId, *returnValue_);
    } else {
      define(in.resultId, undefinedOf(info_, function.returnType, in.location));
    }
  }
  returnValue_ = std::move(savedReturn);
}

}  // namespace catcheck::frontends::spirv
