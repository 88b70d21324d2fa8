// Helpers for the SPIR-V front-end tests: small Vulkan and OpenCL modules around a function body, the
// error message a module gives, and look-ups into the resulting program.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ir/Program.h"
#include "frontends/spirv/Spirv.h"

namespace catcheck::frontends::spirv_testing {

// A Vulkan compute shader: `headers` (comment lines), then a fixed prologue of 26 lines declaring
// %uint (32 bits), %int (32 bits, signed), %bool, constants %c0..%c3, the builtin %gid
// (GlobalInvocationId), a StorageBuffer array %x of two uints, a StorageBuffer uint %y, a Workgroup uint
// %w, pointer types %ptr_sb (StorageBuffer uint) and %ptr_wg, `extraGlobals`, then the entry
// function %main whose first block %entry holds `body` (then OpReturn): the body's first line is line
// 27 + the lines of `headers` and `extraGlobals`.
inline std::string vulkanModule(const std::string& headers, const std::string& body,
                                const std::string& extraGlobals = "") {
  return headers +
         "OpCapability Shader\n"
         "OpCapability VulkanMemoryModel\n"
         "OpMemoryModel Logical Vulkan\n"
         "OpEntryPoint GLCompute %main \"main\" %gid %x %y %w\n"
         "OpDecorate %gid BuiltIn GlobalInvocationId\n"
         "%void = OpTypeVoid\n"
         "%func = OpTypeFunction %void\n"
         "%uint = OpTypeInt 32 0\n"
         "%int = OpTypeInt 32 1\n"
         "%bool = OpTypeBool\n"
         "%v3uint = OpTypeVector %uint 3\n"
         "%c0 = OpConstant %uint 0\n"
         "%c1 = OpConstant %uint 1\n"
         "%c2 = OpConstant %uint 2\n"
         "%c3 = OpConstant %uint 3\n"
         "%arr = OpTypeArray %uint %c2\n"
         "%ptr_in = OpTypePointer Input %v3uint\n"
         "%ptr_sb_arr = OpTypePointer StorageBuffer %arr\n"
         "%ptr_sb = OpTypePointer StorageBuffer %uint\n"
         "%ptr_wg = OpTypePointer Workgroup %uint\n"
         "%gid = OpVariable %ptr_in Input\n"
         "%x = OpVariable %ptr_sb_arr StorageBuffer\n"
         "%y = OpVariable %ptr_sb StorageBuffer\n"
         "%w = OpVariable %ptr_wg Workgroup\n" +
         extraGlobals +
         "%main = OpFunction %void None %func\n"
         "%entry = OpLabel\n" +
         body +
         "OpReturn\n"
         "OpFunctionEnd\n";
}

// `text` with the first `from` replaced by `to` (`from` must occur).
inline void replaceOnce(std::string& text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  if (at == std::string::npos) throw std::invalid_argument("test module lacks: " + from);
  text.replace(at, from.size(), to);
}

// The thread's invocation id: `%id = OpCompositeExtract %uint %gidv 0` after loading %gid.
inline const char* kLoadId =
    "%gidv = OpLoad %v3uint %gid\n"
    "%id = OpCompositeExtract %uint %gidv 0\n";

inline core::Program parse(const std::string& text, const SpirvOptions& options = {}) {
  return parseSpirvText(text, "test.spvasm", options);
}

inline std::string errorOf(const std::string& text) {
  try {
    parse(text);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "no error";
}

inline std::vector<const core::Instruction*> instructionsOf(const core::Thread& thread,
                                                            core::InstructionKind kind) {
  std::vector<const core::Instruction*> result;
  for (const core::Instruction& in : thread.code)
    if (in.kind == kind) result.push_back(&in);
  return result;
}

inline std::vector<std::string> tagNames(const core::TagSet& tags) {
  std::vector<std::string> names = tags.names();
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace catcheck::frontends::spirv_testing
