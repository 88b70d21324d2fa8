// The PTX kernel front end's entry: a parsed module (PtxModule.h) and a launch (PtxLaunch.h) in, the IR
// program of that launch out, one thread per CUDA thread. See PtxKernel.cpp and docs/design.md.
#pragma once

#include <string>

#include "core/ir/Program.h"
#include "frontends/ptx/PtxLaunch.h"
#include "frontends/ptx/PtxModule.h"

namespace catcheck::frontends::ptx {

// Throws core::InputError (file:line:col) for a launch the module cannot run (unknown kernel, a parameter
// without a value) and for every instruction or directive that is not modelled. `text` is the module's
// source, whose lines witnesses quote.
core::Program lowerKernel(const Module& module, const KernelLaunch& launch, const std::string& text);

}  // namespace catcheck::frontends::ptx
