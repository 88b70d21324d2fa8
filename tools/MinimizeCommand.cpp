// The minimize command: parses the options into runner::MinimizeOptions, runs the minimisation and prints
// its answer: a table of every synchronisation point (where, the instruction, necessary / redundant /
// relaxed to what), under each point the relaxations that break it with the property they break and one
// line on the execution that breaks it (or that it holds only at the checked size), then the verdict of
// the minimised program, the evaluator's re-check and the number of checks. `--format json` gives the same
// as one object; `--write FILE` writes the minimised program. Exit codes: 0 minimised, 1 the program does
// not verify (its witness is printed), 2 bad input, 3 the solver gave up or an internal check failed.
#include "tools/MinimizeCommand.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "check/Check.h"
#include "core/ir/Log.h"
#include "runner/Minimize.h"

namespace catcheck::tools {
namespace {

using nlohmann::ordered_json;

std::string sizesText(const runner::MinimizeOptions& options) {
  std::string text = options.size.label();
  for (const runner::CheckSize& size : options.also) text += ", " + size.label();
  return text;
}

std::string propertiesText(const std::vector<core::Property>& properties) {
  std::string text;
  for (core::Property p : properties) text += (text.empty() ? "" : ",") + std::string(core::propertyName(p));
  return text;
}

std::string resultText(const runner::PointResult& point) {
  switch (point.status()) {
    case runner::PointStatus::Necessary:
      return "necessary";
    case runner::PointStatus::Redundant:
      return "redundant (removed)";
    case runner::PointStatus::Relaxed:
      return "relaxed to " + point.finalText;
  }
  return "?";
}

std::string refusalText(const runner::Refused& r, const runner::MinimizeOptions& options) {
  const runner::Failure& f = r.failure;
  std::string where = f.size.label() == options.size.label() ? "" : " at " + f.size.label();
  if (r.holdsAtMainSize)
    return fmt::format("{}: holds at {} only; breaks {}{}: {}", r.step, options.size.label(),
                       core::propertyName(f.property), where, f.summary);
  return fmt::format("{}: breaks {}{}: {}", r.step, core::propertyName(f.property), where, f.summary);
}

void printTable(std::ostream& out, const runner::MinimizeResult& result,
                const runner::MinimizeOptions& options) {
  size_t locationWidth = 8, textWidth = 11;
  for (const runner::PointResult& p : result.points) {
    locationWidth = std::max(locationWidth, p.point.location.str().size());
    textWidth = std::max(textWidth, p.point.text.size());
  }
  out << fmt::format("{:<{}}  {:<{}}  {}\n", "location", locationWidth, "instruction", textWidth, "result");
  for (const runner::PointResult& p : result.points) {
    out << fmt::format("{:<{}}  {:<{}}  {}\n", p.point.location.str(), locationWidth, p.point.text, textWidth,
                       resultText(p));
    for (const runner::Refused& r : p.refused) out << "    " << refusalText(r, options) << "\n";
  }
}

void printSummary(std::ostream& out, const runner::MinimizeResult& result,
                  const runner::MinimizeOptions& options) {
  int counts[3] = {0, 0, 0};
  for (const runner::PointResult& p : result.points) ++counts[static_cast<int>(p.status())];
  out << fmt::format("Minimised: {} necessary, {} redundant, {} relaxed; verifies at {}\n", counts[0],
                     counts[1], counts[2], sizesText(options));
  for (const runner::EvaluatorCheck& e : result.evaluator)
    out << fmt::format("Evaluator re-check ({}, {}): {}\n", core::propertyName(e.property), e.size.label(),
                       e.note);
}

void printText(std::ostream& out, const runner::MinimizeResult& result,
               const runner::MinimizeOptions& options, const std::string& modelName) {
  out << fmt::format("Minimize: {}  Model: {}  Properties: {}  Sizes: {}\n", result.testName, modelName,
                     propertiesText(options.properties), sizesText(options));
  if (result.original) {
    const runner::Failure& f = *result.original;
    out << fmt::format("The program does not verify: {} {} at {}: {}\n", core::propertyName(f.property),
                       core::resultName(f.result), f.size.label(), f.summary);
    if (!f.witness.empty()) out << "Witness:\n" << f.witness;
  } else {
    out << "Order: " << result.order
        << "; passes visit the points in source order, a kept relaxation is followed by the point's next, "
           "until a pass keeps nothing\n";
    printTable(out, result, options);
    printSummary(out, result, options);
  }
  out << fmt::format("Checks: {} in {:.1f} s\n", result.checks, result.milliseconds / 1000);
}

ordered_json failureJson(const runner::Failure& f) {
  return {{"property", core::propertyName(f.property)},
          {"size", f.size.label()},
          {"result", core::resultName(f.result)},
          {"execution", f.summary},
          {"witness", f.witness.empty() ? ordered_json(nullptr) : ordered_json(f.witness)}};
}

ordered_json pointJson(const runner::PointResult& p) {
  ordered_json refused = ordered_json::array();
  for (const runner::Refused& r : p.refused) {
    refused.push_back({{"step", r.step},
                       {"instruction", r.text},
                       {"holds_at_main_size_only", r.holdsAtMainSize},
                       {"breaks", failureJson(r.failure)}});
  }
  return {{"location", p.point.location.str()},
          {"line", p.point.location.line},
          {"column", p.point.location.column},
          {"kind", p.point.kind},
          {"instruction", p.point.text},
          {"status", runner::pointStatusName(p.status())},
          {"final", p.finalText},
          {"kept", p.kept},
          {"refused", refused}};
}

void printJson(std::ostream& out, const runner::MinimizeResult& result,
               const runner::MinimizeOptions& options, const std::string& modelName) {
  ordered_json points = ordered_json::array(), evaluator = ordered_json::array(),
               also = ordered_json::array();
  for (const runner::PointResult& p : result.points) points.push_back(pointJson(p));
  for (const runner::EvaluatorCheck& e : result.evaluator)
    evaluator.push_back({{"property", core::propertyName(e.property)},
                         {"size", e.size.label()},
                         {"applied", e.applied},
                         {"note", e.note}});
  for (const runner::CheckSize& size : options.also) also.push_back(size.label());
  ordered_json json = {
      {"test", result.testName},
      {"model", modelName},
      {"properties", propertiesText(options.properties)},
      {"size", options.size.label()},
      {"also", also},
      {"verifies", !result.original.has_value()},
      {"original_failure", result.original ? failureJson(*result.original) : ordered_json(nullptr)},
      {"order", result.order},
      {"points", points},
      {"evaluator", evaluator},
      {"checks", result.checks},
      {"time_ms", result.milliseconds}};
  out << json.dump(2) << "\n";
}

}  // namespace

void MinimizeCommand::addTo(CLI::App& app) {
  command_ =
      app.add_subcommand("minimize", "which barriers, fences, memory orders and scopes a program needs");
  command_->add_option("model", model_, "the .cat memory model")->required();
  command_->add_option("program", program_, "a litmus test or a SPIR-V module (.spvasm)")->required();
  command_
      ->add_option("--property", properties_,
                   "program_spec | cat_spec | termination (comma list): all must hold")
      ->delimiter(',');
  command_->add_option("--bound", bound_, "loop unrolling bound")->check(CLI::PositiveNumber);
  command_->add_option("--progress", progress_, "progress model for termination, e.g. FAIR or 'FAIR;QF=OBE'");
  command_->add_option("--config", config_, "SPIR-V thread grid T,S,W (overrides the module's @Config)")
      ->delimiter(',')
      ->expected(3)
      ->check(CLI::PositiveNumber);
  command_
      ->add_option("--also", also_, "also check every kept relaxation at bound K or grid T,S,W (repeatable)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  command_->add_option("--write", write_, "write the minimised program (same format as the input)");
  command_->add_option("--format", format_, "text | json")->check(CLI::IsMember({"text", "json"}));
  command_->add_option("--solver", solver_, "z3 | cvc5");
  command_
      ->add_option("--timeout", timeoutSeconds_, "seconds per solver query, its encoding included (0: none)")
      ->check(CLI::NonNegativeNumber);
}

int MinimizeCommand::run() const {
  runner::MinimizeOptions options;
  options.properties.clear();
  for (const std::string& p : properties_) options.properties.push_back(core::parseProperty(p));
  options.size.bound = bound_;
  if (config_.size() == 3) options.size.grid = std::array<int, 3>{config_[0], config_[1], config_[2]};
  for (const std::string& a : also_) options.also.push_back(runner::parseAlsoSize(a, options.size));
  options.progress = core::parseProgressSpec(progress_);
  options.solver.kind = encoders::parseSolverKind(solver_.empty() ? "z3" : solver_);
  options.solver.kindIsDefault = solver_.empty();
  options.solver.timeoutMs = encoders::solverTimeoutMs(timeoutSeconds_);
  options.log = [](const std::string& line) { core::log::info("minimize: {}", line); };
  core::Model model = check::loadModelFile(model_);
  runner::MinimizeResult result;
  try {
    result = runner::minimize(program_, model, options);
  } catch (const runner::MinimizeError& e) {
    std::cerr << "catcheck: " << e.what() << "\n";
    return 3;
  }
  std::string modelName = std::filesystem::path(model_).stem().string();
  if (format_ == "json")
    printJson(std::cout, result, options, modelName);
  else
    printText(std::cout, result, options, modelName);
  if (result.original) return 1;
  if (!write_.empty()) {
    std::ofstream out(write_, std::ios::binary | std::ios::trunc);
    if (!out) throw core::InputError({write_, 1, 1}, "cannot write the minimised program");
    out << result.minimized;
  }
  return 0;
}

}  // namespace catcheck::tools
