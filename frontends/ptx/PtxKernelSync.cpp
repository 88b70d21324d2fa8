// Control barriers and warp primitives of PTX kernels (PTX ISA "bar, barrier", "bar.warp.sync", "shfl.sync",
// "vote.sync", "redux.sync", "elect.sync", "match.sync").
//
// A CTA barrier is counted per barrier resource, as the hardware counts arrivals: the k-th time a thread
// reaches any `bar.sync` / `barrier.sync` of resource r it joins instance "bar<r>#k" of its CTA. Without a
// thread count every thread of the CTA takes part, and docs/semantics.md §5.5 applies: the kernel assembly
// (PtxKernel.cpp) gives each thread unreachable copies of the instances other threads of its CTA reach and it
// does not, so a thread that returns early or branches around `__syncthreads()` leaves the others blocked.
// A thread count other than the CTA's size makes the instance a named barrier with that quorum; bar.arrive
// arrives without waiting. Warp primitives become Warp instructions with the mask the launch fixes
// (core/ir/Warps.h gives their meaning); a shuffle keeps its `c` operand (clamp lane and segment mask, so
// CUDA's `width` argument splits the warp into segments as the ISA's pseudo-code does).
#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

long long constantOperand(KernelThread& thread, const Instruction& in, size_t index,
                          const std::string& what) {
  core::Expr value = thread.operand(in, index, 32);
  if (!value.isConstant()) thread.unsupported(in, what + " computed from memory");
  return value.constant;
}

core::WarpOp modeOf(KernelThread& thread, const Instruction& in, const WarpModes& modes) {
  for (const std::string& q : in.qualifiers) {
    auto it = modes.find(q);
    if (it != modes.end()) return it->second;
  }
  thread.unsupported(in);
}

}  // namespace

// barrier.cluster.arrive{.release,.relaxed}{.aligned} / barrier.cluster.wait{.acquire}{.aligned} (ISA
// "barrier.cluster"): a split barrier of every thread of the cluster. The k-th arrive and the k-th wait of
// a thread join instance "cluster#k" of its cluster: the arrive marked arrive-only (it never blocks), the
// wait blocking until every thread of the cluster has arrived (core/graph/BarrierGroups.h). Tagged BCLUSTER
// and REL / RLX / ACQ so that the model orders memory through a release arrive and an acquire wait only
// (models/ptx-v8.cat, barrier-sync).
void KernelThread::lowerClusterBarrier(const Instruction& in) {
  bool arrive = in.hasQualifier("arrive");
  if (!arrive && !in.hasQualifier("wait")) unsupported(in);
  for (const std::string& q : in.qualifiers) {
    bool known = q == "cluster" || q == "arrive" || q == "wait" || q == "aligned" ||
                 (arrive && (q == "release" || q == "relaxed")) || (!arrive && q == "acquire");
    if (!known) unsupported(in);
  }
  core::Instruction barrier;
  barrier.kind = core::InstructionKind::Barrier;
  barrier.tags = {"F", "_", "BCLUSTER", arrive ? (in.hasQualifier("relaxed") ? "RLX" : "REL") : "ACQ"};
  barrier.barrier().scope = core::ScopeLevel::Cluster;
  barrier.barrier().arriveOnly = arrive;
  int& count = state_->barrierCounts[arrive ? kClusterArrivals : kClusterWaits];
  barrier.barrier().instance = "cluster#" + std::to_string(++count);
  emit(std::move(barrier));
}

void KernelThread::lowerBarrier(const Instruction& in) {
  if (in.opcode == "barrier" && in.hasQualifier("cluster")) {
    lowerClusterBarrier(in);
    return;
  }
  if (in.hasQualifier("red")) {
    lowerBarrierReduction(in);
    return;
  }
  for (const std::string& q : in.qualifiers)
    if (q == "cluster") unsupported(in);
  bool arrive = in.hasQualifier("arrive");
  if (!arrive && !in.hasQualifier("sync") && !in.qualifiers.empty() && in.qualifiers.front() != "cta")
    unsupported(in);
  std::optional<size_t> countIndex;
  if (in.operands.size() > 1) countIndex = 1;
  emit(ctaBarrier(in, 0, countIndex, arrive));
}

