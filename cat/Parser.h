// Entry points of the `.cat` front end: text -> parse tree (grammar/Cat.g4) -> resolved, desugared Model.
#pragma once

#include <string>

#include "cat/Ast.h"

namespace catcheck::cat {

// Parses `path` as a model. The model implicitly starts from `stdlibPath` (the project's models/stdlib.cat
// unless given) exactly as if its text came first. `include "f"` is looked up next to the including file,
// then in the project's models/ folder. Throws core::InputError (file:line:col) on bad input.
Model loadModel(const std::string& path, const std::string& stdlibPath = "");

// Parses model text (for tests); `sourceName` appears in error messages. Includes resolve against
// the current directory, then models/.
Model parseModelText(const std::string& text, const std::string& sourceName = "<string>",
                     const std::string& stdlibPath = "");

// The models folder: $CATCHECK_MODELS_DIR when set; in an installed tree, share/catcheck/models found
// relative to the binary holding this code (the catcheck executable or the shared library); otherwise the
// source tree's models/ (the build tree).
std::string defaultModelsDirectory();

}  // namespace catcheck::cat
