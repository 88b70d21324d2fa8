// The two engines agree (DESIGN.md decision 7): for every program_spec and cat_spec row of the reference
// manifest whose test is small enough to enumerate (the enumerator's default limits: 48 events, 4096 paths
// per thread, 100000 path combinations and evaluations), the verdict computed from the enumerated
// executions equals the SMT verdict, under our models. Termination rows are not compared: the enumerator
// has no progress-model semantics (written reason; they are covered by the regression runs).
#include "cat/Parser.h"
#include "core/Enumerator.h"
#include "core/EventGraph.h"
#include "core/Manifest.h"
#include "encoders/Checker.h"
#include "frontends/Litmus.h"

#include <gtest/gtest.h>

#include <iostream>
#include <map>

namespace catcheck {
namespace {

const std::string kSuite = CATCHECK_SUITE_DIR;
const std::string kModels = std::string(CATCHECK_SOURCE_DIR) + "/models";

class EnumerationAgreement : public ::testing::TestWithParam<const char*> {};

TEST_P(EnumerationAgreement, EnumeratedAndSmtVerdictsAgree) {
  const std::string architecture = GetParam();
  std::map<std::string, cat::Model> models;
  int compared = 0, tooLarge = 0, termination = 0;
  for (const core::ManifestRow& row : core::readManifest(kSuite + "/manifest.csv")) {
    if (row.suite.rfind(architecture, 0) != 0) continue;
    core::Property property = core::parseProperty(row.property);
    if (property == core::Property::Termination) {
      ++termination;
      continue;
    }
    auto model = models.find(row.model);
    if (model == models.end()) model = models.emplace(row.model, cat::loadModel(kModels + "/" + row.model)).first;
    core::Program program = frontends::parseLitmusFile(row.test);
    core::EnumerationResult enumerated = core::enumerate(model->second, core::buildEventGraph(program, row.bound));
    if (!enumerated.complete) {
      ++tooLarge;
      continue;
    }
    ++compared;
    encoders::CheckOptions options;
    options.property = property;
    options.bound = row.bound;
    core::Result smt = encoders::check(program, model->second, options).result;
    EXPECT_STREQ(core::resultName(core::enumeratedVerdict(enumerated, program, property)), core::resultName(smt))
        << row.suite << " " << row.test << " [" << row.model << ", " << row.property << "]";
  }
  std::cout << architecture << ": " << compared << " rows compared, " << tooLarge << " too large to enumerate, "
            << termination << " termination rows not compared\n";
  EXPECT_GT(compared, 0);
}

INSTANTIATE_TEST_SUITE_P(Manifest, EnumerationAgreement, ::testing::Values("PTX", "VULKAN"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
}  // namespace catcheck
