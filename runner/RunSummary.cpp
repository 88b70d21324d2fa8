// Text output of bulk runs. Rows that agree stay silent; every other row gets one line as it finishes.
// The end of a run shows a table per suite (counts by status, the suite's wall time and the median time
// per row, which is what one watches when a model or the encoder gets slower) and the last line, whose
// format scripts and tests rely on.
#include "runner/RunSummary.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

namespace catcheck::runner {
namespace {

using runner::RowOutcome;
using runner::RowStatus;

SuiteSummary summarize(const std::string& name, const std::vector<const RowOutcome*>& rows) {
  SuiteSummary summary{name, {}, 0, 0};
  std::vector<double> times;
  double first = 0, last = 0;
  for (const RowOutcome* o : rows) {
    summary.counts.add(o->status);
    if (o->wallMs <= 0) continue;
    first = times.empty() ? o->startMs : std::min(first, o->startMs);
    last = std::max(last, o->startMs + o->wallMs);
    times.push_back(o->wallMs);
  }
  summary.wallMs = last - first;
  if (!times.empty()) {
    std::sort(times.begin(), times.end());
    size_t middle = times.size() / 2;
    summary.medianMs = times.size() % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2;
  }
  return summary;
}

void printTableRow(std::ostream& out, size_t width, const SuiteSummary& s) {
  const StatusCounts& c = s.counts;
  out << fmt::format("{:<{}}{:>7}{:>7}{:>8}{:>9}{:>7}{:>9}{:>10.2f}{:>11.1f}\n", s.suite, width, c.rows(),
                     c.agree, c.differs, c.timeout, c.error, c.skipped, s.wallMs / 1000, s.medianMs);
}

void printSuiteTable(std::ostream& out, const std::vector<RowOutcome>& outcomes) {
  std::vector<SuiteSummary> suites = summarizeSuites(outcomes);
  std::vector<const RowOutcome*> all;
  for (const RowOutcome& o : outcomes) all.push_back(&o);
  if (suites.size() > 1) suites.push_back(summarize("all", all));
  size_t width = 6;
  for (const SuiteSummary& s : suites) width = std::max(width, s.suite.size() + 2);
  out << fmt::format("{:<{}}   rows  agree  differ  timeout  error  skipped    wall s  median ms\n", "suite",
                     width);
  for (const SuiteSummary& s : suites) printTableRow(out, width, s);
}

}  // namespace

void StatusCounts::add(RowStatus status) {
  switch (status) {
    case RowStatus::Agree:
      ++agree;
      return;
    case RowStatus::Differs:
      ++differs;
      return;
    case RowStatus::Timeout:
      ++timeout;
      return;
    case RowStatus::Error:
      ++error;
      return;
    case RowStatus::Skipped:
      ++skipped;
      return;
  }
}

const char* statusLabel(RowStatus status) {
  switch (status) {
    case RowStatus::Agree:
      return "AGREE";
    case RowStatus::Differs:
      return "DIFFERS";
    case RowStatus::Timeout:
      return "TIMEOUT";
    case RowStatus::Error:
      return "ERROR";
    case RowStatus::Skipped:
      return "SKIPPED";
  }
  return "?";
}

std::string rowName(const runner::ManifestRow& row) {
  return fmt::format("{} [{}, {}]", row.test, row.model, row.property);
}

StatusCounts countStatuses(const std::vector<RowOutcome>& outcomes) {
  StatusCounts counts;
  for (const RowOutcome& o : outcomes) counts.add(o.status);
  return counts;
}

std::vector<SuiteSummary> summarizeSuites(const std::vector<RowOutcome>& outcomes) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const RowOutcome*>> bySuite;
  for (const RowOutcome& o : outcomes) {
    auto& rows = bySuite[o.row.suite];
    if (rows.empty()) order.push_back(o.row.suite);
    rows.push_back(&o);
  }
  std::vector<SuiteSummary> summaries;
  for (const std::string& suite : order) summaries.push_back(summarize(suite, bySuite[suite]));
  return summaries;
}

void printRowIfNotAgreeing(std::ostream& out, const RowOutcome& o) {
  if (o.status == RowStatus::Agree) return;
  out << fmt::format("{:<9}{} {}: ", statusLabel(o.status), o.row.suite, rowName(o.row));
  if (o.status == RowStatus::Differs) {
    out << fmt::format("expected {}, got {}\n", core::resultName(o.row.expected),
                       core::resultName(o.verdict.result));
  } else {
    out << o.message << "\n";
  }
}

bool printRunSummary(std::ostream& out, const std::vector<RowOutcome>& outcomes) {
  StatusCounts counts = countStatuses(outcomes);
  bool severalSuites = summarizeSuites(outcomes).size() > 1;
  if (severalSuites || counts.agree != counts.rows()) printSuiteTable(out, outcomes);
  out << fmt::format("{} passed, {} failed", counts.agree, counts.failed());
  if (counts.skipped > 0) out << fmt::format(", {} skipped", counts.skipped);
  out << "\n";
  return counts.failed() == 0;
}

}  // namespace catcheck::runner
