// Versions of catcheck and of the SMT solvers it was built with.
#pragma once

#include <string>

#include "catcheck/Export.h"

namespace catcheck {

struct VersionInfo {
  std::string catcheck;  // e.g. "0.1.0"
  std::string z3;        // e.g. "4.8.12"
  std::string cvc5;      // e.g. "1.0.3"
};

CATCHECK_API VersionInfo version();

}  // namespace catcheck
