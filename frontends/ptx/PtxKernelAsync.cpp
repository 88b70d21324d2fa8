// mbarriers and bulk asynchronous copies of PTX kernels (PTX ISA "mbarrier", "cp.async.bulk"), lowered to
// the events the PTX litmus front end gives them (frontends/PtxAsync.cpp), so that models/ptx-v8.cat applies
// unchanged:
//  * an mbarrier object is one location of unbounded width holding the state of core/ir/Mbarrier.h;
//    init is a relaxed store of the initial state; arrive (release by default), arrive.expect_tx, expect_tx
//    and complete_tx are MbarrierUpdate read-modify-writes; try_wait / test_wait `.parity` are acquire loads
//    whose predicate says whether the phase of that parity completed (the compiler's retry loop around
//    try_wait stays a loop of the specialiser). The state token `mbarrier.arrive` returns is the parity of
//    the phase it arrived in (read from the state its update replaced); the state form of try_wait /
//    test_wait asks whether the phase of that parity completed, as the parity form does. An arrive may
//    name another CTA's mbarrier through a shared::cluster address (mapa).
//  * cp.async.bulk copies in 4-byte granules: each granule a weak read and a weak write in the async proxy,
//    then (global -> shared) the implicit proxy fence and complete_tx on the mbarrier, all one asynchronous
//    operation; shared -> global copies join bulk groups, whose commit_group and wait_group{.read} N are
//    the cp.async group markers (a `.read` wait is treated as a wait for the whole copy: stronger than the
//    ISA, which only promises the source was read).
//  * cp.async.{ca,cg} (the non-bulk copies of sm_80) copy 4, 8 or 16 bytes from global to shared memory in
//    the same granules, as weak generic-proxy accesses of one asynchronous operation (tag CPA, as the litmus
//    front end gives them); granules at or past the src-size operand (or all of them, under a true
//    ignore-src predicate) write zeros without reading. cp.async.commit_group, wait_group N and wait_all
//    are the group markers; cp.async.mbarrier.arrive.noinc is an asynchronous arrival once the thread's
//    earlier copies complete. The two group mechanisms share one set of markers in models/ptx-v8.cat, so a
//    thread that uses both cp.async groups and bulk groups is an input error rather than a merged count.
//  * fence.mbarrier_init.release.cluster is an acq_rel fence at cluster scope (stronger than the ISA's
//    release-only fence for mbarrier.init).
#include <set>
#include <variant>

#include "core/ir/ExprFold.h"
#include "core/ir/Mbarrier.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

using core::Expr;

constexpr int kGranuleBytes = 4;

std::string scopeOf(const Instruction& in, const std::string& fallback) {
  if (in.hasQualifier("cluster")) return "CLUSTER";
  if (in.hasQualifier("cta")) return "CTA";
  if (in.hasQualifier("gpu") || in.hasQualifier("sys")) return "";  // not an mbarrier scope: caller reports
  return fallback;
}

core::Instruction mbarrierUpdate(int location, Expr operand, const std::string& writeOrder,
                                 const std::string& scope) {
  core::Instruction rmw;
  rmw.kind = core::InstructionKind::Rmw;
  rmw.access().rmwOp = core::RmwOp::MbarrierUpdate;
  rmw.access().address = location;
  rmw.value = std::move(operand);
  core::TagSet common = {"M", "_", "RMW", "GEN", "MBAR"};
  common.add(scope);
  rmw.tags = common;
  rmw.tags.add("R");
  rmw.tags.add("RLX");
  rmw.access().storeTags = common;
  rmw.access().storeTags.add("W");
  rmw.access().storeTags.add(writeOrder == "relaxed" ? "RLX" : "REL");
  return rmw;
}

