// atom and red of PTX kernels (PTX ISA "atom", "red"): one Rmw instruction of the IR whose read and write
// halves are tagged as the PTX litmus front end tags them (frontends/PtxAtomics.cpp): M, _, RMW, GEN and the
// scope on both; the read ACQ for .acquire / .acq_rel and RLX otherwise, the write REL for .release /
// .acq_rel and RLX otherwise. Without a .sem the ISA means .relaxed, without a scope .gpu. atom.cas always
// writes (the old value when the comparison fails). A floating-point add (.f16 / .f32 / .f64, with or without
// .noftz) is core/ir/FloatBits.h's add; exch and cas of floating-point types move bits; inc and dec (.u32)
// wrap at the operand (core/ir/ExprSemantics.h, wrappingUpdate). The other floating-point operations are
// not modelled.
#include <optional>
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {

void KernelThread::lowerAtomic(const Instruction& in) {
  bool isRed = in.opcode == "red";
  std::string operation, type, order = "relaxed", scope = "GPU";
  for (const std::string& q : in.qualifiers) {
    if (atomicOperation(q)) operation = q;
    if (typeWidth(q) > 0) type = q;
    if (q == "relaxed" || q == "acquire" || q == "release" || q == "acq_rel") order = q;
    if (std::optional<std::string> tag = scopeTag(q)) scope = *tag;
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
  AtomicOperation op = atomicOperation(operation).value();
  core::Instruction rmw;
  rmw.kind = core::InstructionKind::Rmw;
  rmw.access().rmwOp = type[0] == 's' ? op.onSigned : op.onUnsigned;
  if (isFloat && !bitsOnly) rmw.access().rmwOp = core::RmwOp::FloatAdd;
  core::TagSet common = {"M", "_", "RMW", "GEN"};
  common.add(scope);
  rmw.tags = common;
  rmw.tags.add("R");
  rmw.tags.add(atomicReadTag(order));
  rmw.access().storeTags = common;
  rmw.access().storeTags.add("W");
  rmw.access().storeTags.add(atomicWriteTag(order));
  size_t addressIndex = isRed ? 0 : 1;
  const auto* address = std::get_if<Address>(&operandValue(in, addressIndex));
  if (address == nullptr) fail(in, "the address operand of " + in.opcode + " is written [address]");
  AccessTarget target = resolve(in, *address, 0, width);
  if (target.kind == AccessTarget::Kind::Private || target.kind == AccessTarget::Kind::Parameter)
    unsupported(in, "an atomic on .local or .param memory");
  target.applyTo(rmw, width);
  if (operation == "cas") {
    rmw.access().expected = operand(in, addressIndex + 1, width);
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
