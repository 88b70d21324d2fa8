// The Vulkan litmus dialect (grammar/LitmusVulkan.g4): text to Program IR. Used through frontends/Litmus.h.
#pragma once

#include <string>

#include "core/ir/Program.h"
#include "frontends/VulkanInstructions.h"

namespace catcheck::frontends::vulkan {

core::Program parseVulkanLitmus(const std::string& text, const std::string& sourceName);

// The init block: location values, generic aliases and register initial values. Threads must already be in
// `program`.
void readInitBlock(core::Program& program, const std::string& file, Parser::InitBlockContext* ctx);

// The `{ ssw Pi Pj; ... }` block: Program::systemSynchronizesWith, as thread indexes.
void readSswBlock(core::Program& program, const std::string& file, Parser::SswBlockContext* ctx);

}  // namespace catcheck::frontends::vulkan
