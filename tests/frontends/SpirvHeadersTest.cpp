// The header comments of SPIR-V tests (docs/semantics.md §6): @Input, @Output, @Filter and @Config, how they
// map to the program (assertion kind, conditions on memory locations, initial values, the thread grid),
// and every error case with its exact message and position.
#include <gtest/gtest.h>

#include "SpirvTestSupport.h"
#include "frontends/spirv/SpirvHeaders.h"

namespace catcheck::frontends {
namespace {

using spirv_testing::errorOf;
using spirv_testing::parse;
using spirv_testing::vulkanModule;

spirv::Headers headersOf(const std::string& text) {
  return spirv::parseHeaders(text, "h.spvasm");
}

std::string headerError(const std::string& text) {
  try {
    headersOf(text);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(SpirvHeaders, InputValuesNestAndKeepTheirPositions) {
  spirv::Headers h = headersOf("; @Input: %a = 5, %b = {1, {2, -3}}\n; @Input:  %c={0}\n");
  ASSERT_EQ(h.inputs.size(), 3u);
  EXPECT_FALSE(h.inputs.at("%a").isList);
  EXPECT_EQ(h.inputs.at("%a").scalar, 5);
  const spirv::InputValue& b = h.inputs.at("%b");
  ASSERT_TRUE(b.isList);
  ASSERT_EQ(b.elements.size(), 2u);
  EXPECT_EQ(b.elements[1].elements[1].scalar, -3);
  EXPECT_EQ(b.where.str(), "h.spvasm:1:24");
  EXPECT_EQ(h.inputs.at("%c").where.str(), "h.spvasm:2:15");
}

TEST(SpirvHeaders, ConfigDefaultsToOneThread) {
  EXPECT_EQ(headersOf("; nothing\n").config, (std::array<int, 3>{1, 1, 1}));
  EXPECT_EQ(headersOf("; @Config: 3, 1, 2\n").config, (std::array<int, 3>{3, 1, 2}));
}

TEST(SpirvHeaders, UnknownHeadersAreIgnored) {
  spirv::Headers h = headersOf("; @Foo: 1, 2\n; @Config: 2, 1, 1\n");
  EXPECT_EQ(h.config[0], 2);
}

TEST(SpirvHeaders, OutputLinesCombine) {
  spirv::Headers forall = headersOf("; @Output: forall %x == 1\n; @Output: forall %y == 2\n");
  EXPECT_EQ(forall.kind, core::AssertionKind::Forall);
  EXPECT_EQ(forall.output->op, core::ConditionOp::And);
  spirv::Headers notExists = headersOf("; @Output: not exists %x == 1\n; @Output: not exists %y == 2\n");
  EXPECT_EQ(notExists.kind, core::AssertionKind::NotExists);
  EXPECT_EQ(notExists.output->op, core::ConditionOp::Or);
  EXPECT_EQ(headersOf("; @Output: exists %x[0][1] != -1\n").kind, core::AssertionKind::Exists);
}

TEST(SpirvHeaders, AndBindsTighterThanOr) {
  spirv::Headers h = headersOf("; @Output: forall %a == 1 or %b == 2 and not (%c < 3)\n");
  ASSERT_EQ(h.output->op, core::ConditionOp::Or);
  ASSERT_EQ(h.output->children.size(), 2u);
  const spirv::Assertion& conjunction = h.output->children[1];
  ASSERT_EQ(conjunction.op, core::ConditionOp::And);
  EXPECT_EQ(conjunction.children[1].op, core::ConditionOp::Not);
  EXPECT_EQ(conjunction.children[1].children[0].comparison, core::Comparison::Lt);
}

TEST(SpirvHeaders, SyntaxErrors) {
  EXPECT_EQ(headerError("; @Input: %a = 1, %a = 2\n"),
            "h.spvasm:1:19: error: duplicate @Input definition of %a");
  EXPECT_EQ(headerError("; @Input: %a = {1, 2\n"),
            "h.spvasm:1:21: error: expected '}' but found end of line");
  EXPECT_EQ(headerError("; @Input: a = 1\n"), "h.spvasm:1:11: error: expected an id but found 'a'");
  EXPECT_EQ(headerError("; @Output: maybe %a == 1\n"),
            "h.spvasm:1:12: error: expected 'forall', 'exists' or 'not exists' but found 'maybe'");
  EXPECT_EQ(headerError("; @Output: forall %a = 1\n"),
            "h.spvasm:1:22: error: expected a comparison (== != < <= > >=) but found '='");
  EXPECT_EQ(headerError("; @Output: forall (%a == 1\n"),
            "h.spvasm:1:27: error: expected ')' but found end of line");
  EXPECT_EQ(headerError("; @Output: forall %a[x] == 1\n"),
            "h.spvasm:1:22: error: expected a non-negative index but found 'x'");
  EXPECT_EQ(headerError("; @Output: forall %a == 1 #\n"),
            "h.spvasm:1:27: error: unexpected character '#' in header");
  EXPECT_EQ(headerError("; @Input %a = 1\n"), "h.spvasm:1:3: error: expected ':' after the header name");
}

TEST(SpirvHeaders, OutputKindErrors) {
  EXPECT_EQ(headerError("; @Output: exists %a == 1\n; @Output: exists %b == 1\n"),
            "h.spvasm:2:3: error: several @Output lines are not allowed for exists");
  EXPECT_EQ(headerError("; @Output: forall %a == 1\n; @Output: not exists %b == 1\n"),
            "h.spvasm:2:3: error: @Output mixes assertion kinds (forall, exists, not exists)");
}

TEST(SpirvHeaders, FilterAndConfigErrors) {
  EXPECT_EQ(headerError("; @Filter: %a == 1\n; @Filter: %a == 2\n"),
            "h.spvasm:2:3: error: more than one @Filter header");
  EXPECT_EQ(headerError("; @Config: 1, 1, 1\n; @Config: 2, 1, 1\n"),
            "h.spvasm:2:3: error: more than one @Config header");
  EXPECT_EQ(
      headerError("; @Config: 1, 0, 1\n"),
      "h.spvasm:1:15: error: @Config values must be between 1 and 65536 (threads per subgroup, subgroups per "
      "workgroup, workgroups)");
  EXPECT_EQ(headerError("; @Config: 1, 2\n"), "h.spvasm:1:16: error: expected ',' but found end of line");
  EXPECT_EQ(headerError("; @Config: 1, 2, 3, 4\n"),
            "h.spvasm:1:19: error: expected end of line but found ','");
}

// ---- headers against a module ----

TEST(SpirvHeaders, InputsInitializeMemory) {
  core::Program p = parse(vulkanModule("; @Input: %x = {7, -1}, %y = 3\n", ""));
  ASSERT_EQ(p.memory.size(), 4u);  // %x[0] %x[1] %y %w (%gid is read-only: no memory)
  EXPECT_EQ(p.memory[0].name, "%x[0]");
  EXPECT_EQ(p.memory[0].initialValue, 7);
  EXPECT_EQ(p.memory[1].initialValue, 0xFFFFFFFFLL);  // unsigned at 32 bits
  EXPECT_EQ(p.memory[2].name, "%y");
  EXPECT_EQ(p.memory[2].initialValue, 3);
  EXPECT_FALSE(p.memory[2].initialValueUnknown);
  EXPECT_TRUE(p.memory[3].initialValueUnknown);  // %w: no @Input, no initializer
}

TEST(SpirvHeaders, OutputBecomesConditionOnLocations) {
  core::Program p = parse(vulkanModule("; @Output: exists %x[1] == -1 and 2 > %y\n", ""));
  EXPECT_EQ(p.assertionKind, core::AssertionKind::Exists);
  ASSERT_EQ(p.assertion.op, core::ConditionOp::And);
  const core::Condition& first = p.assertion.children[0];
  EXPECT_EQ(first.lhs.kind, core::Operand::Kind::Location);
  EXPECT_EQ(p.memory.at(static_cast<size_t>(first.lhs.location)).name, "%x[1]");
  EXPECT_EQ(first.rhs.kind, core::Operand::Kind::Constant);
  EXPECT_EQ(first.rhs.constant, 0xFFFFFFFFLL);  // the literal at the location's width
  EXPECT_EQ(first.width, 32);                   // compared signed at that width
  const core::Condition& second = p.assertion.children[1];
  EXPECT_EQ(second.comparison, core::Comparison::Gt);
  EXPECT_EQ(second.lhs.constant, 2);
  EXPECT_EQ(p.memory.at(static_cast<size_t>(second.rhs.location)).name, "%y");
}

TEST(SpirvHeaders, NoOutputMeansForallTrue) {
  core::Program p = parse(vulkanModule("", ""));
  EXPECT_EQ(p.assertionKind, core::AssertionKind::Forall);
  EXPECT_EQ(p.assertion.op, core::ConditionOp::True);
  EXPECT_FALSE(p.filter.has_value());
}

TEST(SpirvHeaders, FilterIsACondition) {
  core::Program p = parse(vulkanModule("; @Filter: %y != 0\n", ""));
  ASSERT_TRUE(p.filter.has_value());
  EXPECT_EQ(p.filter->comparison, core::Comparison::Ne);
}

TEST(SpirvHeaders, ConfigGivesTheGridAndOptionsOverrideIt) {
  core::Program p = parse(vulkanModule("; @Config: 2, 2, 2\n", ""));
  EXPECT_EQ(p.threads.size(), 8u);
  SpirvOptions options;
  options.config = std::array<int, 3>{3, 1, 1};
  EXPECT_EQ(parse(vulkanModule("; @Config: 2, 2, 2\n", ""), options).threads.size(), 3u);
}

TEST(SpirvHeaders, ValueErrors) {
  EXPECT_EQ(errorOf(vulkanModule("; @Input: %x = {1, 2, 3}\n", "")),
            "test.spvasm:1:16: error: Mismatching value type for %x: expected array of 2 uint32 but found a "
            "list of 3 "
            "elements");
  EXPECT_EQ(errorOf(vulkanModule("; @Input: %y = {1}\n", "")),
            "test.spvasm:1:16: error: Mismatching value type for %y: expected uint32 but found a list");
  EXPECT_EQ(errorOf(vulkanModule("; @Input: %x = 1\n", "")),
            "test.spvasm:1:16: error: Mismatching value type for %x: expected array of 2 uint32 but found a "
            "scalar");
  EXPECT_EQ(errorOf(vulkanModule("; @Input: %gid = {1, 2, 3}\n", "")),
            "test.spvasm:1:18: error: @Input cannot set %gid: it is a BuiltIn variable");
  EXPECT_EQ(errorOf(vulkanModule("; @Input: %z = 1\n", "", "%z = OpVariable %ptr_sb StorageBuffer %c1\n")),
            "test.spvasm:1:16: error: @Input cannot set %z: it has an initializer");
  EXPECT_EQ(
      errorOf(vulkanModule("; @Input: %c1 = 1\n", "")),
      "test.spvasm:1:17: error: @Input for %c1, which is not a variable, kernel parameter or specialization "
      "constant");
}

TEST(SpirvHeaders, IndexErrors) {
  EXPECT_EQ(errorOf(vulkanModule("; @Output: forall %x == 0\n", "")),
            "test.spvasm:1:19: error: Index is not deep enough for variable %x");
  EXPECT_EQ(errorOf(vulkanModule("; @Output: forall %x[2] == 0\n", "")),
            "test.spvasm:1:19: error: Index 2 is out of bounds for variable %x");
  EXPECT_EQ(errorOf(vulkanModule("; @Output: forall %x[1][0] == 0\n", "")),
            "test.spvasm:1:19: error: Index is too deep for variable %x[1]");
  EXPECT_EQ(errorOf(vulkanModule("; @Output: forall %y[0] == 0\n", "")),
            "test.spvasm:1:19: error: Index is too deep for variable %y");
  EXPECT_EQ(errorOf(vulkanModule("; @Output: forall %nope == 0\n", "")),
            "test.spvasm:1:19: error: unknown id %nope");
  EXPECT_EQ(errorOf(vulkanModule("; @Output: forall %c1 == 0\n", "")),
            "test.spvasm:1:19: error: %c1 is not a variable");
  EXPECT_EQ(errorOf(vulkanModule("; @Filter: %gid[0] == 0\n", "")),
            "test.spvasm:1:12: error: %gid is read-only storage, not memory");
}

TEST(SpirvHeaders, UnknownInputIdsAreIgnoredAsInDat3M) {
  EXPECT_NO_THROW(parse(vulkanModule("; @Input: %gone = 1\n", "")));
}

TEST(SpirvHeaders, SpecConstantsTakeTheirInput) {
  std::string globals = "%s = OpSpecConstant %uint 5\n";
  core::Program p = parse(vulkanModule("; @Input: %s = 9\n", "OpStore %y %s\n", globals));
  const core::Instruction* store =
      spirv_testing::instructionsOf(p.threads[0], core::InstructionKind::Store).at(0);
  EXPECT_EQ(store->value.constant, 9);
  EXPECT_EQ(store->value.width, 32);
}

}  // namespace
}  // namespace catcheck::frontends
