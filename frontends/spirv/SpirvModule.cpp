// Loading a SPIR-V module through SPIRV-Tools, never by hand: `.spvasm` text is assembled with
// spvTextToBinary, and the binary (assembled or read from a `.spv` file) is walked with spvBinaryParse.
// The disassembly convention is one instruction per line, so the k-th instruction of the binary is the
// k-th line of the text that is neither blank nor a comment (a string literal over several lines, as in
// glslang -g's OpSource, belongs to its instruction's line); that line gives the instruction its
// file:line:col and its text for witnesses. A binary module is disassembled first so that it has lines
// too. SPIRV-Tools' diagnostics become one `file:line:col: error:` message.
//
// Two spellings that Dat3M's grammar accepts but SPIRV-Tools 2023.1 rejects are rewritten in place (same
// line, same column) before assembling: source languages newer than the tools (`OpSource Slang 1`; the
// source language is reflection data we ignore) and negative literals for unsigned integer constants
// (`OpConstant %uint64 -3` means the two's complement at the type's width).
#include "frontends/spirv/SpirvModule.h"

#include <spirv-tools/libspirv.h>

#include <cstring>
#include <memory>
#include <regex>
#include <set>
#include <sstream>

namespace catcheck::frontends::spirv {
namespace {

constexpr uint32_t kMagic = 0x07230203;
constexpr spv_target_env kEnvironment = SPV_ENV_UNIVERSAL_1_6;

struct Context {
  spv_context context = spvContextCreate(kEnvironment);
  ~Context() { spvContextDestroy(context); }
};

struct Diagnostic {
  spv_diagnostic diagnostic = nullptr;
  ~Diagnostic() { spvDiagnosticDestroy(diagnostic); }
};

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

std::string joinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

// One line read from where it starts (inside a string literal or not): where its code ends (a `;` outside
// a literal starts a comment) and whether a literal is still open at that point (glslang -g embeds the
// shader's source in OpSource as one literal over many lines).
struct LineScan {
  size_t codeEnd = 0;
  bool quoted = false;
};

LineScan scanLine(const std::string& line, bool quoted) {
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && quoted) {
      ++i;
    } else if (line[i] == '"') {
      quoted = !quoted;
    } else if (line[i] == ';' && !quoted) {
      return {i, quoted};
    }
  }
  return {line.size(), quoted};
}

// The part of a line before its comment.
std::string codeOf(const std::string& line) {
  return line.substr(0, scanLine(line, false).codeEnd);
}

std::string trim(const std::string& s) {
  size_t begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  size_t end = s.find_last_not_of(" \t");
  return s.substr(begin, end - begin + 1);
}

// OpSource's languages that SPIRV-Tools 2023.1 knows; others become Unknown.
void rewriteSourceLanguages(std::vector<std::string>& lines) {
  static const std::set<std::string> known = {"Unknown", "ESSL",           "GLSL", "OpenCL_C", "OpenCL_CPP",
                                              "HLSL",    "CPP_for_OpenCL", "SYCL", "HERO_C"};
  static const std::regex source(R"(^(\s*OpSource\s+)([A-Za-z_][A-Za-z_0-9]*)(.*)$)");
  for (std::string& line : lines) {
    std::smatch m;
    if (std::regex_match(line, m, source) && known.count(m[2].str()) == 0) {
      line = m[1].str() + "Unknown" + m[3].str();
    }
  }
}

