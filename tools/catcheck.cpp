// The catcheck command line: argument parsing and output only; the work lives in the library.
//   catcheck MODEL.cat TEST.litmus [options]                one verdict (tools/SingleCheck.cpp)
//   catcheck run --manifest FILE.csv [options]              bulk regression (tools/RunCommand.cpp)
//   catcheck diff A.cat B.cat TESTS... [options]            verdicts that differ (tools/DiffCommand.cpp)
//   catcheck report merge A.json B.json ... [options]       shard reports joined (tools/ReportCommand.cpp)
//   catcheck minimize MODEL.cat PROGRAM [options]           necessary synchronisation
//   (tools/MinimizeCommand.cpp)
// Exit codes (docs/design.md): 0 ok / all agree, 1 a verdict differs, 2 bad input or usage, 3 the solver gave
// up, a witness was rejected by the evaluator, or an internal error (any other exception: reported, never an
// abort). Every command takes -v / --log-level (tools/LogOptions.h):
// logs go to stderr, as stdout carries the verdicts.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "check/Check.h"
#include "core/ir/SourceLocation.h"
#include "encoders/Solver.h"
#include "encoders/SolverRace.h"
#include "tools/DiffCommand.h"
#include "tools/LogOptions.h"
#include "tools/MinimizeCommand.h"
#include "tools/ProcessMemory.h"
#include "tools/ReportCommand.h"
#include "tools/RunCommand.h"
#include "tools/SingleCheck.h"

using namespace catcheck;

namespace {

struct Commands {
  tools::SingleCheck single;
  tools::RunCommand run;
  tools::DiffCommand diff;
  tools::ReportCommand report;
  tools::MinimizeCommand minimize;
};

int dispatch(const Commands& commands) {
  try {
    if (commands.run.requested()) return commands.run.run();
    if (commands.diff.requested()) return commands.diff.run();
    if (commands.report.requested()) return commands.report.run();
    if (commands.minimize.requested()) return commands.minimize.run();
    return commands.single.run();
  } catch (const core::InputError& e) {
    std::cerr << e.what() << "\n";
    return 2;
  } catch (const std::invalid_argument& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 2;
  } catch (const check::WitnessRejected& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 3;
  } catch (const check::SolverGaveUp& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 3;
  } catch (const std::exception& e) {  // a bug of ours, or a limit without its own message: never an abort
    std::cerr << "catcheck: internal error: " << e.what()
              << " (this is a bug in catcheck; please report it)\n";
    return 3;
  } catch (...) {
    std::cerr
        << "catcheck: internal error: an unknown exception (this is a bug in catcheck; please report it)\n";
    return 3;
  }
}

// `catcheck --version`: ours and the solvers' versions, one per line.
std::string versionText() {
  return std::string("catcheck ") + CATCHECK_VERSION + "\nz3 " + encoders::z3Version() + "\ncvc5 " +
         encoders::cvc5Version();
}

}  // namespace

int main(int argc, char** argv) {
  tools::tuneProcessMemory();
  // No thread of ours holds a lock when a check forks (SolverRace.h); CATCHECK_NO_SOLVER_RACE (any value)
  // keeps the in-process alternation, for comparisons.
  encoders::allowSolverRaces(std::getenv("CATCHECK_NO_SOLVER_RACE") == nullptr);
  CLI::App app{"catcheck: bounded model checking of GPU litmus tests against .cat memory models"};
  app.set_version_flag("--version", versionText);
  Commands commands;
  commands.single.addOptions(app);
  commands.run.addTo(app);
  commands.diff.addTo(app);
  commands.report.addTo(app);
  commands.minimize.addTo(app);
  tools::LogOptions logging;
  logging.addTo(app);
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) {
    logging.addTo(*command);
    for (CLI::App* nested : command->get_subcommands([](CLI::App*) { return true; })) logging.addTo(*nested);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  logging.apply();
  return dispatch(commands);
}
