// libFuzzer target for the PTX-kernel front end's parser (frontends/ptx/): module text as nvcc and clang
// print it (directives, declarations, bodies with nested blocks, instructions, `.loc`, `.section` data),
// parsed into the syntax tree. Bad input must end in core::InputError; anything else is a finding.
#include "frontends/ptx/PtxModule.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catcheck::fuzz::runReader(data, size, [](const std::string& text) {
    catcheck::frontends::ptx::parsePtxModule(text, "fuzz.ptx");
  });
}
