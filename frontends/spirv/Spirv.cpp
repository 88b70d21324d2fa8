// Entry points of the SPIR-V front end: load the module through SPIRV-Tools (SpirvModule.cpp), read the
// header comments (SpirvHeaders.cpp), analyse the module once (SpirvModuleInfo.cpp), instantiate the
// entry point for every thread of the @Config grid (SpirvThread.cpp and the instruction families), and
// translate @Output / @Filter (SpirvAssertions.cpp). Thread i is in subgroup (i mod T·S) div T and
// workgroup i div (T·S), of queue family 0 and device 0.
#include "frontends/spirv/Spirv.h"

#include <fstream>
#include <spirv/unified1/spirv.hpp11>
#include <sstream>

#include "core/ir/SourceText.h"
#include "frontends/spirv/SpirvLowering.h"

namespace catcheck::frontends {
namespace {

using spirv::SpirvModuleInfo;

std::string programName(const std::string& sourceName) {
  size_t slash = sourceName.find_last_of('/');
  std::string base = slash == std::string::npos ? sourceName : sourceName.substr(slash + 1);
  size_t dot = base.find_last_of('.');
  return dot == std::string::npos ? base : base.substr(0, dot);
}

// An @Input may only set a variable, a kernel parameter or a specialization constant. One for an id the
// module does not have is ignored, as Dat3M does (suite tests carry inputs for removed variables).
void checkInputs(const SpirvModuleInfo& info) {
  for (const auto& [name, value] : info.headers.inputs) {
    auto id = info.idsByName.find(name);
    if (id == info.idsByName.end()) continue;
    const spirv::Instruction& in = info.definition(id->second, value.where);
    auto op = static_cast<spv::Op>(in.opcode);
    bool accepted = op == spv::Op::OpVariable || op == spv::Op::OpFunctionParameter ||
                    op == spv::Op::OpSpecConstant || op == spv::Op::OpSpecConstantTrue ||
                    op == spv::Op::OpSpecConstantFalse;
    if (!accepted) {
      throw core::InputError(value.where, "@Input for " + name +
                                              ", which is not a variable, kernel parameter or "
                                              "specialization constant");
    }
  }
}

}  // namespace

core::Program parseSpirvFile(const std::string& path, const SpirvOptions& options) {
  return parseSpirvText(core::readInputFile(path, "cannot open SPIR-V file"), path, options);
}

core::Program parseSpirvText(const std::string& text, const std::string& sourceName,
                             const SpirvOptions& options) {
  SpirvModuleInfo info;
  info.options = options;
  if (text.size() < 4 || text.compare(0, 4, "\x03\x02\x23\x07") != 0) {
    core::requireUtf8(text, sourceName);
    core::requireShallowNesting(text, sourceName);
  }
  info.module = spirv::loadModule(text, sourceName);
  if (!info.module.fromBinary) info.headers = spirv::parseHeaders(text, sourceName);
  if (options.config) {
    for (int value : *options.config) {
      if (value <= 0)
        throw core::InputError({sourceName, 1, 1}, "the thread grid's dimensions must be positive");
    }
    info.headers.config = *options.config;
  }
  spirv::analyzeModule(info);
  checkInputs(info);
  core::Program& program = info.program;
  program.name = programName(sourceName);
  program.file = sourceName;
  program.language = core::SourceLanguage::SpirV;
  program.target = &info.target();
  const auto& c = info.headers.config;
  int threads = c[0] * c[1] * c[2];
  for (int i = 0; i < threads; ++i) {
    spirv::ThreadLowering lowering(info, i);
    program.threads.push_back(lowering.lower());
  }
  spirv::translateAssertions(info);
  return std::move(info.program);
}

}  // namespace catcheck::frontends
