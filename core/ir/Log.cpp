// The catcheck logger (core/ir/Log.h): created on first use with a plain stderr sink (no colours, no
// background thread), level off, each line prefixed with the time, the process id (bulk runs log from
// forked workers) and the level.
#include "core/ir/Log.h"

#include <spdlog/sinks/stdout_sinks.h>

#include <memory>

namespace catcheck::core::log {
namespace {

std::shared_ptr<spdlog::logger> makeLogger() {
  auto logger =
      std::make_shared<spdlog::logger>("catcheck", std::make_shared<spdlog::sinks::stderr_sink_mt>());
  logger->set_pattern("[%T.%e] [%n %P] [%l] %v");
  logger->set_level(Level::off);
  logger->flush_on(Level::trace);  // every line at once: lines must not wait in a buffer across fork()
  return logger;
}

}  // namespace

spdlog::logger& logger() {
  static std::shared_ptr<spdlog::logger> instance = makeLogger();
  return *instance;
}

void setLevel(Level level) {
  logger().set_level(level);
}

const std::vector<std::string>& levelNames() {
  static const std::vector<std::string> names{"trace", "debug", "info", "warn", "error", "off"};
  return names;
}

std::optional<Level> parseLevel(std::string_view name) {
  static const Level levels[] = {Level::trace, Level::debug, Level::info,
                                 Level::warn,  Level::err,   Level::off};
  for (size_t i = 0; i < levelNames().size(); ++i) {
    if (levelNames()[i] == name) return levels[i];
  }
  return std::nullopt;
}

void flush() {
  logger().flush();
}

}  // namespace catcheck::core::log
