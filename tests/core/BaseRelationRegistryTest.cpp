// The registry of base relations (core/analysis/BaseRelation.h): names round-trip, every name the `.cat`
// language accepts as a base relation resolves to its registry entry, static relations are fixed by the graph
// (may == must) on programs with threads, scopes, dependencies, barriers and SC fences, and every
// solver-decided relation owns its own part of the execution record.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "cat/Parser.h"
#include "core/analysis/BaseRelations.h"
#include "core/analysis/Execution.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Tags.h"
#include "frontends/Litmus.h"
#include "tests/core/TestPrograms.h"

namespace catcheck::core {
namespace {

// The names herd and Dat3M models use for relations they do not define.
const std::set<std::string> kExpectedNames = {"po",   "int",  "ext",    "id",  "loc",        "vloc",    "amo",
                                              "sr",   "scta", "ssg",    "swg", "sqf",        "sdv",     "ssw",
                                              "data", "ctrl", "rf",     "co",  "sync_fence", "syncbar", "aop",
                                              "addr", "lxsx", "casdep", "si",  "rcu-rscs"};

TEST(BaseRelationRegistry, DescriptorsAreIndexedByTheirIdAndNamesRoundTrip) {
  ASSERT_EQ(baseRelations().size(), kBaseRelationCount);
  std::set<std::string> names;
  for (size_t i = 0; i < baseRelations().size(); ++i) {
    const BaseRelationDescriptor& d = baseRelations()[i];
    EXPECT_EQ(static_cast<size_t>(d.id), i);
    EXPECT_EQ(&describe(d.id), &d);
    std::string name(d.name);
    EXPECT_TRUE(names.insert(name).second) << "duplicate name " << name;
    EXPECT_EQ(baseRelationNamed(name), d.id) << name;
    EXPECT_TRUE(isBaseRelationName(name)) << name;
    EXPECT_NE(d.bounds, nullptr) << name;
  }
  EXPECT_EQ(names, kExpectedNames);
  EXPECT_FALSE(baseRelationNamed("ACQ").has_value());
  EXPECT_FALSE(isBaseRelationName("fr"));
}

TEST(BaseRelationRegistry, EveryDecidedRelationHasExactlyOneDescriptor) {
  for (DecidedRelation decided : kDecidedRelations) {
    int owners = 0;
    for (const BaseRelationDescriptor& d : baseRelations()) owners += d.decided == decided ? 1 : 0;
    EXPECT_EQ(owners, 1);
    EXPECT_EQ(describe(baseRelationOf(decided)).decided, decided);
  }
}

TEST(BaseRelationRegistry, CatNamesResolveToTheirRegistryEntry) {
  for (const BaseRelationDescriptor& d : baseRelations()) {
    std::string name(d.name);
    Model model = cat::parseModelText("let r = " + name + "\nempty r \\ r\n", "names.cat");
    const Node& node = model.node(model.definitions.at("r"));
    EXPECT_TRUE(node.is(RelationOp::BaseRelation)) << name;
    EXPECT_EQ(node.base, d.id) << name;
    EXPECT_EQ(node.name, name);
  }
  Model model = cat::parseModelText("let s = ACQ\nempty [s] \\ id\n", "tags.cat");
  EXPECT_TRUE(model.node(model.definitions.at("s")).is(SetOp::TagSet));
}

TEST(BaseRelationRegistry, EachExecutionPartIsItsOwnField) {
  Execution x;
  std::set<const PairSet*> parts;
  for (DecidedRelation decided : kDecidedRelations) parts.insert(&x.chosen(decided));
  EXPECT_EQ(parts.size(), kDecidedRelations.size());
  EXPECT_EQ(&x.chosen(DecidedRelation::ReadsFrom), &x.rf);
  EXPECT_EQ(&x.chosen(DecidedRelation::Coherence), &x.co);
}

// Threads at several scopes, a dependency chain, a control barrier and SC fences.
const char* kScopedProgram = R"(PTX scoped
{ x=0; y=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0     | P2@cta 1,gpu 0       ;
 ld.relaxed.gpu r0, x | st.relaxed.cta y, 1 | fence.sc.gpu          ;
 st.relaxed.gpu y, r0 | bar.cta.sync 0      | ld.acquire.sys r1, y  ;
 bar.cta.sync 0       | fence.sc.cta        | st.weak x, 1          ;
 fence.sc.sys         | ld.weak r2, x       |                       ;
exists (P2:r1 == 1))";

void expectStaticRelationsFixed(const std::string& source, const std::string& file) {
  Program program = frontends::parseLitmusText(source, file);
  EventGraph graph = buildEventGraph(program, 1);
  for (const BaseRelationDescriptor& d : baseRelations()) {
    RelationBounds bounds = baseRelationBounds(graph, d.id);
    EXPECT_EQ(bounds.may.size(), graph.size()) << d.name;
    PairSet mustOutsideMay = bounds.must;
    EXPECT_TRUE(mustOutsideMay.subtract(bounds.may).empty()) << d.name;
    if (!d.decided) {
      EXPECT_TRUE(bounds.may == bounds.must) << d.name << " in " << file;
    }
  }
}

TEST(BaseRelationRegistry, StaticRelationsHaveMayEqualToMust) {
  expectStaticRelationsFixed(testing::kMessagePassingWithBranch, "mp.litmus");
  expectStaticRelationsFixed(kScopedProgram, "scoped.litmus");
}

TEST(BaseRelationRegistry, DecidedRelationsLeaveChoicesOnTheTestGraph) {
  Program program = frontends::parseLitmusText(kScopedProgram, "scoped.litmus");
  EventGraph graph = buildEventGraph(program, 1);
  for (BaseRelation decided : {BaseRelation::Rf, BaseRelation::Co, BaseRelation::SyncFence}) {
    RelationBounds bounds = baseRelationBounds(graph, decided);
    EXPECT_FALSE(bounds.may == bounds.must) << describe(decided).name;
  }
}

TEST(KnownTags, AreTheInternedTagsOfTheirNames) {
  EXPECT_EQ(tags::SC.id(), internTag("SC"));
  EXPECT_EQ(tags::CTA.id(), internTag("CTA"));
  EXPECT_EQ(tags::DV.name(), "DV");
  TagSet fence{"F", "SC"};
  EXPECT_TRUE(fence.has(tags::SC));
  EXPECT_FALSE(fence.has(tags::GPU));
}

}  // namespace
}  // namespace catcheck::core
