// Entry point of the litmus front ends. As in Dat3M (docs/semantics.md 3.1) the first word of the file names
// the dialect: PTX goes to the PTX front end, VULKAN (or Vulkan, vulkan) to the Vulkan one; anything else is
// an error at that word.
#include "frontends/Litmus.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "core/ir/SourceText.h"
#include "frontends/PtxLitmus.h"
#include "frontends/VulkanLitmus.h"

namespace catcheck::frontends {
namespace {

struct FirstWord {
  std::string text;
  core::SourceLocation where;
};

FirstWord firstWord(const std::string& text, const std::string& sourceName) {
  FirstWord word{"", {sourceName, 1, 1}};
  size_t i = 0;
  for (; i < text.size() && std::isspace(static_cast<unsigned char>(text[i])); ++i) {
    word.where.column = text[i] == '\n' ? 1 : word.where.column + 1;
    if (text[i] == '\n') ++word.where.line;
  }
  for (; i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])); ++i) word.text += text[i];
  return word;
}

}  // namespace

core::Program parseLitmusFile(const std::string& path) {
  return parseLitmusText(core::readInputFile(path, "cannot open litmus file"), path);
}

core::Program parseLitmusText(const std::string& text, const std::string& sourceName) {
  core::requireUtf8(text, sourceName);  // the ANTLR runtime's UTF-8 decoder would abort on bad bytes
  FirstWord word = firstWord(text, sourceName);
  if (word.text == "PTX" || word.text == "ptx") return ptx::parsePtxLitmus(text, sourceName);
  if (word.text == "VULKAN" || word.text == "Vulkan" || word.text == "vulkan") {
    return vulkan::parseVulkanLitmus(text, sourceName);
  }
  if (word.text.empty()) throw core::InputError(word.where, "expected the litmus dialect (PTX or VULKAN)");
  throw core::InputError(word.where, "unknown litmus dialect '" + word.text + "' (expected PTX or VULKAN)");
}

}  // namespace catcheck::frontends
