// `catcheck diff`: the tests it lists are exactly those whose verdicts differ between the two models, both
// against the reference suite's own expectations (Vulkan with and without chains) and against the two
// models run separately, for one-axiom edits of our PTX and Vulkan models written at test time; and each
// listed test comes with the execution and the axiom of the other model that rejects it.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cat/Parser.h"
#include "core/ir/SourceLocation.h"
#include "runner/BulkRun.h"
#include "runner/Diff.h"
#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

namespace fs = std::filesystem;

using Verdicts = std::map<std::string, std::pair<std::string, std::string>>;  // test -> (first, second)

// The table at the top of the diff output: `test  RESULT  RESULT` rows under a header, up to a blank line.
Verdicts parseTable(const std::string& output) {
  Verdicts table;
  std::istringstream in(output);
  std::string line;
  if (!std::getline(in, line) || line.rfind("test ", 0) != 0) return table;
  while (std::getline(in, line) && !line.empty()) {
    std::istringstream row(line);
    std::string test, first, second;
    row >> test >> first >> second;
    table[test] = {first, second};
  }
  return table;
}

// Issue 10: models/ptx-v8.cat extends PTX 7.5 with asynchronous operations and mbarriers and must give every
// PTX 7.5 suite row the verdict ptx-v7.5.cat gives.
TEST(Diff, PtxV8AgreesWithPtxV75OnEveryPtx75SuiteRow) {
  CommandResult run =
      runCatcheck("diff " + kSourceDir + "/models/ptx-v7.5.cat " + kSourceDir +
                  "/models/ptx-v8.cat --manifest " + kSuiteDir + "/manifest.csv --suite PTXv7_5 --jobs 2");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_TRUE(parseTable(run.output).empty()) << run.output;
  EXPECT_NE(lastLine(run.output).find(" tests, 0 differ"), std::string::npos) << run.output;
  EXPECT_NE(lastLine(run.output).rfind("0 tests", 0), 0U) << "the suite must not be empty";
}

TEST(Diff, VulkanChainsChangeExactlyTheRacesTheSuiteExpects) {
  std::string manifest = kSuiteDir + "/manifest.csv";
  std::map<std::string, std::string> withChains, withoutChains;
  for (const runner::ManifestRow& row : runner::readManifest(manifest)) {
    std::string test = fs::path(row.test).lexically_relative(kSuiteDir).string();
    if (row.suite == "VULKAN-DR") withChains[test] = core::resultName(row.expected);
    if (row.suite == "VULKAN-DR-NOCHAINS") withoutChains[test] = core::resultName(row.expected);
  }
  Verdicts expected;
  for (const auto& [test, verdict] : withoutChains) {
    ASSERT_EQ(withChains.count(test), 1U) << test;
    if (withChains[test] != verdict) expected[test] = {withChains[test], verdict};
  }
  ASSERT_FALSE(expected.empty());
  CommandResult run = runCatcheck("diff " + kSourceDir + "/models/vulkan.cat " + kSourceDir +
                                  "/models/vulkan-nochains.cat --property cat_spec --manifest " + manifest +
                                  " --suite VULKAN-DR-NOCHAINS --jobs 2");
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_EQ(parseTable(run.output), expected) << run.output;
  EXPECT_EQ(lastLine(run.output),
            std::to_string(withoutChains.size()) + " tests, " + std::to_string(expected.size()) + " differ");
  EXPECT_NE(run.output.find(
                "Under vulkan:\n  every axiom holds (the execution is consistent), and no flag fires\n"),
            std::string::npos)
      << run.output;
}

// One edit of one of our models, and the tests to compare the original and the edited copy on.
struct Edit {
  std::string name;  // of the edited copy
  std::string model;
  std::string from, to;  // the text replaced
  std::string folder;    // in the reference suite
  core::Property property;
  std::string excerpt;  // expected in the diff's output
};

std::ostream& operator<<(std::ostream& out, const Edit& edit) {
  return out << edit.name;
}

std::string writeEditedModel(const Edit& edit, const ScratchFolder& folder) {
  std::string text = readText(kSourceDir + "/models/" + edit.model);
  size_t at = text.find(edit.from);
  if (at == std::string::npos) throw std::runtime_error(edit.model + " no longer contains: " + edit.from);
  text.replace(at, edit.from.size(), edit.to);
  std::string path = folder / (edit.name + ".cat");
  std::ofstream(path) << text;
  return path;
}

// The tests below the folder whose verdicts differ when each model checks them on its own, named as diff
// names them (from the folder's own name down).
Verdicts separateVerdicts(const std::string& first, const std::string& second, const Edit& edit) {
  core::Model models[2] = {cat::loadModel(first), cat::loadModel(second)};
  fs::path folder = kSuiteDir + "/" + edit.folder;
  check::CheckOptions options;
  options.property = edit.property;
  Verdicts differing;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.path().extension() != ".litmus") continue;
    std::string a = core::resultName(check::checkFile(entry.path().string(), models[0], options).result);
    std::string b = core::resultName(check::checkFile(entry.path().string(), models[1], options).result);
    if (a != b) differing[entry.path().lexically_relative(folder.parent_path()).string()] = {a, b};
  }
  return differing;
}

class DiffOfEditedModel : public ::testing::TestWithParam<Edit> {};

TEST_P(DiffOfEditedModel, ListsExactlyTheTestsWhoseVerdictsChange) {
  const Edit& edit = GetParam();
  ScratchFolder folder;
  std::string original = kSourceDir + "/models/" + edit.model, edited = writeEditedModel(edit, folder);
  Verdicts expected = separateVerdicts(original, edited, edit);
  CommandResult run = runCatcheck("diff " + original + " " + edited + " " + kSuiteDir + "/" + edit.folder +
                                  " --property " + core::propertyName(edit.property) + " --jobs 2");
  EXPECT_FALSE(expected.empty()) << "the edit changes no verdict: pick another";
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_EQ(parseTable(run.output), expected) << run.output;
  EXPECT_NE(run.output.find(edit.excerpt), std::string::npos) << run.output;
}

