// The values a read can take without the solver (encoders/ReadRanges.h): a counter's reads are bounded by
// its least constant and its largest plus every write's increment; a location some write of which stores
// anything else is not; a counter no question observes is left alone. (The verdicts where a bound spares a
// 32-bit modulus are the suites': the Table 7 ticket locks, the CUDA rows' atomic counters.)
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "core/graph/EventGraph.h"
#include "encoders/ReadRanges.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

std::vector<std::optional<encoders::Formula::Range>> rangesOf(const char* text) {
  core::Program program = frontends::parseLitmusText(text, "test.litmus");
  core::EventGraph graph = core::buildEventGraph(program, 1);
  auto initial = [](int) { return std::optional<encoders::Formula::Range>(encoders::Formula::Range{0, 0}); };
  std::vector<std::optional<encoders::Formula::Range>> ranges = encoders::boundedReads(graph, initial);
  std::vector<std::optional<encoders::Formula::Range>> reads;
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Read) reads.push_back(ranges[static_cast<size_t>(e.id)]);
  }
  return reads;
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

}  // namespace
}  // namespace catcheck
