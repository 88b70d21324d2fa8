// Width-w arithmetic wraps modulo 2^w however it is encoded: a sum whose range stays within the width
// needs no modulus (ValueEncoder::wrap), one that may leave it keeps it. Checked end to end on counters
// and loaded values that overflow and on sums of inputs.
#include <gtest/gtest.h>

#include "cat/Parser.h"
#include "check/Check.h"
#include "tests/frontends/SpirvTestSupport.h"

namespace catcheck {
namespace {

using frontends::spirv_testing::parse;
using frontends::spirv_testing::vulkanModule;

core::Result check(const std::string& headers, const std::string& body) {
  core::Model model = cat::loadModel(cat::defaultModelsDirectory() + "/vulkan.cat");
  check::CheckOptions options;
  options.explain = true;
  return check::checkProgram(parse(vulkanModule(headers, body)), model, options).result;
}

// Two invocations each add 1 to a counter two below 2^32: it ends at 0, never at 2^32.
const char* kTwoAtomicAdds = "%old = OpAtomicIAdd %uint %y %c1 %c0 %c1\n";

TEST(WrappedArithmetic, AtomicAddsWrapAroundTheWidth) {
  std::string headers = "; @Input: %y = 4294967294\n; @Config: 1, 1, 2\n";
  EXPECT_EQ(check(headers + "; @Output: forall %y == 0\n", kTwoAtomicAdds), core::Result::Pass);
  EXPECT_EQ(check(headers + "; @Output: exists %y == 4294967296\n", kTwoAtomicAdds), core::Result::Fail);
}

TEST(WrappedArithmetic, ALoadedValuePlusAndMinusWraps) {
  std::string body =
      "%v = OpLoad %uint %y\n"
      "%s = OpIAdd %uint %v %c3\n"
      "%d = OpISub %uint %c1 %v\n"
      "OpStore %y %s\n"
      "OpStore %w %d\n";
  std::string headers = "; @Input: %y = 4294967295\n; @Config: 1, 1, 1\n";
  EXPECT_EQ(check(headers + "; @Output: forall %y == 2\n", body), core::Result::Pass);
  EXPECT_EQ(check(headers + "; @Output: forall %w == 2\n", body), core::Result::Pass);
}

// A read of a location nothing but its initial value reaches (an input) takes that value or 0: its small
// sums need no modulus, and still wrap where they leave the width.
TEST(WrappedArithmetic, SumsOfInputsWrapOnlyWhereTheyLeaveTheWidth) {
  std::string body =
      "%v = OpLoad %uint %y\n"
      "%s = OpIAdd %uint %v %c3\n"
      "OpStore %w %s\n";
  EXPECT_EQ(check("; @Input: %y = 5\n; @Config: 1, 1, 1\n; @Output: forall %w == 8\n", body),
            core::Result::Pass);
  EXPECT_EQ(check("; @Input: %y = 4294967294\n; @Config: 1, 1, 1\n; @Output: forall %w == 1\n", body),
            core::Result::Pass);
  EXPECT_EQ(
      check("; @Input: %y = 4294967294\n; @Config: 1, 1, 1\n; @Output: exists %w == 4294967297\n", body),
      core::Result::Fail);
}

}  // namespace
}  // namespace catcheck
