// libFuzzer target for the SPIR-V front end: assembly text (or a binary module, by its magic number) with
// the suite's header comments, assembled and walked by SPIRV-Tools, then lowered to the Program IR.
#include "frontends/spirv/Spirv.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catcheck::fuzz::runReader(
      data, size, [](const std::string& text) { catcheck::frontends::parseSpirvText(text, "fuzz.spvasm"); });
}
