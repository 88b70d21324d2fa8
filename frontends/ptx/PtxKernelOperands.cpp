// Operands of the PTX kernel specialiser: registers as cells of the state (named so that nested scopes and
// inlined calls keep theirs apart), special registers as the launch fixes them (PTX ISA "Special
// Registers": %tid, %ntid, %laneid, %warpid, %ctaid, %nctaid, %cluster_*, %lanemask_*), variables'
// addresses in their state space, and literals at the instruction's width.
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

using core::atWidth;

long long component(const Dim3& d, char axis) {
  return axis == 'x' ? d.x : axis == 'y' ? d.y : d.z;
}

}  // namespace

int KernelThread::currentScope() const {
  const Frame& frame = state_->stack.back();
  return frame.code->items.at(frame.pc).scope;
}

std::string KernelThread::registerCell(const std::string& name, const Instruction& in) const {
  const Frame& frame = state_->stack.back();
  int scope = frame.code->registerScope(currentScope(), name);
  if (scope < 0) fail(in, "register '" + name + "' is not declared here");
  return frame.prefix + (scope == 0 ? "" : "{" + std::to_string(scope) + "}") + name;
}

int KernelThread::registerWidth(const std::string& name, const Instruction& in) const {
  const FlatFunction& code = *state_->stack.back().code;
  int scope = code.registerScope(currentScope(), name);
  if (scope < 0) fail(in, "register '" + name + "' is not declared here");
  return code.scopes[static_cast<size_t>(scope)].registerWidths.at(name);
}

std::string KernelThread::parameterCell(const Frame& frame, int scope, const std::string& name) const {
  auto bound = frame.parameterCells.find(name);
  if (bound != frame.parameterCells.end()) return bound->second;
  int declared = frame.code->registerScope(scope, name);
  return "param:" + frame.prefix + "{" + std::to_string(declared) + "}" + name;
}

core::Expr KernelThread::readRegister(const Register& reg, const Instruction& in) {
  std::string cell = registerCell(reg.name, in);
  int width = registerWidth(reg.name, in);
  auto found = state_->cells.find(cell);
  core::Expr value = found != state_->cells.end() ? found->second : core::constantAt(0, width);
  if (reg.negated) value = core::fold(core::ExprOp::Eq, {value, core::constantAt(0, value.width)}, 1);
  return value;
}

const OperandValue& KernelThread::operandValue(const Instruction& in, size_t index) const {
  if (index >= in.operands.size())
    fail(in, "'" + mnemonic(in) + "' is missing operand " + std::to_string(index + 1));
  return in.operands[index].value;
}

core::Expr KernelThread::operand(const Instruction& in, size_t index, int width) {
  const OperandValue& value = operandValue(in, index);
  if (const auto* reg = std::get_if<Register>(&value)) return atWidth(readRegister(*reg, in), width);
  if (const auto* special = std::get_if<SpecialRegister>(&value))
    return atWidth(specialRegister(special->name, in), width);
  if (const auto* integer = std::get_if<Integer>(&value)) return core::constantAt(integer->value, width);
  if (const auto* real = std::get_if<FloatImmediate>(&value))
    return core::constantAt(static_cast<long long>(real->bits), width);
  if (const auto* symbol = std::get_if<Symbol>(&value)) return atWidth(symbolAddress(*symbol, in), width);
  fail(in, "operand " + std::to_string(index + 1) + " is not a value");
}

void KernelThread::writeRegister(const Instruction& in, size_t index, core::Expr value) {
  const OperandValue& target = operandValue(in, index);
  if (std::holds_alternative<Sink>(target)) return;
  const auto* reg = std::get_if<Register>(&target);
  if (reg == nullptr || reg->negated)
    fail(in, "operand " + std::to_string(index + 1) + " must be a register");
  writeCell(registerCell(reg->name, in), atWidth(value, registerWidth(reg->name, in)));
}

core::Expr KernelThread::specialRegister(const std::string& name, const Instruction& in) const {
  const KernelLaunch& launch = context_.launch;
  size_t dot = name.find('.');
  std::string base = name.substr(0, dot);
  char axis = dot == std::string::npos ? 'x' : name[dot + 1];
  auto value = [](long long v) { return core::constantAt(v, 32); };
  if (base == "%tid") return value(component(placement_.tid, axis));
  if (base == "%ntid") return value(component(launch.block, axis));
  if (base == "%ctaid") return value(component(placement_.ctaid, axis));
  if (base == "%nctaid") return value(component(launch.grid, axis));
  if (base == "%laneid") return value(placement_.lane);
  if (base == "%warpid") return value(placement_.warp);
  if (base == "%nwarpid") return value((launch.block.count() + 31) / 32);
  if (base == "%cluster_ctaid") return value(component(placement_.clusterCtaid, axis));
  if (base == "%cluster_nctaid") return value(component(launch.cluster, axis));
  if (base == "%clusterid") return value(component(placement_.clusterid, axis));
  if (base == "%nclusterid") {
    Dim3 clusters{launch.grid.x / launch.cluster.x, launch.grid.y / launch.cluster.y,
                  launch.grid.z / launch.cluster.z};
    return value(component(clusters, axis));
  }
  if (base == "%cluster_ctarank") return value(placement_.clusterRank);
  if (base == "%cluster_nctarank") return value(launch.cluster.count());
  if (base == "%is_explicit_cluster") return core::constantAt(launch.cluster.count() > 1 ? 1 : 0, 1);
  if (base == "%dynamic_smem_size") return value(launch.dynamicSharedBytes);
  long long lane = placement_.lane;
  if (base == "%lanemask_eq") return value(1LL << lane);
  if (base == "%lanemask_lt") return value((1LL << lane) - 1);
  if (base == "%lanemask_le") return value((1LL << (lane + 1)) - 1);
  if (base == "%lanemask_gt") return value(0xFFFFFFFFLL & ~((1LL << (lane + 1)) - 1));
  if (base == "%lanemask_ge") return value(0xFFFFFFFFLL & ~((1LL << lane) - 1));
  if (base == "%clock" || base == "%clock64" || base == "%clock_hi" || base == "%globaltimer" ||
      base == "%globaltimer_lo" || base == "%globaltimer_hi" || base == "%smid" || base == "%nsmid" ||
      base == "%gridid")
    return core::Expr::undefinedValue(base == "%clock64" || base == "%globaltimer" || base == "%gridid" ? 64
                                                                                                        : 32);
  fail(in, "special register '" + name + "' is not modelled");
}

// A variable's address in its own state space: shared and global variables where the launch placed them,
// .local variables at their local address; kernel parameters have none a program may take.
core::Expr KernelThread::symbolAddress(const Symbol& symbol, const Instruction& in) const {
  auto region = context_.regionOfSymbol.find(symbol.name);
  if (region != context_.regionOfSymbol.end())
    return core::constantAt(context_.memory.region(region->second).base + symbol.offset, 64);
  auto local = context_.localAddress.find(symbol.name);
  if (local != context_.localAddress.end()) return core::constantAt(local->second + symbol.offset, 64);
  fail(in, "'" + symbol.name + "' has no address a program can take here (not a variable of a memory space)");
}

}  // namespace catcheck::frontends::ptx
