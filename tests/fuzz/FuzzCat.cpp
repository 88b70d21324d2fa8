// libFuzzer target for the `.cat` reader: parses the bytes as a model (after the stdlib, as every model is
// read) and elaborates it into the relation graph: includes, functions, `let rec`, the set/relation checks.
#include "cat/Parser.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catcheck::fuzz::runReader(
      data, size, [](const std::string& text) { catcheck::cat::parseModelText(text, "fuzz.cat"); });
}
