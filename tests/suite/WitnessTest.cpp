// Witnesses a person can read: why an axiom fails or a flag fires on an execution (the cycle or pair, edge
// by edge), the witness as Graphviz DOT that `dot` accepts, and the single check's JSON and plain output.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "cat/Parser.h"
#include "check/Check.h"
#include "check/WitnessExplain.h"
#include "check/WitnessFormat.h"
#include "core/concrete/Evaluator.h"
#include "frontends/Litmus.h"
#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

namespace fs = std::filesystem;

const std::string kPtx75 = kSourceDir + "/models/ptx-v7.5.cat";
const std::string kMpWeak = kSourceDir + "/litmus/PTX/MP-weak.litmus";

bool dotInstalled() {
  return std::system("command -v dot >/dev/null 2>&1") == 0;
}

// Checks MP-weak (its stale read is allowed under PTX 7.5) and hands the witness to `use`.
void withMpWeakWitness(const std::function<void(const core::EventGraph&, const core::Execution&)>& use) {
  core::Program program = frontends::parseLitmusFile(kMpWeak);
  check::CheckOptions options;
  options.explain = true;
  bool called = false;
  options.onWitness = [&](const core::EventGraph& graph, const core::Execution& execution) {
    called = true;
    use(graph, execution);
  };
  EXPECT_EQ(check::checkProgram(program, cat::loadModel(kPtx75), options).result, core::Result::Pass);
  EXPECT_TRUE(called);
}

TEST(Witness, ShortestCycle) {
  core::PairSet r(5);
  for (auto [a, b] : {std::pair{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 3}}) r.add(a, b);
  EXPECT_EQ(check::shortestCycle(r), (std::vector<int>{3, 4}));
  r.remove(4, 3);
  EXPECT_EQ(check::shortestCycle(r), (std::vector<int>{0, 1, 2}));
  r.remove(2, 0);
  EXPECT_TRUE(check::shortestCycle(r).empty());
}

TEST(Witness, FailedAxiomsShowTheirCycleOrPair) {
  core::Model model = cat::parseModelText(
      "acyclic po | rf | fr as sc\n"
      "empty rf ; po as rf-then-po\n"
      "~empty co ; co as two-co\n"
      "flag ~empty fr as stale-read\n");
  withMpWeakWitness([&](const core::EventGraph& graph, const core::Execution& execution) {
    core::Evaluator evaluator(model, graph, execution);
    EXPECT_EQ(check::failedAxioms(model, graph, evaluator),
              (std::vector<std::string>{"axiom sc fails (acyclic) on this cycle:\n"
                                        "    e2 P0: st.weak x, 1\n"
                                        "      -[po]-> e3 P0: st.weak flag, 1\n"
                                        "      -[rf]-> e4 P1: ld.weak r0, flag\n"
                                        "      -[po]-> e5 P1: ld.weak r1, x\n"
                                        "      -[fr]-> e2 P0: st.weak x, 1\n",
                                        "axiom rf-then-po fails (empty) on this pair:\n"
                                        "    e3 P0: st.weak flag, 1\n"
                                        "      -[rf]-> e4 P1: ld.weak r0, flag\n"
                                        "      -[po]-> e5 P1: ld.weak r1, x\n",
                                        "axiom two-co fails (~empty): the relation is empty\n"}));
    EXPECT_EQ(check::firedFlags(model, graph, evaluator),
              (std::vector<std::string>{"flag stale-read fires (~empty) on this pair:\n"
                                        "    e5 P1: ld.weak r1, x\n"
                                        "      -[fr]-> e2 P0: st.weak x, 1\n"}));
  });
}

TEST(Witness, UnknownRelationsToShowAreRejected) {
  core::Model model = cat::loadModel(kPtx75);
  EXPECT_EQ(check::resolveRelations(model, {"fre", "rf"}).size(), 2U);
  EXPECT_THROW(check::resolveRelations(model, {"no-such-relation"}), std::invalid_argument);
  EXPECT_THROW(check::resolveRelations(model, {"W"}), std::invalid_argument);
}

TEST(Witness, DotOfMessagePassingRendersWithGraphviz) {
  if (!dotInstalled()) GTEST_SKIP() << "Graphviz 'dot' is not installed here (.ci/setup installs it)";
  std::string dot;
  core::Model model = cat::loadModel(kPtx75);
  auto shown = check::resolveRelations(model, {"fre", "causality-order"});
  withMpWeakWitness([&](const core::EventGraph& graph, const core::Execution& execution) {
    core::Evaluator evaluator(model, graph, execution);
    dot = check::executionAsDot(graph, execution, check::evaluateRelations(evaluator, shown));
  });
  EXPECT_NE(dot.find("subgraph cluster_P1"), std::string::npos) << dot;
  EXPECT_NE(dot.find("e5 -> e2 [label=\"fre\""), std::string::npos) << dot;
  ScratchFolder dir;
  std::ofstream(dir / "mp.dot") << dot;
  std::string command = "dot -Tsvg " + dir / "mp.dot" + " -o " + dir / "mp.svg" + " 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0);
  EXPECT_NE(readText(dir / "mp.svg").find("<svg"), std::string::npos);
}

