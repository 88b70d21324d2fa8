// Every `.cat` model of the reference suite (shared/suite/reference-models) loads over the suite's stdlib,
// yields a well-formed relation graph, and has the axioms, flags and recursion we expect of it. A model
// file without an expectation here fails the test rather than being skipped.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <thread>
#include <tuple>

#include "TestSupport.h"
#include "cat/Parser.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;
using testing::printDefinition;

struct Expectation {
  std::string name;                 // the model name line
  std::vector<std::string> axioms;  // names, in order
  std::vector<std::string> flags;   // names of the model's own flagged axioms
  size_t recursives = 0;
};

const std::vector<std::string> kStdlibAxioms{"empty@stdlib.cat:16:1", "undefined-behavior"};
const std::vector<std::string> kPtxAxioms{"empty@stdlib.cat:16:1", "undefined-behavior", "axiom-Coherence",
                                          "axiom-Coherence2",      "axiom-FenceSC",      "axiom-Atomicity",
                                          "axiom-NoThinAir"};
const std::vector<std::string> kVulkanAxioms{"empty@stdlib.cat:16:1", "undefined-behavior",
                                             "consistency-cycle", "consistency-rf", "atomic"};

std::vector<std::string> concat(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const std::map<std::string, Expectation>& expectations() {
  static const std::map<std::string, Expectation> table{
      {"ptx-v6.0.cat", {"PTX", concat(kPtxAxioms, {"axiom-ScPerLocation", "axiom-Causality"}), {}, 1}},
      {"ptx-v7.5.cat", {"PTX", concat(kPtxAxioms, {"axiom-Causality"}), {}, 0}},
      {"vulkan.cat", {"VULKAN", concat(kVulkanAxioms, {"racy"}), {"racy"}, 0}},
      {"vulkan-nochains.cat", {"VULKAN", concat(kVulkanAxioms, {"racy"}), {"racy"}, 0}},
      {"opencl.cat",
       {"OpenCL",
        concat(kStdlibAxioms, {"O-HbG", "O-HbL", "O-CohG", "O-CohL", "O-Rf", "O-NaRfG", "O-NaRfL", "atomic",
                               "O-Sscoped", "data_race", "unsequenced_race"}),
        {"data_race", "unsequenced_race"},
        0}},
      {"stdlib.cat", {"", {"empty@16:1", "undefined-behavior"}, {}, 0}},  // read once, as the model itself
  };
  return table;
}

Model loadReference(const std::string& file) {
  return loadModel((testing::referenceModels() / file).string(), testing::referenceStdlib().string());
}

// The kind each operand of `node` must have; nullopt: the node's own kind.
std::optional<Kind> operandKind(const Node& node) {
  if (node.is(SetOp::Domain) || node.is(SetOp::Range)) return Kind::Relation;
  if (node.is(RelationOp::Product) || node.is(RelationOp::IdentityOn)) return Kind::Set;
  return std::nullopt;
}

// Operands exist, kinds match the operators, recursion variables are defined, and no two nodes are equal.
void expectWellFormed(const Model& model) {
  std::set<std::tuple<core::NodeOp, std::string, std::vector<NodeId>, int>> seen;
  for (const Node& node : model.nodes) {
    for (NodeId arg : node.args) ASSERT_TRUE(arg >= 0 && static_cast<size_t>(arg) < model.nodes.size());
    if (node.is(RelationOp::RecursiveRef)) {
      ASSERT_LT(static_cast<size_t>(node.recursive), model.recursives.size());
    }
    for (NodeId arg : node.args) EXPECT_EQ(model.node(arg).kind(), operandKind(node).value_or(node.kind()));
    EXPECT_TRUE(seen.insert({node.op, node.name, node.args, node.recursive}).second);
  }
  for (const RecursiveDefinition& recursive : model.recursives)
    EXPECT_EQ(model.node(recursive.body).kind(), Kind::Relation);
  for (const Axiom& axiom : model.axioms) EXPECT_EQ(model.node(axiom.relation).kind(), Kind::Relation);
}

TEST(CatReferenceModels, EveryModelLoadsAsExpected) {
  size_t checked = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(testing::referenceModels())) {
    if (entry.path().extension() != ".cat") continue;
    std::string file = entry.path().filename().string();
    SCOPED_TRACE(file);
    auto expected = expectations().find(file);
    ASSERT_NE(expected, expectations().end()) << "no expectation for " << file;
    Model model = loadReference(file);
    expectWellFormed(model);
    EXPECT_EQ(model.name, expected->second.name);
    std::vector<std::string> axioms, flags;
    for (const Axiom& axiom : model.axioms) axioms.push_back(axiom.name);
    for (size_t i = 2; i < model.axioms.size(); ++i) {
      if (model.axioms[i].flagged) flags.push_back(model.axioms[i].name);
    }
    EXPECT_EQ(axioms, expected->second.axioms);
    EXPECT_EQ(flags, expected->second.flags);
    EXPECT_EQ(model.recursives.size(), expected->second.recursives);
    ++checked;
  }
  EXPECT_EQ(checked, expectations().size());
}

