// Logging of the phases of a check and of a bulk run (issue 14): one spdlog logger, "catcheck", writing to
// stderr (stdout carries the verdicts scripts read) and off unless asked for (the CLI's -v, -vv and
// --log-level). It is not registered with spdlog's registry, so a program that embeds the library and uses
// spdlog itself keeps its own default logger and levels. The sink has no thread of its own, so a forked
// worker process may use it once the parent has flushed (flush() before fork()).
#pragma once

#include <spdlog/logger.h>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace catcheck::core::log {

using Level = spdlog::level::level_enum;

spdlog::logger& logger();

void setLevel(Level level);

// "trace", "debug", "info", "warn", "error" or "off"; nothing for any other name.
std::optional<Level> parseLevel(std::string_view name);

// The names parseLevel accepts, most verbose first.
const std::vector<std::string>& levelNames();

inline bool enabled(Level level) {
  return logger().should_log(level);
}

void flush();

template <typename... Args>
void trace(fmt::format_string<Args...> format, Args&&... args) {
  logger().trace(format, std::forward<Args>(args)...);
}

template <typename... Args>
void debug(fmt::format_string<Args...> format, Args&&... args) {
  logger().debug(format, std::forward<Args>(args)...);
}

template <typename... Args>
void info(fmt::format_string<Args...> format, Args&&... args) {
  logger().info(format, std::forward<Args>(args)...);
}

template <typename... Args>
void warn(fmt::format_string<Args...> format, Args&&... args) {
  logger().warn(format, std::forward<Args>(args)...);
}

}  // namespace catcheck::core::log
