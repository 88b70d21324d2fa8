// Checks on input text shared by every front end (`.cat`, litmus, and later SPIR-V assembly): the ANTLR
// runtime decodes its input as UTF-8 and aborts on bytes that are not, so front ends check first and
// report the first bad byte where it is.
#pragma once

#include <string>

namespace catcheck::core {

// Throws InputError at the line and column of the first byte that does not belong to a well-formed UTF-8
// sequence (overlong forms, surrogates and code points past U+10FFFF included).
void requireUtf8(const std::string& text, const std::string& sourceName);

}  // namespace catcheck::core