// Replaces the negative literal on line `line` (0-based) of an OpConstant of unsigned type by its two's
// complement at the type's width. Returns false when that is not the situation.
bool rewriteNegativeLiteral(std::vector<std::string>& lines, size_t line) {
  if (line >= lines.size()) return false;
  std::string& text = lines[line];
  std::smatch m;
  static const std::regex typeOperand(R"(Op(?:Spec)?Constant\s+(%[\w.]+)\s+(-\d+))");
  if (!std::regex_search(text, m, typeOperand)) return false;
  std::regex typeDefinition("^\\s*" + m[1].str() + "\\s*=\\s*OpTypeInt\\s+(\\d+)\\s+0\\b");
  for (const std::string& candidate : lines) {
    std::smatch t;
    if (!std::regex_search(candidate, t, typeDefinition)) continue;
    int width = std::stoi(t[1].str());
    long long value = std::stoll(m[2].str());
    unsigned long long wrapped = width >= 64
                                     ? static_cast<unsigned long long>(value)
                                     : (static_cast<unsigned long long>(value) & ((1ULL << width) - 1));
    text.replace(static_cast<size_t>(m.position(2)), static_cast<size_t>(m.length(2)),
                 std::to_string(wrapped));
    return true;
  }
  return false;
}

// SPIRV-Tools quotes the input from the bad token to the end of the file when a string is unterminated or a
// token is not one ('found '" = OpVariable ...'). The quote is cut at the end of its line and closed.
std::string quoteUpToEndOfLine(const std::string& message) {
  size_t newline = message.find('\n');
  if (newline == std::string::npos) return message;
  std::string head = message.substr(0, newline);
  return head.find('\'') != std::string::npos ? head + "'" : head;
}

std::vector<uint32_t> assemble(const std::string& text, const std::string& file) {
  Context context;
  std::vector<std::string> lines = splitLines(text);
  rewriteSourceLanguages(lines);
  for (int attempt = 0;; ++attempt) {
    std::string source = joinLines(lines);
    spv_binary binary = nullptr;
    Diagnostic diagnostic;
    spv_result_t result =
        spvTextToBinaryWithOptions(context.context, source.data(), source.size(),
                                   SPV_TEXT_TO_BINARY_OPTION_NONE, &binary, &diagnostic.diagnostic);
    if (result == SPV_SUCCESS) {
      std::vector<uint32_t> words(binary->code, binary->code + binary->wordCount);
      spvBinaryDestroy(binary);
      return words;
    }
    spv_position_t where =
        diagnostic.diagnostic != nullptr ? diagnostic.diagnostic->position : spv_position_t{};
    std::string message =
        diagnostic.diagnostic != nullptr ? diagnostic.diagnostic->error : "invalid SPIR-V text";
    if (message.find("negative number in an unsigned literal") != std::string::npos && attempt < 10000 &&
        rewriteNegativeLiteral(lines, where.line)) {
      continue;
    }
    core::SourceLocation location{file, static_cast<int>(where.line) + 1, static_cast<int>(where.column) + 1};
    throw core::InputError(location, quoteUpToEndOfLine(message));
  }
}

std::string disassemble(const std::vector<uint32_t>& words, const std::string& file) {
  Context context;
  spv_text text = nullptr;
  Diagnostic diagnostic;
  uint32_t options = SPV_BINARY_TO_TEXT_OPTION_NO_HEADER | SPV_BINARY_TO_TEXT_OPTION_INDENT |
                     SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES;
  if (spvBinaryToText(context.context, words.data(), words.size(), options, &text, &diagnostic.diagnostic) !=
      SPV_SUCCESS) {
    // SPIRV-Tools words some of these "Internal error: ...": it is the binary that is bad, not catcheck.
    std::string message = "invalid SPIR-V binary";
    if (diagnostic.diagnostic != nullptr) message += std::string(": ") + diagnostic.diagnostic->error;
    size_t index = diagnostic.diagnostic != nullptr ? diagnostic.diagnostic->position.index : 0;
    throw core::InputError({file, 1, static_cast<int>(index) + 1}, message);
  }
  std::string result(text->str, text->length);
  spvTextDestroy(text);
  return result;
}

