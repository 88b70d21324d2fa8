// Shared by the libFuzzer targets (tests/fuzz/): runs one reader on the fuzzer's bytes. Bad input must end
// in core::InputError (the `file:line:col: error:` message the command line prints with exit 2); any other
// exception escapes, and libFuzzer reports it as a crash, as it does a sanitizer report, a leak or a hang.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "core/ir/SourceLocation.h"

namespace catcheck::fuzz {

template <class Reader>
int runReader(const uint8_t* data, size_t size, Reader reader) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    reader(text);
  } catch (const core::InputError&) {
  }
  return 0;
}

}  // namespace catcheck::fuzz
