// Runs a piece of the internal pipeline and turns its exceptions into the public ones (catcheck/Errors.h),
// so that nothing internal crosses the library's boundary.
#pragma once

#include <stdexcept>
#include <utility>

#include "catcheck/Errors.h"
#include "check/Check.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::detail {

[[noreturn]] void rethrowInputError(const core::InputError& error);

template <class Work>
auto translated(Work&& work) -> decltype(work()) {
  try {
    return std::forward<Work>(work)();
  } catch (const Error&) {
    throw;
  } catch (const core::InputError& e) {
    rethrowInputError(e);
  } catch (const check::SolverGaveUp& e) {
    throw SolverError(e.what());
  } catch (const check::WitnessRejected& e) {
    throw InternalError(e.what());
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  } catch (const std::logic_error& e) {
    throw InternalError(std::string("internal error: ") + e.what());
  }
}

}  // namespace catcheck::detail
