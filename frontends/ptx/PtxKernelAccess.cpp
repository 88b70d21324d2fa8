// Memory instructions of PTX kernels (PTX ISA "Data Movement and Conversion Instructions", "Parallel
// Synchronization and Communication Instructions" atom / red / fence / membar) and their events, tagged as
// the PTX litmus front end tags them (docs/semantics.md §5, PTX table) so that the same models apply:
//   ld / st            R or W, M, _, GEN, the order (WEAK when none is written; `.volatile` is RLX at SYS,
//                      as the ISA defines it), and the scope
//   atom / red         one Rmw: the read ACQ for .acquire / .acq_rel and RLX otherwise, the write REL for
//                      .release / .acq_rel and RLX otherwise, both RMW; no order means .relaxed, no scope
//                      .gpu
//   fence, membar      F with SC or ACQ_REL and the scope (membar.gl is fence.sc.gpu); fence.proxy.* the
//   proxy
// Addresses resolve by state space: .shared in the thread's own CTA (or, for a shared::cluster address that
// mapa made, in the CTA of the cluster it names), .global (and generic addresses outside
// the shared and local windows) once per launch, .local and call .param as the thread's private cells (no
// other thread sees them, so they are no events), kernel .param as the launch's values.
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

using core::Expr;
using core::ExprOp;
using core::fold;

enum class Space { Generic, Global, Shared, SharedCluster, Local, Param, Const };

// The state space a qualifier names; Generic when it names none.
Space spaceNamed(const std::string& q) {
  if (q == "global") return Space::Global;
  if (q == "shared" || q == "shared::cta") return Space::Shared;
  if (q == "shared::cluster") return Space::SharedCluster;
  if (q == "local") return Space::Local;
  if (q == "param" || q == "param::entry" || q == "param::func") return Space::Param;
  if (q == "const") return Space::Const;
  return Space::Generic;
}

Space spaceOf(const Instruction& in) {
  for (const std::string& q : in.qualifiers)
    if (Space space = spaceNamed(q); space != Space::Generic) return space;
  return Space::Generic;
}

// The tag of the instruction's scope qualifier; empty when it has none.
std::string scopeTagOf(const Instruction& in) {
  for (const std::string& q : scopeQualifiers())
    if (in.hasQualifier(q)) return scopeTag(q).value();
  return "";
}

std::string orderOf(const Instruction& in) {
  for (const char* q : {"weak", "volatile", "relaxed", "acquire", "release", "acq_rel", "sc", "mmio"})
    if (in.hasQualifier(q)) return q;
  return "";
}

int vectorCount(const Instruction& in) {
  if (in.hasQualifier("v2")) return 2;
  if (in.hasQualifier("v4")) return 4;
  if (in.hasQualifier("v8")) return 8;
  return 1;
}

std::string dataType(const Instruction& in) {
  std::string type;
  for (const std::string& q : in.qualifiers)
    if (typeWidth(q) > 0) type = q;
  return type;
}

// The constant a computed address adds to the rest: the base of the object it points into, usually.
long long constantPart(const Expr& e) {
  if (e.isConstant()) return e.constant;
  if (e.op == ExprOp::Add) return constantPart(e.args[0]) + constantPart(e.args[1]);
  if (e.op == ExprOp::ZeroExtend && e.args[0].width >= 32) return constantPart(e.args[0]);
  return 0;
}

Expr extendTo64(const Expr& e) {
  return e.width == 64 ? e : fold(ExprOp::ZeroExtend, {e}, 64);
}

}  // namespace

Expr KernelThread::addressValue(const Instruction& in, const Address& address) {
  Expr base;
  if (address.base == Address::Base::Register) {
    base = extendTo64(readRegister(Register{address.name, false}, in));
  } else if (address.base == Address::Base::Symbol) {
    base = symbolAddress(Symbol{address.name, 0, false}, in);
  } else {
    base = core::constantAt(0, 64);
  }
  return core::addConstant(base, address.offset, 64);
}

Expr KernelThread::kernelParameter(const Instruction& in, const std::string& name, long long offset,
                                   int width) {
  int index = context_.parameterIndex.at(name);
  unsigned long long value = static_cast<unsigned long long>(context_.argumentValues.at(index));
  if (offset < 0 || offset + width / 8 > 8) fail(in, "a read past the 8 bytes of kernel parameter " + name);
  return core::constantAt(static_cast<long long>(value >> (8 * offset)), width);
}

