// A kernel launch as the command line and the library give it (issue 28's contract): which `.entry`, the
// grid, block and cluster dimensions, the value of each kernel parameter, and the size of dynamic shared
// memory. Parsing of the option texts (`--grid 2,1`, `--arg 1=buffer:128:any`) lives here so that every
// client reads them alike. See PtxLaunch.cpp.
#pragma once

#include <map>
#include <string>

namespace catcheck::frontends::ptx {

struct Dim3 {
  long long x = 1, y = 1, z = 1;
  long long count() const { return x * y * z; }
  bool operator==(const Dim3&) const = default;
};

// One kernel parameter's value: an integer, or a fresh global allocation of `bytes` bytes (zero-filled, or
// with unconstrained contents when `anyContents`), whose generic address is the parameter's value.
struct KernelArgument {
  enum class Kind { Integer, Buffer };
  Kind kind = Kind::Integer;
  long long value = 0;
  long long bytes = 0;
  bool anyContents = false;
};

struct KernelLaunch {
  std::string kernel;  // mangled or demangled name; empty: the module's only .entry
  Dim3 grid, block, cluster;
  std::map<int, KernelArgument> arguments;  // by parameter position
  long long dynamicSharedBytes = 0;
};

// "X[,Y[,Z]]" of positive integers; throws std::invalid_argument naming `option` otherwise.
Dim3 parseDim3(const std::string& text, const std::string& option);
// "I=VALUE" with VALUE an integer literal, buffer:BYTES or buffer:BYTES:any; throws std::invalid_argument.
std::pair<int, KernelArgument> parseKernelArgument(const std::string& text);
// The launch's dimensions and arguments as the command line writes them (for reports).
std::string describeLaunch(const KernelLaunch& launch);

}  // namespace catcheck::frontends::ptx
