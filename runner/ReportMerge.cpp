// Reads shard reports back and merges them. Each report carries its run's identity (RunIdentity: the shard
// K/N and the partition fingerprint) and each row its manifest index, so the merge can check that the
// reports are distinct shards of one partition, name the shards that are missing, and put the rows back in
// manifest order. A row's start time stays relative to its own shard's start, as if all shards started
// together, which is what the per-suite wall times of the merged table then mean.
#include "runner/ReportMerge.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/ir/SourceLocation.h"

namespace catcheck::runner {
namespace {

using nlohmann::json;

[[noreturn]] void notAReport(const std::string& path, const std::string& why) {
  throw core::InputError({path, 0, 0}, "not a report of `catcheck run --report`: " + why);
}

const json& field(const json& object, const char* name, const std::string& path, const std::string& where) {
  if (!object.is_object() || !object.contains(name))
    notAReport(path, fmt::format("{} lacks the field '{}'", where, name));
  return object.at(name);
}

template <typename T>
T value(const json& object, const char* name, const std::string& path, const std::string& where) {
  try {
    return field(object, name, path, where).get<T>();
  } catch (const json::exception& e) {
    notAReport(path, fmt::format("{}: field '{}': {}", where, name, e.what()));
  }
}

RowStatus parseStatus(const std::string& name, const std::string& path, const std::string& where) {
  if (std::optional<RowStatus> status = statusOfJson(name)) return *status;
  notAReport(path, fmt::format("{}: unknown status '{}'", where, name));
}

core::Result parseVerdict(const std::string& name, const std::string& path, const std::string& where) {
  try {
    return core::parseResult(name);
  } catch (const std::invalid_argument& e) {
    notAReport(path, fmt::format("{}: {}", where, e.what()));
  }
}

RowOutcome readRow(const json& j, const std::string& path, const std::string& where) {
  RowOutcome o;
  auto text = [&](const char* name) { return value<std::string>(j, name, path, where); };
  o.row.suite = text("suite");
  o.row.test = text("test");
  o.row.testAsWritten = text("test_as_written");
  o.row.line = value<int>(j, "line", path, where);
  o.row.index = value<int>(j, "index", path, where);
  o.row.model = text("model");
  o.row.property = text("property");
  o.row.bound = value<int>(j, "bound", path, where);
  o.row.progress = text("progress");
  o.row.expected = parseVerdict(text("expected"), path, where);
  o.verdict.result = parseVerdict(text("result"), path, where);
  o.status = parseStatus(text("status"), path, where);
  o.message = text("message");
  o.verdict.explanation = text("explanation");
  // null when the witness was found at the row's bound, or when there is none; absent from older reports
  if (auto bound = j.find("witness_bound"); bound != j.end() && !bound->is_null())
    o.verdict.witnessBound = value<int>(j, "witness_bound", path, where);
  o.startMs = value<double>(j, "start_ms", path, where);
  o.wallMs = value<double>(j, "wall_ms", path, where);
  const json& times = field(j, "times_ms", path, where);
  std::string timesWhere = where + ".times_ms";
  o.verdict.times = {
      value<double>(times, "parse", path, timesWhere), value<double>(times, "analysis", path, timesWhere),
      value<double>(times, "encode", path, timesWhere), value<double>(times, "solve", path, timesWhere)};
  return o;
}

// The 1-based line and column of a byte offset (nlohmann reports one past the offending byte).
core::SourceLocation locationOf(const std::string& path, const std::string& text, size_t byte) {
  size_t end = std::min(byte > 0 ? byte - 1 : 0, text.size());
  size_t lineStart = text.rfind('\n', end == 0 ? 0 : end - 1);
  lineStart = lineStart == std::string::npos || end == 0 ? 0 : lineStart + 1;
  int line =
      1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(lineStart), '\n'));
  return {path, line, static_cast<int>(end - lineStart) + 1};
}

json parseFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw core::InputError({path, 0, 0}, "cannot open report");
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw core::InputError(locationOf(path, text, e.byte), fmt::format("malformed JSON: {}", e.what()));
  }
}

