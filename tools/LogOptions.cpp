// The logging options of every catcheck command (tools/LogOptions.h). Each `-v` adds one step of detail;
// an unknown --log-level is a usage error, reported by CLI11 like any other invalid option value.
#include "tools/LogOptions.h"

#include "core/ir/Log.h"

namespace catcheck::tools {

void LogOptions::addTo(CLI::App& app) {
  app.add_flag_function(
      "-v", [this](std::int64_t count) { verbosity_ += static_cast<int>(count); },
      "log the phases on stderr: -v info, -vv debug, -vvv trace");
  app.add_option("--log-level", level_,
                 "log level on stderr: trace | debug | info | warn | error | off (default)")
      ->check(CLI::IsMember(core::log::levelNames()));
}

void LogOptions::apply() const {
  if (!level_.empty()) {
    core::log::setLevel(core::log::parseLevel(level_).value());
    return;
  }
  if (verbosity_ == 1) core::log::setLevel(core::log::Level::info);
  if (verbosity_ == 2) core::log::setLevel(core::log::Level::debug);
  if (verbosity_ >= 3) core::log::setLevel(core::log::Level::trace);
}

}  // namespace catcheck::tools
