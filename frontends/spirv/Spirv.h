// The SPIR-V front end: a `.spvasm` text or `.spv` binary module with the suite's header comments
// (docs/semantics.md §6) becomes a core::Program with one thread per invocation of the grid.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "core/ir/Program.h"

namespace catcheck::frontends {

struct SpirvOptions {
  std::optional<std::array<int, 3>> config;  // overrides @Config: threads per subgroup, subgroups, workgroups
};

core::Program parseSpirvFile(const std::string& path, const SpirvOptions& options = {});
core::Program parseSpirvText(const std::string& text, const std::string& sourceName,
                             const SpirvOptions& options = {});

}  // namespace catcheck::frontends
