// `--witness FILE`: a witness execution as a Graphviz file for people to look at.
#pragma once

#include <string>

namespace catcheck::tools {

// Writes `dot` (Graphviz DOT text) to `path`; a path ending in `.svg` gets the picture instead, rendered by
// Graphviz's `dot -Tsvg`. Throws std::invalid_argument when the file cannot be written or `dot` fails or is
// not installed.
void writeWitnessFile(const std::string& path, const std::string& dot);

}  // namespace catcheck::tools