KernelThread::AccessTarget KernelThread::resolve(const Instruction& in, const Address& address,
                                                 long long offset, int width) {
  Space space = spaceOf(in);
  AccessTarget target;
  if (space == Space::Param) {
    if (address.base != Address::Base::Symbol) unsupported(in, "a .param access through a register");
    const Frame& frame = state_->stack.back();
    bool isKernelParameter =
        context_.parameterIndex.count(address.name) > 0 && frame.parameterCells.count(address.name) == 0;
    if (isKernelParameter) {
      target.kind = AccessTarget::Kind::Parameter;
      target.parameter = kernelParameter(in, address.name, address.offset + offset, width);
      return target;
    }
    target.kind = AccessTarget::Kind::Private;
    target.cell =
        parameterCell(frame, currentScope(), address.name) + "+" + std::to_string(address.offset + offset);
    return target;
  }
  Expr at = core::addConstant(addressValue(in, address), offset, 64);
  StateSpace memory = StateSpace::Global;
  long long windowBase = 0;
  if (space == Space::Shared || space == Space::SharedCluster) memory = StateSpace::Shared;
  if (space == Space::Local) {
    memory = StateSpace::Local;
  } else if (space == Space::Generic) {
    long long known = constantPart(at);
    if (known >= kSharedWindow && known < kSharedWindow + kWindowSize) {
      memory = StateSpace::Shared;
      windowBase = kSharedWindow;
    } else if (known >= kLocalWindow && known < kLocalWindow + kWindowSize) {
      memory = StateSpace::Local;
      windowBase = kLocalWindow;
    }
  }
  if (memory == StateSpace::Local) {
    if (!at.isConstant()) unsupported(in, "a .local address computed from memory");
    target.kind = AccessTarget::Kind::Private;
    target.cell = "local@" + std::to_string(at.constant - windowBase);
    return target;
  }
  int cta = placement_.linearCta;
  long long rankBits = 0;  // a shared::cluster address's CTA rank field (kClusterRankShift)
  if (memory == StateSpace::Shared) {
    long long known = core::maskTo(constantPart(at) - windowBase, 32);
    rankBits = known & ~kSharedOffsetMask;
    if (rankBits != 0) cta = ctaOfClusterRank(in, (rankBits >> kClusterRankShift) - 1);
    if (at.isConstant()) at = core::constantAt(known & kSharedOffsetMask, 64);
  }
  if (at.isConstant()) {
    target.location = context_.memory.location(memory, cta, at.constant, width, in.where);
    return target;
  }
  // A computed address: it may reach every element of the object its constant part points into.
  target.kind = AccessTarget::Kind::Computed;
  long long shift = KernelMemory::numbering(memory, cta, 0) - windowBase - rankBits;
  target.computed = core::addConstant(at, shift, 64);
  std::optional<int> region = context_.memory.regionAt(memory, constantPart(at) - windowBase - rankBits);
  if (!region)
    unsupported(in, "an address computed from memory that points into no known variable or buffer");
  context_.memory.ensureRegion(*region, cta, width, in.where);
  const Region& r = context_.memory.region(*region);
  target.range = core::AddressRange{KernelMemory::numbering(memory, cta, r.base),
                                    KernelMemory::numbering(memory, cta, r.base + r.size - 1)};
  return target;
}

int KernelThread::ctaOfClusterRank(const Instruction& in, long long rank) const {
  const Dim3& c = context_.launch.cluster;
  if (rank < 0 || rank >= c.count())
    fail(in, "a shared::cluster address of CTA rank " + std::to_string(rank) + ", but the cluster has " +
                 std::to_string(c.count()) + (c.count() == 1 ? " CTA" : " CTAs") + " (--cluster)");
  const Dim3& grid = context_.launch.grid;
  Dim3 ctaid{placement_.clusterid.x * c.x + rank % c.x, placement_.clusterid.y * c.y + rank / c.x % c.y,
             placement_.clusterid.z * c.z + rank / (c.x * c.y)};
  return static_cast<int>(ctaid.x + grid.x * (ctaid.y + grid.y * ctaid.z));
}