// The 64-bit token an arrive returns: the parity of the phase it arrived in (the state before its update).
Expr stateToken(Expr stateBefore) {
  Expr phase = Expr::binary(core::ExprOp::Div, std::move(stateBefore), Expr::constantValue(core::kPhaseUnit));
  Expr odd = Expr::binary(core::ExprOp::Ne, Expr::binary(core::ExprOp::Rem, phase, Expr::constantValue(2)),
                          Expr::constantValue(0));
  return Expr::ifThenElse(odd, core::constantAt(1, 64), core::constantAt(0, 64));
}

// A token's parity as the unbounded integer the state arithmetic uses.
Expr parityOfToken(Expr token) {
  Expr odd = core::fold(core::ExprOp::Ne, {std::move(token), core::constantAt(0, 64)}, 1);
  return core::fold(core::ExprOp::Ite, {odd, Expr::constantValue(1), Expr::constantValue(0)}, 0);
}

}  // namespace

int KernelThread::mbarrierLocation(const Instruction& in, size_t index) {
  const auto* address = std::get_if<Address>(&operandValue(in, index));
  if (address == nullptr) fail(in, "the mbarrier operand is written [address]");
  AccessTarget target = resolve(in, *address, 0, 0);
  if (target.kind != AccessTarget::Kind::Location)
    unsupported(in, "an mbarrier whose address is computed from memory");
  return target.location;
}

long long KernelThread::constantValue(const Instruction& in, size_t index, const std::string& what) {
  Expr value = operand(in, index, 32);
  if (!value.isConstant()) unsupported(in, what + " computed from memory");
  return value.constant;
}

void KernelThread::lowerMbarrier(const Instruction& in) {
  const std::string op = in.qualifiers.empty() ? "" : in.qualifiers.front();
  bool update = op == "arrive" || op == "expect_tx" || op == "complete_tx";
  for (const std::string& q : in.qualifiers)
    if (q == "noComplete" || (q == "shared::cluster" && !update)) unsupported(in);
  if (op == "init") {
    long long count = constantValue(in, 1, "an mbarrier count");
    if (count < 1 || count > core::kMaxMbarrierCount) fail(in, "mbarrier count " + std::to_string(count));
    core::Instruction init;
    init.kind = core::InstructionKind::Store;
    init.access().address = mbarrierLocation(in, 0);
    init.tags = {"W", "M", "_", "GEN", "MBAR", "RLX", "CTA"};
    init.value = Expr::constantValue(count * core::kCountUnit + core::mbarrierInitialState(0));
    emit(std::move(init));
    return;
  }
  if (update) {
    bool arrives = op == "arrive";
    bool withBytes = !arrives || in.hasQualifier("expect_tx");
    std::string scope = scopeOf(in, "CTA");
    if (scope.empty()) unsupported(in);
    size_t first = arrives ? 1 : 0;  // arrive writes its state token first
    long long bytes = withBytes ? constantValue(in, first + 1, "a transaction count") : 0;
    if (!withBytes && in.operands.size() > first + 1 && constantValue(in, first + 1, "an arrival count") != 1)
      unsupported(in, "arrivals other than 1");
    if (bytes < 0 || bytes > core::kMaxTransactionBytes)
      fail(in, "transaction count " + std::to_string(bytes));
    Expr signedBytes = Expr::constantValue(op == "complete_tx" ? -bytes : bytes);
    std::string order = in.hasQualifier("relaxed") ? "relaxed" : "release";
    core::Instruction rmw = mbarrierUpdate(mbarrierLocation(in, first),
                                           core::mbarrierOperand(arrives ? 1 : 0, signedBytes), order, scope);
    rmw.reg = freshRegister("mbarrier");
    int before = *rmw.reg;
    emit(std::move(rmw));
    if (arrives) writeRegister(in, 0, stateToken(Expr::registerValue(before)));
    return;
  }
  if (op == "try_wait" || op == "test_wait") {
    std::string scope = scopeOf(in, "CTA");
    if (scope.empty()) unsupported(in);
    Expr parity = in.hasQualifier("parity") ? Expr::constantValue(constantValue(in, 2, "a phase parity") & 1)
                                            : parityOfToken(operand(in, 2, 64));
    core::Instruction load;
    load.kind = core::InstructionKind::Load;
    load.access().address = mbarrierLocation(in, 1);
    load.tags = {"R", "M", "_", "GEN", "MBAR"};
    load.tags.add(in.hasQualifier("relaxed") ? "RLX" : "ACQ");
    load.tags.add(scope);
    load.reg = freshRegister("mbarrier");
    int state = *load.reg;
    emit(std::move(load));
    Expr completed = core::mbarrierPhaseCompleted(Expr::registerValue(state), parity);
    int done = computeInto("phase", completed);
    Expr predicate =
        core::fold(core::ExprOp::Ite,
                   {Expr::binary(core::ExprOp::Ne, Expr::registerValue(done), Expr::constantValue(0)),
                    core::constantAt(1, 1), core::constantAt(0, 1)},
                   1);
    writeRegister(in, 0, predicate);
    return;
  }
  unsupported(in);
}

