// `catcheck minimize` (issue 11) on our own deliberately over-synchronised and well-synchronised litmus
// tests (litmus/PTX/minimize, litmus/VULKAN/minimize) and on a Table 7 SPIR-V program: the table the command
// prints (as JSON) must match the expected minimisation kept as data in
// tests/suite/data/minimize-expected.csv (one row per synchronisation point: its status, its final text, and
// whether some relaxation of it holds only at the main size), and the program it writes must load again,
// verify, and be a fixpoint: minimising it again relaxes nothing. Bad input exits 2 with one message; a
// program that does not verify exits 1.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/suite/CatcheckProcess.h"

namespace catcheck::testing {
namespace {

const std::string kData = kSourceDir + "/tests/suite/data/";

// One line of a CSV file whose fields may be double-quoted (commas inside).
std::vector<std::string> csvFields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

struct ExpectedPoint {
  std::string location, status, final;
  bool onlyAtMainSize = false;
};

// A minimisation to run: test, model, options.
using Run = std::tuple<std::string, std::string, std::string>;

std::map<Run, std::vector<ExpectedPoint>> expectedRuns() {
  std::ifstream in(kData + "minimize-expected.csv");
  std::map<Run, std::vector<ExpectedPoint>> runs;
  std::string line;
  std::getline(in, line);  // header: test,model,options,location,status,final,only_at_main_size
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> f = csvFields(line);
    if (f.size() != 7) throw std::runtime_error("minimize-expected.csv: bad line: " + line);
    runs[{f[0], f[1], f[2]}].push_back({f[3], f[4], f[5], f[6] == "yes"});
  }
  return runs;
}

std::string pathOf(const std::string& test) {
  return test.rfind("spirv-benchmarks/", 0) == 0 ? kSuiteDir + "/" + test : kSourceDir + "/" + test;
}

// The location as the table gives it, relative to the test's folder ("file:line:col").
std::string shortLocation(const std::string& location) {
  size_t slash = location.rfind('/');
  return slash == std::string::npos ? location : location.substr(slash + 1);
}

nlohmann::json minimizeJson(const std::string& model, const std::string& path, const std::string& options,
                            int& exitCode) {
  SplitResult run = runCatcheckSplit("minimize " + kSourceDir + "/models/" + model + " " + path + " " +
                                     options + " --format json");
  exitCode = run.exitCode;
  if (run.exitCode != 0) throw std::runtime_error("minimize failed: " + run.err + run.out);
  return nlohmann::json::parse(run.out);
}

struct MinimizeCase {
  Run run;
  std::vector<ExpectedPoint> points;
  friend void PrintTo(const MinimizeCase& c, std::ostream* out) {
    *out << std::get<0>(c.run) << " " << std::get<1>(c.run) << " " << std::get<2>(c.run);
  }
};

class MinimizeExpected : public ::testing::TestWithParam<MinimizeCase> {};

TEST_P(MinimizeExpected, TableMatchesTheDataAndTheWrittenProgramVerifies) {
  const auto& [run, expected] = GetParam();
  const auto& [test, model, options] = run;
  std::string written =
      "/tmp/catcheck-minimize-test-" + std::to_string(getpid()) + "-" + test.substr(test.rfind('/') + 1);
  int exitCode = 0;
  nlohmann::json json = minimizeJson(model, pathOf(test), options + " --write " + written, exitCode);
  ASSERT_TRUE(json["verifies"].get<bool>());
  const nlohmann::json& points = json["points"];
  ASSERT_EQ(points.size(), expected.size()) << json.dump(2);
  for (size_t i = 0; i < expected.size(); ++i) {
    const nlohmann::json& p = points[i];
    bool onlyAtMain = false;
    for (const nlohmann::json& r : p["refused"])
      onlyAtMain = onlyAtMain || r["holds_at_main_size_only"].get<bool>();
    EXPECT_EQ(shortLocation(p["location"]), expected[i].location) << p.dump(2);
    EXPECT_EQ(p["status"], expected[i].status) << p.dump(2);
    EXPECT_EQ(p["final"], expected[i].final) << p.dump(2);
    EXPECT_EQ(onlyAtMain, expected[i].onlyAtMainSize) << p.dump(2);
    if (expected[i].status == "necessary") {
      EXPECT_FALSE(p["refused"].empty()) << p.dump(2);  // what breaks it
    }
  }
  // The written program loads, verifies and is minimal: minimising it again keeps every point as it is.
  nlohmann::json again = minimizeJson(model, written, options, exitCode);
  std::remove(written.c_str());
  EXPECT_TRUE(again["verifies"].get<bool>());
  for (const nlohmann::json& p : again["points"]) EXPECT_EQ(p["status"], "necessary") << p.dump(2);
}

std::string runName(const ::testing::TestParamInfo<MinimizeCase>& info) {
  const auto& [test, model, options] = info.param.run;
  std::string dialect = test.find("VULKAN") != std::string::npos ? "Vulkan_"
                        : test.find("PTX") != std::string::npos  ? "Ptx_"
                                                                 : "";
  std::string name = dialect + test.substr(test.rfind('/') + 1) + (options.empty() ? "" : "_" + options);
  for (char& c : name) c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name;
}

std::vector<MinimizeCase> allRuns() {
  std::vector<MinimizeCase> cases;
  for (auto& [run, points] : expectedRuns()) cases.push_back({run, points});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Data, MinimizeExpected, ::testing::ValuesIn(allRuns()), runName);

TEST(Minimize, TextTableNamesTheFailingExecutionOfEachNecessaryPoint) {
  CommandResult run = runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kSourceDir +
                                  "/litmus/PTX/minimize/MP-extra-fence.litmus");
  EXPECT_EQ(run.exitCode, 0) << run.output;
  EXPECT_NE(run.output.find("MP-extra-fence.litmus:11:2"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("redundant (removed)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("release -> relaxed: breaks program_spec: the exists-condition is reachable"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("Minimised: 2 necessary, 1 redundant, 0 relaxed; verifies at bound 1"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("Evaluator re-check (program_spec, bound 1): agrees: FAIL"), std::string::npos)
      << run.output;
}

TEST(Minimize, ProgramThatDoesNotVerifyExitsOneWithItsWitness) {
  CommandResult run = runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kSourceDir +
                                  "/litmus/PTX/MP-weak.litmus");
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_NE(run.output.find("The program does not verify: program_spec PASS at bound 1"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("Witness:\n"), std::string::npos) << run.output;
}

TEST(Minimize, UnknownStopsAndAsksForAHigherBound) {
  CommandResult run =
      runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kData + "minimize-unknown.litmus");
  EXPECT_EQ(run.exitCode, 1) << run.output;
  EXPECT_NE(run.output.find("The program does not verify: program_spec UNKNOWN at bound 1: a loop bound is "
                            "reachable: increase --bound\n"),
            std::string::npos)
      << run.output;
}

TEST(Minimize, MissingFileIsBadInput) {
  CommandResult run =
      runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kData + "no-such.litmus");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, kData + "no-such.litmus:1:1: error: cannot open program file\n");
}

