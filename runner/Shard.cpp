// Splits a run's rows into shards (see Shard.h for the rule and why). The cost estimate reads each test's
// program table, which is cheap next to checking it, and depends only on the file's contents; the greedy
// assignment sorts by (cost, key) so the manifest's row order never matters, and the fingerprint lets the
// merge refuse shards cut from different row sets or different test files.
#include "runner/Shard.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <numeric>
#include <stdexcept>
#include <string_view>

#include "core/ir/Property.h"

namespace catcheck::runner {
namespace {

bool isBlank(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isspace(c); });
}

// Non-blank `|`-separated cells of a program-table line (one that ends with ';' after the init block).
int programCells(const std::string& line) {
  std::string_view text(line);
  size_t end = text.find_last_not_of(" \t\r");
  if (end == std::string_view::npos || text[end] != ';') return 0;
  text = text.substr(0, end);
  int cells = 0;
  for (size_t start = 0; start <= text.size();) {
    size_t bar = std::min(text.find('|', start), text.size());
    cells += isBlank(text.substr(start, bar - start)) ? 0 : 1;
    start = bar + 1;
  }
  return cells;
}

int instructionCount(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  bool pastInit = false;
  int cells = 0;
  while (std::getline(in, line)) {
    if (!pastInit) {
      pastInit = line.find('}') != std::string::npos;
      continue;
    }
    cells += programCells(line);
  }
  return std::max(cells, 1);
}

int parseNumber(const std::string& text, const std::string& whole) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size())
    throw std::invalid_argument(fmt::format("'{}': expected K/N with whole numbers, e.g. 2/8", whole));
  return value;
}

uint64_t fnv1a(const std::string& text, uint64_t hash) {
  for (unsigned char c : text) hash = (hash ^ c) * 0x100000001b3ULL;
  return hash;
}

}  // namespace

Shard parseShard(const std::string& text) {
  size_t slash = text.find('/');
  if (slash == std::string::npos)
    throw std::invalid_argument(fmt::format("'{}': expected K/N, e.g. 2/8", text));
  Shard shard{parseNumber(text.substr(0, slash), text), parseNumber(text.substr(slash + 1), text)};
  if (shard.count < 1) throw std::invalid_argument(fmt::format("'{}': N must be at least 1", text));
  if (shard.index < 1 || shard.index > shard.count) {
    throw std::invalid_argument(fmt::format(
        "--shard '{}': K must be between 1 and N={} (shards are numbered from 1)", text, shard.count));
  }
  return shard;
}

std::string stableKey(const ManifestRow& row) {
  return fmt::format("{}\t{}\t{}\t{}\t{}\t{}", row.suite, row.testAsWritten, row.model, row.property,
                     row.bound, row.progress);
}

double estimatedCost(const ManifestRow& row) {
  if (!row.skipReason.empty()) return 0;
  bool liveness = row.property == core::propertyName(core::Property::Termination);
  return static_cast<double>(instructionCount(row.test)) * std::max(row.bound, 1) * (liveness ? 4 : 1);
}

std::vector<int> assignShards(const std::vector<ManifestRow>& rows, int count) {
  std::vector<double> costs(rows.size());
  std::vector<std::string> keys(rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    costs[i] = estimatedCost(rows[i]);
    keys[i] = stableKey(rows[i]);
  }
  std::vector<size_t> order(rows.size());
  std::iota(order.begin(), order.end(), 0);
  // Rows with equal keys are interchangeable; their index only makes the sort deterministic.
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (costs[a] != costs[b]) return costs[a] > costs[b];
    return keys[a] != keys[b] ? keys[a] < keys[b] : a < b;
  });
  std::vector<double> load(static_cast<size_t>(std::max(count, 1)), 0);
  std::vector<int> shards(rows.size(), 1);
  for (size_t i : order) {
    size_t least = static_cast<size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    load[least] += costs[i];
    shards[i] = static_cast<int>(least) + 1;
  }
  return shards;
}

std::vector<ManifestRow> rowsOfShard(const std::vector<ManifestRow>& rows, const Shard& shard) {
  std::vector<int> shards = assignShards(rows, shard.count);
  std::vector<ManifestRow> selected;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (shards[i] == shard.index) selected.push_back(rows[i]);
  }
  return selected;
}

std::string partitionFingerprint(const std::vector<ManifestRow>& rows) {
  std::vector<std::string> lines;
  for (const ManifestRow& row : rows)
    lines.push_back(fmt::format("{}\t{}", stableKey(row), estimatedCost(row)));
  std::sort(lines.begin(), lines.end());
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (const std::string& line : lines) hash = fnv1a(line + "\n", hash);
  return fmt::format("{:016x}", hash);
}

}  // namespace catcheck::runner
