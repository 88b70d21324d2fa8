// The header comments of a `.spvasm` test (docs/semantics.md §6): `; @Input:`, `; @Output:`, `; @Filter:` and
// `; @Config:`. See SpirvHeaders.cpp.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/Program.h"

namespace catcheck::frontends::spirv {

// An @Input value: an integer or a `{...}` list of values.
struct InputValue {
  bool isList = false;
  long long scalar = 0;
  std::vector<InputValue> elements;
  core::SourceLocation where;
};

// An operand of an assertion: `%id[i][j]` (the final value of that element) or an integer literal.
struct AssertionOperand {
  bool isLiteral = true;
  long long literal = 0;
  std::string id;
  std::vector<long long> indexes;
  core::SourceLocation where;
};

// An assertion before its operands are resolved to memory locations.
struct Assertion {
  core::ConditionOp op = core::ConditionOp::True;
  std::vector<Assertion> children;
  core::Comparison comparison = core::Comparison::Eq;
  AssertionOperand lhs, rhs;
};

struct Headers {
  std::map<std::string, InputValue> inputs;  // by id, "%name"
  core::AssertionKind kind = core::AssertionKind::None;
  std::optional<Assertion> output;  // the @Output lines combined
  std::optional<Assertion> filter;
  std::array<int, 3> config{1, 1, 1};  // threads per subgroup, subgroups per workgroup, workgroups
  core::SourceLocation configWhere;
  std::string outputText;  // the @Output lines, for reports
};

// Reads every header comment of `text` (errors at their file:line:col).
Headers parseHeaders(const std::string& text, const std::string& file);

}  // namespace catcheck::frontends::spirv
