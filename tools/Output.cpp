// Formats verdicts for people and scripts (stable field names, one item per line). Colours are opt-in:
// the caller asks for them only when standard output is a terminal, so scripts never see escape codes.
#include "tools/Output.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <optional>

namespace catcheck::tools {
namespace {

const char* colourOf(core::Result result) {
  switch (result) {
    case core::Result::Pass:
      return "\033[32m";
    case core::Result::Fail:
      return "\033[31m";
    case core::Result::Unknown:
      break;
  }
  return "\033[33m";
}

// The result padded to a column, so that explanations line up; escape codes take no column.
std::string resultColumn(core::Result result, bool colour) {
  std::string name = core::resultName(result);
  if (!colour) return fmt::format("{:<24}", name);
  std::string padding(name.size() < 24 ? 24 - name.size() : 0, ' ');
  return fmt::format("{}{}\033[0m{}", colourOf(result), name, padding);
}

nlohmann::ordered_json textOrNull(const std::string& text) {
  return text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text);
}

// "kernel.cu:9 (thread 0)": where a person finds an event.
std::string siteText(const core::Verdict::EventSite& site) {
  if (site.source.file.empty()) return "(" + site.thread + ")";
  return fmt::format("{}:{} ({})", site.source.file, site.source.line, site.thread);
}

// A kernel thread's number ("thread 16"); none for other names ("P0", "thread 3 of block 1").
std::optional<long long> threadNumber(const std::string& name) {
  if (name.rfind("thread ", 0) != 0 || name.find(" of ") != std::string::npos) return std::nullopt;
  return std::stoll(name.substr(7));
}

// "kernel.cu:21 (threads 0-15), kernel.cu:30 (thread 32)": where the stuck threads wait, one entry per
// run of consecutively numbered threads at one source line (kernels stall whole warps at one barrier).
std::string hangText(const std::vector<core::Verdict::EventSite>& sites) {
  std::vector<std::string> entries;
  for (size_t first = 0; first < sites.size();) {
    auto continues = [&](size_t i) {
      std::optional<long long> previous = threadNumber(sites[i - 1].thread),
                               next = threadNumber(sites[i].thread);
      return sites[i].source.file == sites[first].source.file &&
             sites[i].source.line == sites[first].source.line && previous && next && *next == *previous + 1;
    };
    size_t last = first;
    while (last + 1 < sites.size() && continues(last + 1)) ++last;
    core::Verdict::EventSite run = sites[first];
    if (last > first)
      run.thread =
          fmt::format("threads {}-{}", *threadNumber(sites[first].thread), *threadNumber(sites[last].thread));
    entries.push_back(siteText(run));
    first = last + 1;
  }
  return fmt::format("{}", fmt::join(entries, ", "));
}

nlohmann::ordered_json sitesJson(const std::vector<core::Verdict::EventSite>& eventSites) {
  nlohmann::ordered_json sites = nlohmann::ordered_json::array();
  for (const core::Verdict::EventSite& site : eventSites) {
    sites.push_back(
        {{"event", site.event},
         {"thread", site.thread},
         {"source",
          {{"file", site.source.file}, {"line", site.source.line}, {"column", site.source.column}}}});
  }
  return sites;
}

nlohmann::ordered_json conditionsJson(const core::Verdict& verdict) {
  if (verdict.conditions.empty()) return nullptr;
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  for (const auto& [name, result] : verdict.conditions) json[name] = core::resultName(result);
  return json;
}

}  // namespace

void printVerdict(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                  const core::Verdict& verdict, bool colour) {
  const core::PhaseTimes& t = verdict.times;
  out << fmt::format("Test: {}  Model: {}  Property: {}  Bound: {}\n", verdict.testName, modelName, property,
                     bound);
  out << fmt::format("Result: {} ({})\n", resultColumn(verdict.result, colour), verdict.explanation);
  for (const auto& [name, result] : verdict.conditions)
    out << fmt::format("{}: {}\n", name, core::resultName(result));
  if (verdict.witnessBound > 0)
    out << fmt::format("Found at bound: {} (a witness there is one at every larger bound)\n",
                       verdict.witnessBound);
  if (!verdict.firedFlag.empty()) out << fmt::format("Flag: {}\n", verdict.firedFlag);
  if (!verdict.firedPair.empty()) out << fmt::format("Pair: {}\n", verdict.firedPair);
  bool race = verdict.firedFlag.find("race") != std::string::npos && verdict.firedSites.size() == 2;
  if (race)
    out << fmt::format("race: {} and {}\n", siteText(verdict.firedSites[0]), siteText(verdict.firedSites[1]));
  if ((verdict.firedFlag == "assert" || verdict.firedFlag == "trap") && verdict.firedSites.size() == 1)
    out << fmt::format("{}: {}\n", verdict.firedFlag, siteText(verdict.firedSites[0]));
  if (!verdict.stuck.empty() && !verdict.firedSites.empty())
    out << fmt::format("hang: {}\n", hangText(verdict.firedSites));
  if (!verdict.condition.empty()) out << fmt::format("Condition: {}\n", verdict.condition);
  if (!verdict.stuck.empty()) out << "Stuck:\n" << verdict.stuck;
  if (!verdict.witness.empty()) out << "Witness:\n" << verdict.witness;
  out << fmt::format("Time: {:.1f} ms (parse {:.1f}, analysis {:.1f}, encode {:.1f}, solve {:.1f})\n",
                     t.totalMs(), t.parseMs, t.analysisMs, t.encodeMs, t.solveMs);
}

void printVerdictJson(std::ostream& out, const std::string& modelName, const std::string& property, int bound,
                      const core::Verdict& verdict) {
  const core::PhaseTimes& t = verdict.times;
  nlohmann::ordered_json json = {
      {"test", verdict.testName},
      {"model", modelName},
      {"property", property},
      {"bound", bound},
      {"result", core::resultName(verdict.result)},
      {"explanation", verdict.explanation},
      {"condition", textOrNull(verdict.condition)},
      {"flag", textOrNull(verdict.firedFlag)},
      {"pair", textOrNull(verdict.firedPair)},
      {"events", sitesJson(verdict.firedSites)},
      {"witness", textOrNull(verdict.witness)},
      {"witness_events", sitesJson(verdict.witnessSites)},
      {"stuck", textOrNull(verdict.stuck)},
      {"conditions", conditionsJson(verdict)},
      {"witness_bound", verdict.witnessBound > 0 ? nlohmann::ordered_json(verdict.witnessBound)
                                                 : nlohmann::ordered_json(nullptr)},
      {"times",
       {{"parse", t.parseMs},
        {"analysis", t.analysisMs},
        {"encode", t.encodeMs},
        {"solve", t.solveMs},
        {"total", t.totalMs()}}}};
  out << json.dump(2) << "\n";
}

}  // namespace catcheck::tools
