// Where the PTX models make coherence total (encoders/TotalCoherence.h): on a location whose writes are all
// morally strong, not when one of them is weak, never when the model reads co other than through its
// closure; and the verdicts on such a location are the enumerator's.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/analysis/RelationAnalysis.h"
#include "core/concrete/Enumerator.h"
#include "core/graph/EventGraph.h"
#include "encoders/TotalCoherence.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

// Three atomic increments of x at one scope: pairwise morally strong (PTX ISA 8.7).
const char* kCounter = R"(PTX counter
{ x=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0                | P2@cta 1,gpu 0                ;
 atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r0, x, 1 ;
exists (x == 2))";

// The same with a weak store instead of the third increment: it is no morally strong pair with the others.
const char* kWeakWriter = R"(PTX counter-weak
{ x=0; }
 P0@cta 0,gpu 0                | P1@cta 0,gpu 0                | P2@cta 1,gpu 0 ;
 atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r0, x, 1 | st.weak x, 5   ;
exists (x == 2))";

struct Analysed {
  core::Model model;
  core::Program program;
  core::EventGraph graph;
  core::RelationAnalysis analysis;
  Analysed(core::Model m, const char* text)
      : model(std::move(m)),
        program(frontends::parseLitmusText(text, "test.litmus")),
        graph(core::buildEventGraph(program, 1)),
        analysis(model, graph) {}
};

core::Model ptxModel() {
  return cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
}

int writesOf(const core::EventGraph& graph) {
  int writes = 0;
  for (const core::Event& e : graph.events)
    if (e.tags.has(core::findTag("W").value())) ++writes;
  return writes;
}

TEST(TotalCoherence, AtomicsOfOneScopeMakeTheirLocationTotal) {
  Analysed a(ptxModel(), kCounter);
  std::optional<encoders::TotalCoherence> total = encoders::findTotalCoherence(a.model, a.analysis, 1);
  ASSERT_TRUE(total.has_value());
  EXPECT_EQ(total->events.count(), static_cast<size_t>(writesOf(a.graph)));  // 3 write halves and x's init
  EXPECT_EQ(writesOf(a.graph), 4);
}

TEST(TotalCoherence, AWeakWriterLeavesTheLocationPartial) {
  Analysed a(ptxModel(), kWeakWriter);
  std::optional<encoders::TotalCoherence> total = encoders::findTotalCoherence(a.model, a.analysis, 1);
  ASSERT_TRUE(total.has_value());
  EXPECT_EQ(total->events.count(), 0u);
}

TEST(TotalCoherence, NothingWhenTheModelReadsCoDirectly) {
  core::Model model = check::loadModelText(
      "let coplus = co+\n"
      "empty (([W] ; loc ; [W]) \\ id) \\ (coplus | coplus^-1) as total\n"
      "acyclic po | co as raw\n",
      "raw-co.cat");
  Analysed a(std::move(model), kCounter);
  EXPECT_FALSE(encoders::findTotalCoherence(a.model, a.analysis, 1).has_value());
}

TEST(TotalCoherence, VerdictsOnATotalLocationAreTheEnumerators) {
  size_t threshold = encoders::minTotalCoherenceWrites();
  encoders::minTotalCoherenceWrites() = 1;  // these three-write locations are made total
  for (const char* text : {kCounter, kWeakWriter}) {
    Analysed a(ptxModel(), text);
    core::Result enumerated =
        core::enumeratedVerdict(core::enumerate(a.model, a.graph), a.program, core::Property::ProgramSpec);
    check::CheckOptions options;
    options.property = core::Property::ProgramSpec;
    EXPECT_EQ(check::checkProgram(a.program, a.model, options).result, enumerated) << text;
  }
  encoders::minTotalCoherenceWrites() = threshold;
}

}  // namespace
}  // namespace catcheck
