// Spin-loop detection and unrolling: a side-effect-free wait loop gets one copy whose back-edge is a spin
// terminator; a loop that writes memory or carries a live register gets `bound` copies, the last one
// ending in a Bound jump; iterations and barrier instances are numbered per copy.
#include <gtest/gtest.h>

#include <string>

#include "core/graph/EventGraph.h"
#include "frontends/Litmus.h"

namespace catcheck::core {
namespace {

int countSteps(const UnrolledThread& thread, const std::function<bool(const Step&)>& test) {
  int n = 0;
  for (const Step& s : thread.steps) n += test(s) ? 1 : 0;
  return n;
}

TEST(LoopUnrolling, SideEffectFreeWaitLoopGetsOneCopy) {
  Program program = frontends::parseLitmusText(R"(PTX wait
{ flag=0; }
 P0@cta 0,gpu 0          ;
 LC00:                   ;
 ld.relaxed.gpu r0, flag ;
 bne r0, 1, LC00         ;
exists (0==0))",
                                               "wait.litmus");
  EventGraph graph = buildEventGraph(program, 4);
  const UnrolledThread& t = graph.threads[0];
  EXPECT_EQ(t.iterations.size(), 1U);
  EXPECT_EQ(countSteps(t, [](const Step& s) { return s.backEdge; }), 1);
  EXPECT_EQ(countSteps(t, [](const Step& s) { return s.role == JumpRole::Bound; }), 1);
  for (const Step& s : t.steps) {
    if (s.backEdge) {
      EXPECT_TRUE(s.liveWritten.empty()) << "r0 is written before it is read";
    }
  }
}

TEST(LoopUnrolling, LoopWithStoresGetsBoundCopies) {
  Program program = frontends::parseLitmusText(R"(PTX lock
{ m=0; }
 P0@cta 0,gpu 0                 ;
 LC00:                          ;
 atom.relaxed.gpu.exch r0, m, 1 ;
 bne r0, 0, LC00                ;
exists (0==0))",
                                               "lock.litmus");
  EventGraph graph = buildEventGraph(program, 3);
  const UnrolledThread& t = graph.threads[0];
  ASSERT_EQ(t.iterations.size(), 3U);
  EXPECT_EQ(t.iterations[2].index, 2);
  EXPECT_EQ(countSteps(t, [](const Step& s) { return s.backEdge; }), 3);
  EXPECT_EQ(countSteps(t, [](const Step& s) { return s.role == JumpRole::Bound; }), 1);
  EXPECT_EQ(graph.size(), 1 + 3 * 2) << "one init write and three read/write pairs";
}

TEST(LoopUnrolling, LiveLoopCarriedRegisterIsCompared) {
  Program program = frontends::parseLitmusText(R"(PTX count
{ }
 P0@cta 0,gpu 0  ;
 LC00:           ;
 add r1, r1, 1   ;
 bne r1, 5, LC00 ;
exists (0==0))",
                                               "count.litmus");
  EventGraph graph = buildEventGraph(program, 2);
  const UnrolledThread& t = graph.threads[0];
  EXPECT_EQ(t.iterations.size(), 2U);
  for (const Step& s : t.steps) {
    if (s.backEdge) {
      EXPECT_EQ(s.liveWritten, std::vector<int>{0});
    }
  }
}

TEST(LoopUnrolling, BarriersInEarlierCopiesGetDistinctInstances) {
  Program program = frontends::parseLitmusText(R"(PTX barrier-loop
{ x=0; }
 P0@cta 0,gpu 0       ;
 LC00:                ;
 bar.cta.sync 1       ;
 atom.relaxed.gpu.add r0, x, 1 ;
 bne r0, 3, LC00      ;
exists (0==0))",
                                               "barrier-loop.litmus");
  EventGraph graph = buildEventGraph(program, 2);
  std::vector<std::string> instances;
  for (const Step& s : graph.threads[0].steps) {
    if (s.kind == InstructionKind::Barrier) instances.push_back(s.barrierInstance);
  }
  ASSERT_EQ(instances.size(), 2U);
  EXPECT_NE(instances[0], instances[1]);
  EXPECT_EQ(instances[1], "1") << "the last copy keeps the bare instance id";
}

