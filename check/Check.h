// The one place where a model, a program front end and an encoder meet (docs/design.md, check/): load a model
// and a program, build the bounded event graph and its relation bounds, let the encoder decide the
// property, and have the concrete evaluator re-check every witness the solver returns.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "check/CudaCompile.h"
#include "core/analysis/Execution.h"
#include "core/analysis/RelationGraph.h"
#include "core/graph/EventGraph.h"
#include "core/ir/Program.h"
#include "core/ir/Progress.h"
#include "core/ir/Verdict.h"
#include "encoders/Checker.h"
#include "encoders/Solver.h"
#include "frontends/ptx/PtxLaunch.h"

namespace catcheck::check {

using encoders::SolverGaveUp;

// How to read a program: the SPIR-V thread grid (threads per subgroup, subgroups per workgroup,
// workgroups) overriding the module's @Config header; litmus tests ignore it.
struct ProgramOptions {
  std::optional<std::array<int, 3>> grid;
  frontends::ptx::KernelLaunch
      launch;        // PTX kernels: which kernel, on which launch (frontends/ptx/PtxLaunch.h)
  CudaOptions cuda;  // CUDA sources (.cu): how to compile them (check/CudaCompile.h)
};

struct CheckOptions {
  core::Property property = core::Property::ProgramSpec;
  int bound = 1;
  encoders::SolverOptions solver;
  core::ProgressSpec progress;  // uniform FAIR unless given
  bool explain = false;         // ask the solver for a model and report what fired (slower with cvc5)
  bool ignoreFilter = false;    // check as if the program had no filter (the SPIR-V manifest's ignore_filter)
  core::WarpConfig warpConfig = core::WarpConfig::Cuda;  // participation, warp_drf (core/ir/Warps.h)
  ProgramOptions program;                                // how checkFile reads the program
  std::string requiredTarget;  // checkFile: an input error unless the program's target has this name
  // Look for a witness at bounds 1, 2, 4, ... up to half the bound first, each search briefly, where a
  // witness there is one at the bound asked for (core/ir/Property.h): most bugs show in few iterations, and
  // a search with fewer unrolled iterations is much smaller (the XF barrier with a release-only barrier:
  // 0.3 s at bound 1, past 10 minutes at bound 9).
  bool smallerBoundsFirst = true;
  // With `explain`: called with the witness execution once the evaluator has accepted it, while its event
  // graph is alive (to render it, or to evaluate other relations or models on it).
  std::function<void(const core::EventGraph&, const core::Execution&)> onWitness;
};

// A solver witness that the independent evaluator rejects: a bug in one of the two engines.
class WitnessRejected : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads a `.cat` model (the implicit stdlib first); throws core::InputError (file:line:col).
core::Model loadModelFile(const std::string& path);
core::Model loadModelText(const std::string& text, const std::string& sourceName = "<string>");

// The kinds of program text catcheck reads, recognised from the first bytes (the SPIR-V magic number or
// a disassembly's "; SPIR-V" line; a PTX module's `.version` after its `//` comments; anything else a
// litmus test). A `.ptx` path is a PTX module whatever it holds.
enum class ProgramSource { Litmus, SpirV, PtxKernel };
ProgramSource detectProgramSource(std::string_view head);

// Reads a program, choosing the front end from its content; throws core::InputError (file:line:col).
core::Program loadProgramFile(const std::string& path, const ProgramOptions& options = {});
core::Program loadProgramText(const std::string& text, const std::string& sourceName = "<string>",
                              const ProgramOptions& options = {});

// One check as a client asks for it: the model, the program (a file in any format the front ends read,
// or a program already read) and how to check it (property, bound, progress, solver and its limits, the
// program's launch or configuration).
struct Request {
  const core::Model* model = nullptr;
  std::string programPath;                 // read with options.program, the front end chosen by content
  const core::Program* program = nullptr;  // instead of programPath: a program already read
  CheckOptions options;
};

// The one entry every client goes through (the command line, bulk runs, diff, minimize, the library):
// reads the program unless given, checks that the request fits it (the target asked for; program_spec
// needs a condition), builds the event graph and relation bounds, decides the property, re-checks every
// witness with the concrete evaluator when `explain` asks for one (docs/design.md decision 7; a rejected
// witness throws WitnessRejected rather than yielding a verdict), and names the test and its condition in
// the verdict. Its times include reading the program when it read it. Throws core::InputError for bad
// input and SolverGaveUp when the solver gives up.
core::Verdict run(const Request& request);

// Shorthands for run(): a program already read, or a file.
core::Verdict checkProgram(const core::Program& program, const core::Model& model,
                           const CheckOptions& options);
core::Verdict checkFile(const std::string& testPath, const core::Model& model, const CheckOptions& options);

}  // namespace catcheck::check
