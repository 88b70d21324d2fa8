// Checking one program against one model (docs/semantics.md §2): the property to decide, the bound on loop
// unrolling, the progress model and the solver; the answer is a Verdict with, when the solver found an
// execution (a reached condition, a fired flag, a hang), that execution as a Witness. Every witness has
// been re-checked by catcheck's concrete evaluator before it is returned.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "catcheck/Export.h"
#include "catcheck/Model.h"
#include "catcheck/Program.h"

namespace catcheck {

enum class Property {
  ProgramSpec,
  CatSpec,
  Termination,
  Participation,
  WarpDrf,
  WellSynchronized,
  Deterministic,  // two complete executions from the same inputs end with the same result (issue 27)
  MemorySafety    // every access lies inside its allocation, aligned (issue 27)
};
enum class Result { Pass, Fail, Unknown };
enum class Solver { Z3, Cvc5 };

CATCHECK_API const char* propertyName(
    Property property);                              // "program_spec" | "cat_spec" | "termination" | ...
CATCHECK_API const char* resultName(Result result);  // "PASS" | "FAIL" | "UNKNOWN"
CATCHECK_API const char* solverName(Solver solver);  // "z3" | "cvc5"

struct CheckOptions {
  Property property = Property::ProgramSpec;
  int bound = 1;                  // loop unrolling bound, at least 1
  std::string progress = "FAIR";  // "FAIR", "HSA", "OBE", "HSA_OBE", "LOBE", "UNFAIR" or "FAIR;QF=OBE;SG=HSA"
  Solver solver = Solver::Z3;
  double timeoutSeconds = 0;  // per solver query; 0: none
  bool witness = true;        // return the execution behind a SAT answer (slower with cvc5)
};

// One event of a witness execution.
struct WitnessEvent {
  int id = 0;                      // e<id> in the witness text and edges
  int thread = -1;                 // index of the thread; -1 for the initial writes
  std::string threadName;          // "P0", ...; "init" for the initial writes
  std::string kind;                // "init" | "read" | "write" | "fence" | "barrier" | "visible"
  std::string location;            // the memory location read or written; "" for other events
  std::optional<long long> value;  // the value read or written (memory events)
  std::vector<std::string> tags;   // the event's tags in the model (e.g. "R", "ACQ", "GPU")
  std::string instruction;         // the instruction it comes from, e.g. "P0:3 st.weak x, 1"
  // Where the user finds it: a kernel's .cu line (through PTX .loc), a shader's line (SPIR-V OpLine), else
  // the program file's own line; "" for the initial writes.
  std::string sourceFile;
  int sourceLine = 0;
  int sourceColumn = 0;
  std::string threadPlace;  // a kernel thread as CUDA numbers it ("thread 16", "thread 3 of block 1")
};

struct WitnessEdge {
  int from = 0;  // event ids
  int to = 0;
};

struct Witness {
  std::string text;                  // readable form: events per thread, rf and co edges, final state
  std::vector<WitnessEvent> events;  // the executed events
  std::vector<WitnessEdge> rf;       // reads-from: write -> read
  std::vector<WitnessEdge> co;       // coherence order: write -> later write
};

struct Times {
  double parseMs = 0;
  double analysisMs = 0;
  double encodeMs = 0;
  double solveMs = 0;
  double totalMs = 0;
};

struct Verdict {
  Result result = Result::Unknown;
  std::string explanation;  // one line: why this result
  bool fired = false;       // cat_spec FAIL: a flagged axiom fired
  std::string firedFlag;    // ... its name
  std::string firedPair;    // ... and one pair of events in the flagged relation
  std::string stuck;        // termination FAIL: the stuck threads, where, and the values they keep reading
  std::string testName;
  std::string condition;  // program_spec: the test's condition as written
  // The bound at which the witness was found, when the check found it below CheckOptions::bound (0: at
  // that bound). A witness of a violation or a reached outcome at a smaller bound is one at every larger.
  int witnessBound = 0;
  Times times;
  std::optional<Witness> witness;  // with CheckOptions::witness, when the verdict comes from an execution
};

// Checks the program against the model. Throws UsageError for bad options, SolverError when the solver
// gives up, InternalError when the evaluator rejects the solver's witness.
CATCHECK_API Verdict checkProgram(const Program& program, const Model& model,
                                  const CheckOptions& options = {});

// Reads the program and checks it; the verdict's times include parsing. Also throws InputError.
CATCHECK_API Verdict checkFile(const std::string& programPath, const Model& model,
                               const CheckOptions& options = {});

}  // namespace catcheck
