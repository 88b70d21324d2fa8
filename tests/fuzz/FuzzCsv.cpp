// libFuzzer target for the two CSV readers of `catcheck run`: the same bytes as a manifest (header row,
// columns by name, bounds, verdicts, properties) and as a Dat3M `-expected.csv` file (lenient, as Dat3M).
#include "runner/Manifest.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  catcheck::fuzz::runReader(
      data, size, [](const std::string& text) { catcheck::runner::parseManifest(text, "fuzz.csv"); });
  return catcheck::fuzz::runReader(data, size, [](const std::string& text) {
    catcheck::runner::parseExpectedCsv(text, "fuzz-expected.csv", ".", {});
  });
}
