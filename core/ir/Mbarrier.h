// The state of a PTX mbarrier object (issue 10) as one integer, so that every mbarrier operation is an
// ordinary atomic read-modify-write of the barrier's location and every wait an ordinary acquire load: the
// memory model then orders them (arrive releases, a wait that observes the phase completion acquires),
// and coherence of the one location totally orders the updates, as the hardware's atomic updates are.
//
// Layout (non-negative, unbounded-integer arithmetic):
//   state = phase * kPhaseUnit + count * kCountUnit + arrived * kArrivalUnit + (pendingBytes + kBytesOffset)
// with `phase` the number of completed phases, `count` the init count (arrivals per phase), `arrived` the
// arrivals of the current phase and `pendingBytes` its transaction count (negative when complete_tx runs
// ahead of expect_tx, as the ISA allows). An update adds `arrivals * kArrivalUnit + bytes` and then, when
// the phase's arrivals reach the count and its bytes are 0, completes the phase: the next phase starts with
// no arrivals and no pending bytes (PTX ISA §9.7.13.15.x "Phase completion").
#pragma once

#include <optional>

#include "core/ir/Expr.h"

namespace catcheck::core {

inline constexpr long long kBytesOffset = 1LL << 23;  // pending bytes range over (-2^23, 2^23)
inline constexpr long long kArrivalUnit = 1LL << 24;
inline constexpr long long kCountUnit = 1LL << 36;  // arrivals and counts below 2^12
inline constexpr long long kPhaseUnit = 1LL << 48;  // phases below 2^14
inline constexpr long long kMaxMbarrierCount = (1LL << 12) - 1;
inline constexpr long long kMaxTransactionBytes = kBytesOffset - 1;

// The state mbarrier.init with `count` expected arrivals writes: phase 0, nothing arrived, no bytes.
long long mbarrierInitialState(long long count);

// The operand of an update with `arrivals` arrivals (0 or 1) and `bytes` transaction bytes (expect_tx:
// positive, complete_tx: negative).
Expr mbarrierOperand(long long arrivals, Expr bytes);

// The new state after an update: an expression over register 0 (the old state) and register 1 (the
// operand). Both engines evaluate this one expression (ExprSemantics, ValueEncoder).
const Expr& mbarrierUpdate();
// mbarrierUpdate() evaluated on concrete values (nullopt never happens for states the encoding produces).
std::optional<long long> applyMbarrierUpdate(long long state, long long operand);

// 1 when the phase of parity `parity` (0 or 1) has completed in `state`, i.e. the current phase has the
// other parity (PTX mbarrier.test_wait.parity), else 0.
Expr mbarrierPhaseCompleted(Expr state, Expr parity);

// The fields of a state, for witnesses.
struct MbarrierState {
  long long phase = 0;
  long long count = 0;
  long long arrived = 0;
  long long pendingBytes = 0;
};
MbarrierState decodeMbarrier(long long state);

}  // namespace catcheck::core
