// A SPIR-V module as a list of instructions, each with its source position: what SPIRV-Tools' binary
// parser reports (opcode, result type and id, operand words) plus the line of the `.spvasm` text it came
// from. See SpirvModule.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/ir/SourceLocation.h"

namespace catcheck::frontends::spirv {

struct Instruction {
  uint32_t opcode = 0;
  uint32_t typeId = 0;
  uint32_t resultId = 0;
  uint32_t extInstSet = 0;  // spv_ext_inst_type_t of an OpExtInst
  std::vector<uint32_t> words;
  std::vector<uint16_t> operandOffsets;  // first word of each operand
  std::vector<uint16_t> operandWords;    // words of each operand
  std::vector<bool> operandIsId;         // the operand refers to an id (not a type, result or literal)
  core::SourceLocation location;
  std::string text;  // the source line, trimmed

  size_t operandCount() const { return operandOffsets.size(); }
  uint32_t word(size_t operand) const;  // the first word of operand `operand`
  std::string literalString(size_t operand) const;
  std::string name() const;      // "OpLoad"
  bool uses(uint32_t id) const;  // some id operand is `id`
};

struct Module {
  std::string file;
  std::string text;  // the .spvasm text (disassembled for binary input)
  bool fromBinary = false;
  std::vector<Instruction> instructions;
};

// Reads `.spvasm` text, or a binary module when `bytes` starts with the SPIR-V magic number.
Module loadModule(const std::string& bytes, const std::string& sourceName);

// The opcode name SPIRV-Tools gives (OpLoad ...).
std::string opcodeName(uint32_t opcode);

}  // namespace catcheck::frontends::spirv
