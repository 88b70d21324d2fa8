// Programs to check: litmus tests (PTX or Vulkan dialect) read from a file or from text. The format is
// recognised from the content, in one place, so that more formats (SPIR-V) can be added behind the same
// calls. A Program is an opaque, immutable handle: copies share the same parsed program.
#pragma once

#include <memory>
#include <string>

#include "catcheck/Export.h"
#include "catcheck/Model.h"

namespace catcheck {

enum class ProgramFormat { LitmusPtx, LitmusVulkan, SpirV, PtxKernel };

CATCHECK_API const char* formatName(ProgramFormat format);  // "litmus-ptx" | "litmus-vulkan" | "spirv" | "ptx-kernel"

class CATCHECK_API Program {
 public:
  const std::string& name() const;  // the test's name from its header
  const std::string& file() const;  // the file or source name it was read from
  ProgramFormat format() const;
  int threadCount() const;
  const std::string& condition() const;  // the final condition as written ("" when none)

  struct Impl;

 private:
  friend struct detail::Access;
  explicit Program(std::shared_ptr<const Impl> impl);
  std::shared_ptr<const Impl> impl_;
};

// Reads a program, recognising its format from the content. Throws InputError (file, line, column).
CATCHECK_API Program loadProgramFile(const std::string& path);
CATCHECK_API Program loadProgramText(const std::string& text, const std::string& sourceName = "<string>");

}  // namespace catcheck
