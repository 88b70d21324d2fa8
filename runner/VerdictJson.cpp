// Verdicts to JSON and back (VerdictJson.h). Results travel by name (resultName / parseResult), times as
// JSON numbers, which nlohmann writes with enough digits to read back the same double. Used by the worker
// protocol of BulkRun.cpp; a test round-trips a verdict with every field set.
#include "runner/VerdictJson.h"

#include <stdexcept>

namespace catcheck::runner {

namespace {

nlohmann::json sitesToJson(const std::vector<core::Verdict::EventSite>& sites) {
  nlohmann::json json = nlohmann::json::array();
  for (const core::Verdict::EventSite& s : sites)
    json.push_back({s.event, s.thread, s.source.file, s.source.line, s.source.column});
  return json;
}

std::vector<core::Verdict::EventSite> sitesFromJson(const nlohmann::json& json) {
  std::vector<core::Verdict::EventSite> sites;
  for (const nlohmann::json& s : json) {
    sites.push_back(
        {s.at(0).get<int>(), s.at(1).get<std::string>(),
         core::SourceLocation{s.at(2).get<std::string>(), s.at(3).get<int>(), s.at(4).get<int>()}});
  }
  return sites;
}

}  // namespace

nlohmann::json verdictToJson(const core::Verdict& v) {
  nlohmann::json conditions = nlohmann::json::array();
  for (const auto& [name, result] : v.conditions) conditions.push_back({name, core::resultName(result)});
  nlohmann::json phase = nullptr;
  if (v.phaseDifference) {
    phase = {{"event", v.phaseDifference->event},
             {"phase", v.phaseDifference->phase},
             {"other_phase", v.phaseDifference->otherPhase}};
  }
  return {{"result", core::resultName(v.result)},
          {"explanation", v.explanation},
          {"fired_flag", v.firedFlag},
          {"fired_pair", v.firedPair},
          {"fired_sites", sitesToJson(v.firedSites)},
          {"witness", v.witness},
          {"witness_sites", sitesToJson(v.witnessSites)},
          {"stuck", v.stuck},
          {"test", v.testName},
          {"condition", v.condition},
          {"phase_difference", phase},
          {"conditions", conditions},
          {"witness_bound", v.witnessBound},
          {"times_ms",
           {{"parse", v.times.parseMs},
            {"analysis", v.times.analysisMs},
            {"encode", v.times.encodeMs},
            {"solve", v.times.solveMs}}}};
}

core::Verdict verdictFromJson(const nlohmann::json& json) {
  try {
    core::Verdict v;
    v.result = core::parseResult(json.at("result").get<std::string>());
    v.explanation = json.at("explanation").get<std::string>();
    v.firedFlag = json.at("fired_flag").get<std::string>();
    v.firedPair = json.at("fired_pair").get<std::string>();
    v.firedSites = sitesFromJson(json.at("fired_sites"));
    v.witness = json.at("witness").get<std::string>();
    v.witnessSites = sitesFromJson(json.at("witness_sites"));
    v.stuck = json.at("stuck").get<std::string>();
    v.testName = json.at("test").get<std::string>();
    v.condition = json.at("condition").get<std::string>();
    const nlohmann::json& phase = json.at("phase_difference");
    if (!phase.is_null()) {
      v.phaseDifference =
          core::Verdict::PhaseDifference{phase.at("event").get<int>(), phase.at("phase").get<long long>(),
                                         phase.at("other_phase").get<long long>()};
    }
    for (const nlohmann::json& c : json.at("conditions"))
      v.conditions.emplace_back(c.at(0).get<std::string>(), core::parseResult(c.at(1).get<std::string>()));
    v.witnessBound = json.at("witness_bound").get<int>();
    const nlohmann::json& times = json.at("times_ms");
    v.times = {times.at("parse").get<double>(), times.at("analysis").get<double>(),
               times.at("encode").get<double>(), times.at("solve").get<double>()};
    return v;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("garbled verdict from the worker process: ") + e.what());
  } catch (const std::invalid_argument& e) {
    throw std::runtime_error(std::string("garbled verdict from the worker process: ") + e.what());
  }
}

}  // namespace catcheck::runner
