// The mbarrier state encoding (core/ir/Mbarrier.h): phases complete when the arrivals reach the count and the
// pending bytes are 0, in either order of arrivals and byte updates; parity names the current or previous
// phase; the concrete update is the expression both engines evaluate.
#include <gtest/gtest.h>

#include "core/ir/Mbarrier.h"

namespace catcheck::core {
namespace {

long long update(long long state, long long arrivals, long long bytes) {
  std::optional<long long> next = applyMbarrierUpdate(state, arrivals * kArrivalUnit + bytes);
  EXPECT_TRUE(next.has_value());
  return next.value_or(0);
}

long long completed(long long state, long long parity) {
  long long phase = decodeMbarrier(state).phase;
  return (phase + parity) % 2;
}

TEST(Mbarrier, ArrivalsCompleteAPhaseAndTheNextStartsAfresh) {
  long long s = mbarrierInitialState(2);
  EXPECT_EQ(decodeMbarrier(s).count, 2);
  EXPECT_EQ(completed(s, 0), 0);
  EXPECT_EQ(completed(s, 1), 1) << "the phase before phase 0 counts as completed";
  s = update(s, 1, 0);
  EXPECT_EQ(decodeMbarrier(s).arrived, 1);
  EXPECT_EQ(decodeMbarrier(s).phase, 0);
  s = update(s, 1, 0);
  EXPECT_EQ(decodeMbarrier(s).phase, 1);
  EXPECT_EQ(decodeMbarrier(s).arrived, 0);
  EXPECT_EQ(decodeMbarrier(s).count, 2);
  EXPECT_EQ(completed(s, 0), 1);
  EXPECT_EQ(completed(s, 1), 0);
}

TEST(Mbarrier, PendingBytesHoldThePhaseUntilTheyReachZero) {
  long long s = mbarrierInitialState(1);
  s = update(s, 1, 32);  // arrive.expect_tx 32
  EXPECT_EQ(decodeMbarrier(s).phase, 0);
  EXPECT_EQ(decodeMbarrier(s).pendingBytes, 32);
  s = update(s, 0, -16);
  EXPECT_EQ(decodeMbarrier(s).phase, 0);
  s = update(s, 0, -16);
  EXPECT_EQ(decodeMbarrier(s).phase, 1);
  EXPECT_EQ(decodeMbarrier(s).pendingBytes, 0);
}

TEST(Mbarrier, CompleteTxAheadOfExpectTxGoesNegative) {
  long long s = mbarrierInitialState(1);
  s = update(s, 0, -8);
  EXPECT_EQ(decodeMbarrier(s).pendingBytes, -8);
  s = update(s, 1, 0);
  EXPECT_EQ(decodeMbarrier(s).phase, 0) << "bytes still owed";
  s = update(s, 0, 8);
  EXPECT_EQ(decodeMbarrier(s).phase, 1);
}

TEST(Mbarrier, EarlyCompletionWhenBytesAreAnnouncedLate) {
  long long s = mbarrierInitialState(1);
  s = update(s, 1, 16);   // arrive.expect_tx for the first copy only
  s = update(s, 0, -16);  // the first copy lands
  EXPECT_EQ(decodeMbarrier(s).phase, 1) << "the phase completes before the second copy was announced";
}

}  // namespace
}  // namespace catcheck::core
