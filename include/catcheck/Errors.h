// The exceptions of the catcheck library. Everything it throws for a reason of its own derives from
// catcheck::Error (a std::runtime_error), so one handler can catch them all:
//   InputError     bad input (model, program, manifest, missing file), with the file, line and column;
//                  what() is "file:line:col: error: message", as the command line prints it
//   UsageError     an option value the library cannot use (progress spec, bound, ...)
//   SolverError    the SMT solver answered neither sat nor unsat (timeout, resource limit)
//   InternalError  a bug: the concrete evaluator rejected a solver's witness, or an invariant broke
#pragma once

#include <stdexcept>
#include <string>

#include "catcheck/Export.h"

namespace catcheck {

class CATCHECK_API Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message);
  ~Error() override;
};

class CATCHECK_API InputError : public Error {
 public:
  // `message` is the full text ("file:line:col: error: ..."), as what() returns it.
  InputError(std::string file, int line, int column, const std::string& message);
  ~InputError() override;
  const std::string& file() const noexcept { return file_; }
  int line() const noexcept { return line_; }      // 1-based
  int column() const noexcept { return column_; }  // 1-based

 private:
  std::string file_;
  int line_ = 0;
  int column_ = 0;
};

class CATCHECK_API UsageError : public Error {
 public:
  explicit UsageError(const std::string& message);
  ~UsageError() override;
};

class CATCHECK_API SolverError : public Error {
 public:
  explicit SolverError(const std::string& message);
  ~SolverError() override;
};

class CATCHECK_API InternalError : public Error {
 public:
  explicit InternalError(const std::string& message);
  ~InternalError() override;
};

}  // namespace catcheck
