// The PTX litmus dialect (grammar/LitmusPTX.g4): text to Program IR. Used through frontends/Litmus.h.
#pragma once

#include <string>

#include "core/ir/Program.h"
#include "frontends/PtxInstructions.h"

namespace catcheck::frontends::ptx {

core::Program parsePtxLitmus(const std::string& text, const std::string& sourceName);

// The init block: location values, aliases (physical and generic addresses) and register initial values.
// Threads must already be in `program`.
void readInitBlock(core::Program& program, const std::string& file, Parser::InitBlockContext* ctx);

}  // namespace catcheck::frontends::ptx
