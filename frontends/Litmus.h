// Entry point of the litmus front ends: picks the dialect from the first word of the file (PTX or
// VULKAN) and returns the Program IR. Throws core::InputError (file:line:col) on bad input.
#pragma once

#include <string>

#include "core/ir/Program.h"

namespace catcheck::frontends {

core::Program parseLitmusFile(const std::string& path);
core::Program parseLitmusText(const std::string& text, const std::string& sourceName = "<string>");

}  // namespace catcheck::frontends