RunIdentity readIdentity(const json& j, const std::string& path) {
  RunIdentity identity;
  identity.manifest = value<std::string>(j, "manifest", path, "the report");
  const json& shard = field(j, "shard", path, "the report");
  identity.shard = {value<int>(shard, "index", path, "shard"), value<int>(shard, "count", path, "shard")};
  if (identity.shard.count < 1 || identity.shard.index < 1 || identity.shard.index > identity.shard.count)
    notAReport(path, fmt::format("impossible shard {}/{}", identity.shard.index, identity.shard.count));
  identity.rowsSelected = value<int>(j, "rows_selected", path, "the report");
  identity.partition = value<std::string>(j, "partition", path, "the report");
  return identity;
}

void requireSamePartition(const RunReport& first, const RunReport& other) {
  if (other.identity.shard.count != first.identity.shard.count) {
    throw core::InputError({other.path, 0, 0},
                           fmt::format("shard {}/{} does not belong with {} (shard {}/{}): different N",
                                       other.identity.shard.index, other.identity.shard.count, first.path,
                                       first.identity.shard.index, first.identity.shard.count));
  }
  if (other.identity.partition != first.identity.partition ||
      other.identity.rowsSelected != first.identity.rowsSelected) {
    throw core::InputError(
        {other.path, 0, 0},
        fmt::format("not a shard of the same run as {}: the rows selected differ (manifest, "
                    "--suite or test files changed)",
                    first.path));
  }
}

}  // namespace

RunReport readJsonReport(const std::string& path) {
  json j = parseFile(path);
  if (!j.is_object()) notAReport(path, "the document is not a JSON object");
  RunReport report;
  report.path = path;
  report.identity = readIdentity(j, path);
  report.wallMs = value<double>(j, "wall_ms", path, "the report");
  const json& rows = field(j, "rows", path, "the report");
  if (!rows.is_array()) notAReport(path, "'rows' is not an array");
  for (size_t i = 0; i < rows.size(); ++i)
    report.outcomes.push_back(readRow(rows[i], path, fmt::format("rows[{}]", i)));
  return report;
}

MergedRun mergeReports(const std::vector<RunReport>& reports) {
  if (reports.empty()) throw std::invalid_argument("report merge: no reports given");
  const RunReport& first = reports.front();
  MergedRun merged;
  merged.identity = first.identity;
  merged.identity.shard = {1, 1};
  std::map<int, const RunReport*> byShard;
  std::map<int, const RunReport*> byRow;
  for (const RunReport& report : reports) {
    requireSamePartition(first, report);
    auto [seen, fresh] = byShard.emplace(report.identity.shard.index, &report);
    if (!fresh) {
      throw core::InputError({report.path, 0, 0},
                             fmt::format("shard {}/{} given twice: also {}", report.identity.shard.index,
                                         report.identity.shard.count, seen->second->path));
    }
    merged.wallMs = std::max(merged.wallMs, report.wallMs);
    for (const RowOutcome& o : report.outcomes) {
      auto [other, unique] = byRow.emplace(o.row.index, &report);
      if (!unique) {
        throw core::InputError({report.path, 0, 0},
                               fmt::format("row {} (manifest line {}) is also in {}", o.row.index, o.row.line,
                                           other->second->path));
      }
      merged.outcomes.push_back(o);
    }
  }
  for (int k = 1; k <= first.identity.shard.count; ++k) {
    if (byShard.count(k) == 0) merged.missingShards.push_back(k);
  }
  if (merged.missingShards.empty() &&
      static_cast<int>(merged.outcomes.size()) != first.identity.rowsSelected) {
    throw core::InputError(
        {first.path, 0, 0},
        fmt::format("all {} shards given but they hold {} of the {} rows", first.identity.shard.count,
                    merged.outcomes.size(), first.identity.rowsSelected));
  }
  std::stable_sort(merged.outcomes.begin(), merged.outcomes.end(),
                   [](const RowOutcome& a, const RowOutcome& b) { return a.row.index < b.row.index; });
  return merged;
}

}  // namespace catcheck::runner