// mapa{.shared::cluster}.{u32,u64} d, a, r (ISA "mapa"): the address of the variable `a` points into in
// the shared memory of CTA rank r of the cluster (kClusterRankShift); without a state space a and d are
// generic addresses.
void KernelThread::lowerMapa(const Instruction& in) {
  int width = typeWidth(dataType(in));
  if (width != 32 && width != 64) fail(in, "mapa needs .u32 or .u64");
  Space space = spaceOf(in);
  if (space != Space::Generic && space != Space::SharedCluster) unsupported(in);
  long long window = space == Space::Generic ? kSharedWindow : 0;
  Expr rank = operand(in, 2, 32);
  if (!rank.isConstant()) unsupported(in, "a CTA rank computed from memory");
  ctaOfClusterRank(in, rank.constant);  // checks the rank
  Expr address = core::addConstant(extendTo64(operand(in, 1, 0)), -window, 64);
  Expr offset = fold(ExprOp::And, {address, core::constantAt(kSharedOffsetMask, 64)}, 64);
  Expr mapped = core::addConstant(offset, ((rank.constant + 1) << kClusterRankShift) + window, 64);
  writeRegister(in, 0, width == 64 ? mapped : fold(ExprOp::ZeroExtend, {mapped}, width));
}

void KernelThread::AccessTarget::applyTo(core::Instruction& access, int width) const {
  access.access().address = location;
  if (kind != Kind::Computed) return;
  access.access().computedAddress = computed;
  access.access().addressRange = range;
  access.access().accessWidth = width;
}

Expr KernelThread::loadFrom(const AccessTarget& target, const core::TagSet& tags, int width,
                            const std::string& name) {
  switch (target.kind) {
    case AccessTarget::Kind::Parameter:
      return target.parameter;
    case AccessTarget::Kind::Private: {
      auto cell = state_->cells.find(target.cell);
      if (cell == state_->cells.end()) return Expr::undefinedValue(width);
      return cell->second.width == width ? cell->second : fold(ExprOp::ZeroExtend, {cell->second}, width);
    }
    case AccessTarget::Kind::Location:
    case AccessTarget::Kind::Computed:
      break;
  }
  core::Instruction load;
  load.kind = core::InstructionKind::Load;
  load.tags = tags;
  load.reg = freshRegister(name);
  target.applyTo(load, width);
  emit(std::move(load));
  return Expr::registerValue(static_cast<int>(thread_.registerNames.size()) - 1, width);
}

void KernelThread::storeTo(const Instruction& in, const AccessTarget& target, const core::TagSet& tags,
                           Expr value) {
  switch (target.kind) {
    case AccessTarget::Kind::Parameter:
      fail(in, "a store to a kernel parameter");
    case AccessTarget::Kind::Private:
      writeCell(target.cell, std::move(value));
      return;
    case AccessTarget::Kind::Location:
    case AccessTarget::Kind::Computed:
      break;
  }
  core::Instruction store;
  store.kind = core::InstructionKind::Store;
  store.tags = tags;
  store.value = std::move(value);
  target.applyTo(store, store.value.width);
  emit(std::move(store));
}

void KernelThread::lowerLoadStore(const Instruction& in) {
  bool isLoad = in.opcode != "st";
  std::string type = dataType(in);
  int width = typeWidth(type);
  if (width == 0) fail(in, in.opcode + " needs a data type (.u32, .b64, ...)");
  std::string order = orderOf(in);
  if (order == "mmio" || order == "acq_rel" || order == "sc" || (isLoad && order == "release") ||
      (!isLoad && order == "acquire"))
    unsupported(in, "memory order ." + order + " on " + in.opcode);
  core::TagSet tags = {isLoad ? "R" : "W", "M", "_", "GEN"};
  std::string scope = scopeTagOf(in);
  if (order == "" || order == "weak") {
    tags.add("WEAK");
  } else if (order == "volatile") {
    tags.add("RLX");
    scope = "SYS";
  } else {
    tags.add(orderTag(order).value());  // relaxed, acquire or release: the others are refused above
    if (scope.empty()) fail(in, in.opcode + "." + order + " needs a scope (.cta, .cluster, .gpu or .sys)");
  }
  if (!scope.empty() && order != "" && order != "weak") tags.add(scope);
  int count = vectorCount(in);
  size_t dataIndex = isLoad ? 0 : 1;
  const auto* address = std::get_if<Address>(&operandValue(in, isLoad ? 1 : 0));
  if (address == nullptr) fail(in, "the address operand of " + in.opcode + " is written [address]");
  const auto* vector = std::get_if<Vector>(&operandValue(in, dataIndex));
  if ((count > 1) != (vector != nullptr))
    fail(in, "a vector access needs a {...} operand of its .v2 / .v4 size");
  for (int i = 0; i < count; ++i) {
    Instruction element = in;
    if (vector != nullptr) {
      if (vector->elements.size() != static_cast<size_t>(count))
        fail(in, "the vector operand has the wrong size");
      element.operands[dataIndex] = vector->elements[static_cast<size_t>(i)];
    }
    AccessTarget target = resolve(in, *address, static_cast<long long>(i) * (width / 8), width);
    if (isLoad) {
      if (std::holds_alternative<Sink>(element.operands[0].value)) continue;
      const auto* reg = std::get_if<Register>(&element.operands[0].value);
      std::string name = reg != nullptr ? reg->name : "ld";
      Expr value = loadFrom(target, tags, width, name);
      if (std::optional<long long> address = tensorAddressIn(target, width))
        value = core::constantAt(*address, 32);
      int destination = reg != nullptr ? registerWidth(reg->name, in) : width;
      if (destination > width && type[0] == 's') value = fold(ExprOp::SignExtend, {value}, destination);
      writeRegister(element, 0, value);
    } else {
      storeTo(in, target, tags, operand(element, 1, width));
    }
  }
}

