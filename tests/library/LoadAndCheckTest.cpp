// The public API (include/catcheck/) as a user of the installed library sees it: this executable links only
// catcheck::catcheck and includes only catcheck/ headers. Loading models and programs from files and text,
// checking, the witness of a SAT answer, and bad input as InputError with its file, line and column.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "catcheck/catcheck.h"

namespace {

const std::string kSource = CATCHECK_SOURCE_DIR;
const std::string kData = kSource + "/tests/suite/data/";
const std::string kModelPath = kSource + "/models/ptx-v7.5.cat";
const std::string kReleaseAcquire = kSource + "/litmus/PTX/MP-release-acquire.litmus";
const std::string kWeak = kSource + "/litmus/PTX/MP-weak.litmus";

std::string fileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(LibraryLoad, ModelFromFileIsNamedAfterIt) {
  catcheck::Model model = catcheck::loadModelFile(kModelPath);
  EXPECT_EQ(model.name(), "ptx-v7.5");
}

TEST(LibraryLoad, ModelFromTextChecksLikeTheFile) {
  catcheck::Model model = catcheck::loadModelText(fileText(kModelPath), "ptx-copy");
  EXPECT_EQ(model.name(), "ptx-copy");
  catcheck::Verdict verdict = catcheck::checkFile(kReleaseAcquire, model);
  EXPECT_EQ(verdict.result, catcheck::Result::Fail) << verdict.explanation;
}

TEST(LibraryLoad, ProgramFromFileAndTextAgree) {
  catcheck::Program fromFile = catcheck::loadProgramFile(kReleaseAcquire);
  catcheck::Program fromText = catcheck::loadProgramText(fileText(kReleaseAcquire), "mp.litmus");
  for (const catcheck::Program& program : {fromFile, fromText}) {
    EXPECT_EQ(program.name(), "MP-release-acquire");
    EXPECT_EQ(program.format(), catcheck::ProgramFormat::LitmusPtx);
    EXPECT_EQ(program.threadCount(), 2);
    EXPECT_EQ(program.condition(), "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
  }
  EXPECT_EQ(fromFile.file(), kReleaseAcquire);
  EXPECT_EQ(fromText.file(), "mp.litmus");
  EXPECT_STREQ(catcheck::formatName(fromFile.format()), "litmus-ptx");
}

TEST(LibraryLoad, ModelsDirectoryHoldsTheStandardLibrary) {
  EXPECT_TRUE(std::ifstream(catcheck::modelsDirectory() + "/stdlib.cat").good());
}

TEST(LibraryCheck, ReleaseAcquireForbidsTheStaleRead) {
  catcheck::Model model = catcheck::loadModelFile(kModelPath);
  catcheck::Verdict verdict = catcheck::checkProgram(catcheck::loadProgramFile(kReleaseAcquire), model);
  EXPECT_EQ(verdict.result, catcheck::Result::Fail);
  EXPECT_STREQ(catcheck::resultName(verdict.result), "FAIL");
  EXPECT_EQ(verdict.testName, "MP-release-acquire");
  EXPECT_EQ(verdict.condition, "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
  EXPECT_FALSE(verdict.explanation.empty());
  EXPECT_FALSE(verdict.fired);
  EXPECT_FALSE(verdict.witness) << "an unsatisfiable query has no execution";
  EXPECT_GE(verdict.times.totalMs, verdict.times.solveMs);
}

TEST(LibraryCheck, SatAnswerComesWithItsWitness) {
  catcheck::Verdict verdict = catcheck::checkFile(kWeak, catcheck::loadModelFile(kModelPath));
  ASSERT_EQ(verdict.result, catcheck::Result::Pass) << verdict.explanation;
  ASSERT_TRUE(verdict.witness);
  const catcheck::Witness& witness = *verdict.witness;
  EXPECT_NE(witness.text.find("rf: e"), std::string::npos) << witness.text;
  auto stale =
      std::find_if(witness.events.begin(), witness.events.end(), [](const catcheck::WitnessEvent& e) {
        return e.kind == "read" && e.location == "x" && e.threadName == "P1";
      });
  ASSERT_NE(stale, witness.events.end());
  EXPECT_EQ(stale->value, 0);  // the condition's stale read of x
  EXPECT_EQ(stale->thread, 1);
  EXPECT_NE(std::find(stale->tags.begin(), stale->tags.end(), "R"), stale->tags.end());
  auto isStaleRead = [&](const catcheck::WitnessEdge& edge) { return edge.to == stale->id; };
  EXPECT_EQ(std::count_if(witness.rf.begin(), witness.rf.end(), isStaleRead), 1);
}

TEST(LibraryCheck, AWitnessBelowTheBoundSaysWhereItWasFound) {
  // P0 stores x after three iterations of its loop: the race shows at bound 3, found by the search at 4.
  const char* raceAfterThreeIterations = R"(VULKAN race-after-three
{ x=0; P0:r0=0; }
 P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;
 LC00:              | ld.sc0 r1, x       ;
 add r0, r0, 1      |                    ;
 bne r0, 3, LC00    |                    ;
 st.sc0 x, 1        |                    ;
exists (P1:r1 == 1))";
  catcheck::CheckOptions options;
  options.property = catcheck::Property::CatSpec;
  options.bound = 8;
  catcheck::Verdict verdict =
      catcheck::checkProgram(catcheck::loadProgramText(raceAfterThreeIterations, "race.litmus"),
                             catcheck::loadModelFile(catcheck::modelsDirectory() + "/vulkan.cat"), options);
  EXPECT_EQ(verdict.result, catcheck::Result::Fail);
  EXPECT_EQ(verdict.witnessBound, 4);
  ASSERT_TRUE(verdict.witness);
}

TEST(LibraryCheck, WitnessCanBeLeftOut) {
  catcheck::CheckOptions options;
  options.witness = false;
  options.solver = catcheck::Solver::Cvc5;
  catcheck::Verdict verdict = catcheck::checkFile(kWeak, catcheck::loadModelFile(kModelPath), options);
  EXPECT_EQ(verdict.result, catcheck::Result::Pass);
  EXPECT_FALSE(verdict.witness);
}

TEST(LibraryErrors, BadLitmusNamesFileLineAndColumn) {
  try {
    catcheck::loadProgramFile(kData + "bad-qualifier.litmus");
    FAIL() << "no InputError";
  } catch (const catcheck::InputError& e) {
    EXPECT_EQ(e.file(), kData + "bad-qualifier.litmus");
    EXPECT_EQ(e.line(), 4);
    EXPECT_EQ(e.column(), 5);
    EXPECT_EQ(std::string(e.what()).rfind(kData + "bad-qualifier.litmus:4:5: error: unexpected 'foo'", 0), 0u)
        << e.what();
  }
}

TEST(LibraryErrors, BadModelTextNamesItsSource) {
  try {
    catcheck::loadModelText(fileText(kData + "bad-syntax.cat"), "edited.cat");
    FAIL() << "no InputError";
  } catch (const catcheck::InputError& e) {
    EXPECT_EQ(e.file(), "edited.cat");
    EXPECT_EQ(e.line(), 1);
    EXPECT_EQ(e.column(), 13);
  }
}

TEST(LibraryErrors, MissingFilesAndUnknownFormatsAreInputErrors) {
  EXPECT_THROW(catcheck::loadModelFile(kData + "no-such.cat"), catcheck::InputError);
  EXPECT_THROW(catcheck::loadProgramFile(kData + "no-such.litmus"), catcheck::InputError);
  EXPECT_THROW(catcheck::loadProgramText("ARM MP\n{}\n", "arm.litmus"), catcheck::InputError);
  EXPECT_THROW(catcheck::loadProgramText(std::string("\x03\x02\x23\x07\x00\x00\x01\x00", 8), "shader.spv"),
               catcheck::InputError);
}

TEST(LibraryErrors, BadOptionsAreUsageErrors) {
  catcheck::Model model = catcheck::loadModelFile(kModelPath);
  catcheck::Program program = catcheck::loadProgramFile(kWeak);
  catcheck::CheckOptions options;
  options.progress = "SOMETIMES";
  EXPECT_THROW(catcheck::checkProgram(program, model, options), catcheck::UsageError);
  options = {};
  options.bound = 0;
  EXPECT_THROW(catcheck::checkProgram(program, model, options), catcheck::UsageError);
}

TEST(LibraryVersion, NamesCatcheckAndBothSolvers) {
  catcheck::VersionInfo version = catcheck::version();
  EXPECT_FALSE(version.catcheck.empty());
  EXPECT_NE(version.z3.find('.'), std::string::npos) << version.z3;
  EXPECT_NE(version.cvc5.find('.'), std::string::npos) << version.cvc5;
}

}  // namespace