// The accesses of one asynchronous copy, in 4-byte granules, each a weak read and a weak write in `proxy`
// through the resolver with the space each side names; granules at or past `sourceBytes` write zeros.
void KernelThread::emitCopy(const Instruction& in, const CopyPlan& plan) {
  Instruction reader = in, writer = in;
  reader.qualifiers = {plan.sourceSpace};
  writer.qualifiers = {plan.destinationSpace};
  for (long long offset = 0; offset < plan.bytes; offset += kGranuleBytes) {
    Expr value = core::constantAt(0, 8 * kGranuleBytes);
    if (offset < plan.sourceBytes) {
      AccessTarget from = resolve(reader, plan.source, offset, 8 * kGranuleBytes);
      core::Instruction read;
      read.kind = core::InstructionKind::Load;
      read.tags = {"R", "M", "_", "WEAK"};
      read.tags.add(plan.proxy);
      read.reg = freshRegister("copy");
      from.applyTo(read, 8 * kGranuleBytes);
      value = Expr::registerValue(*read.reg, 8 * kGranuleBytes);
      emitAsync(std::move(read), plan.id, plan.tag);
    }
    AccessTarget to = resolve(writer, plan.destination, offset, 8 * kGranuleBytes);
    core::Instruction write;
    write.kind = core::InstructionKind::Store;
    write.tags = {"W", "M", "_", "WEAK"};
    write.tags.add(plan.proxy);
    to.applyTo(write, 8 * kGranuleBytes);
    write.value = value;
    emitAsync(std::move(write), plan.id, plan.tag);
  }
}

void KernelThread::emitAsync(core::Instruction instruction, int id, const std::string& tag) {
  instruction.asyncOp = id;
  instruction.tags.add("AOP");
  instruction.tags.add(tag);
  if (instruction.kind == core::InstructionKind::Rmw) {
    instruction.access().storeTags.add("AOP");
    instruction.access().storeTags.add(tag);
  }
  emit(std::move(instruction));
}

void KernelThread::lowerBulkCopy(const Instruction& in) {
  bool toShared = in.hasQualifier("shared::cluster") && in.hasQualifier("global") &&
                  in.hasQualifier("mbarrier::complete_tx::bytes");
  bool toGlobal =
      in.hasQualifier("global") && in.hasQualifier("shared::cta") && in.hasQualifier("bulk_group");
  if (!toShared && !toGlobal) unsupported(in);
  for (const std::string& q : in.qualifiers)
    if (q == "multicast::cluster" || q == "L2::cache_hint" || q == "tensor") unsupported(in);
  const auto* destination = std::get_if<Address>(&operandValue(in, 0));
  const auto* source = std::get_if<Address>(&operandValue(in, 1));
  if (destination == nullptr || source == nullptr) fail(in, "cp.async.bulk copies [destination], [source]");
  long long bytes = constantValue(in, 2, "a copy size");
  if (bytes <= 0 || bytes % 16 != 0 || bytes > 65536)
    fail(in, "a bulk copy size must be a positive multiple of 16");
  if (toGlobal) useGroups(in, GroupKind::Bulk);
  CopyPlan plan{*destination,   toShared ? "shared" : "global",
                *source,        toShared ? "global" : "shared",
                bytes,          bytes,
                "ASYNC",        toShared ? "CPBULK" : "CPA",
                ++asyncCounter_};
  emitCopy(in, plan);
  if (!toShared) return;
  core::Instruction proxyFence;
  proxyFence.kind = core::InstructionKind::Fence;
  proxyFence.tags = {"F", "_", "ASYNC"};
  emitAsync(std::move(proxyFence), plan.id, plan.tag);
  Instruction barrier = in;
  barrier.qualifiers = {"shared"};
  emitAsync(mbarrierUpdate(mbarrierLocation(barrier, 3),
                           core::mbarrierOperand(0, Expr::constantValue(-bytes)), "release", "CLUSTER"),
            plan.id, plan.tag);
}

