// libFuzzer target for the PTX-kernel front end (frontends/ptx/): module text as nvcc and clang print it
// (directives, declarations, bodies with nested blocks, instructions, `.loc`, `.section` data), parsed into
// the syntax tree and, when it parses, its kernel lowered on a small launch (two CTAs of 33 threads, every
// parameter a 64-byte buffer). Bad input must end in core::InputError; anything else is a finding.
#include "frontends/ptx/PtxKernel.h"
#include "frontends/ptx/PtxModule.h"
#include "tests/fuzz/FuzzSupport.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return catcheck::fuzz::runReader(data, size, [](const std::string& text) {
    using namespace catcheck::frontends::ptx;
    Module module = parsePtxModule(text, "fuzz.ptx");
    KernelLaunch launch;
    launch.grid.x = 2;
    launch.block.x = 33;
    const Function* entry = nullptr;
    for (const Function& f : module.functions)
      if (f.kind == FunctionKind::Entry && f.hasBody && entry == nullptr) entry = &f;
    if (entry == nullptr) return;
    launch.kernel = entry->name;
    for (size_t i = 0; i < entry->params.size(); ++i)
      launch.arguments[static_cast<int>(i)] = KernelArgument{KernelArgument::Kind::Buffer, 0, 64, false};
    lowerKernel(module, launch, text);
  });
}
