// Source positions and the one error type for bad input: every message carries file:line:col
// (DESIGN.md decision 8) and the command line turns it into exit code 2.
#pragma once

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
      : std::runtime_error(where.str() + ": error: " + message), where_(where) {}
  const SourceLocation& where() const { return where_; }

 private:
  SourceLocation where_;
};

}  // namespace catcheck::core
