// Accesses whose address is computed at run time (docs/design.md decision 2): a litmus test whose store and
// load are rewritten to go through a register that holds y's address (1). The alias analysis makes them
// may-alias every location; the values decide where they land. Expected verdicts sit next to each case.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/analysis/BaseRelations.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

// z holds y's address; P0 stores 7 through it and reads it back through it.
const char* kThroughRegister = R"(PTX computed-address
{ x=0; y=0; z=1; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 ld.weak r0, z  | ld.weak r2, y  ;
 st.weak x, 7   |                ;
 ld.weak r1, x  |                ;
%s)";

core::Program program(const std::string& condition) {
  std::string text = kThroughRegister;
  text.replace(text.find("%s"), 2, condition);
  core::Program p = frontends::parseLitmusText(text, "computed.litmus");
  for (int i : {1, 2}) {  // the store and the second load go through r0
    core::Instruction& in = p.threads[0].code[static_cast<size_t>(i)];
    in.access().address = -1;
    in.access().computedAddress = core::Expr::registerValue(p.threads[0].registerIndex("r0"));
  }
  return p;
}

core::Result check(const std::string& condition, core::Property property = core::Property::ProgramSpec) {
  core::Model model = check::loadModelFile(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  check::CheckOptions options;
  options.property = property;
  options.explain = true;  // witnesses are extracted and re-checked by the evaluator
  core::Program p = program(condition);
  return check::checkProgram(p, model, options).result;
}

TEST(ComputedAddress, StoreAndLoadReachTheLocationTheRegisterNames) {
  EXPECT_EQ(check("forall (x == 0 /\\ y == 7 /\\ P0:r1 == 7)"), core::Result::Pass);
}

TEST(ComputedAddress, OtherOutcomesAreUnreachable) {
  EXPECT_EQ(check("exists (x == 7)"), core::Result::Fail);
  EXPECT_EQ(check("exists (P0:r1 == 0)"), core::Result::Fail);
}

// The other thread's read of y may see the store through the register: a witness the evaluator re-checks
// (checkProgram throws WitnessRejected when it disagrees).
TEST(ComputedAddress, AnotherThreadReadsTheStoreThroughTheRegister) {
  EXPECT_EQ(check("exists (P1:r2 == 7)"), core::Result::Pass);
}

TEST(ComputedAddress, AliasAnalysisMakesComputedAccessesMayAlias) {
  core::Program p = program("exists (x == 7)");
  core::EventGraph graph = core::buildEventGraph(p, 1);
  core::RelationBounds loc = core::baseRelationBounds(graph, core::BaseRelation::Loc);
  int inits = static_cast<int>(p.memory.size());
  int store = inits + 1;  // P0: ld z, st, ld
  int initX = 0, initY = 1;
  EXPECT_TRUE(loc.may.has(store, initX));
  EXPECT_TRUE(loc.may.has(store, initY));
  EXPECT_FALSE(loc.must.has(store, initY));
  EXPECT_TRUE(loc.must.has(initX, initX));
  EXPECT_FALSE(loc.may.has(initX, initY));
}

}  // namespace
}  // namespace catcheck

namespace catcheck {
namespace {

// A compare-exchange that fails (x is never 1): PTX's atom.cas still writes the old value back; OpenCL's
// (CompareExchangeOnSuccess) writes nothing. With an unknown initial value x may start at 1, and then it
// succeeds and writes.
const char* kFailingCas = R"(PTX cas-fails
{ x=0; }
 P0@cta 0,gpu 0                    | P1@cta 1,gpu 0 ;
 atom.relaxed.gpu.cas r0, x, 1, 2  | st.relaxed.gpu x, 5 ;
%s)";

struct CasRun {
  core::Result result;
  bool casWrote = false;  // in the witness
};

CasRun checkCas(core::RmwOp op, const std::string& condition, bool unknownInitialValue = false) {
  core::Model model = check::loadModelFile(cat::defaultModelsDirectory() + "/ptx-v7.5.cat");
  std::string text = kFailingCas;
  text.replace(text.find("%s"), 2, condition);
  core::Program p = frontends::parseLitmusText(text, "cas.litmus");
  p.threads[0].code[0].access().rmwOp = op;
  p.memory[0].initialValueUnknown = unknownInitialValue;
  check::CheckOptions options;
  options.explain = true;
  CasRun run;
  options.onWitness = [&](const core::EventGraph& graph, const core::Execution& x) {
    int write = graph.threads[0].steps[0].events.at(1);
    run.casWrote = x.executed.has(write);
  };
  run.result = check::checkProgram(p, model, options).result;
  return run;
}

TEST(CompareExchange, AlwaysStoringCasWritesEvenWhenItFails) {
  CasRun run = checkCas(core::RmwOp::CompareExchange, "exists (P0:r0 == 0)");
  EXPECT_EQ(run.result, core::Result::Pass);
  EXPECT_TRUE(run.casWrote);
}

TEST(CompareExchange, OnSuccessCasWritesNothingWhenItFails) {
  CasRun run = checkCas(core::RmwOp::CompareExchangeOnSuccess, "exists (P0:r0 == 0)");
  EXPECT_EQ(run.result, core::Result::Pass);
  EXPECT_FALSE(run.casWrote);
  EXPECT_EQ(checkCas(core::RmwOp::CompareExchangeOnSuccess, "exists (P0:r0 == 1)").result,
            core::Result::Fail);
}

TEST(UnknownInitialValue, MayBeTheValueTheCasExpects) {
  CasRun run = checkCas(core::RmwOp::CompareExchangeOnSuccess, "exists (P0:r0 == 1)", true);
  EXPECT_EQ(run.result, core::Result::Pass);
  EXPECT_TRUE(run.casWrote);
}

}  // namespace
}  // namespace catcheck