TEST(LoopUnrolling, BackJumpsToOneHeaderFormOneLoop) {
  Program program = frontends::parseLitmusText(R"(PTX two-back-jumps
{ x=0; }
 P0@cta 0,gpu 0                ;
 LC00:                         ;
 atom.relaxed.gpu.add r0, x, 1 ;
 beq r0, 1, LC00               ;
 bne r0, 4, LC00               ;
exists (0==0))",
                                               "two.litmus");
  EventGraph graph = buildEventGraph(program, 3);
  EXPECT_EQ(graph.threads[0].iterations.size(), 3U);
  EXPECT_EQ(countSteps(graph.threads[0], [](const Step& s) { return s.backEdge; }), 6);
}

// A do-while loop that stores r0 to x and counts r0 down to 0; `setup` is the init, `start` what runs
// before the loop.
Program countdown(const std::string& setup, const std::string& start) {
  return frontends::parseLitmusText("PTX countdown\n{ " + setup + " }\n P0@cta 0,gpu 0   ;\n" + start +
                                        " LOOP:            ;\n st.weak x, r0    ;\n sub r0, r0, 1    ;\n"
                                        " bne r0, 0, LOOP  ;\nexists (0==0)",
                                    "countdown.litmus");
}

// Regression: a do-while loop (a conditional back-edge) used to fall through into the next unrolled copy
// when its condition failed, running the body again; it now leaves the loop. The counter is loaded, so
// constant propagation cannot tell which copies run and every copy stays.
TEST(LoopUnrolling, ConditionalBackEdgeLeavesTheLoopWhenNotTaken) {
  Program program = countdown("x=0; y=1;", " ld.weak r0, y    ;\n");
  EventGraph graph = buildEventGraph(program, 3);
  const UnrolledThread& t = graph.threads[0];
  ASSERT_EQ(countSteps(t, [](const Step& s) { return s.backEdge; }), 3);
  for (size_t s = 0; s < t.steps.size(); ++s) {
    const Step& step = t.steps[s];
    if (!step.backEdge || step.role == JumpRole::Bound) continue;
    ASSERT_LT(s + 1, t.steps.size());
    const Step& next = t.steps[s + 1];
    EXPECT_EQ(next.kind, InstructionKind::Jump);
    EXPECT_TRUE(next.unconditional);
    EXPECT_EQ(next.jumpTarget, static_cast<int>(t.steps.size()) - 1)
        << "to the exit label after the last copy";
  }
}

// A counter the program fixes runs the loop twice: the copies past the second are reached by no path, so
// they make no events and their bound jump is gone (an unreachable bound cannot make a verdict UNKNOWN).
TEST(LoopUnrolling, CopiesPastAFixedTripCountMakeNoEvents) {
  Program program = countdown("x=0; P0:r0=2;", "");
  EventGraph graph = buildEventGraph(program, 5);
  const UnrolledThread& t = graph.threads[0];
  int stores = 0;
  for (const Event& e : graph.events) stores += e.kind == EventKind::Write;
  EXPECT_EQ(stores, 2);
  EXPECT_EQ(countSteps(t, [](const Step& s) { return s.role == JumpRole::Bound; }), 0);
  EXPECT_EQ(countSteps(t, [](const Step& s) { return s.backEdge; }), 2) << "the two copies that run";
  ASSERT_FALSE(t.iterations.empty());
  for (const Iteration& iteration : t.iterations)
    EXPECT_TRUE(iteration.fixedTripCount) << "no execution runs it forever: it cannot spin or stop";
}

// A loop on a loaded counter may reach its bound: its iterations may spin or stop.
TEST(LoopUnrolling, ALoopOnALoadedCounterHasNoFixedTripCount) {
  Program program = countdown("x=0; y=1;", " ld.weak r0, y    ;\n");
  EventGraph graph = buildEventGraph(program, 3);
  ASSERT_FALSE(graph.threads[0].iterations.empty());
  for (const Iteration& iteration : graph.threads[0].iterations) EXPECT_FALSE(iteration.fixedTripCount);
}

}  // namespace
}  // namespace catcheck::core