// The instance of CTA barrier resource operand `resourceIndex` this thread joins next, with the thread
// count of operand `countIndex` where there is one.
core::Instruction KernelThread::ctaBarrier(const Instruction& in, size_t resourceIndex,
                                           std::optional<size_t> countIndex, bool arrive) {
  long long resource = constantOperand(*this, in, resourceIndex, "a barrier resource");
  if (resource < 0 || resource > 15) fail(in, "barrier resource " + std::to_string(resource) + " (0 to 15)");
  long long count = countIndex ? constantOperand(*this, in, *countIndex, "a barrier thread count") : 0;
  bool named = count != 0 && count != context_.launch.block.count();  // else every thread of the CTA
  if (arrive && count == 0) fail(in, "bar.arrive needs a thread count");
  core::Instruction barrier;
  barrier.kind = core::InstructionKind::Barrier;
  barrier.tags = {"F", "_"};
  barrier.barrier().scope = core::ScopeLevel::Cta;
  barrier.barrier().arriveOnly = arrive;
  barrier.barrier().instance =
      "bar" + std::to_string(resource) + "#" + std::to_string(++state_->barrierCounts[resource]);
  if (named) {
    barrier.barrier().resource = core::constantAt(resource, 32);
    barrier.barrier().quorum = core::constantAt(count, 32);
  }
  return barrier;
}

// bar{.cta}.red.popc.u32 d, a, {!}c and bar{.cta}.red.{and,or}.pred p, a, {!}c (ISA "bar, barrier"; CUDA's
// __syncthreads_count, _and, _or): a CTA barrier that also reduces a predicate over the CTA's threads.
// Built from primitives the engines already have, so that every property and witness covers it: each warp
// adds up its threads' predicates (for .and, their negations) with redux.sync.add over its lanes, its lane 0
// stores the sum in the warp's slot of the barrier instance (a relaxed CTA-scope store), the barrier orders
// every slot's store before every read (docs/semantics.md §5), and each thread adds up the slots. One
// shared counter updated by every thread would mean the same, but the solver would have to prove the sum of
// every order of 64 atomic adds (8 threads took minutes); a warp's sum is one collective. The slots are a
// shared region of their own per CTA and instance, "bar.red(bar0#k)" in witnesses, zero at the start.
// A smaller thread count (a multiple of 32) makes the barrier a named one with that quorum (ctaBarrier): the
// warps that reach the instance store their sums, the others leave their slots at zero, so each thread's
// sum over every slot is the group's. That reading needs every thread that reaches an instance to belong
// to one group: more threads reaching one instance than its count (two groups sharing a barrier resource
// at once) are not modelled (joinReductionGroup).
void KernelThread::lowerBarrierReduction(const Instruction& in) {
  for (const std::string& q : in.qualifiers) {
    if (q != "cta" && q != "red" && q != "popc" && q != "and" && q != "or" && q != "u32" && q != "pred" &&
        q != "aligned")
      unsupported(in);
  }
  bool popc = in.hasQualifier("popc");
  bool all = in.hasQualifier("and");
  if (static_cast<int>(popc) + static_cast<int>(all) + static_cast<int>(in.hasQualifier("or")) != 1)
    unsupported(in);
  if (in.operands.size() != 3 && in.operands.size() != 4)
    fail(in, mnemonic(in) + " takes a destination, a barrier, an optional thread count and a predicate");
  long long threads = context_.launch.block.count();
  bool counted = in.operands.size() == 4;
  long long count = counted ? constantOperand(*this, in, 2, "a barrier thread count") : threads;
  if (count <= 0 || count > threads || (count < threads && count % 32 != 0))
    fail(in, "bar.red thread count " + std::to_string(count) + " (a multiple of 32 up to the CTA's " +
                 std::to_string(threads) + " threads)");
  core::Expr predicate = operand(in, counted ? 3 : 2, 1);
  core::Expr contributes =
      all ? core::fold(core::ExprOp::Eq, {predicate, core::constantAt(0, 1)}, 1) : predicate;
  core::Instruction barrier = ctaBarrier(in, 1, counted ? std::optional<size_t>(2) : std::nullopt, false);
  if (count < threads) joinReductionGroup(in, barrier.barrier().instance, count);
  int warps = static_cast<int>((threads + 31) / 32);
  int slots = reductionSlots(barrier.barrier().instance, warps);

  core::Instruction warpSum;
  warpSum.kind = core::InstructionKind::Warp;
  warpSum.warp().op = core::WarpOp::ReduceAdd;
  warpSum.warp().mask = launchedLanes();
  warpSum.value = core::Expr::ifThenElse(contributes, core::constantAt(1, 32), core::constantAt(0, 32));
  warpSum.reg = freshRegister("bar.red");
  core::Expr sum = core::Expr::registerValue(*warpSum.reg, 32);
  emit(std::move(warpSum));
  if (placement_.lane == 0)  // st.relaxed.cta
    storeTo(in, slotOf(in, slots, placement_.warp), {"W", "M", "_", "GEN", "RLX", "CTA"}, sum);
  emit(std::move(barrier));

  core::Expr total = core::constantAt(0, 32);
  for (int w = 0; w < warps; ++w) {  // ld.relaxed.cta
    core::Expr slot = loadFrom(slotOf(in, slots, w), {"R", "M", "_", "GEN", "RLX", "CTA"}, 32, "bar.red");
    total = core::fold(core::ExprOp::Add, {total, slot}, 32);
  }
  core::Expr none = core::constantAt(0, 32);
  if (popc)
    writeRegister(in, 0, total);
  else
    writeRegister(in, 0, core::fold(all ? core::ExprOp::Eq : core::ExprOp::Ne, {total, none}, 1));
}