TEST(Witness, CommandLineWritesDotAndSvg) {
  ScratchFolder dir;
  std::string dotFile = dir / "w.dot";
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak + " --witness " + dotFile + " --show fre,po-loc");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(readText(dotFile).find("label=\"fre\""), std::string::npos);
  if (!dotInstalled()) GTEST_SKIP() << "Graphviz 'dot' is not installed here (.ci/setup installs it)";
  std::string svgFile = dir / "w.svg";
  run = runCatcheck(kPtx75 + " " + kMpWeak + " --witness " + svgFile + " --show fre");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(readText(svgFile).find("<svg"), std::string::npos);
}

// Termination witnesses are re-checked by the evaluator (onWitness runs after the re-check accepted the
// witness). Under HSA a thread may never start: the witness records the steps each thread reached, and the
// re-check follows them.
TEST(Witness, TerminationWitnessWithAnUnstartedThreadIsRechecked) {
  core::Program program =
      frontends::parseLitmusFile(kSuiteDir + "/litmus/VULKAN/CADP/2_threads_2_instructions/4_simple.litmus");
  check::CheckOptions options;
  options.explain = true;
  options.property = core::Property::Termination;
  options.bound = 4;
  options.progress = core::parseProgressSpec("HSA");
  bool called = false;
  bool someThreadStops = false;
  options.onWitness = [&](const core::EventGraph&, const core::Execution& execution) {
    called = true;
    someThreadStops = execution.threadsMayStop() && !execution.terminated;
  };
  core::Verdict verdict =
      check::checkProgram(program, cat::loadModel(kSourceDir + "/models/vulkan.cat"), options);
  EXPECT_EQ(verdict.result, core::Result::Fail);
  EXPECT_TRUE(called);
  EXPECT_TRUE(someThreadStops);
}

// Regression: in this witness (cvc5's) one thread of workgroup 1 stops blocked at the workgroup barrier and
// the other never starts. The evaluator picked, for the unstarted thread, a run blocked at the barrier too
// (its free registers matched), so every member "reached" a barrier that did not execute, and it rejected
// the witness. It now follows the steps the witness says each thread reached.
TEST(Witness, TerminationWitnessWithAStoppedWorkgroupIsRecheckedUnderBothSolvers) {
  core::Program program =
      check::loadProgramFile(kSuiteDir + "/spirv/vulkan/termination/mp-wg_obe-t_hsa.spvasm");
  core::Model model = cat::loadModel(kSourceDir + "/models/vulkan.cat");
  for (encoders::SolverKind solver : {encoders::SolverKind::Z3, encoders::SolverKind::Cvc5}) {
    check::CheckOptions options;
    options.solver.kind = solver;
    options.explain = true;
    options.property = core::Property::Termination;
    options.bound = 1;
    options.progress = core::parseProgressSpec("FAIR;QF=HSA");
    bool rechecked = false;
    options.onWitness = [&](const core::EventGraph&, const core::Execution&) { rechecked = true; };
    core::Verdict verdict;
    EXPECT_NO_THROW(verdict = check::checkProgram(program, model, options)) << encoders::solverName(solver);
    EXPECT_EQ(verdict.result, core::Result::Fail) << encoders::solverName(solver);
    EXPECT_TRUE(rechecked) << encoders::solverName(solver);
  }
}

TEST(Witness, NoExecutionNoFile) {
  ScratchFolder dir;
  std::string dotFile = dir / "w.dot";
  std::string test = kSourceDir + "/litmus/PTX/MP-release-acquire.litmus";
  CommandResult run = runCatcheck(kPtx75 + " " + test + " --witness " + dotFile);
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_FALSE(fs::exists(dotFile));
  EXPECT_NE(run.output.find("catcheck: no witness to write to " + dotFile +
                            ": the exists-condition is unreachable: outcome forbidden\n"),
            std::string::npos)
      << run.output;
}

TEST(Witness, ShowNeedsWitnessAndKnownRelations) {
  EXPECT_EQ(runCatcheck(kPtx75 + " " + kMpWeak + " --show fre").exitCode, 2);
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak + " --witness w.dot --show nope");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, "catcheck: the model defines no relation named 'nope'\n");
}

TEST(Witness, JsonVerdictParsesBack) {
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak + " --format json", true);
  ASSERT_EQ(run.exitCode, 0) << run.output;
  nlohmann::json json = nlohmann::json::parse(run.output);
  EXPECT_EQ(json["test"], "MP-weak");
  EXPECT_EQ(json["model"], "ptx-v7.5");
  EXPECT_EQ(json["property"], "program_spec");
  EXPECT_EQ(json["bound"], 1);
  EXPECT_EQ(json["result"], "PASS");
  EXPECT_EQ(json["explanation"], "the exists-condition is reachable: outcome allowed");
  EXPECT_EQ(json["condition"], "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
  EXPECT_TRUE(json["flag"].is_null());
  EXPECT_TRUE(json["pair"].is_null());
  EXPECT_NE(json["witness"].get<std::string>().find("final: P1:r0=1 P1:r1=0"), std::string::npos);
  EXPECT_GE(json["times"]["total"].get<double>(), json["times"]["solve"].get<double>());
}

TEST(Witness, PipedOutputHasNoColours) {
  CommandResult run = runCatcheck(kPtx75 + " " + kMpWeak);
  EXPECT_NE(run.output.find("Result: PASS  "), std::string::npos) << run.output;
  EXPECT_EQ(run.output.find('\033'), std::string::npos);
}

}  // namespace
}  // namespace catcheck::testing
