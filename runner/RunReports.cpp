// Machine-readable results of a bulk run. The JSON report keeps its original field names (scripts such as
// bench/suite-times.sh read them) and adds the per-suite table. The JUnit report follows the common
// schema CI servers read (testsuites > testsuite > testcase with failure / error / skipped). The expected
// CSV is Dat3M's format (docs/semantics.md §1), so a run can regenerate expectations that Dat3M and
// `catcheck run --expected` both read.
#include "runner/RunReports.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/ir/SourceLocation.h"
#include "runner/RunSummary.h"

namespace catcheck::runner {
namespace {

using runner::RowOutcome;
using runner::RowStatus;

std::ofstream openReport(const std::string& path) {
  std::ofstream out(path);
  if (!out) throw core::InputError({path, 0, 0}, "cannot write report");
  return out;
}

}  // namespace

const char* jsonStatus(RowStatus status) {
  switch (status) {
    case RowStatus::Agree:
      return "agree";
    case RowStatus::Differs:
      return "disagree";
    case RowStatus::Timeout:
      return "timeout";
    case RowStatus::Error:
      return "error";
    case RowStatus::Skipped:
      return "skipped";
  }
  return "?";
}

std::optional<RowStatus> statusOfJson(const std::string& name) {
  for (RowStatus s :
       {RowStatus::Agree, RowStatus::Differs, RowStatus::Timeout, RowStatus::Error, RowStatus::Skipped}) {
    if (name == jsonStatus(s)) return s;
  }
  return std::nullopt;
}

namespace {

nlohmann::json jsonRow(const RowOutcome& o) {
  const core::PhaseTimes& t = o.verdict.times;
  return {{"suite", o.row.suite},
          {"test", o.row.test},
          {"test_as_written", o.row.testAsWritten},
          {"line", o.row.line},
          {"index", o.row.index},
          {"model", o.row.model},
          {"property", o.row.property},
          {"bound", o.row.bound},
          {"progress", o.row.progress},
          {"ignore_filter", o.row.ignoreFilter},
          {"expected", core::resultName(o.row.expected)},
          {"result", core::resultName(o.verdict.result)},
          {"status", jsonStatus(o.status)},
          {"message", o.message},
          {"explanation", o.verdict.explanation},
          {"witness_bound",
           o.verdict.witnessBound > 0 ? nlohmann::json(o.verdict.witnessBound) : nlohmann::json()},
          {"start_ms", o.startMs},
          {"wall_ms", o.wallMs},
          {"times_ms",
           {{"parse", t.parseMs},
            {"analysis", t.analysisMs},
            {"encode", t.encodeMs},
            {"solve", t.solveMs},
            {"total", t.totalMs()}}}};
}

nlohmann::json jsonSuite(const SuiteSummary& s) {
  const StatusCounts& c = s.counts;
  return {{"suite", s.suite},      {"rows", c.rows()},     {"agree", c.agree},
          {"disagree", c.differs}, {"timeout", c.timeout}, {"error", c.error},
          {"skipped", c.skipped},  {"wall_ms", s.wallMs},  {"median_ms", s.medianMs}};
}

std::string xmlEscaped(const std::string& text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '&':
        escaped += "&amp;";
        break;
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      case '\'':
        escaped += "&apos;";
        break;
      case '\n':
        escaped += "&#10;";
        break;
      case '\r':
        escaped += "&#13;";
        break;
      case '\t':
        escaped += "&#9;";
        break;
      default:
        escaped += static_cast<unsigned char>(c) < 0x20 ? '?' : c;  // not allowed in XML 1.0
    }
  }
  return escaped;
}

std::string seconds(double ms) {
  return fmt::format("{:.3f}", ms / 1000);
}

std::string counts(const StatusCounts& c) {
  return fmt::format(R"(tests="{}" failures="{}" errors="{}" skipped="{}")", c.rows(), c.differs,
                     c.timeout + c.error, c.skipped);
}

