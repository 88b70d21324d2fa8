// Reads manifest CSV files. The header row names the columns, so extra columns (the SPIR-V manifest's
// `target`, `ignore_filter`, `warp`; a kernel's launch `kernel`, `grid`, `block`, `cluster`, `args`,
// `dynamic_smem`; `skip` with a reason) are tolerated; blank lines and lines starting with `//` are skipped.
// Also reads Dat3M's `<suite>-expected.csv` files, with Dat3M's own leniency (ResourceHelper in its
// tests, docs/semantics.md §1): malformed lines are ignored rather than reported, as they are there.
#include "runner/Manifest.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <functional>
#include <map>
#include <sstream>

#include "core/ir/SourceLocation.h"
#include "core/ir/SourceText.h"

namespace catcheck::runner {
namespace {

std::vector<std::string> splitCsv(const std::string& line) {
  std::vector<std::string> fields;
  std::stringstream stream(line);
  std::string field;
  while (std::getline(stream, field, ',')) fields.push_back(field);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

// Java's String.split(","), which Dat3M uses: trailing empty fields are dropped.
std::vector<std::string> splitLikeJava(const std::string& line) {
  std::vector<std::string> fields = splitCsv(line);
  while (!fields.empty() && fields.back().empty()) fields.pop_back();
  return fields;
}

bool isBlankOrComment(const std::string& line) {
  return line.rfind("//", 0) == 0 ||
         std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isspace(c); });
}

bool readLine(std::istream& in, std::string& line) {
  if (!std::getline(in, line)) return false;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

// Dat3M: PASS iff Integer.parseInt(field) == 1.
core::Result dat3mVerdict(const std::string& field) {
  int value = 0;
  auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  return error == std::errc() && end == field.data() + field.size() && value == 1 ? core::Result::Pass
                                                                                  : core::Result::Fail;
}

std::string suiteOfExpectedFile(const std::string& path) {
  std::string name = std::filesystem::path(path).filename().string();
  for (const char* suffix : {"-expected.csv", ".csv"}) {
    std::string_view ending(suffix);
    if (name.size() > ending.size() && name.ends_with(ending))
      return name.substr(0, name.size() - ending.size());
  }
  return name;
}

bool isLitmusFile(const std::string& path) {
  std::error_code error;
  return std::filesystem::is_regular_file(path, error) && path.ends_with("litmus");
}

bool parseBoolean(const std::string& text, const core::SourceLocation& where) {
  if (text == "true") return true;
  if (text.empty() || text == "false") return false;
  throw core::InputError(where, "expected true or false in column ignore_filter, found '" + text + "'");
}

// A loop bound: a positive decimal integer that fits an int (std::stoi took "1x" and threw "stoi").
int parseBound(const std::string& text, core::SourceLocation where) {
  int value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error == std::errc::result_out_of_range)
    throw core::InputError(where, "bound '" + text + "' is too large");
  if (error != std::errc() || end != text.data() + text.size() || value <= 0)
    throw core::InputError(where, "bound '" + text + "' is not a positive integer");
  return value;
}

int columnOf(const std::map<std::string, size_t>& columns, const std::string& name,
             const core::SourceLocation& where) {
  auto it = columns.find(name);
  if (it == columns.end()) throw core::InputError(where, "manifest header lacks the column '" + name + "'");
  return static_cast<int>(it->second);
}

// A test path is relative to the manifest's folder. A manifest kept in a subfolder of a suite may name its
// tests from the suite's root instead (../shared/suite/spirv-benchmarks/manifest.csv writes
// "spirv-benchmarks/caslock-2x3.spvasm"): when the path names no file from the manifest's folder, the
// nearest enclosing folder from which it does is taken. An absolute path is kept as written.
std::string resolveTestPath(const std::filesystem::path& folder, const std::string& test) {
  std::filesystem::path written(test);
  if (written.is_absolute()) return test;
  std::error_code ignored;
  for (std::filesystem::path base = folder; !base.empty(); base = base.parent_path()) {
    if (std::filesystem::exists(base / written, ignored)) return (base / written).string();
    if (base == base.parent_path()) break;
  }
  return (folder / written).string();
}

// The launch columns of a kernel row (frontends/ptx/PtxLaunch.h reads each as the command line does).
void readLaunch(frontends::ptx::KernelLaunch& launch, const std::function<std::string(const char*)>& field) {
  launch.kernel = field("kernel");
  if (!field("grid").empty()) launch.grid = frontends::ptx::parseDim3(field("grid"), "grid");
  if (!field("block").empty()) launch.block = frontends::ptx::parseDim3(field("block"), "block");
  if (!field("cluster").empty()) launch.cluster = frontends::ptx::parseDim3(field("cluster"), "cluster");
  std::istringstream arguments(field("args"));
  for (std::string text; arguments >> text;) {
    auto [index, argument] = frontends::ptx::parseKernelArgument(text);
    if (!launch.arguments.emplace(index, argument).second)
      throw std::invalid_argument("args: parameter " + std::to_string(index) + " given twice");
  }
  std::string bytes = field("dynamic_smem");
  if (!bytes.empty()) {
    long long value = -1;
    auto [end, error] = std::from_chars(bytes.data(), bytes.data() + bytes.size(), value);
    if (error != std::errc() || end != bytes.data() + bytes.size() || value < 0)
      throw std::invalid_argument("dynamic_smem: expected a byte count, found '" + bytes + "'");
    launch.dynamicSharedBytes = value;
  }
}

}  // namespace

