// atom and red of PTX kernels (PTX ISA "atom", "red"): one Rmw instruction of the IR whose read and write
// halves are tagged as the PTX litmus front end tags them (frontends/PtxAtomics.cpp): M, _, RMW, GEN and the
// scope on both; the read ACQ for .acquire / .acq_rel and RLX otherwise, the write REL for .release /
// .acq_rel and RLX otherwise. Without a .sem the ISA means .relaxed, without a scope .gpu. atom.cas always
// writes (the old value when the comparison fails). A floating-point add (.f16 / .f32 / .f64, with or without
// .noftz) is core/ir/FloatBits.h's add; exch and cas of floating-point types move bits; inc and dec (.u32)
// wrap at the operand (core/ir/ExprSemantics.h, wrappingUpdate). The other floating-point operations are
// not modelled.
#include <map>
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

struct AtomicOperation {
  core::RmwOp rmw;
  core::RmwOp signedRmw;
};

const std::map<std::string, AtomicOperation>& operations() {
  static const std::map<std::string, AtomicOperation> table = {
      {"add", {core::RmwOp::Add, core::RmwOp::Add}},
      {"and", {core::RmwOp::And, core::RmwOp::And}},
      {"or", {core::RmwOp::Or, core::RmwOp::Or}},
      {"xor", {core::RmwOp::Xor, core::RmwOp::Xor}},
      {"exch", {core::RmwOp::Exchange, core::RmwOp::Exchange}},
      {"cas", {core::RmwOp::CompareExchange, core::RmwOp::CompareExchange}},
      {"min", {core::RmwOp::UMin, core::RmwOp::Min}},
      {"max", {core::RmwOp::UMax, core::RmwOp::Max}},
      {"inc", {core::RmwOp::WrappingIncrement, core::RmwOp::WrappingIncrement}},
      {"dec", {core::RmwOp::WrappingDecrement, core::RmwOp::WrappingDecrement}},
  };
  return table;
}

}  // namespace

void KernelThread::lowerAtomic(const Instruction& in) {
  bool isRed = in.opcode == "red";
  std::string operation, type, order = "relaxed", scope = "GPU";
  for (const std::string& q : in.qualifiers) {
    if (operations().count(q) > 0) operation = q;
    if (typeWidth(q) > 0) type = q;
    if (q == "relaxed" || q == "acquire" || q == "release" || q == "acq_rel") order = q;
    if (q == "cta") scope = "CTA";
    if (q == "cluster") scope = "CLUSTER";
    if (q == "gpu") scope = "GPU";
    if (q == "sys") scope = "SYS";
    if (q == "sc" || q == "mmio" || q == "v2" || q == "v4" || q == "v8") unsupported(in);
  }
  if (operation.empty())
    unsupported(in, "an atomic operation other than add and or xor exch cas min max inc dec");
  if ((operation == "inc" || operation == "dec") && type != "u32")
    fail(in, in.opcode + "." + operation + " is defined for .u32 only");
  if (type.empty()) fail(in, in.opcode + " needs a type (.u32, .s64, .f32, ...)");
  bool isFloat = type[0] == 'f' || type == "bf16";
  bool bitsOnly = operation == "exch" || operation == "cas";
  if (isFloat && !bitsOnly && (operation != "add" || type == "bf16"))
    unsupported(in, "floating-point atomics other than add.f16 / .f32 / .f64");
  if (isRed && (operation == "exch" || operation == "cas")) fail(in, "red has no ." + operation);
  int width = typeWidth(type);
  const AtomicOperation& op = operations().at(operation);
  core::Instruction rmw;
  rmw.kind = core::InstructionKind::Rmw;
  rmw.rmwOp = type[0] == 's' ? op.signedRmw : op.rmw;
  if (isFloat && !bitsOnly) rmw.rmwOp = core::RmwOp::FloatAdd;
  core::TagSet common = {"M", "_", "RMW", "GEN"};
  common.add(scope);
  rmw.tags = common;
  rmw.tags.add("R");
  rmw.tags.add(order == "acquire" || order == "acq_rel" ? "ACQ" : "RLX");
  rmw.storeTags = common;
  rmw.storeTags.add("W");
  rmw.storeTags.add(order == "release" || order == "acq_rel" ? "REL" : "RLX");
  size_t addressIndex = isRed ? 0 : 1;
  const auto* address = std::get_if<Address>(&operandValue(in, addressIndex));
  if (address == nullptr) fail(in, "the address operand of " + in.opcode + " is written [address]");
  AccessTarget target = resolve(in, *address, 0, width);
  if (target.kind == AccessTarget::Kind::Private || target.kind == AccessTarget::Kind::Parameter)
    unsupported(in, "an atomic on .local or .param memory");
  target.applyTo(rmw, width);
  if (operation == "cas") {
    rmw.expected = operand(in, addressIndex + 1, width);
    rmw.value = operand(in, addressIndex + 2, width);
  } else {
    rmw.value = operand(in, addressIndex + 1, width);
  }
  std::string name = "atom";
  if (!isRed) {
    if (const auto* reg = std::get_if<Register>(&operandValue(in, 0))) name = reg->name;
    rmw.reg = freshRegister(name);
  }
  std::optional<int> result = rmw.reg;
  emit(std::move(rmw));
  if (result) writeRegister(in, 0, core::Expr::registerValue(*result, width));
}

}  // namespace catcheck::frontends::ptx