TEST(Minimize, BadPropertyIsBadInput) {
  CommandResult run = runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kSourceDir +
                                  "/litmus/PTX/minimize/MP-exact.litmus --property safety");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output,
            "catcheck: unknown property 'safety' (expected program_spec, cat_spec, termination, "
            "participation, warp_drf, well_synchronized, deterministic or memory_safety)\n");
}

TEST(Minimize, BadLitmusGivesOneMessage) {
  CommandResult run =
      runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kData + "bad-qualifier.litmus");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, kData +
                            "bad-qualifier.litmus:4:5: error: unexpected 'foo', expected 'weak', 'relaxed', "
                            "'acquire', 'release', 'acq_rel' or 'sc'\n");
}

TEST(Minimize, GridForALitmusTestIsBadInput) {
  CommandResult run = runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kSourceDir +
                                  "/litmus/PTX/minimize/MP-exact.litmus --also 2,1,1");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, "catcheck: a thread grid (--config, --also T,S,W) applies to SPIR-V programs only\n");
}

TEST(Minimize, BadAlsoIsBadInput) {
  CommandResult run = runCatcheck("minimize " + kSourceDir + "/models/ptx-v7.5.cat " + kSourceDir +
                                  "/litmus/PTX/minimize/MP-exact.litmus --also two");
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_EQ(run.output, "catcheck: --also two: expected a bound K or a grid T,S,W of positive integers\n");
}

}  // namespace
}  // namespace catcheck::testing
