// The public API on the other two properties, on tests of the reference suite: a data race (cat_spec) comes
// back as a fired flag with its pair and witness, a hang (termination) with its stuck threads, and the
// progress model is taken from its usual spelling.
#include <gtest/gtest.h>

#include "catcheck/catcheck.h"

namespace {

const std::string kSuite = CATCHECK_SUITE_DIR;
const std::string kModels = std::string(CATCHECK_SOURCE_DIR) + "/models/";

TEST(LibraryProperties, RaceFiresAFlagWithItsPairAndWitness) {
  catcheck::CheckOptions options;
  options.property = catcheck::Property::CatSpec;
  catcheck::Verdict verdict =
      catcheck::checkFile(kSuite + "/litmus/VULKAN/Barrier/barrier-not-inscope.litmus",
                          catcheck::loadModelFile(kModels + "vulkan.cat"), options);
  ASSERT_EQ(verdict.result, catcheck::Result::Fail) << verdict.explanation;
  EXPECT_TRUE(verdict.fired);
  EXPECT_FALSE(verdict.firedFlag.empty());
  EXPECT_FALSE(verdict.firedPair.empty());
  ASSERT_TRUE(verdict.witness);
  EXPECT_FALSE(verdict.witness->events.empty());
  for (const catcheck::WitnessEvent& e : verdict.witness->events) {  // each where the user finds it
    if (e.thread < 0) continue;
    EXPECT_NE(e.sourceFile.find("barrier-not-inscope.litmus"), std::string::npos) << e.instruction;
    EXPECT_GT(e.sourceLine, 0) << e.instruction;
  }
  EXPECT_TRUE(verdict.condition.empty()) << "the condition belongs to program_spec";
}

TEST(LibraryProperties, HangNamesTheStuckThreads) {
  catcheck::CheckOptions options;
  options.property = catcheck::Property::Termination;
  options.progress = "FAIR";
  catcheck::Verdict verdict = catcheck::checkFile(kSuite + "/litmus/PTX/Barrier/quorum1-hang.litmus",
                                                  catcheck::loadModelFile(kModels + "ptx-v7.5.cat"), options);
  ASSERT_EQ(verdict.result, catcheck::Result::Fail) << verdict.explanation;
  EXPECT_FALSE(verdict.stuck.empty());
  EXPECT_FALSE(verdict.fired);
}

TEST(LibraryProperties, ProgressSpecsAreAccepted) {
  catcheck::Model model = catcheck::loadModelFile(kModels + "ptx-v7.5.cat");
  catcheck::Program program = catcheck::loadProgramFile(kSuite + "/litmus/PTX/Barrier/quorum1-hang.litmus");
  catcheck::CheckOptions options;
  options.property = catcheck::Property::Termination;
  for (const char* progress : {"HSA", "OBE", "FAIR;CTA=HSA"}) {
    options.progress = progress;
    EXPECT_NO_THROW(catcheck::checkProgram(program, model, options)) << progress;
  }
}

}  // namespace
