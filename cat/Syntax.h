// Reading one `.cat` file into its syntax tree (cat/Ast.h).
#pragma once

#include <string>

#include "cat/Ast.h"

namespace catcheck::cat {

// Lexes and parses `text`. The first lexical or syntax error, and the first keyword of a construct catcheck
// does not implement (`procedure`, `call`, `match`, ...), throws core::InputError at `sourceName:line:col`.
ast::File readSyntax(const std::string& text, const std::string& sourceName);

}  // namespace catcheck::cat
