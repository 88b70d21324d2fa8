// Names of results and properties as they appear on the command line, in manifests and in output, and
// what a result says about the program's correctness.
#include "core/ir/Verdict.h"

#include <stdexcept>

namespace catcheck::core {

const char* resultName(Result result) {
  switch (result) {
    case Result::Pass:
      return "PASS";
    case Result::Fail:
      return "FAIL";
    case Result::Unknown:
      return "UNKNOWN";
  }
  return "?";
}

Result parseResult(const std::string& name) {
  if (name == "PASS") return Result::Pass;
  if (name == "FAIL") return Result::Fail;
  if (name == "UNKNOWN") return Result::Unknown;
  throw std::invalid_argument("unknown verdict '" + name + "' (expected PASS, FAIL or UNKNOWN)");
}

bool verifies(Property property, const Program& program, Result result) {
  if (result == Result::Unknown) return false;
  bool satMeansPass = describe(property).question(program).satMeansPass;
  return result == (satMeansPass ? Result::Fail : Result::Pass);
}

}  // namespace catcheck::core