// Counts this thread among those that reach bar.red instance `instance` of its CTA with thread count `count`.
void KernelThread::joinReductionGroup(const Instruction& in, const std::string& instance, long long count) {
  std::set<int>& members = context_.reductionGroups[{placement_.linearCta, instance}];
  members.insert(placement_.linearTid);
  if (static_cast<long long>(members.size()) > count)
    unsupported(in, "more than " + std::to_string(count) + " threads reach bar.red instance " + instance +
                        " (groups of threads that share one barrier resource at once)");
}

// The region of a bar.red instance's per-warp slots (one region per instance, shared by the CTAs).
int KernelThread::reductionSlots(const std::string& instance, int warps) {
  auto [found, fresh] = context_.reductionRegions.try_emplace(instance, -1);
  if (fresh) {
    Region region;
    region.name = "bar.red(" + instance + ")";
    region.space = StateSpace::Shared;
    region.size = 4LL * warps;
    found->second = context_.memory.addRegion(std::move(region), 4);
  }
  return found->second;
}

KernelThread::AccessTarget KernelThread::slotOf(const Instruction& in, int slots, int warp) {
  const Region& region = context_.memory.region(slots);
  AccessTarget target;
  target.location = context_.memory.location(StateSpace::Shared, placement_.linearCta,
                                             region.base + 4LL * warp, 32, in.where);
  return target;
}

// The lanes of this thread's warp that the launch fills (a partial last warp has fewer than 32).
long long KernelThread::launchedLanes() const {
  long long lanes = std::min<long long>(32, context_.launch.block.count() - 32LL * placement_.warp);
  return lanes == 32 ? 0xFFFFFFFFLL : (1LL << lanes) - 1;
}

// The member mask of a warp primitive: a constant, or a value the kernel computes (from activemask or a
// ballot), which makes the primitive dynamic: its instance is the lanes that run it in one dynamic instance
// with equal masks (core/ir/Program.h WarpOperands::runtimeMask).
void KernelThread::setWarpMask(core::Instruction& primitive, const Instruction& in, size_t maskIndex) {
  core::Expr mask = operand(in, maskIndex, 32);
  if (mask.isConstant()) {
    primitive.warp().mask = mask.constant & 0xFFFFFFFFLL;
    return;
  }
  primitive.warp().mask = launchedLanes();
  primitive.warp().dynamic = true;
  primitive.warp().runtimeMask = std::move(mask);
  primitive.warp().instance = nextWarpInstance();
}

