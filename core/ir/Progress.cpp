// Parsing and printing of progress-model specifications.
#include "core/ir/Progress.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>

namespace catcheck::core {
namespace {

std::string trimmed(const std::string& text) {
  size_t begin = text.find_first_not_of(" \t");
  size_t end = text.find_last_not_of(" \t");
  return begin == std::string::npos ? "" : text.substr(begin, end - begin + 1);
}

ProgressModel parseModel(const std::string& name) {
  static const std::map<std::string, ProgressModel> models = {
      {"FAIR", ProgressModel::Fair},      {"HSA", ProgressModel::Hsa},   {"OBE", ProgressModel::Obe},
      {"HSA_OBE", ProgressModel::HsaObe}, {"LOBE", ProgressModel::Lobe}, {"UNFAIR", ProgressModel::Unfair}};
  auto it = models.find(name);
  if (it == models.end())
    throw std::invalid_argument("unknown progress model '" + name +
                                "' (expected FAIR, HSA, OBE, HSA_OBE, LOBE or UNFAIR)");
  return it->second;
}

// A level key of some target (Target.h); which levels a program has depends on its target, so a key the
// program's target lacks simply never applies.
ScopeLevel parseLevel(const std::string& name) {
  if (std::optional<ScopeLevel> level = scopeLevelNamed(name)) return *level;
  std::string expected;
  for (ScopeLevel level : knownScopeLevels()) expected += (expected.empty() ? "" : ", ") + scopeKey(level);
  throw std::invalid_argument("unknown scope level '" + name + "' (expected one of " + expected + ")");
}

}  // namespace

ProgressModel ProgressSpec::at(ScopeLevel level) const {
  auto it = perLevel.find(level);
  return it == perLevel.end() ? defaultModel : it->second;
}

bool ProgressSpec::uniformlyFair() const {
  for (const auto& [level, model] : perLevel) {
    if (model != ProgressModel::Fair) return false;
  }
  return defaultModel == ProgressModel::Fair;
}

const char* progressModelName(ProgressModel model) {
  switch (model) {
    case ProgressModel::Fair:
      return "FAIR";
    case ProgressModel::Hsa:
      return "HSA";
    case ProgressModel::Obe:
      return "OBE";
    case ProgressModel::HsaObe:
      return "HSA_OBE";
    case ProgressModel::Lobe:
      return "LOBE";
    case ProgressModel::Unfair:
      return "UNFAIR";
  }
  return "?";
}

std::string ProgressSpec::str() const {
  std::map<std::string, ProgressModel> byKey;  // printed in the order of the keys' names
  for (const auto& [level, model] : perLevel) byKey.emplace(scopeKey(level), model);
  std::string text = progressModelName(defaultModel);
  for (const auto& [key, model] : byKey) text += ";" + key + "=" + progressModelName(model);
  return text;
}

ProgressSpec parseProgressSpec(const std::string& text) {
  ProgressSpec spec;
  std::stringstream parts(text);
  std::string part;
  bool first = true;
  while (std::getline(parts, part, ';')) {
    part = trimmed(part);
    size_t equals = part.find('=');
    if (first && equals == std::string::npos) {
      // "FAIR" or "FAIR default"
      spec.defaultModel = parseModel(trimmed(part.substr(0, part.find(' '))));
    } else if (equals != std::string::npos) {
      spec.perLevel[parseLevel(trimmed(part.substr(0, equals)))] =
          parseModel(trimmed(part.substr(equals + 1)));
    } else {
      throw std::invalid_argument("expected LEVEL=MODEL in progress specification, got '" + part + "'");
    }
    first = false;
  }
  return spec;
}

}  // namespace catcheck::core