std::vector<ManifestRow> readManifest(const std::string& path) {
  return parseManifest(core::readInputFile(path, "cannot open manifest"), path);
}

std::vector<ManifestRow> parseManifest(const std::string& text, const std::string& path) {
  core::requireUtf8(text, path);
  std::istringstream in(text);
  std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::string line;
  std::map<std::string, size_t> columns;
  std::vector<ManifestRow> rows;
  for (int number = 1; readLine(in, line); ++number) {
    if (isBlankOrComment(line)) continue;
    std::vector<std::string> fields = splitCsv(line);
    core::SourceLocation where{path, number, 1};
    if (columns.empty()) {
      for (size_t i = 0; i < fields.size(); ++i) {
        // A repeated name would leave a column index past the rows' width (found by fuzzing).
        if (!columns.emplace(fields[i], i).second)
          throw core::InputError(where, "the header names the column '" + fields[i] + "' twice");
      }
      for (const char* required : {"suite", "test", "model", "property", "bound", "progress", "expected"})
        columnOf(columns, required, where);
      continue;
    }
    if (fields.size() != columns.size()) {
      throw core::InputError(where, "expected " + std::to_string(columns.size()) + " fields, found " +
                                        std::to_string(fields.size()));
    }
    auto field = [&](const char* name) {
      return fields[static_cast<size_t>(columnOf(columns, name, where))];
    };
    ManifestRow row;
    row.line = number;
    row.index = static_cast<int>(rows.size());
    row.suite = field("suite");
    row.test = resolveTestPath(folder, field("test"));
    row.testAsWritten = field("test");
    row.model = field("model");
    row.property = field("property");
    row.progress = field("progress");
    if (columns.count("target") != 0) row.target = field("target");
    if (columns.count("ignore_filter") != 0) row.ignoreFilter = parseBoolean(field("ignore_filter"), where);
    row.bound = parseBound(field("bound"), where);
    auto optional = [&](const char* name) { return columns.count(name) != 0 ? field(name) : std::string(); };
    row.skipReason = optional("skip");
    try {
      readLaunch(row.launch, optional);
      row.expected = core::parseResult(field("expected"));
      if (row.skipReason.empty()) core::parseProperty(row.property);
      if (columns.count("warp") != 0 && !field("warp").empty())
        row.warp = core::parseWarpConfig(field("warp"));
    } catch (const std::exception& e) {
      throw core::InputError(where, e.what());
    }
    rows.push_back(std::move(row));
  }
  if (columns.empty()) throw core::InputError({path, 1, 1}, "the manifest is empty: it has no header row");
  return rows;
}

std::vector<ManifestRow> readExpectedCsv(const std::string& path, const std::string& root,
                                         const ManifestRow& shape) {
  return parseExpectedCsv(core::readInputFile(path, "cannot open expected-verdicts file"), path, root, shape);
}

std::vector<ManifestRow> parseExpectedCsv(const std::string& text, const std::string& path,
                                          const std::string& root, const ManifestRow& shape) {
  core::requireUtf8(text, path);
  std::istringstream in(text);
  std::vector<ManifestRow> rows;
  std::string line;
  size_t missing = 0;
  for (int number = 1; readLine(in, line); ++number) {
    if (isBlankOrComment(line)) continue;
    std::vector<std::string> fields = splitLikeJava(line);
    if (fields.size() != 2) continue;
    ManifestRow row = shape;
    row.line = number;
    row.index = static_cast<int>(rows.size());
    row.suite = suiteOfExpectedFile(path);
    row.test = (std::filesystem::path(root) / fields[0]).lexically_normal().string();
    row.testAsWritten = fields[0];
    row.expected = dat3mVerdict(fields[1]);
    if (!isLitmusFile(row.test)) row.skipReason = "no such litmus file (Dat3M ignores the entry)";
    missing += row.skipReason.empty() ? 0 : 1;
    rows.push_back(std::move(row));
  }
  if (rows.empty())
    throw core::InputError({path, 1, 1}, "no entries: expected lines `path,1` (PASS) or `path,0` (FAIL)");
  if (missing == rows.size()) {
    throw core::InputError({path, 1, 1}, "none of its " + std::to_string(rows.size()) +
                                             " entries names a litmus file under '" + root + "'");
  }
  return rows;
}

}  // namespace catcheck::runner