// The dynamic instance this thread's path joins at the current instruction: its point (pointKey, the call
// context included) and how many times the path ran it before, the same in every lane that runs the same
// code, whichever specialised copy of it runs (core/ir/Program.h WarpOperands::instance).
std::string KernelThread::nextWarpInstance() {
  std::string point = pointKey(*state_);
  return point + "#" + std::to_string(++state_->warpRuns[point]);
}

// activemask.b32 d (ISA "activemask"): the lanes of the warp that execute this activemask together. Read
// as the lanes that reach the same dynamic instance of it (the PTX line in the same loop iterations); it
// never waits for them (core/ir/Warps.h synchronisesLanes). The ISA promises only the caller's own bit;
// this reading is the converged answer the kernels that use it expect (docs/ptx-kernels.md).
void KernelThread::lowerActiveMask(const Instruction& in) {
  if (in.qualifiers != std::vector<std::string>{"b32"} || in.operands.size() != 1) unsupported(in);
  const auto* destination = std::get_if<Register>(&operandValue(in, 0));
  if (destination == nullptr) fail(in, "activemask writes a register");
  core::Instruction primitive;
  primitive.kind = core::InstructionKind::Warp;
  primitive.warp().op = core::WarpOp::ActiveMask;
  primitive.warp().mask = launchedLanes();
  primitive.warp().dynamic = true;
  primitive.warp().instance = nextWarpInstance();
  primitive.value = core::constantAt(1, 32);
  primitive.reg = freshRegister(destination->name);
  int reg = *primitive.reg;
  emit(std::move(primitive));
  writeCell(registerCell(destination->name, in), core::Expr::registerValue(reg, 32));
}

// shfl.sync's predicate result: whether the source lane lies inside this lane's segment
// (core::shuffleSource), for each of the 32 values of the selector's five bits; a comparison with those in
// range when it varies.
core::Expr KernelThread::shuffleInRange(const core::Instruction& primitive) const {
  std::vector<long long> inRange;
  for (long long b = 0; b < 32; ++b)
    if (core::shuffleSource(primitive.warp().op, placement_.lane, 32, b, primitive.warp().shuffleControl))
      inRange.push_back(b);
  if (primitive.warp().laneSelector.isConstant())
    return core::constantAt(
        std::count(inRange.begin(), inRange.end(), primitive.warp().laneSelector.constant), 1);
  if (inRange.size() == 32 || inRange.empty()) return core::constantAt(inRange.empty() ? 0 : 1, 1);
  core::Expr any = core::constantAt(0, 1);
  for (long long b : inRange)
    any = core::fold(
        core::ExprOp::Or,
        {any, core::fold(core::ExprOp::Eq, {primitive.warp().laneSelector, core::constantAt(b, 32)}, 1)}, 1);
  return any;
}

