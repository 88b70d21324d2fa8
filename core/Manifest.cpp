// Reads manifest CSV files. The header row names the columns, so extra columns (the SPIR-V manifest's
// `target`, `ignore_filter`) are tolerated; blank lines and lines starting with `//` are skipped.
#include "core/Manifest.h"

#include "core/SourceLocation.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace catcheck::core {
namespace {

std::vector<std::string> splitCsv(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, ',')) fields.push_back(field);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

int columnOf(const std::map<std::string, size_t>& columns, const std::string& name, const SourceLocation& where) {
  auto it = columns.find(name);
  if (it == columns.end()) throw InputError(where, "manifest header lacks the column '" + name + "'");
  return static_cast<int>(it->second);
}

}  // namespace

std::vector<ManifestRow> readManifest(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError({path, 0, 0}, "cannot open manifest");
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string line;
  std::map<std::string, size_t> columns;
  std::vector<ManifestRow> rows;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line.rfind("//", 0) == 0) continue;
    std::vector<std::string> fields = splitCsv(line);
    SourceLocation where{path, number, 1};
    if (columns.empty()) {
      for (size_t i = 0; i < fields.size(); ++i) columns[fields[i]] = i;
      for (const char* required : {"suite", "test", "model", "property", "bound", "progress", "expected"}) columnOf(columns, required, where);
      continue;
    }
    if (fields.size() != columns.size()) {
      throw InputError(where, "expected " + std::to_string(columns.size()) + " fields, found " + std::to_string(fields.size()));
    }
    auto field = [&](const char* name) { return fields[static_cast<size_t>(columnOf(columns, name, where))]; };
    ManifestRow row;
    row.line = number;
    row.suite = field("suite");
    row.test = (folder / field("test")).string();
    row.model = field("model");
    row.property = field("property");
    row.progress = field("progress");
    try {
      row.bound = std::stoi(field("bound"));
      row.expected = parseResult(field("expected"));
      parseProperty(row.property);
    } catch (const std::exception& e) {
      throw InputError(where, e.what());
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace catcheck::core
