// `-v` (info), `-vv` (debug), `-vvv` (trace) and `--log-level LEVEL`, accepted before and after a
// subcommand: how much of the phases of a check or a bulk run to log on stderr (core/ir/Log.h). Without them
// nothing is logged.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace catcheck::tools {

class LogOptions {
 public:
  // Adds the options to `app` (call it for the top level and for each subcommand).
  void addTo(CLI::App& app);
  // Sets the log level from the options parsed; --log-level wins over -v.
  void apply() const;

 private:
  int verbosity_ = 0;
  std::string level_;
};

}  // namespace catcheck::tools
