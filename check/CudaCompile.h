// Compiling a CUDA source file to PTX for the kernel front end (`catcheck MODEL.cat kernel.cu ...`). See
// CudaCompile.cpp for how the compiler is chosen.
#pragma once

#include <string>
#include <vector>

namespace catcheck::check {

struct CudaOptions {
  std::string arch = "sm_90a";     // --cuda-arch
  std::vector<std::string> flags;  // --cuda-flag, passed to the compiler as they are
};

// The compiler's command line for `source` -> `output` (nvcc or clang, told apart by name).
std::vector<std::string> cudaCompileCommand(const std::string& compiler, const std::string& source,
                                            const std::string& output, const CudaOptions& options);

// The PTX the first CUDA compiler found prints for `source` (with line information). Throws
// core::InputError when none is found or the compilation fails (its first messages in the text).
std::string compileCudaToPtx(const std::string& source, const CudaOptions& options);

}  // namespace catcheck::check