spv_result_t collect(void* userData, const spv_parsed_instruction_t* parsed) {
  auto* module = static_cast<Module*>(userData);
  Instruction in;
  in.opcode = parsed->opcode;
  in.typeId = parsed->type_id;
  in.resultId = parsed->result_id;
  in.extInstSet = parsed->ext_inst_type;
  in.words.assign(parsed->words, parsed->words + parsed->num_words);
  for (uint16_t i = 0; i < parsed->num_operands; ++i) {
    in.operandOffsets.push_back(parsed->operands[i].offset);
    in.operandWords.push_back(parsed->operands[i].num_words);
    spv_operand_type_t type = parsed->operands[i].type;
    in.operandIsId.push_back(type == SPV_OPERAND_TYPE_ID || type == SPV_OPERAND_TYPE_SCOPE_ID ||
                             type == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID);
  }
  module->instructions.push_back(std::move(in));
  return SPV_SUCCESS;
}

void parseBinary(Module& module, const std::vector<uint32_t>& words) {
  Context context;
  Diagnostic diagnostic;
  if (spvBinaryParse(context.context, &module, words.data(), words.size(), nullptr, collect,
                     &diagnostic.diagnostic) != SPV_SUCCESS) {
    std::string message =
        diagnostic.diagnostic != nullptr ? diagnostic.diagnostic->error : "invalid SPIR-V binary";
    throw core::InputError({module.file, 1, 1}, message);
  }
}

// Gives the k-th instruction the k-th instruction line of the text.
void attachLines(Module& module) {
  std::vector<std::string> lines = splitLines(module.text);
  size_t next = 0;
  for (Instruction& in : module.instructions) {
    while (next < lines.size() && trim(codeOf(lines[next])).empty()) ++next;
    if (next < lines.size()) {
      size_t column = lines[next].find_first_not_of(" \t");
      in.location = {module.file, static_cast<int>(next) + 1, static_cast<int>(column) + 1};
      in.text = trim(codeOf(lines[next]));
      // a literal over several lines (OpSource's source text) is one instruction
      for (bool quoted = scanLine(lines[next++], false).quoted; quoted && next < lines.size(); ++next)
        quoted = scanLine(lines[next], true).quoted;
    } else {
      in.location = {module.file, static_cast<int>(lines.size()), 1};
      in.text = in.name();
    }
  }
}

std::vector<uint32_t> binaryWords(const std::string& bytes, const std::string& file) {
  if (bytes.size() % 4 != 0)
    throw core::InputError({file, 1, 1}, "a SPIR-V binary is a sequence of 32-bit words");
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

bool isBinary(const std::string& bytes) {
  if (bytes.size() < 4) return false;
  uint32_t first = 0;
  std::memcpy(&first, bytes.data(), 4);
  return first == kMagic || first == __builtin_bswap32(kMagic);
}

}  // namespace

uint32_t Instruction::word(size_t operand) const {
  return words.at(operandOffsets.at(operand));
}

std::string Instruction::literalString(size_t operand) const {
  const char* begin = reinterpret_cast<const char*>(words.data() + operandOffsets.at(operand));
  return std::string(begin, strnlen(begin, operandWords.at(operand) * 4u));
}

bool Instruction::uses(uint32_t id) const {
  for (size_t i = 0; i < operandOffsets.size(); ++i) {
    if (operandIsId[i] && words[operandOffsets[i]] == id) return true;
  }
  return false;
}

std::string Instruction::name() const {
  return opcodeName(opcode);
}

std::string opcodeName(uint32_t opcode) {
  return std::string("Op") + spvOpcodeString(opcode);
}

Module loadModule(const std::string& bytes, const std::string& sourceName) {
  Module module;
  module.file = sourceName;
  std::vector<uint32_t> words;
  if (isBinary(bytes)) {
    words = binaryWords(bytes, sourceName);
    module.fromBinary = true;
    module.text = disassemble(words, sourceName);
  } else {
    module.text = bytes;
    words = assemble(bytes, sourceName);
  }
  parseBinary(module, words);
  attachLines(module);
  return module;
}

}  // namespace catcheck::frontends::spirv