// cvta{.to}.space.size d, a and isspacep.space p, a: a state space is required, and nothing else may stand
// in the mnemonic (a qualifier the lowering would otherwise ignore, found by fuzzing: `cvta.t`).
void KernelThread::checkAddressConversion(const Instruction& in) const {
  bool cvta = in.opcode == "cvta";
  for (const std::string& q : in.qualifiers)
    if (spaceNamed(q) == Space::Generic && !(cvta && (q == "to" || q == "u32" || q == "u64")))
      unsupported(in);
  if (spaceOf(in) == Space::Generic) fail(in, in.opcode + " needs a state space (.global, .shared, ...)");
  if (in.operands.size() != 2) fail(in, in.opcode + " takes two operands");
  if (cvta && dataType(in).empty()) fail(in, "cvta needs a size (.u32 or .u64)");
}

bool KernelThread::lowerAccess(const Instruction& in) {
  const std::string& op = in.opcode;
  if (op == "ld" || op == "ldu" || op == "st") {
    lowerLoadStore(in);
    return true;
  }
  if (op == "atom" || op == "red") {
    lowerAtomic(in);
    return true;
  }
  if (op == "mapa") {
    lowerMapa(in);
    return true;
  }
  if (op == "cvta" || op == "isspacep") {
    checkAddressConversion(in);
    std::string type = dataType(in);
    int width = op == "isspacep" ? 64 : typeWidth(type);
    bool toSpace = in.hasQualifier("to");
    Space space = spaceOf(in);
    bool shared = space == Space::Shared || space == Space::SharedCluster;
    long long window = shared ? kSharedWindow : space == Space::Local ? kLocalWindow : 0;
    if (space == Space::Param) unsupported(in);
    Expr value = extendTo64(operand(in, 1, 0));
    if (op == "isspacep") {
      Expr inside = window == 0
                        ? core::constantAt(1, 1)
                        : fold(ExprOp::And,
                               {fold(ExprOp::UGe, {value, core::constantAt(window, 64)}, 1),
                                fold(ExprOp::ULt, {value, core::constantAt(window + kWindowSize, 64)}, 1)},
                               1);
      writeRegister(in, 0, inside);
      return true;
    }
    Expr converted = core::addConstant(value, toSpace ? -window : window, 64);
    writeRegister(in, 0, width == 64 ? converted : fold(ExprOp::ZeroExtend, {converted}, width));
    return true;
  }
  if (op == "fence" || op == "membar") {
    core::Instruction fence;
    fence.kind = core::InstructionKind::Fence;
    fence.tags = {"F", "_"};
    if (in.hasQualifier("proxy")) {
      if (in.hasQualifier("alias"))
        fence.tags.add("ALIAS");
      else if (in.hasQualifier("async") || in.hasQualifier("async.shared::cta") ||
               in.hasQualifier("async.global"))
        fence.tags.add("ASYNC");
      else
        unsupported(in);
      emit(std::move(fence));
      return true;
    }
    if (in.hasQualifier("mbarrier_init")) return false;  // PtxKernelAsync.cpp
    fence.tags.add("GEN");
    if (op == "membar") {
      fence.tags.add("SC");
      std::string level = in.qualifiers.empty() ? "" : in.qualifiers.front();
      if (level == "cta")
        fence.tags.add("CTA");
      else if (level == "gl")
        fence.tags.add("GPU");
      else if (level == "sys")
        fence.tags.add("SYS");
      else
        unsupported(in);
    } else {
      fence.tags.add(in.hasQualifier("sc") ? "SC" : "ACQ_REL");
      std::string scope = scopeTagOf(in);
      if (scope.empty()) fail(in, "fence needs a scope (.cta, .cluster, .gpu or .sys)");
      fence.tags.add(scope);
    }
    emit(std::move(fence));
    return true;
  }
  return false;
}

}  // namespace catcheck::frontends::ptx
