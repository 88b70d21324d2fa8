// cvc5 is a module (encoders/cvc5/Cvc5Backend.cpp, libcatcheck_cvc5.so) that this file loads when a query
// first needs it, not a library every catcheck process loads at start-up: libcvc5 and the libraries it
// brings (cln, cryptominisat, gmp) cost each process 2-3 ms of start-up (symbol lookups, their static
// initialisers and page faults; one litmus test's check took 16.4 ms, of which the check proper about 8),
// and most processes never use it. The module is looked up beside the binary holding this code, where the
// install puts it (lib/catcheck/), and then where the build tree made it.
#include <dlfcn.h>

#include <stdexcept>
#include <string>

#include "core/ir/InstallLayout.h"
#include "core/ir/Log.h"
#include "encoders/Solver.h"

namespace catcheck::encoders {
namespace {

using MakeBackend = SolverBackend* (*)(const SolverOptions&);
using Version = const char* (*)();

struct Cvc5Module {
  MakeBackend make = nullptr;
  Version version = nullptr;
};

std::string modulePath() {
  constexpr const char* kName = "libcatcheck_cvc5.so";
  std::string installed =
      core::findBesideThisBinary({CATCHECK_CVC5_FROM_BINDIR, CATCHECK_CVC5_FROM_LIBDIR}, kName);
  return installed.empty() ? std::string(CATCHECK_CVC5_MODULE) : installed;
}

template <typename Function>
Function entryPoint(void* handle, const char* name) {
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) throw std::runtime_error(std::string("cvc5 module: no entry point ") + name);
  return reinterpret_cast<Function>(symbol);
}

// Loaded once per process; never unloaded (its code may be running on another thread).
const Cvc5Module& cvc5Module() {
  static const Cvc5Module module = [] {
    std::string path = modulePath();
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) throw std::runtime_error("cannot load the cvc5 module: " + std::string(dlerror()));
    core::log::debug("cvc5 module loaded from {}", path);
    return Cvc5Module{entryPoint<MakeBackend>(handle, "catcheckMakeCvc5Backend"),
                      entryPoint<Version>(handle, "catcheckCvc5Version")};
  }();
  return module;
}

}  // namespace

std::unique_ptr<SolverBackend> makeCvc5Solver(const SolverOptions& options) {
  return std::unique_ptr<SolverBackend>(cvc5Module().make(options));
}

namespace {
// Why the module cannot be loaded; empty once it is.
std::string cvc5ModuleProblem() noexcept {
  try {
    cvc5Module();
    return {};
  } catch (const std::exception& error) {
    return error.what();
  }
}
}  // namespace

bool loadCvc5Module() noexcept {
  std::string problem = cvc5ModuleProblem();
  if (!problem.empty()) core::log::debug("{}", problem);
  return problem.empty();
}

// A missing module makes `catcheck --version` say so rather than fail.
std::string cvc5Version() {
  std::string problem = cvc5ModuleProblem();
  return problem.empty() ? std::string(cvc5Module().version()) : "unavailable: " + problem;
}

}  // namespace catcheck::encoders