// cp.async.{ca,cg}.shared{::cta}.global{.L2::cache_hint}{.L2::64B|128B|256B} [dst], [src], cp-size
//   {, src-size | , ignore-src}{, cache-policy}   (PTX ISA "cp.async")
void KernelThread::lowerCopy(const Instruction& in) {
  static const std::set<std::string> accepted = {
      "async",  "ca",      "cg",       "shared",   "shared::cta",
      "global", "L2::64B", "L2::128B", "L2::256B", "L2::cache_hint"};
  requireQualifiersIn(in, accepted);
  if (!in.hasQualifier("global") || (!in.hasQualifier("shared") && !in.hasQualifier("shared::cta")) ||
      in.hasQualifier("ca") == in.hasQualifier("cg"))
    unsupported(in);
  const auto* destination = std::get_if<Address>(&operandValue(in, 0));
  const auto* source = std::get_if<Address>(&operandValue(in, 1));
  if (destination == nullptr || source == nullptr) fail(in, "cp.async copies [destination], [source]");
  long long bytes = constantValue(in, 2, "a copy size");
  if (in.hasQualifier("cg") ? bytes != 16 : (bytes != 4 && bytes != 8 && bytes != 16))
    fail(in, "'" + mnemonic(in) + "' with cp-size " + std::to_string(bytes) +
                 " (cp.async.ca copies 4, 8 or 16 bytes, cp.async.cg 16)");
  size_t beforePolicy = in.operands.size() - (in.hasQualifier("L2::cache_hint") ? 1 : 0);
  long long sourceBytes = bytes;
  if (beforePolicy > 4) fail(in, "cp.async takes [dst], [src], cp-size and one src-size or ignore-src");
  if (beforePolicy == 4) {
    const auto* reg = std::get_if<Register>(&operandValue(in, 3));
    bool ignoreSource = reg != nullptr && registerWidth(reg->name, in) == 1;
    long long value = constantValue(in, 3, ignoreSource ? "an ignore-src predicate" : "a src-size");
    sourceBytes = ignoreSource ? (value != 0 ? 0 : bytes) : value;
    if (sourceBytes < 0 || sourceBytes > bytes)
      fail(in, "src-size " + std::to_string(value) + " past cp-size");
    if (sourceBytes % kGranuleBytes != 0) unsupported(in, "a src-size that is not a multiple of 4");
  }
  useGroups(in, GroupKind::Copy);
  emitCopy(in, CopyPlan{*destination, "shared", *source, "global", bytes, sourceBytes, "GEN", "CPA",
                        ++asyncCounter_});
}

void KernelThread::requireQualifiersIn(const Instruction& in, const std::set<std::string>& accepted) const {
  for (const std::string& q : in.qualifiers)
    if (!accepted.count(q)) unsupported(in);
}

void KernelThread::useGroups(const Instruction& in, GroupKind kind) {
  if (groupKind_ && *groupKind_ != kind)
    unsupported(in, "cp.async groups and cp.async.bulk groups in one thread");
  groupKind_ = kind;
}

