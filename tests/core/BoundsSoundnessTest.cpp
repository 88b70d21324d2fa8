// Relation analysis is sound (issue 13): for every relation and set a model defines, on every consistent
// execution the enumerator finds, the must pairs whose two events execute are related, and every related
// pair is a may pair (must ⊆ value ⊆ may; the same for sets). The encoder turns a pair outside may into
// false and a must pair into "both execute", so a violation here is a wrong verdict waiting to happen.
// Models: ours (models/) and the reference ones (../shared/suite/reference-models), each with the tests of
// its target: our litmus/ tests and the suite's, those the enumerator finishes within its limits (the
// others are skipped). opencl.cat is left out: its programs are
// SPIR-V kernels, whose event graphs are mostly too big to enumerate.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/analysis/RelationAnalysis.h"
#include "core/concrete/Enumerator.h"
#include "core/concrete/Evaluator.h"
#include "core/graph/EventGraph.h"

namespace catcheck::core {
namespace {

namespace fs = std::filesystem;

const std::string kSourceDir = CATCHECK_SOURCE_DIR;
const std::string kSuiteDir = CATCHECK_SUITE_DIR;
constexpr size_t kTestsPerFolder = 1000;   // every test of each suite folder
constexpr size_t kExecutionsPerTest = 64;  // consistent executions checked per test

struct ModelCase {
  std::string path;
  std::string target;  // PTX or VULKAN: which litmus tests it reads
};

std::vector<ModelCase> models() {
  std::vector<ModelCase> cases;
  for (const std::string& dir :
       std::vector<std::string>{kSourceDir + "/models", kSuiteDir + "/reference-models"}) {
    for (std::string name : {"ptx-v6.0", "ptx-v7.5", "vulkan", "vulkan-nochains"}) {
      fs::path path = fs::path(dir) / (name + ".cat");
      if (fs::exists(path)) cases.push_back({path.string(), name.starts_with("ptx") ? "PTX" : "VULKAN"});
    }
  }
  return cases;
}

std::vector<std::string> testsOf(const std::string& target) {
  std::vector<std::string> tests;
  std::vector<fs::path> folders;
  if (target == "PTX") folders.push_back(fs::path(kSourceDir) / "litmus" / "PTX");
  fs::path suite = fs::path(kSuiteDir) / "litmus" / target;
  if (fs::exists(suite)) {
    for (const fs::directory_entry& entry : fs::directory_iterator(suite))
      if (entry.is_directory()) folders.push_back(entry.path());
  }
  for (const fs::path& folder : folders) {
    std::vector<std::string> names;
    for (const fs::directory_entry& entry : fs::directory_iterator(folder))
      if (entry.path().extension() == ".litmus") names.push_back(entry.path().string());
    std::sort(names.begin(), names.end());
    names.resize(std::min(names.size(), kTestsPerFolder));
    tests.insert(tests.end(), names.begin(), names.end());
  }
  return tests;
}

// The first violation of must ⊆ value ⊆ may on this execution, or "".
std::string violation(const Model& model, const EventGraph& graph, const RelationAnalysis& analysis,
                      const Execution& execution) {
  Evaluator evaluator(model, graph, execution);
  for (size_t id = 0; id < model.nodes.size(); ++id) {
    auto node = static_cast<NodeId>(id);
    if (!model.nodes[id].isSet()) {
      const RelationBounds& bounds = analysis.relation(node);
      const PairSet& value = evaluator.relation(node);
      std::string found;
      value.forEach([&](int a, int b) {
        if (found.empty() && !bounds.may.has(a, b))
          found = "node " + std::to_string(id) + ": pair (" + std::to_string(a) + "," + std::to_string(b) +
                  ") related but not a may pair";
      });
      bounds.must.forEach([&](int a, int b) {
        if (found.empty() && execution.executed.has(a) && execution.executed.has(b) && !value.has(a, b))
          found = "node " + std::to_string(id) + ": must pair (" + std::to_string(a) + "," +
                  std::to_string(b) + ") not related";
      });
      if (!found.empty()) return found;
    } else {
      const SetBounds& bounds = analysis.set(node);
      const EventSet& value = evaluator.set(node);
      std::string found;
      value.forEach([&](int e) {
        if (found.empty() && !bounds.may.has(e))
          found = "set node " + std::to_string(id) + ": event " + std::to_string(e) + " not a may member";
      });
      bounds.must.forEach([&](int e) {
        if (found.empty() && execution.executed.has(e) && !value.has(e))
          found = "set node " + std::to_string(id) + ": must event " + std::to_string(e) + " not a member";
      });
      if (!found.empty()) return found;
    }
  }
  return "";
}

void PrintTo(const ModelCase& c, std::ostream* out) {
  *out << c.path;
}

class BoundsSoundness : public ::testing::TestWithParam<ModelCase> {};

TEST_P(BoundsSoundness, MustWithinValueWithinMayOnEveryEnumeratedExecution) {
  const ModelCase& c = GetParam();
  Model model = cat::loadModel(c.path);
  int checkedTests = 0;
  long long checkedExecutions = 0;
  for (const std::string& test : testsOf(c.target)) {
    Program program = check::loadProgramFile(test, {});
    EventGraph graph = buildEventGraph(program, 1);
    EnumerationLimits limits;
    limits.keepExecutions = kExecutionsPerTest;
    EnumerationResult result = enumerate(model, graph, limits);
    if (!result.complete) continue;  // too big to enumerate: not one of the tests this checks
    RelationAnalysis analysis(model, graph);
    for (const Execution& execution : result.examples) {
      std::string problem = violation(model, graph, analysis, execution);
      ASSERT_EQ(problem, "") << test;
      ++checkedExecutions;
    }
    ++checkedTests;
  }
  EXPECT_GT(checkedTests, 0);
  EXPECT_GT(checkedExecutions, 0);
  std::cout << c.path << ": " << checkedTests << " tests, " << checkedExecutions << " executions\n";
}

std::string caseName(const ::testing::TestParamInfo<ModelCase>& info) {
  std::string name = fs::path(info.param.path).parent_path().filename().string() + "_" +
                     fs::path(info.param.path).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) == 0; },
      '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Models, BoundsSoundness, ::testing::ValuesIn(models()), caseName);

}  // namespace
}  // namespace catcheck::core