INSTANTIATE_TEST_SUITE_P(
    DiffOneAxiomEdits, DiffOfEditedModel,
    ::testing::Values(Edit{"ptx-v7.5-nocausality", "ptx-v7.5.cat",
                           "irreflexive (rf | fr) ; causality-order as causality", "", "litmus/PTX/Manual",
                           core::Property::ProgramSpec,
                           "Manual/CoRR-acquire-weak.litmus: ptx-v7.5 PASS, ptx-v7.5-nocausality FAIL\n"
                           "Execution found under ptx-v7.5-nocausality:\n"},
                      Edit{"ptx-v7.5-po-coherence", "ptx-v7.5.cat",
                           "empty (([W] ; causality-order ; [W]) & loc) \\ co as coherence",
                           "empty (([W] ; po ; [W]) & loc) \\ co as coherence", "litmus/PTX/Manual",
                           core::Property::ProgramSpec,
                           "Under ptx-v7.5:\n  axiom coherence fails (empty) on this pair:\n"},
                      Edit{"ptx-v6.0-no-sc-per-location", "ptx-v6.0.cat",
                           "acyclic (morally-strong & communication) | po-loc as sc-per-location", "",
                           "litmus/PTX/Manual", core::Property::ProgramSpec,
                           "Under ptx-v6.0:\n  axiom sc-per-location fails (acyclic) on this cycle:\n"},
                      Edit{"vulkan-races-ignore-mutual-order", "vulkan.cat",
                           "conflicting \\ (mutually-ordered | id | locord | locord^-1)",
                           "conflicting \\ (id | locord | locord^-1)", "litmus/VULKAN/Data-Race",
                           core::Property::CatSpec, "  flag data-race fires (~empty) on this pair:\n"}),
    [](const ::testing::TestParamInfo<Edit>& info) {
      std::string name = info.param.name;
      for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
      return name;
    });

TEST(Diff, TheCausalityWitnessShowsTheSelfPair) {
  ScratchFolder folder;
  Edit edit{"ptx-v7.5-nocausality",
            "ptx-v7.5.cat",
            "irreflexive (rf | fr) ; causality-order as causality",
            "",
            "",
            {},
            ""};
  std::string edited = writeEditedModel(edit, folder);
  CommandResult run = runCatcheck("diff " + kSourceDir + "/models/ptx-v7.5.cat " + edited + " " + kSuiteDir +
                                  "/litmus/PTX/Manual/CoRR-acquire-weak.litmus");
  EXPECT_EQ(run.exitCode, 1);
  EXPECT_NE(run.output.find("Under ptx-v7.5:\n"
                            "  axiom causality fails (irreflexive) on this self pair:\n"
                            "      e3 P1: ld.weak r2, x\n"
                            "        -[fr]-> e1 P0: st.release.gpu x, 1\n"
                            "        -[causality-order]-> e3 P1: ld.weak r2, x\n"
                            "\n1 tests, 1 differ\n"),
            std::string::npos)
      << run.output;
}

TEST(Diff, SameModelDiffersNowhere) {
  std::string model = kSourceDir + "/models/ptx-v7.5.cat";
  CommandResult run = runCatcheck("diff " + model + " " + model + " " + kSourceDir + "/litmus/PTX");
  int tests = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kSourceDir + "/litmus/PTX"))
    tests += entry.path().extension() == ".litmus" ? 1 : 0;
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_EQ(run.output, std::to_string(tests) + " tests, 0 differ\n");
}

TEST(Diff, BadUsageExitsTwo) {
  std::string model = kSourceDir + "/models/ptx-v7.5.cat";
  CommandResult run = runCatcheck("diff " + model + " " + model);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, "catcheck: diff needs tests: --manifest FILE, or litmus files and folders\n");
  EXPECT_EQ(runCatcheck("diff " + model + " " + model + " x.litmus --manifest m.csv").exitCode, 2);
  run = runCatcheck("diff " + model + " " + model + " no-such-folder");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, "no-such-folder:1:1: error: no such test file or folder\n");
}

TEST(Diff, BadTestIsAnErrorRow) {
  std::string model = kSourceDir + "/models/ptx-v7.5.cat";
  std::string bad = kSourceDir + "/tests/suite/data/bad-qualifier.litmus";
  CommandResult run = runCatcheck("diff " + model + " " + model + " " + bad);
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.output.find("ERROR    " + bad + ": " + bad + ":4:5: error: unexpected 'foo'"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(lastLine(run.output), "1 tests, 0 differ, 1 errors");
}

TEST(Diff, ManifestTestsAreDeduplicatedAndOverridden) {
  std::vector<runner::ManifestRow> rows(3);
  rows[0].test = "/m/litmus/a.litmus";
  rows[0].property = "program_spec";
  rows[1] = rows[0];
  rows[1].model = "other.cat";
  rows[2] = rows[0];
  rows[2].property = "cat_spec";
  auto tests = runner::testsFromManifest(rows, "/m/manifest.csv", {});
  ASSERT_EQ(tests.size(), 2U);
  EXPECT_EQ(tests[0].name, "litmus/a.litmus");
  EXPECT_EQ(tests[1].property, core::Property::CatSpec);
  tests = runner::testsFromManifest(rows, "/m/manifest.csv", {core::Property::CatSpec, 3});
  ASSERT_EQ(tests.size(), 1U);
  EXPECT_EQ(tests[0].bound, 3);
}

}  // namespace
}  // namespace catcheck::testing
