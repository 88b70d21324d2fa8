// `catcheck MODEL TEST --enumerate`: every reachable final state, herd7 style, from the enumerator.
#pragma once

#include <ostream>
#include <string>

#include "core/concrete/Enumerator.h"

namespace catcheck::tools {

struct EnumerationHeader {
  std::string model;  // its name, as in the verdict block
  core::Property property = core::Property::ProgramSpec;
  int bound = 1;
};

// Text: the verdict block's first line, then `States N`, one line per final state (`count *> state` when
// the condition holds there, `count :> state` otherwise), `Ok` / `No` / `Unknown`, the witness counts,
// the condition and the fired flags. An incomplete enumeration prints one `enumeration incomplete:` line.
void printEnumeration(std::ostream& out, const EnumerationHeader& header, const core::Program& program,
                      const core::EnumerationResult& result);

// The same as one JSON object.
void printEnumerationJson(std::ostream& out, const EnumerationHeader& header, const core::Program& program,
                          const core::EnumerationResult& result);

}  // namespace catcheck::tools
