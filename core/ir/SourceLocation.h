// Source positions and the one error type for bad input: every message carries file:line:col
// (docs/design.md decision 8) and the command line turns it into exit code 2.
#pragma once

#include <cstdio>
#include <stdexcept>
#include <string>

namespace catcheck::core {

struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
  std::string str() const { return file + ":" + std::to_string(line) + ":" + std::to_string(column); }
};

class InputError : public std::runtime_error {
 public:
  InputError(const SourceLocation& where, const std::string& message)
      : std::runtime_error(where.str() + ": error: " + oneLine(message)), where_(where) {}
  const SourceLocation& where() const { return where_; }

  // The message as one line of bounded length: a diagnostic that quotes the input (SPIRV-Tools quotes the
  // rest of the file after an unterminated string) shows control characters escaped and is cut after
  // kMaxMessageLength characters, so a bad input is always answered by exactly one line.
  static std::string oneLine(const std::string& message) {
    static constexpr size_t kMaxMessageLength = 300;
    std::string line;
    for (char c : message) {
      if (line.size() >= kMaxMessageLength) return withoutPartialCharacter(line) + "...";
      if (c == '\n') {
        line += "\\n";
      } else if (c == '\t') {
        line += ' ';
      } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\x%02x",
                      static_cast<unsigned>(static_cast<unsigned char>(c)));
        line += escaped;
      } else {
        line += c;
      }
    }
    return line;
  }

 private:
  // A cut can fall inside a UTF-8 character: its bytes are dropped, so the message stays valid UTF-8.
  static std::string withoutPartialCharacter(std::string text) {
    size_t end = text.size();
    while (end > 0 && (static_cast<unsigned char>(text[end - 1]) & 0xC0) == 0x80) --end;
    if (end > 0 && static_cast<unsigned char>(text[end - 1]) >= 0xC0) {
      size_t length = static_cast<unsigned char>(text[end - 1]) >= 0xF0   ? 4
                      : static_cast<unsigned char>(text[end - 1]) >= 0xE0 ? 3
                                                                          : 2;
      if (text.size() - (end - 1) < length) text.resize(end - 1);
    }
    return text;
  }

  SourceLocation where_;
};

}  // namespace catcheck::core
