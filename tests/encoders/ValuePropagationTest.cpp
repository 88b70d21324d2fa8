// Read values propagated along an execution's fixed choices (encoders/ValuePropagation.h): a value passed
// through a chain of threads settles whatever order the threads are run in, an unknown initial value is the
// input given, a cycle of reads-from through data settles on a fixed point (which the solver then checks),
// an execution no run of a thread matches gives no values, and the execution built from the runs carries
// their values to every read, write, final register and final memory value.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

#include "core/analysis/Execution.h"
#include "core/graph/EventGraph.h"
#include "encoders/ValuePropagation.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

// P1 copies x to y, P0 copies y to z: P0's read depends on P1's write, which runs after P0 in thread order.
const char* kChain = R"(PTX chain
{ x=5; y=0; z=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 ld.weak r0, y  | ld.weak r1, x  ;
 st.weak z, r0  | st.weak y, r1  ;
exists (P0:r0 == 5))";

// Each thread copies what it reads to the other's location: with rf from each other's write, the values
// are whatever the cycle assumes.
const char* kThinAir = R"(PTX lb
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 ld.weak r0, x  | ld.weak r1, y  ;
 st.weak y, r0  | st.weak x, r1  ;
exists (P0:r0 == 1))";

struct Fixture {
  core::Program program;
  core::EventGraph graph;
  core::Execution execution;
  explicit Fixture(const char* text) : program(frontends::parseLitmusText(text, "t.litmus")) {
    graph = core::buildEventGraph(program, 1);
    execution.executed = core::EventSet(graph.size());
    for (const core::Event& e : graph.events) execution.executed.add(e.id);
    execution.rf = core::PairSet(graph.size());
    // What a relaxed answer left free: every value 0.
    execution.value.assign(static_cast<size_t>(graph.size()), 0);
    execution.co = core::PairSet(graph.size());
    execution.sameLocation = core::PairSet(graph.size());
    for (const core::Event& a : graph.events)
      for (const core::Event& b : graph.events)
        if (a.location >= 0 && a.location == b.location) execution.sameLocation.add(a.id, b.id);
    for (const core::Thread& thread : program.threads)
      execution.finalRegisters.emplace_back(thread.registerNames.size(), 0);
    execution.finalMemory.assign(program.memory.size(), 0);
  }
  // The read values of the execution propagated from `inputs`, or nothing.
  std::optional<std::map<int, long long>> propagatedReads(const std::map<int, long long>& inputs = {}) const {
    std::optional<core::Execution> x = encoders::propagatedExecution(graph, execution, inputs);
    if (!x) return std::nullopt;
    return encoders::readValuesOf(graph, *x);
  }
  // The event of thread t with kind `kind` (its first), or the init write of `location`'s memory object.
  int event(int thread, core::EventKind kind) const {
    for (const core::Event& e : graph.events)
      if (e.thread == thread && e.kind == kind) return e.id;
    return -1;
  }
  int init(const std::string& location) const {
    for (const core::Event& e : graph.events)
      if (e.kind == core::EventKind::Init && program.memory[static_cast<size_t>(e.location)].name == location)
        return e.id;
    return -1;
  }
};

TEST(ValuePropagation, AValuePassedAlongAChainSettles) {
  Fixture f(kChain);
  using core::EventKind;
  int p0Read = f.event(0, EventKind::Read), p1Read = f.event(1, EventKind::Read);
  f.execution.rf.add(f.init("x"), p1Read);
  f.execution.rf.add(f.event(1, EventKind::Write), p0Read);
  auto reads = f.propagatedReads();
  ASSERT_TRUE(reads.has_value());
  EXPECT_EQ(reads->at(p1Read), 5);
  EXPECT_EQ(reads->at(p0Read), 5);
}

TEST(ValuePropagation, AnUnknownInitialValueIsTheInputGiven) {
  Fixture f(kChain);
  using core::EventKind;
  int p0Read = f.event(0, EventKind::Read), p1Read = f.event(1, EventKind::Read);
  f.execution.rf.add(f.init("y"), p0Read);
  f.execution.rf.add(f.init("x"), p1Read);
  auto reads = f.propagatedReads({{f.init("x"), 9}});
  ASSERT_TRUE(reads.has_value());
  EXPECT_EQ(reads->at(p1Read), 9);
  EXPECT_EQ(reads->at(p0Read), 0);
}

TEST(ValuePropagation, ACycleThroughDataSettlesOnAFixedPoint) {
  Fixture f(kThinAir);
  using core::EventKind;
  f.execution.rf.add(f.event(1, EventKind::Write), f.event(0, EventKind::Read));
  f.execution.rf.add(f.event(0, EventKind::Write), f.event(1, EventKind::Read));
  auto reads = f.propagatedReads();
  ASSERT_TRUE(reads.has_value());
  EXPECT_EQ(reads->at(f.event(0, EventKind::Read)), 0);
}

TEST(ValuePropagation, AnExecutionNoRunMatchesGivesNoValues) {
  Fixture f(kChain);
  using core::EventKind;
  f.execution.rf.add(f.init("y"), f.event(0, EventKind::Read));
  f.execution.rf.add(f.init("x"), f.event(1, EventKind::Read));
  f.execution.executed.remove(f.event(1, EventKind::Write));  // no run of P1 skips its store
  EXPECT_FALSE(f.propagatedReads().has_value());
}

}  // namespace
TEST(ValuePropagation, TheExecutionCarriesTheValuesItsRunsProduce) {
  Fixture f(kChain);
  using core::EventKind;
  int p0Read = f.event(0, EventKind::Read), p1Read = f.event(1, EventKind::Read);
  f.execution.rf.add(f.init("x"), p1Read);
  f.execution.rf.add(f.event(1, EventKind::Write), p0Read);
  auto x = encoders::propagatedExecution(f.graph, f.execution, {});
  ASSERT_TRUE(x.has_value());
  EXPECT_EQ(x->value[static_cast<size_t>(p0Read)], 5);
  EXPECT_EQ(x->value[static_cast<size_t>(f.event(0, EventKind::Write))], 5);
  EXPECT_EQ(x->finalRegisters[0][0], 5);
  EXPECT_EQ(x->finalRegisters[1][0], 5);
  for (size_t m = 0; m < f.program.memory.size(); ++m)
    EXPECT_EQ(x->finalMemory[m], 5) << f.program.memory[m].name;  // x from the start, y and z copied
}

}  // namespace catcheck
