// Loading models and programs through the public API (catcheck/Model.h, Program.h). Which front end reads
// a program (litmus or SPIR-V) is decided in one place, check::detectProgramSource; here the result is
// only named for the API (ProgramFormat).
#include <filesystem>

#include "cat/Parser.h"
#include "check/Check.h"
#include "library/Handles.h"
#include "library/Translate.h"

namespace catcheck {
namespace {

ProgramFormat formatOf(const core::Program& program) {
  switch (program.language) {
    case core::SourceLanguage::PtxLitmus:
      return ProgramFormat::LitmusPtx;
    case core::SourceLanguage::VulkanLitmus:
      return ProgramFormat::LitmusVulkan;
    case core::SourceLanguage::SpirV:
      return ProgramFormat::SpirV;
    case core::SourceLanguage::PtxKernel:
      return ProgramFormat::PtxKernel;
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
    case ProgramFormat::PtxKernel:
      return "ptx-kernel";
  }
  return "?";
}

Program loadProgramFile(const std::string& path) {
  return detail::translated([&] { return wrap(check::loadProgramFile(path)); });
}

Program loadProgramText(const std::string& text, const std::string& sourceName) {
  return detail::translated([&] { return wrap(check::loadProgramText(text, sourceName)); });
}

}  // namespace catcheck
