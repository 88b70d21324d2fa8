// catcheck::version (catcheck/Version.h): the project's version, fixed when the build is configured, and
// the versions the linked solver libraries report (encoders/Solver.h).
#include "catcheck/Version.h"

#include "encoders/Solver.h"

namespace catcheck {

VersionInfo version() {
  return VersionInfo{CATCHECK_VERSION, encoders::z3Version(), encoders::cvc5Version()};
}

}  // namespace catcheck
