// check::run is the one entry of every check (check/Check.h): a request names a model, a program (a file or
// a program already read) and how to check it. Both forms of the program give the same verdict, name the
// test and its condition, and reject a request that does not fit the program.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "cat/Parser.h"
#include "check/Check.h"
#include "core/ir/SourceLocation.h"
#include "frontends/Litmus.h"

namespace catcheck {
namespace {

const char* kMessagePassing = R"(VULKAN request-mp
{ x=0; y=0; }
 P0@sg 0,wg 0, qf 0 | P1@sg 0,wg 1, qf 0 ;
 st.sc0 x, 1        | ld.sc0 r0, y       ;
 st.sc0 y, 1        | ld.sc0 r1, x       ;
exists (P1:r0 == 1 /\ P1:r1 == 0))";

class CheckRequest : public ::testing::Test {
 protected:
  core::Model model_ = cat::loadModel(cat::defaultModelsDirectory() + "/vulkan.cat");
  core::Program program_ = frontends::parseLitmusText(kMessagePassing, "request-mp.litmus");
};

TEST_F(CheckRequest, AProgramReadOrAFileGiveOneVerdictNamedAfterTheTest) {
  std::filesystem::path file = std::filesystem::temp_directory_path() / "catcheck-request-mp.litmus";
  std::ofstream(file) << kMessagePassing;
  check::CheckOptions options;
  core::Verdict given = check::run({&model_, "", &program_, options});
  core::Verdict read = check::run({&model_, file.string(), nullptr, options});
  std::filesystem::remove(file);
  EXPECT_EQ(given.result, core::Result::Pass) << "the weak outcome is reachable under vulkan.cat";
  EXPECT_EQ(given.result, read.result);
  EXPECT_EQ(given.testName, "request-mp");
  EXPECT_EQ(read.testName, "request-mp");
  EXPECT_EQ(given.condition, read.condition);
  EXPECT_FALSE(given.condition.empty()) << "program_spec shows the condition";
  EXPECT_EQ(given.times.parseMs, 0) << "nothing was read";
}

TEST_F(CheckRequest, ARequestThatDoesNotFitItsProgramIsBadInput) {
  check::CheckOptions options;
  options.requiredTarget = "PTX";
  EXPECT_THROW(check::run({&model_, "", &program_, options}), core::InputError);
}

TEST_F(CheckRequest, ARequestNeedsAModel) {
  EXPECT_THROW(check::run({nullptr, "", &program_, {}}), std::logic_error);
}

}  // namespace
}  // namespace catcheck
