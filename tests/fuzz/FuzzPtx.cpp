// libFuzzer target for the PTX litmus front end: the UTF-8 check every front end makes, then the PTX
// dialect's parser and its lowering to the Program IR (instructions, operands, scopes, conditions).
#include "core/ir/SourceText.h"
#include "frontends/PtxLitmus.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catcheck::fuzz::runReader(data, size, [](const std::string& text) {
    catcheck::core::requireUtf8(text, "fuzz.litmus");
    catcheck::frontends::ptx::parsePtxLitmus(text, "fuzz.litmus");
  });
}
