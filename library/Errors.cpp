// The public exception classes (catcheck/Errors.h) and the conversions between the public vocabulary
// (enums, options) and the internal one. The destructors are defined here so that each class's type
// information lives in the shared library, and a program catching them matches the library's.
#include "catcheck/Errors.h"

#include <cmath>

#include "library/Handles.h"
#include "library/Translate.h"

namespace catcheck {

Error::Error(const std::string& message) : std::runtime_error(message) {}
Error::~Error() = default;

InputError::InputError(std::string file, int line, int column, const std::string& message)
    : Error(message), file_(std::move(file)), line_(line), column_(column) {}
InputError::~InputError() = default;

UsageError::UsageError(const std::string& message) : Error(message) {}
UsageError::~UsageError() = default;

SolverError::SolverError(const std::string& message) : Error(message) {}
SolverError::~SolverError() = default;

InternalError::InternalError(const std::string& message) : Error(message) {}
InternalError::~InternalError() = default;

const char* propertyName(Property property) {
  return core::propertyName(detail::toCore(property));
}

const char* resultName(Result result) {
  return core::resultName(detail::toCore(result));
}

const char* solverName(Solver solver) {
  return encoders::solverName(detail::toCore(solver));
}

namespace detail {

void rethrowInputError(const core::InputError& error) {
  const core::SourceLocation& where = error.where();
  throw InputError(where.file, where.line, where.column, error.what());
}

core::Property toCore(Property property) {
  switch (property) {
    case Property::ProgramSpec:
      return core::Property::ProgramSpec;
    case Property::CatSpec:
      return core::Property::CatSpec;
    case Property::Termination:
      return core::Property::Termination;
    case Property::Participation:
      return core::Property::Participation;
    case Property::WarpDrf:
      return core::Property::WarpDrf;
    case Property::WellSynchronized:
      return core::Property::WellSynchronized;
    case Property::Deterministic:
      return core::Property::Deterministic;
    case Property::MemorySafety:
      return core::Property::MemorySafety;
  }
  throw UsageError("unknown property");
}

core::Result toCore(Result result) {
  switch (result) {
    case Result::Pass:
      return core::Result::Pass;
    case Result::Fail:
      return core::Result::Fail;
    case Result::Unknown:
      return core::Result::Unknown;
  }
  throw UsageError("unknown result");
}

Result fromCore(core::Result result) {
  switch (result) {
    case core::Result::Pass:
      return Result::Pass;
    case core::Result::Fail:
      return Result::Fail;
    case core::Result::Unknown:
      return Result::Unknown;
  }
  return Result::Unknown;
}

encoders::SolverKind toCore(Solver solver) {
  return solver == Solver::Cvc5 ? encoders::SolverKind::Cvc5 : encoders::SolverKind::Z3;
}

unsigned timeoutMilliseconds(double seconds) {
  if (!(seconds >= 0)) throw UsageError("the timeout must not be negative");
  return static_cast<unsigned>(std::lround(seconds * 1000));
}

void requireBound(int bound) {
  if (bound < 1) throw UsageError("the bound must be at least 1 (got " + std::to_string(bound) + ")");
}

}  // namespace detail
}  // namespace catcheck