bool KernelThread::lowerAsync(const Instruction& in) {
  if (in.opcode == "mbarrier") {
    lowerMbarrier(in);
    return true;
  }
  if (in.opcode == "fence" && in.hasQualifier("mbarrier_init")) {
    core::Instruction fence;
    fence.kind = core::InstructionKind::Fence;
    fence.tags = {"F", "_", "GEN", "ACQ_REL", "CLUSTER"};
    emit(std::move(fence));
    return true;
  }
  if (in.opcode != "cp" || !in.hasQualifier("async")) return false;
  bool bulk = in.hasQualifier("bulk");
  auto marker = [&](const std::string& tag) {
    useGroups(in, bulk ? GroupKind::Bulk : GroupKind::Copy);
    core::Instruction visible;
    visible.kind = core::InstructionKind::Visible;
    visible.tags = {"_"};
    visible.tags.add(tag);
    emit(std::move(visible));
  };
  if (in.hasQualifier("commit_group")) {
    marker("CPA_COMMIT");
    return true;
  }
  if (in.hasQualifier("wait_group")) {
    long long pending = constantValue(in, 0, "a wait_group count");
    if (pending < 0 || pending > 3) unsupported(in, "waiting with more than 3 groups pending");
    marker("CPA_WAIT_GROUP" + std::to_string(pending));
    return true;
  }
  if (!bulk && in.hasQualifier("wait_all")) {
    marker("CPA_WAIT_ALL");
    return true;
  }
  if (!bulk && in.hasQualifier("mbarrier")) {
    lowerCopyArrive(in);
    return true;
  }
  if (bulk)
    lowerBulkCopy(in);
  else
    lowerCopy(in);
  return true;
}

// cp.async.mbarrier.arrive.noinc.shared{::cta}.b64 [bar]: one arrival on the mbarrier once the thread's
// earlier cp.async have completed (models/ptx-v8.cat: [CPA] ; po ; [CPA_ARRIVE]). Without .noinc the ISA
// also raises the pending count at issue, which the mbarrier state of core/ir/Mbarrier.h does not represent.
void KernelThread::lowerCopyArrive(const Instruction& in) {
  static const std::set<std::string> accepted = {"async",  "mbarrier",    "arrive", "noinc",
                                                 "shared", "shared::cta", "b64"};
  requireQualifiersIn(in, accepted);
  if (!in.hasQualifier("arrive")) unsupported(in);
  if (!in.hasQualifier("noinc")) unsupported(in, "cp.async.mbarrier.arrive without .noinc");
  useGroups(in, GroupKind::Copy);
  emitAsync(mbarrierUpdate(mbarrierLocation(in, 0), core::mbarrierOperand(1, Expr::constantValue(0)),
                           "release", "CTA"),
            ++asyncCounter_, "CPA_ARRIVE");
}

// tcgen05.commit.cta_group::1.mbarrier::arrive::one{.shared::cluster}.b64 [bar]: one arrival on the
// mbarrier once the thread's earlier tcgen05.mma completed (models/ptx-v8.cat: mma-done), a release update
// of the tensor core at cluster scope as the litmus front end gives it (frontends/PtxAsync.cpp).
void KernelThread::lowerTensorCommit(const Instruction& in) {
  requireQualifiersIn(in, {"commit", "cta_group::1", "mbarrier::arrive::one", "shared::cluster", "b64"});
  if (!in.hasQualifier("cta_group::1") || !in.hasQualifier("mbarrier::arrive::one")) unsupported(in);
  if (in.operands.size() != 1) unsupported(in, "a commit multicast to several CTAs");
  emitAsync(mbarrierUpdate(mbarrierLocation(in, 0), core::mbarrierOperand(1, Expr::constantValue(0)),
                           "release", "CLUSTER"),
            ++asyncCounter_, "TCCOMMIT");
}

}  // namespace catcheck::frontends::ptx
