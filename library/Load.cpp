// Loading models and programs through the public API (catcheck/Model.h, Program.h). The format of a
// program is recognised here, and only here: today every program is a litmus test (whose front end picks
// the PTX or Vulkan dialect from its first word); a SPIR-V module is recognised by its magic number or its
// disassembly header and refused for now, the place where a SPIR-V front end will plug in.
#include <filesystem>
#include <fstream>
#include <string_view>

#include "cat/Parser.h"
#include "check/Check.h"
#include "library/Handles.h"
#include "library/Translate.h"

namespace catcheck {
namespace {

enum class SourceKind { Litmus, SpirV };

// Recognises a program from its first bytes.
SourceKind detectSource(std::string_view head) {
  static constexpr std::string_view kMagic("\x03\x02\x23\x07", 4);         // little-endian 0x07230203
  static constexpr std::string_view kMagicSwapped("\x07\x23\x02\x03", 4);  // big-endian
  if (head.substr(0, 4) == kMagic || head.substr(0, 4) == kMagicSwapped) return SourceKind::SpirV;
  if (head.substr(0, 8) == "; SPIR-V") return SourceKind::SpirV;
  return SourceKind::Litmus;
}

std::string fileHead(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char buffer[16] = {};
  in.read(buffer, sizeof buffer);
  return std::string(buffer, static_cast<size_t>(in.gcount()));
}

void refuseSpirV(const std::string& source) {
  core::SourceLocation where{source, 1, 1};
  throw core::InputError(where,
                         "SPIR-V programs are not supported yet (expected a PTX or Vulkan litmus test)");
}

ProgramFormat formatOf(const core::Program& program) {
  switch (program.language) {
    case core::SourceLanguage::PtxLitmus:
      return ProgramFormat::LitmusPtx;
    case core::SourceLanguage::VulkanLitmus:
      return ProgramFormat::LitmusVulkan;
    case core::SourceLanguage::SpirV:
      return ProgramFormat::SpirV;
  }
  return ProgramFormat::LitmusPtx;
}

Program wrap(core::Program program) {
  ProgramFormat format = formatOf(program);
  return detail::Access::makeProgram(std::move(program), format);
}

}  // namespace

Model::Model(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

const std::string& Model::name() const {
  return impl_->name;
}

Model loadModelFile(const std::string& path) {
  return detail::translated([&] {
    return detail::Access::makeModel(check::loadModelFile(path), std::filesystem::path(path).stem().string());
  });
}

Model loadModelText(const std::string& text, const std::string& sourceName) {
  return detail::translated(
      [&] { return detail::Access::makeModel(check::loadModelText(text, sourceName), sourceName); });
}

std::string modelsDirectory() {
  return cat::defaultModelsDirectory();
}

Program::Program(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

const std::string& Program::name() const {
  return impl_->program.name;
}

const std::string& Program::file() const {
  return impl_->program.file;
}

ProgramFormat Program::format() const {
  return impl_->format;
}

int Program::threadCount() const {
  return static_cast<int>(impl_->program.threads.size());
}

const std::string& Program::condition() const {
  return impl_->program.assertionText;
}

const char* formatName(ProgramFormat format) {
  switch (format) {
    case ProgramFormat::LitmusPtx:
      return "litmus-ptx";
    case ProgramFormat::LitmusVulkan:
      return "litmus-vulkan";
    case ProgramFormat::SpirV:
      return "spirv";
  }
  return "?";
}

Program loadProgramFile(const std::string& path) {
  return detail::translated([&] {
    if (detectSource(fileHead(path)) == SourceKind::SpirV) refuseSpirV(path);
    return wrap(check::loadProgramFile(path));
  });
}

Program loadProgramText(const std::string& text, const std::string& sourceName) {
  return detail::translated([&] {
    if (detectSource(text) == SourceKind::SpirV) refuseSpirV(sourceName);
    return wrap(check::loadProgramText(text, sourceName));
  });
}

}  // namespace catcheck
