// libFuzzer target for the Vulkan litmus front end: the UTF-8 check every front end makes, then the Vulkan
// dialect's parser and its lowering to the Program IR (qualifiers, scopes, barriers, conditions).
#include "core/ir/SourceText.h"
#include "frontends/VulkanLitmus.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catcheck::fuzz::runReader(data, size, [](const std::string& text) {
    catcheck::core::requireUtf8(text, "fuzz.litmus");
    catcheck::frontends::vulkan::parseVulkanLitmus(text, "fuzz.litmus");
  });
}
