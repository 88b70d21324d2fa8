// Shared helpers of the PTX module parser tests (PtxModuleParserTest.cpp, PtxModuleErrorsTest.cpp): the
// corpus of litmus/CUDA/, small kernels around a body, the error text of bad input, and views of the tree.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ir/SourceLocation.h"
#include "frontends/ptx/PtxModule.h"

namespace catcheck::frontends::ptx::testing {

inline const std::string kCorpus = std::string(CATCHECK_SOURCE_DIR) + "/litmus/CUDA/";
inline const std::string kHeader = ".version 8.0\n.target sm_90a\n.address_size 64\n";

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

inline Module corpusModule(const std::string& name) {
  return parsePtxModule(readFile(kCorpus + name), name);
}

inline std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus))
    if (entry.path().extension() == ".ptx") files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  return files;
}

// A kernel `k` with `body` inside its braces, after kHeader.
inline Module kernel(const std::string& body) {
  return parsePtxModule(kHeader + ".entry k()\n{\n" + body + "\n}\n", "t.ptx");
}

inline std::string errorOf(const std::string& text) {
  try {
    parsePtxModule(text, "bad.ptx");
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "no error";
}

// The error of a kernel whose body is `body` (kHeader is lines 1-3, `.entry k()` 4, `{` 5, body from 6).
inline std::string bodyError(const std::string& body) {
  return errorOf(kHeader + ".entry k()\n{\n" + body + "\n}\n");
}

inline void collect(const Block& block, std::vector<const Instruction*>& out) {
  for (const Statement& statement : block.statements) {
    if (const auto* instruction = std::get_if<Instruction>(&statement)) out.push_back(instruction);
    if (const auto* nested = std::get_if<Block>(&statement)) collect(*nested, out);
  }
}

// Every instruction of the function, nested blocks included, in text order.
inline std::vector<const Instruction*> instructions(const Function& function) {
  std::vector<const Instruction*> out;
  collect(function.body, out);
  return out;
}

inline std::string form(const Instruction& instruction) {
  std::string text = instruction.opcode;
  for (const std::string& qualifier : instruction.qualifiers) text += "." + qualifier;
  return text;
}

// The first instruction at `line` of the function's source.
inline const Instruction& atLine(const Function& function, int line) {
  for (const Instruction* instruction : instructions(function))
    if (instruction->where.line == line) return *instruction;
  throw std::runtime_error("no instruction at line " + std::to_string(line));
}

template <class T>
const T& as(const Operand& operand) {
  return std::get<T>(operand.value);
}

inline std::vector<std::string> labelsOf(const Block& block) {
  std::vector<std::string> names;
  for (const Statement& statement : block.statements)
    if (const auto* label = std::get_if<Label>(&statement)) names.push_back(label->name);
  return names;
}

}  // namespace catcheck::frontends::ptx::testing
