// The mbarrier state encoding of Mbarrier.h: the update and wait expressions that both engines evaluate,
// built once from the layout constants.
#include "core/ir/Mbarrier.h"

#include <vector>

#include "core/ir/ExprSemantics.h"

namespace catcheck::core {
namespace {

Expr constant(long long v) {
  return Expr::constantValue(v);
}

Expr buildUpdate() {
  // T: the state with the operand added (arrivals and bytes are separate fields of the sum).
  Expr next = Expr::binary(ExprOp::Add, Expr::registerValue(0), Expr::registerValue(1));
  Expr count = Expr::binary(ExprOp::Rem, Expr::binary(ExprOp::Div, next, constant(kCountUnit)),
                            constant(kCountUnit / kArrivalUnit));
  Expr currentPhase = Expr::binary(ExprOp::Rem, next, constant(kCountUnit));  // arrived and bytes
  Expr completedFields = Expr::binary(ExprOp::Add, Expr::binary(ExprOp::Mul, count, constant(kArrivalUnit)),
                                      constant(kBytesOffset));
  Expr completes = Expr::binary(ExprOp::Eq, currentPhase, completedFields);
  Expr nextPhase = Expr::binary(ExprOp::Add, Expr::binary(ExprOp::Sub, next, currentPhase),
                                constant(kPhaseUnit + kBytesOffset));
  return Expr::ifThenElse(completes, nextPhase, next);
}

}  // namespace

std::optional<long long> applyMbarrierUpdate(long long state, long long operand) {
  return evaluateExpr(mbarrierUpdate(), RegisterValues{state, operand});
}

long long mbarrierInitialState(long long count) {
  return count * kCountUnit + kBytesOffset;
}

Expr mbarrierOperand(long long arrivals, Expr bytes) {
  return Expr::binary(ExprOp::Add, constant(arrivals * kArrivalUnit), std::move(bytes));
}

const Expr& mbarrierUpdate() {
  static const Expr update = buildUpdate();
  return update;
}

Expr mbarrierPhaseCompleted(Expr state, Expr parity) {
  Expr phase = Expr::binary(ExprOp::Div, std::move(state), constant(kPhaseUnit));
  return Expr::binary(ExprOp::Rem, Expr::binary(ExprOp::Add, phase, std::move(parity)), constant(2));
}

MbarrierState decodeMbarrier(long long state) {
  MbarrierState s;
  s.phase = state / kPhaseUnit;
  s.count = (state / kCountUnit) % (kCountUnit / kArrivalUnit);
  s.arrived = (state / kArrivalUnit) % (kCountUnit / kArrivalUnit);
  s.pendingBytes = state % kArrivalUnit - kBytesOffset;
  return s;
}

}  // namespace catcheck::core
