// Group non-uniform instructions (SPIR-V spec §3.32.24, issue 9): subgroup votes, ballots, broadcasts,
// shuffles and reductions become IR warp primitives (core/ir/Warps.h) over the thread's subgroup (the lanes
// of one @Config subgroup, in invocation order). Their instances are dynamic (WarpOperands::dynamic): the
// lanes that execute the same instruction in the same loop iterations take part, and nothing blocks. Only
// the Subgroup execution scope and the Reduce group operation are supported; a ballot fills the first of its
// four words (subgroups of up to 32 invocations). Reductions compute at the value's width: IAdd wraps, SMin
// and SMax compare signed values, the bitwise ones need at most 32 bits.
#include <spirv/unified1/spirv.hpp11>

#include "core/ir/Warps.h"
#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends::spirv {
namespace {

using core::Expr;
using core::ExprOp;
using core::WarpOp;

constexpr long long kSubgroupScope = 3;
constexpr long long kReduce = 0;

std::optional<WarpOp> reductionOf(spv::Op op) {
  switch (op) {
    case spv::Op::OpGroupNonUniformIAdd:
      return WarpOp::ReduceAdd;
    case spv::Op::OpGroupNonUniformSMin:
    case spv::Op::OpGroupNonUniformUMin:
      return WarpOp::ReduceMin;
    case spv::Op::OpGroupNonUniformSMax:
    case spv::Op::OpGroupNonUniformUMax:
      return WarpOp::ReduceMax;
    case spv::Op::OpGroupNonUniformBitwiseAnd:
    case spv::Op::OpGroupNonUniformLogicalAnd:
      return WarpOp::ReduceAnd;
    case spv::Op::OpGroupNonUniformBitwiseOr:
    case spv::Op::OpGroupNonUniformLogicalOr:
      return WarpOp::ReduceOr;
    case spv::Op::OpGroupNonUniformBitwiseXor:
    case spv::Op::OpGroupNonUniformLogicalXor:
      return WarpOp::ReduceXor;
    default:
      return std::nullopt;
  }
}

// The warp operation of a non-reduction group instruction, with whether it takes a lane selector operand.
std::optional<std::pair<WarpOp, bool>> collectiveOf(spv::Op op) {
  switch (op) {
    case spv::Op::OpGroupNonUniformElect:
      return std::pair{WarpOp::Elect, false};
    case spv::Op::OpGroupNonUniformAll:
      return std::pair{WarpOp::VoteAll, false};
    case spv::Op::OpGroupNonUniformAny:
      return std::pair{WarpOp::VoteAny, false};
    case spv::Op::OpGroupNonUniformAllEqual:
      return std::pair{WarpOp::AllEqual, false};
    case spv::Op::OpGroupNonUniformBallot:
      return std::pair{WarpOp::VoteBallot, false};
    case spv::Op::OpGroupNonUniformBroadcastFirst:
      return std::pair{WarpOp::BroadcastFirst, false};
    case spv::Op::OpGroupNonUniformBroadcast:
    case spv::Op::OpGroupNonUniformShuffle:
      return std::pair{WarpOp::ShuffleIdx, true};
    case spv::Op::OpGroupNonUniformShuffleXor:
      return std::pair{WarpOp::ShuffleXor, true};
    case spv::Op::OpGroupNonUniformShuffleUp:
      return std::pair{WarpOp::ShuffleUp, true};
    case spv::Op::OpGroupNonUniformShuffleDown:
      return std::pair{WarpOp::ShuffleDown, true};
    default:
      return std::nullopt;
  }
}

Expr unbounded(Expr e) {
  return Expr::unary(ExprOp::ZeroExtend, std::move(e), 0);
}

// Two's-complement value of a `width`-bit representative, and back.
Expr toSigned(Expr e, int width) {
  Expr v = unbounded(std::move(e));
  Expr negative = Expr::binary(ExprOp::Ge, v, Expr::constantValue(1LL << (width - 1)));
  return Expr::ifThenElse(negative, Expr::binary(ExprOp::Sub, v, Expr::constantValue(1LL << width)), v);
}

Expr fromSigned(Expr e, int width) {
  Expr negative = Expr::binary(ExprOp::Lt, e, Expr::constantValue(0));
  return Expr::ifThenElse(negative, Expr::binary(ExprOp::Add, e, Expr::constantValue(1LL << width)), e);
}

}  // namespace

bool ThreadLowering::lowerGroup(const Instruction& in) {
  auto op = static_cast<spv::Op>(in.opcode);
  std::optional<WarpOp> reduction = reductionOf(op);
  std::optional<std::pair<WarpOp, bool>> collective = collectiveOf(op);
  if (!reduction && !collective) {
    if (in.name().rfind("OpGroupNonUniform", 0) == 0) unsupported(in);
    return false;
  }
  if (constantOf(in.word(2), in, "execution scope") != kSubgroupScope)
    throw core::InputError(in.location, in.name() + " is supported with the Subgroup execution scope only");
  core::Instruction primitive;
  primitive.kind = core::InstructionKind::Warp;
  primitive.warp().dynamic = true;
  primitive.warp().mask = -1;  // the whole subgroup: the participants are the lanes of the dynamic instance
  int resultWidth = op == spv::Op::OpGroupNonUniformBallot ? 32 : width(in.typeId, in);
  std::string name = prefix_ + info_.nameOf(in.resultId);
  if (reduction) {
    if (in.word(3) != kReduce)  // a literal GroupOperation
      throw core::InputError(in.location, in.name() + " is supported with the Reduce group operation only");
    primitive.warp().op = *reduction;
    primitive.value = scalarOf(in.word(4), in);
  } else {
    primitive.warp().op = collective->first;
    if (op != spv::Op::OpGroupNonUniformElect) primitive.value = scalarOf(in.word(3), in);
    if (collective->second) primitive.warp().laneSelector = unbounded(scalarOf(in.word(4), in));
  }
  bool isSigned = op == spv::Op::OpGroupNonUniformSMin || op == spv::Op::OpGroupNonUniformSMax;
  bool bitwise = core::combinesBits(primitive.warp().op);
  if ((bitwise && resultWidth > 32) || resultWidth > 62)
    throw core::InputError(in.location, in.name() + " is supported on values of at most 32 bits");
  if (isSigned) primitive.value = toSigned(primitive.value, resultWidth);
  int raw = reg(name + ".raw");
  primitive.reg = raw;
  emit(std::move(primitive));
  Expr result = Expr::registerValue(raw);
  if (op == spv::Op::OpGroupNonUniformIAdd)
    result = Expr::binary(ExprOp::Rem, result, Expr::constantValue(1LL << resultWidth));
  if (isSigned) result = fromSigned(result, resultWidth);
  core::Instruction local;
  local.kind = core::InstructionKind::Local;
  local.reg = reg(name);
  local.value = result;
  emit(std::move(local));
  Expr value = Expr::registerValue(*local.reg, resultWidth);
  if (op != spv::Op::OpGroupNonUniformBallot) {
    define(in.resultId, Value::scalar(value, in.typeId));
    return true;
  }
  if (info_.headers.config[0] > 32)
    throw core::InputError(in.location, "OpGroupNonUniformBallot is supported for subgroups of at most 32");
  std::vector<Expr> words{value, constant(0, 32), constant(0, 32), constant(0, 32)};
  size_t next = 0;
  define(in.resultId, valueFromScalars(words, next, in.typeId, in));
  return true;
}

}  // namespace catcheck::frontends::spirv