void writeTestcase(std::ostream& out, const RowOutcome& o) {
  out << fmt::format(R"(    <testcase classname="{}" name="{}" time="{}")", xmlEscaped(o.row.suite),
                     xmlEscaped(rowName(o.row)), seconds(o.wallMs));
  std::string message = xmlEscaped(o.message);
  switch (o.status) {
    case RowStatus::Agree:
      out << "/>\n";
      return;
    case RowStatus::Differs:
      out << fmt::format(">\n      <failure type=\"DIFFERS\" message=\"expected {}, got {}\"/>\n",
                         core::resultName(o.row.expected), core::resultName(o.verdict.result));
      break;
    case RowStatus::Timeout:
    case RowStatus::Error:
      out << fmt::format(">\n      <error type=\"{}\" message=\"{}\"/>\n", statusLabel(o.status), message);
      break;
    case RowStatus::Skipped:
      out << fmt::format(">\n      <skipped message=\"{}\"/>\n", message);
      break;
  }
  out << "    </testcase>\n";
}

std::string oneLine(std::string text) {
  for (char& c : text) c = c == '\n' || c == '\r' ? ' ' : c;
  return text;
}

std::string relativeTo(const std::string& test, const std::string& root) {
  std::error_code error;
  std::filesystem::path relative = std::filesystem::relative(test, root, error);
  return relative.empty() ? test : relative.generic_string();
}

// A data line for a row with a PASS or FAIL verdict, else a comment saying why there is none.
std::string expectedLine(const RowOutcome& o, const std::string& root) {
  std::string path = relativeTo(o.row.test, root);
  bool ran = o.status == RowStatus::Agree || o.status == RowStatus::Differs;
  if (ran && o.verdict.result != core::Result::Unknown)
    return path + (o.verdict.result == core::Result::Pass ? ",1" : ",0");
  if (ran) return fmt::format("// {}: UNKNOWN ({})", path, oneLine(o.verdict.explanation));
  return fmt::format("// {}: {} ({})", path, statusLabel(o.status), oneLine(o.message));
}

}  // namespace

void writeJsonReport(const std::string& path, const std::vector<RowOutcome>& outcomes, double wallMs,
                     const RunIdentity& identity) {
  nlohmann::json rows = nlohmann::json::array(), suites = nlohmann::json::array();
  for (const RowOutcome& o : outcomes) rows.push_back(jsonRow(o));
  for (const SuiteSummary& s : summarizeSuites(outcomes)) suites.push_back(jsonSuite(s));
  StatusCounts c = countStatuses(outcomes);
  nlohmann::json summary = {{"passed", c.agree}, {"failed", c.failed()}, {"skipped", c.skipped}};
  std::ofstream out = openReport(path);
  nlohmann::json shard = {{"index", identity.shard.index}, {"count", identity.shard.count}};
  out << nlohmann::json{{"manifest", identity.manifest},
                        {"shard", shard},
                        {"rows_selected", identity.rowsSelected},
                        {"partition", identity.partition},
                        {"wall_ms", wallMs},
                        {"summary", summary},
                        {"suites", suites},
                        {"rows", rows}}
             .dump(1)
      << "\n";
}

void writeJunitReport(const std::string& path, const std::vector<RowOutcome>& outcomes, double wallMs) {
  std::ofstream out = openReport(path);
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out << fmt::format("<testsuites name=\"catcheck run\" {} time=\"{}\">\n", counts(countStatuses(outcomes)),
                     seconds(wallMs));
  for (const SuiteSummary& s : summarizeSuites(outcomes)) {
    out << fmt::format("  <testsuite name=\"{}\" {} time=\"{}\">\n", xmlEscaped(s.suite), counts(s.counts),
                       seconds(s.wallMs));
    for (const RowOutcome& o : outcomes) {
      if (o.row.suite == s.suite) writeTestcase(out, o);
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

void writeExpectedCsv(const std::string& path, const std::vector<RowOutcome>& outcomes,
                      const std::string& root) {
  std::ofstream out = openReport(path);
  if (!outcomes.empty()) {
    const runner::ManifestRow& row = outcomes.front().row;
    out << fmt::format(
        "// written by catcheck run: suite {}, model {}, property {}, bound {}{}; paths relative to {}\n",
        row.suite, row.model, row.property, row.bound,
        row.progress.empty() ? "" : ", progress " + row.progress,
        std::filesystem::weakly_canonical(root).generic_string());
  }
  for (const RowOutcome& o : outcomes) out << expectedLine(o, root) << "\n";
}

}  // namespace catcheck::runner