void KernelThread::lowerWarpPrimitive(const Instruction& in) {
  core::Instruction primitive;
  primitive.kind = core::InstructionKind::Warp;
  setWarpMask(primitive, in, in.operands.size() - 1);
  int width = 32;
  if (in.opcode == "bar") {  // bar.warp.sync
    primitive.warp().op = core::WarpOp::Sync;
    primitive.tags = {"F", "_"};
    emit(std::move(primitive));
    return;
  }
  const Register* destination = nullptr;
  const Register* predicate = nullptr;
  const OperandValue& out = operandValue(in, 0);
  if (const auto* pair = std::get_if<PredicatePair>(&out)) {
    destination = &pair->value;
    predicate = &pair->predicate;
  } else {
    destination = std::get_if<Register>(&out);
  }
  if (in.opcode == "shfl") {
    primitive.warp().op = modeOf(*this, in, shuffleModes());
    primitive.value = operand(in, 1, width);
    // The ISA reads b[4:0] and the clamp and segment mask from c (core::shuffleSource).
    primitive.warp().laneSelector =
        core::fold(core::ExprOp::And, {operand(in, 2, width), core::constantAt(0x1f, width)}, width);
    primitive.warp().shuffleControl =
        constantOperand(*this, in, 3, "a shuffle clamp and segment mask") & 0x1fff;
    if (predicate != nullptr) writeCell(registerCell(predicate->name, in), shuffleInRange(primitive));
  } else if (in.opcode == "vote") {
    primitive.warp().op = modeOf(*this, in, voteModes());
    primitive.value = operand(in, 1, 1);
    width = primitive.warp().op == core::WarpOp::VoteBallot ? 32 : 1;
  } else if (in.opcode == "redux") {
    primitive.warp().op = modeOf(*this, in, reduxOperators());
    primitive.value = operand(in, 1, width);
  } else if (in.opcode == "match") {
    // match.any: the mask of the lanes whose operand equals this lane's; match.all: whether all of them
    // are equal (ISA "match.sync"), d the member mask then and 0 otherwise.
    bool any = in.hasQualifier("any");
    if (!any && !in.hasQualifier("all")) unsupported(in);
    std::vector<std::string> types = typesOf(in);
    if (types.size() != 1 || (types[0] != "b32" && types[0] != "b64")) unsupported(in);
    primitive.warp().op = any ? core::WarpOp::MatchAny : core::WarpOp::AllEqual;
    primitive.value = operand(in, 1, typeWidth(types[0]));
    if (!any) {
      lowerMatchAll(std::move(primitive), in, destination, predicate);
      return;
    }
  } else {  // elect.sync d|p, mask
    primitive.warp().op = core::WarpOp::Elect;
    if (destination != nullptr && predicate != nullptr) unsupported(in, "elect.sync's leader lane result");
    width = 1;
    primitive.value = core::constantAt(0, 1);
    destination = predicate != nullptr ? predicate : destination;
  }
  std::string name = destination != nullptr ? destination->name : in.opcode;
  primitive.reg = freshRegister(name);
  int reg = *primitive.reg;
  emit(std::move(primitive));
  if (destination != nullptr)
    writeCell(registerCell(destination->name, in), core::Expr::registerValue(reg, width));
}

// match.all.sync d[|p], a, membermask: whether every member's `a` is equal (an AllEqual primitive), d the
// member mask when they are and 0 when not, p the same answer as a predicate.
void KernelThread::lowerMatchAll(core::Instruction primitive, const Instruction& in,
                                 const Register* destination, const Register* predicate) {
  core::Expr mask = primitive.warp().runtimeMask ? *primitive.warp().runtimeMask
                                                 : core::constantAt(primitive.warp().mask, 32);
  primitive.reg = freshRegister(destination != nullptr ? destination->name : in.opcode);
  core::Expr allEqual = core::Expr::registerValue(*primitive.reg, 1);
  emit(std::move(primitive));
  if (destination != nullptr)
    writeCell(registerCell(destination->name, in),
              core::Expr::ifThenElse(allEqual, mask, core::constantAt(0, 32)));
  if (predicate != nullptr) writeCell(registerCell(predicate->name, in), allEqual);
}

bool KernelThread::lowerSync(const Instruction& in) {
  const std::string& op = in.opcode;
  if (op == "bar" && in.hasQualifier("warp")) {
    lowerWarpPrimitive(in);
    return true;
  }
  if (op == "bar" || op == "barrier") {
    lowerBarrier(in);
    return true;
  }
  if (op == "activemask") {
    lowerActiveMask(in);
    return true;
  }
  if (op == "nanosleep") return true;  // a delay: no event, and a spin loop around it is still a spin
  if (op == "shfl" || op == "vote" || op == "redux" || op == "elect" || op == "match") {
    if (!in.hasQualifier("sync"))
      unsupported(in, "warp primitives without .sync (removed in PTX 6.4 for sm_70)");
    lowerWarpPrimitive(in);
    return true;
  }
  return false;
}

}  // namespace catcheck::frontends::ptx
