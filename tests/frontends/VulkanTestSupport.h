// Helpers of the Vulkan front-end tests: suite files and one-table tests written inline. Listing files, tag,
// register and error-message helpers are PtxTestSupport.h's, which are not PTX-specific.
#pragma once

#include <string>
#include <vector>

#include "PtxTestSupport.h"

namespace catcheck::frontends::testing {

inline std::string vulkanSuitePath(const std::string& relativePath) {
  return std::string(CATCHECK_SUITE_DIR) + "/litmus/VULKAN/" + relativePath;
}

inline core::Program parseVulkanSuiteFile(const std::string& relativePath) {
  return parseLitmusFile(vulkanSuitePath(relativePath));
}

// A Vulkan test with the given init block, thread header, rows (each without its closing ';') and condition.
inline std::string vulkanTest(const std::string& init, const std::string& threads,
                              const std::vector<std::string>& rows,
                              const std::string& condition = "exists (P0:r0 == 0)") {
  std::string text = "VULKAN test\n{ " + init + " }\n " + threads + " ;\n";
  for (const std::string& row : rows) text += " " + row + " ;\n";
  return text + condition + "\n";
}

}  // namespace catcheck::frontends::testing
