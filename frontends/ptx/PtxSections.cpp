// `.section` blocks (PTX ISA "Debugging Directives: .section"): the DWARF data nvcc and clang print after
// the functions, `.debug_str` with the names `.loc ... function_name` refers to, `.debug_info`,
// `.debug_abbrev`, `.debug_loc` (often empty). Their content is labels (`$L__info_string0:`) and data
// directives (`.b8 95, 90, 0`, `.b32 .debug_abbrev`, `.b64 $L__func_begin0`, `.b32 label+4`); we keep it
// as bytes with the labels' offsets, enough to read back `.debug_str` strings, and check it is well formed.
#include "frontends/ptx/PtxParser.h"

namespace catcheck::frontends::ptx {
namespace {

// The width in bytes of a data directive, 0 for any other token.
size_t dataWidth(const Token& token) {
  if (token.kind != TokenKind::Directive) return 0;
  if (token.text == ".b8") return 1;
  if (token.text == ".b16") return 2;
  if (token.text == ".b32") return 4;
  if (token.text == ".b64") return 8;
  return 0;
}

}  // namespace

// .section NAME { (LABEL: | .bN value, ...)* }
Section Parser::parseSection() {
  take();
  Section section;
  const Token& name = peek();
  if (name.kind != TokenKind::Directive) unexpected(name, "a section name (.debug_str, ...)");
  section.where = locationOf(name);
  section.name = take().text;
  const Token& open = expectPunct('{', "'{'");
  while (!atPunct('}')) {
    const Token& token = peek();
    if (token.kind == TokenKind::End)
      unexpected(token, "'}' closing the section opened at line " + std::to_string(open.line));
    if (token.kind == TokenKind::Word && peek(1).isPunct(':')) {
      section.labels[expectName("a label name").text] = section.bytes.size();
      take();
    } else if (dataWidth(token) != 0) {
      parseSectionData(section);
    } else {
      unexpected(token, "a label, '.b8', '.b16', '.b32', '.b64' or '}'");
    }
  }
  take();
  return section;
}

// `.bN v, v, ...`: each value is an integer, a label or a section name, plus or minus further terms; a
// value naming a label is stored as zeros.
void Parser::parseSectionData(Section& section) {
  size_t width = dataWidth(take());
  do {
    std::uint64_t value = 0;
    do {
      bool negative = acceptPunct('-');
      const Token& term = peek();
      if (term.kind == TokenKind::Integer) {
        std::uint64_t number = 0;
        if (!integerValue(term.text, number)) fail(term, "integer " + term.text + " does not fit in 64 bits");
        value += negative ? 0 - number : number;
      } else if (!((term.kind == TokenKind::Directive && dataWidth(term) == 0) ||
                   (term.kind == TokenKind::Word && term.text.find_first_of(".:") == std::string::npos))) {
        unexpected(term, "an integer or a label");
      }
      take();
    } while (acceptPunct('+') || atPunct('-'));
    for (size_t i = 0; i < width; ++i) section.bytes.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
  } while (acceptPunct(','));
}

std::optional<std::string> debugString(const Module& module, const std::string& label) {
  for (const Section& section : module.sections) {
    if (section.name != ".debug_str") continue;
    auto it = section.labels.find(label);
    if (it == section.labels.end()) continue;
    std::string text;
    for (size_t i = it->second; i < section.bytes.size() && section.bytes[i] != 0; ++i)
      text += static_cast<char>(section.bytes[i]);
    return text;
  }
  return std::nullopt;
}

}  // namespace catcheck::frontends::ptx
