// Constant propagation of registers over an unrolled thread (docs/design.md pipeline: "constant
// propagation"). After unrolling, all jumps go forward, so one pass in step order sees every predecessor of a
// step before the step: a register is a known constant before a step when every edge into it that can be
// taken carries the same constant; a jump whose condition is a known constant takes only one of its edges.
// Loads and read-modify-writes make their register unknown; so do undefined values. SPIR-V loop counters are
// the typical case: in the k-th unrolled copy of `for (i = 0; i < n; ++i) a[i] = ...` the counter is k on the
// only path there, so `a[i]` is a static location and costs no address variables. The same propagation finds
// the steps no path reaches: the copies of such a loop past its n-th, and `if (t < s)` bodies of the threads
// whose id the launch puts past `s` (the front end drops them: core/graph/EventGraph.cpp).
#include "core/graph/ConstantAddresses.h"

#include "core/ir/ExprSemantics.h"

namespace catcheck::core {
namespace {

using Constants = std::vector<std::optional<long long>>;  // per register

Constants meet(const Constants& a, const Constants& b) {
  Constants result = a;
  for (size_t r = 0; r < result.size(); ++r) {
    if (result[r] != b[r]) result[r] = std::nullopt;
  }
  return result;
}

Constants applyStep(const Step& step, Constants regs) {
  const Instruction& in = *step.instruction;
  if (!in.reg) return regs;
  switch (in.kind) {
    case InstructionKind::Local:
      regs.at(static_cast<size_t>(*in.reg)) = evaluateExpr(in.value, regs);
      break;
    case InstructionKind::Load:
    case InstructionKind::Rmw:
    case InstructionKind::Warp:
      regs.at(static_cast<size_t>(*in.reg)) = std::nullopt;
      break;
    case InstructionKind::Store:
    case InstructionKind::Fence:
    case InstructionKind::Barrier:
    case InstructionKind::Label:
    case InstructionKind::Jump:
    case InstructionKind::Visible:
      break;
  }
  return regs;
}

}  // namespace

ThreadConstants propagateConstants(const UnrolledThread& thread, const Thread& source) {
  size_t n = thread.steps.size();
  Constants initial(source.registerNames.size(), 0LL);
  for (const auto& [reg, value] : source.registerInits) initial.at(static_cast<size_t>(reg)) = value;
  std::vector<std::optional<Constants>> before(n + 1);
  before[0] = initial;
  ThreadConstants found{std::vector<std::optional<long long>>(n), std::vector<char>(n, 0)};
  auto flow = [&](size_t target, const Constants& regs) {
    if (target > n) return;
    before[target] = before[target] ? meet(*before[target], regs) : regs;
  };
  for (size_t s = 0; s < n; ++s) {
    if (!before[s]) continue;  // unreachable
    found.reachable[s] = 1;
    const Step& step = thread.steps[s];
    const Instruction& in = *step.instruction;
    if (const Expr* address = in.computedAddress()) found.addresses[s] = evaluateExpr(*address, *before[s]);
    Constants after = applyStep(step, *before[s]);
    if (step.kind != InstructionKind::Jump) {
      flow(s + 1, after);
      continue;
    }
    // A condition known on every path decides the jump: the other edge is never taken (conditional
    // constant propagation), so a loop exit that only the last iteration takes does not blur the counter.
    std::optional<long long> condition =
        step.unconditional ? std::optional<long long>(1) : evaluateExpr(*in.branch().condition, *before[s]);
    if (!condition || *condition != 0) flow(static_cast<size_t>(step.jumpTarget), after);
    if (step.backEdge) flow(n, after);
    if (!step.unconditional && (!condition || *condition == 0)) flow(s + 1, after);
  }
  return found;
}

}  // namespace catcheck::core