TEST(CatReferenceModels, Ptx60RedefinesCoherenceAndRecursesOnObservation) {
  Model model = loadReference("ptx-v6.0.cat");
  EXPECT_EQ(printDefinition(model, "co"), "TransitiveClosure(co)");
  EXPECT_EQ(printDefinition(model, "fr"), "Composition(Inverse(rf),TransitiveClosure(co))");
  EXPECT_EQ(printDefinition(model, "observation"), "rec:observation");
  const RecursiveDefinition& observation = model.recursives.at(0);
  EXPECT_EQ(observation.name, "observation");
  EXPECT_NE(testing::print(model, observation.body)
                .find("Composition(Composition(rec:observation,Union(amo,lxsx)),rec:observation)"),
            std::string::npos);
  EXPECT_EQ(printDefinition(model, "sync_barrier"), "Intersection(syncbar,scta)");
  const Axiom& noThinAir = model.axioms.at(6);
  EXPECT_EQ(noThinAir.kind, AxiomKind::Acyclic);
  EXPECT_EQ(testing::print(model, noThinAir.relation), "Union(rf,Union(Union(addr,data),ctrl))");
}

TEST(CatReferenceModels, Ptx75ProxiesAndCausality) {
  Model model = loadReference("ptx-v7.5.cat");
  EXPECT_EQ(printDefinition(model, "same-proxy"),
            "Union(Union(Union(Product(GEN,GEN),Product(SUR,SUR)),Product(TEX,TEX)),Product(CON,CON))");
  EXPECT_EQ(printDefinition(model, "po-vloc"), "Intersection(po,vloc)");
  const Axiom& causality = model.axioms.back();
  EXPECT_EQ(causality.kind, AxiomKind::Irreflexive);
  EXPECT_TRUE(model.node(causality.relation).is(RelationOp::Composition));
}

TEST(CatReferenceModels, VulkanFunctionsAndRaceFlag) {
  for (const char* file : {"vulkan.cat", "vulkan-nochains.cat"}) {
    Model model = loadReference(file);
    EXPECT_FALSE(model.definitions.contains("imm"));
    EXPECT_FALSE(model.definitions.contains("ithbsemsc"));
    EXPECT_EQ(printDefinition(model, "PRIV"), "Difference(Union(R,W),NONPRIV)");
    EXPECT_EQ(printDefinition(model, "asmo").rfind("Intersection(co,", 0), 0u);
    const Axiom& race = model.axioms.back();
    EXPECT_TRUE(race.flagged);
    EXPECT_TRUE(race.negated);
    EXPECT_EQ(race.kind, AxiomKind::Empty);
    EXPECT_EQ(race.relation, model.definitions.at("dr"));
  }
  EXPECT_EQ(printDefinition(loadReference("vulkan.cat"), "chains"),
            "Product(Difference(Union(Union(Union(Union(M,F),CBAR),AVDEVICE),VISDEVICE),IW),"
            "Difference(Union(Union(Union(Union(M,F),CBAR),AVDEVICE),VISDEVICE),IW))");
  EXPECT_EQ(printDefinition(loadReference("vulkan-nochains.cat"), "chains"),
            "IdentityOn(Difference(Union(Union(Union(Union(M,F),CBAR),AVDEVICE),VISDEVICE),IW))");
}

TEST(CatReferenceModels, OpenClComplementsAndSetArguments) {
  Model model = loadReference("opencl.cat");
  EXPECT_FALSE(model.definitions.contains("dynamic_tag"));
  EXPECT_EQ(printDefinition(model, "unv"), "Product(_,_)");
  EXPECT_EQ(printDefinition(model, "rs_prime"), "Union(Product(_,RMW),int)");
  EXPECT_NE(printDefinition(model, "mo")
                .find("IdentityOn(Range(Composition(IdentityOn(Intersection(IW,"
                      "Complement(NAL))),loc)))"),
            std::string::npos);
  const Node& rs = model.node(model.definitions.at("rs"));
  const Node& notShadowed = model.node(rs.args[1]);
  EXPECT_TRUE(notShadowed.is(RelationOp::Complement));
  EXPECT_EQ(notShadowed.kind(), Kind::Relation);
}

TEST(CatReferenceModels, ModelsLoadConcurrently) {
  size_t expected = loadReference("vulkan.cat").nodes.size();
  std::vector<size_t> sizes(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < sizes.size(); ++i) {
    threads.emplace_back(
        [&sizes, i] { sizes[i] = loadReference(i % 2 ? "vulkan.cat" : "opencl.cat").nodes.size(); });
  }
  for (std::thread& thread : threads) thread.join();
  for (size_t i = 1; i < sizes.size(); i += 2) EXPECT_EQ(sizes[i], expected);
  EXPECT_EQ(sizes[0], loadReference("opencl.cat").nodes.size());
}

}  // namespace
}  // namespace catcheck::cat
