// The values a read can take without the solver (encoders/ReadRanges.h): a counter's reads are bounded by
// its least constant and its largest plus every write's increment; a location some write of which stores
// anything else is not; a counter no question observes is left alone. (The verdicts where a bound spares a
// 32-bit modulus are the suites': the Table 7 ticket locks, the CUDA rows' atomic counters.)
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "core/graph/EventGraph.h"
#include "core/ir/Mbarrier.h"
#include "encoders/ReadRanges.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

// What `analysis` (boundedReads or mbarrierReadDomains) says of each read of the litmus `text`, beside the
// name of the read's location; every initial value is known (0).
template <typename Analysis>
auto perRead(const char* text, const Analysis& analysis) {
  core::Program program = frontends::parseLitmusText(text, "test.litmus");
  core::EventGraph graph = core::buildEventGraph(program, 1);
  auto initial = [](int) { return std::optional<encoders::Formula::Range>(encoders::Formula::Range{0, 0}); };
  auto all = analysis(graph, initial);
  std::vector<std::pair<std::string, typename decltype(all)::value_type>> reads;
  for (const core::Event& e : graph.events) {
    if (e.kind != core::EventKind::Read) continue;
    reads.emplace_back(program.memory.at(static_cast<size_t>(e.physical)).name,
                       all[static_cast<size_t>(e.id)]);
  }
  return reads;
}

std::vector<std::optional<encoders::Formula::Range>> rangesOf(const char* text) {
  std::vector<std::optional<encoders::Formula::Range>> ranges;
  for (auto& [name, range] : perRead(text, encoders::boundedReads)) ranges.push_back(range);
  return ranges;
}

// x: two atomic adds (2 and 3), a load, add 1 and store, and a store of 5: a counter in [0, 5 + 2 + 3 + 1].
const char* kCounter = R"(PTX counter
{ x=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0                ;
 atom.relaxed.gpu.add r0, x, 2 | atom.relaxed.gpu.add r0, x, 3 ;
 ld.relaxed.gpu r1, x          | st.relaxed.gpu x, 5           ;
 add r2, r1, 1                 |                               ;
 st.relaxed.gpu x, r2          |                               ;
exists (P0:r1 == 10))";

TEST(ReadRanges, ACounterIsBoundedByItsConstantsAndIncrements) {
  auto reads = rangesOf(kCounter);
  ASSERT_EQ(reads.size(), 3u);
  for (const auto& range : reads) {
    ASSERT_TRUE(range);
    EXPECT_EQ(range->lo, 0);
    EXPECT_EQ(range->hi, 11);
  }
}

// The same with P0 storing twice its read: no counter.
const char* kDoubled = R"(PTX doubled
{ x=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0                ;
 atom.relaxed.gpu.add r0, x, 2 | atom.relaxed.gpu.add r0, x, 3 ;
 ld.relaxed.gpu r1, x          | st.relaxed.gpu x, 5           ;
 mul r2, r1, 2                 |                               ;
 st.relaxed.gpu x, r2          |                               ;
exists (P0:r1 == 10))";

// P1 stores into x a value it read from y: x's values come from elsewhere.
const char* kCopied = R"(PTX copied
{ x=0; y=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0       ;
 atom.relaxed.gpu.add r0, x, 2 | ld.relaxed.gpu r1, y ;
 ld.relaxed.gpu r1, x          | st.relaxed.gpu x, r1 ;
exists (P0:r1 == 10))";

// The condition reads no value of x: its bound would change no answer.
const char* kUnobserved = R"(PTX unobserved
{ x=0; y=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0                ;
 atom.relaxed.gpu.add r0, x, 2 | atom.relaxed.gpu.add r0, x, 3 ;
exists (y == 0))";

TEST(ReadRanges, OtherLocationsStayUnbounded) {
  for (const char* text : {kDoubled, kCopied, kUnobserved}) {
    auto reads = rangesOf(text);
    EXPECT_FALSE(reads.at(0)) << text;
  }
}

// The states each read of an mbarrier takes (mbarrierReadDomains), and its location's name per read.
auto mbarrierDomainsOf(const char* text) {
  return perRead(text, encoders::mbarrierReadDomains);
}

// Two arrivals on a barrier of count 1 (litmus/PTX/async/mbarrier-parity-aba.litmus): its reads take 0,
// the initial state, or that state after one or two completed phases (and 0 after them, as a read of no
// write would); x is no mbarrier.
const char* kTwoPhases = R"(PTX two-phases
{ x=0; mb=0; P1:r0=0; P1:r1=0; }
 P0@cta 0,gpu 0       | P1@cta 0,gpu 0                     ;
 mbarrier.init mb, 1  |                                    ;
 bar.cta.sync 0       | bar.cta.sync 0                     ;
 st.weak x, 1         | mbarrier.wait.parity mb, 0         ;
 mbarrier.arrive mb   | ld.weak r0, x                      ;
 mbarrier.arrive mb   | mbarrier.try_wait.parity r1, mb, 1 ;
exists (P1:r0 == 0))";

TEST(ReadRanges, MbarrierReadsTakeTheStatesItsUpdatesReach) {
  long long initialState = core::mbarrierInitialState(1);
  std::optional<long long> one = core::applyMbarrierUpdate(initialState, core::kArrivalUnit);
  ASSERT_TRUE(one);
  std::optional<long long> two = core::applyMbarrierUpdate(*one, core::kArrivalUnit);
  ASSERT_TRUE(two);
  EXPECT_EQ(*two / core::kPhaseUnit, 2);
  int mbarrierReads = 0;
  for (const auto& [name, domain] : mbarrierDomainsOf(kTwoPhases)) {
    if (name != "mb") {
      EXPECT_TRUE(domain.values.empty()) << name;
      continue;
    }
    ++mbarrierReads;
    EXPECT_FALSE(domain.open);
    for (long long state : {0LL, initialState, *one, *two}) {
      EXPECT_NE(std::find(domain.values.begin(), domain.values.end(), state), domain.values.end()) << state;
    }
    for (long long state : domain.values)
      EXPECT_LE(state / core::kPhaseUnit, 2) << "at most two phases complete";
  }
  EXPECT_EQ(mbarrierReads, 4) << "two waits and the read halves of two arrivals";
}

// complete_tx subtracts bytes: a chain of updates could come back to a state, so the list is open.
const char* kCompleteTx = R"(PTX complete-tx
{ mb=0; P1:r1=0; }
 P0@cta 0,gpu 0                   | P1@cta 0,gpu 0                     ;
 mbarrier.init mb, 1              |                                    ;
 bar.cta.sync 0                   | bar.cta.sync 0                     ;
 mbarrier.arrive.expect_tx mb, 16 | mbarrier.complete_tx mb, 16        ;
                                  | mbarrier.try_wait.parity r1, mb, 0 ;
exists (P1:r1 == 1))";

TEST(ReadRanges, MbarriersWithSubtractedBytesHaveAnOpenDomain) {
  long long initialState = core::mbarrierInitialState(1);
  for (const auto& [name, domain] : mbarrierDomainsOf(kCompleteTx)) {
    EXPECT_TRUE(domain.open) << name;
    EXPECT_NE(std::find(domain.values.begin(), domain.values.end(), initialState), domain.values.end());
  }
}

}  // namespace
}  // namespace catcheck
