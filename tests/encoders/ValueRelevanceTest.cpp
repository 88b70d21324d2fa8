// Which read values a question observes (encoders/ValueRelevance.h), and that the relaxed question gives the
// full question's verdicts: a race found with free values, a final-state condition over a read that must
// stay observed, reachable and unreachable.
#include <gtest/gtest.h>

#include <string>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/graph/EventGraph.h"
#include "encoders/ValueRelevance.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

// r0 flows into y, and P1 reads y: observed only when the condition is.
const char* kChain = R"(PTX chain
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 ld.weak r0, x  | ld.weak r1, y  ;
 st.weak y, r0  |                ;
exists (P1:r1 == 1))";

int observedCount(const core::EventGraph& graph, bool conditionsObserved) {
  std::vector<char> observed = encoders::observableReads(graph, conditionsObserved);
  int count = 0;
  for (const core::Event& e : graph.events) count += e.kind == core::EventKind::Read && observed[e.id];
  return count;
}

TEST(ValueRelevance, AReadIsObservedThroughTheWritesItsObserverMayReadFrom) {
  core::Program program = frontends::parseLitmusText(kChain, "chain.litmus");
  core::EventGraph graph = core::buildEventGraph(program, 1);
  EXPECT_EQ(observedCount(graph, false), 0);
  EXPECT_EQ(observedCount(graph, true), 2);  // P1's read, and through y's write P0's read of x
}

// One writer of x and `readers` threads that each copy x to a location of their own; P1's copy is the one the
// condition reads. Enough free reads for the relaxed question to be asked (Checker.cpp).
std::string copiers(int readers, const std::string& condition) {
  std::string init = "{ x=0;", header, loads, stores;
  for (int t = 0; t <= readers; ++t) {
    std::string sep = t == 0 ? " " : " | ";
    header += sep + "P" + std::to_string(t) + "@cta 0,gpu 0";
    if (t == 0) {
      loads += sep + "st.relaxed.gpu x, 1";
      stores += sep + "st.relaxed.gpu x, 2";
      continue;
    }
    init += " c" + std::to_string(t) + "=0;";
    loads += sep + "ld.relaxed.gpu r0, x";
    stores += sep + "st.relaxed.gpu c" + std::to_string(t) + ", r0";
  }
  return "PTX copiers\n" + init + " }\n" + header + " ;\n" + loads + " ;\n" + stores + " ;\n" + condition;
}

core::Model ptxModel() {
  return cat::loadModel(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
}

TEST(ValueRelevance, ConditionsOverObservedReadsKeepTheirVerdicts) {
  core::Model model = ptxModel();
  check::CheckOptions options;
  options.property = core::Property::ProgramSpec;
  struct Case {
    std::string condition;
    core::Result expected;
  };
  for (const Case& c : {Case{"exists (P1:r0 == 2 /\\ c1 == 2)", core::Result::Pass},
                        Case{"exists (P1:r0 == 3)", core::Result::Fail},
                        Case{"exists (c2 == 1 /\\ P1:r0 == 2)", core::Result::Pass}}) {
    core::Program program = frontends::parseLitmusText(copiers(40, c.condition), "copiers.litmus");
    core::EventGraph graph = core::buildEventGraph(program, 1);
    ASSERT_GE(40 - observedCount(graph, true), 32) << "the relaxed question is asked";
    EXPECT_EQ(check::checkProgram(program, model, options).result, c.expected) << c.condition;
  }
}

TEST(ValueRelevance, ARaceFoundWithFreeValuesHasAWitnessTheEvaluatorAccepts) {
  // Weak accesses to x race; the witness is confirmed with every value and re-checked by the evaluator.
  std::string text = copiers(40, "exists (P1:r0 == 1)");
  for (std::string::size_type at; (at = text.find("ld.relaxed.gpu")) != std::string::npos;)
    text.replace(at, 14, "ld.weak");
  core::Program program = frontends::parseLitmusText(text, "copiers.litmus");
  check::CheckOptions options;
  options.property = core::Property::CatSpec;
  options.explain = true;  // the witness is extracted and re-checked
  core::Verdict verdict = check::checkProgram(program, ptxModel(), options);
  EXPECT_EQ(verdict.result, core::Result::Fail);
  EXPECT_EQ(verdict.firedFlag, "data-race");
}

}  // namespace
}  // namespace catcheck
