// Greedy minimisation of a program's synchronisation (issue 11). The order is stated and deterministic:
// passes over the synchronisation points in source order; at each point the relaxations of its current
// text are tried in the relaxer's order (removal, the order weakened one step, the scope narrowed one step)
// and the first that keeps the program verified is kept, after which the point's next relaxations are
// tried at once; a point whose relaxations all fail is retried in a later pass only if something else was
// relaxed since. Passes end when one keeps nothing.
//
// A relaxation is kept only when the relaxed program verifies (core::verifies, for every property asked)
// at the main size and at every `--also` size: the warp-specialised-kernel study removed synchronisation
// that held at small inputs and failed at larger ones, so one that holds only at the checked size is
// reported as such. Every relaxed program is rendered from the source text, written to a temporary file
// and loaded and checked from scratch, with witnesses re-checked by the concrete evaluator (check/Check.h);
// nothing is reused between checks. The minimised program is checked once more at every size, and where
// its event graph is small enough the evaluator's exhaustive enumeration (core/concrete/Enumerator.h) must
// agree.
#include "runner/Minimize.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "check/Check.h"
#include "check/Enumerate.h"
#include "core/concrete/Enumerator.h"
#include "core/graph/EventGraph.h"

namespace catcheck::runner {
namespace {

namespace fs = std::filesystem;

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw core::InputError({path, 1, 1}, "cannot open program file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A private temporary folder holding the relaxed program under the original's file name.
class TempProgram {
 public:
  explicit TempProgram(const std::string& original) {
    std::string pattern = (fs::temp_directory_path() / "catcheck-minimize-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("cannot create a temporary folder");
    folder_ = pattern;
    path_ = (fs::path(folder_) / fs::path(original).filename()).string();
  }
  ~TempProgram() {
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
  }
  TempProgram(const TempProgram&) = delete;
  TempProgram& operator=(const TempProgram&) = delete;

  const std::string& write(const std::string& text) const {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out << text;
    return path_;
  }

 private:
  std::string folder_, path_;
};

std::string firstLine(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

std::string finalStateLine(const std::string& witness) {
  size_t at = witness.rfind("final:");
  if (at == std::string::npos) return "";
  std::string line = firstLine(witness.substr(at));
  return line.size() > 160 ? line.substr(0, 157) + "..." : line;
}

// One line on what the execution behind a verdict shows.
std::string executionSummaryOf(const core::Verdict& verdict, core::Property property,
                               const core::Program& program) {
  const core::PropertyDescriptor& d = core::describe(property);
  if (d.firesFlags && !verdict.firedFlag.empty())
    return fmt::format("flag {} fires on {}", verdict.firedFlag, verdict.firedPair);
  if (!d.showsCondition) return verdict.stuck.empty() ? verdict.explanation : firstLine(verdict.stuck);
  std::string line = verdict.explanation + ": " + program.assertionText;
  std::string state = finalStateLine(verdict.witness);
  return state.empty() ? line : line + " (" + state + ")";
}

// executionSummaryOf, with the bound the execution was found at when below the one checked.
std::string summaryOf(const core::Verdict& verdict, core::Property property, const core::Program& program) {
  if (verdict.result == core::Result::Unknown) return verdict.explanation;  // a loop bound: raise it
  std::string summary = executionSummaryOf(verdict, property, program);
  if (verdict.witnessBound == 0) return summary;
  return fmt::format("{} (found at bound {})", summary, verdict.witnessBound);
}

class Minimizer {
 public:
  Minimizer(const std::string& path, const core::Model& model, const MinimizeOptions& options)
      : path_(path), model_(model), options_(options), temp_(path) {}

  MinimizeResult run();

 private:
  struct Checked {
    std::optional<Failure> failure;
    bool mainHolds = true;
  };

  std::optional<Failure> checkAt(const std::string& file, const CheckSize& size);
  Checked checkEverywhere(const std::string& file);
  std::optional<Refused> tryTexts(const std::vector<std::string>& texts, const std::string& step,
                                  const std::string& newText, const core::SourceLocation& where);
  std::optional<Refused> tryRelaxation(size_t point, const Relaxation& relaxation);
  bool relaxPoint(size_t point);
  void relaxPointsAlone();
  bool relaxJointly();
  void relaxAll();
  void recheckMinimized();
  void enumerateAt(const CheckSize& size, core::Property property, core::Result solverResult);

  const std::string& path_;
  const core::Model& model_;
  const MinimizeOptions& options_;
  TempProgram temp_;
  std::unique_ptr<Relaxer> relaxer_;
  core::Program program_;  // the original, for the relaxer's joint relaxations (warp layout)
  std::vector<SyncPoint> points_;
  std::vector<std::string> texts_;       // each point's current text
  std::string context_ = "the program";  // what is being checked, for the log
  MinimizeResult result_;
};

std::optional<Failure> Minimizer::checkAt(const std::string& file, const CheckSize& size) {
  core::Program program = check::loadProgramFile(file, check::ProgramOptions{size.grid, {}, {}});
  for (core::Property property : options_.properties) {
    check::CheckOptions check;
    check.property = property;
    check.bound = size.bound;
    check.solver = options_.solver;
    check.progress = options_.progress;
    check.explain = true;  // every witness is re-checked by the concrete evaluator
    core::Verdict verdict = check::run({&model_, "", &program, check});
    ++result_.checks;
    bool ok = core::verifies(property, program, verdict.result);
    if (options_.log)
      options_.log(fmt::format("check {} ({}): {} {} at {}", result_.checks, context_,
                               core::propertyName(property), core::resultName(verdict.result), size.label()));
    if (!ok)
      return Failure{property, size, verdict.result, summaryOf(verdict, property, program), verdict.witness};
  }
  return std::nullopt;
}

Minimizer::Checked Minimizer::checkEverywhere(const std::string& file) {
  Checked checked;
  checked.failure = checkAt(file, options_.size);
  if (checked.failure) {
    checked.mainHolds = false;
    return checked;
  }
  for (const CheckSize& size : options_.also) {
    checked.failure = checkAt(file, size);
    if (checked.failure) return checked;
  }
  return checked;
}

// Checks the program with every point's text from `texts`; nullopt when it verifies everywhere.
std::optional<Refused> Minimizer::tryTexts(const std::vector<std::string>& texts, const std::string& step,
                                           const std::string& newText, const core::SourceLocation& where) {
  context_ = where.str() + " " + step;
  const std::string& file = temp_.write(relaxer_->render(points_, texts));
  Checked checked;
  try {
    checked = checkEverywhere(file);
  } catch (const core::InputError& e) {
    throw MinimizeError("internal error: a relaxed program does not load (" + step + " at " + where.str() +
                        "): " + e.what());
  } catch (const check::SolverGaveUp& e) {
    Failure gaveUp{options_.properties.front(), options_.size, core::Result::Unknown,
                   std::string("the solver gave up: ") + e.what(), ""};
    return Refused{step, newText, gaveUp, false};
  }
  if (!checked.failure) return std::nullopt;
  return Refused{step, newText, *checked.failure, checked.mainHolds};
}

std::optional<Refused> Minimizer::tryRelaxation(size_t point, const Relaxation& relaxation) {
  std::vector<std::string> texts = texts_;
  texts[point] = relaxation.text;
  return tryTexts(texts, relaxation.step, relaxation.text, points_[point].location);
}

// Relaxes one point as far as it goes; true when some relaxation was kept.
bool Minimizer::relaxPoint(size_t point) {
  PointResult& pr = result_.points[point];
  bool kept = false;
  while (!texts_[point].empty()) {
    std::vector<Refused> refused;
    bool keptNow = false;
    for (const Relaxation& relaxation : relaxer_->relaxations(points_[point], texts_[point])) {
      std::optional<Refused> refusal = tryRelaxation(point, relaxation);
      if (refusal) {
        refused.push_back(std::move(*refusal));
        continue;
      }
      texts_[point] = relaxation.text;
      pr.kept.push_back(relaxation.step);
      keptNow = kept = true;
      break;
    }
    pr.refused = keptNow ? std::vector<Refused>{} : std::move(refused);
    if (!keptNow) break;
  }
  pr.finalText = texts_[point];
  return kept;
}

void Minimizer::relaxPointsAlone() {
  int version = 0;                                 // relaxations kept so far
  std::vector<int> settledAt(points_.size(), -1);  // version when the point last refused everything
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < points_.size(); ++i) {
      if (settledAt[i] == version) continue;  // nothing was relaxed since its relaxations failed
      if (relaxPoint(i)) {
        ++version;
        changed = true;
      }
      settledAt[i] = version;
    }
  }
}

// Tries the relaxer's joint relaxations in order and keeps the first that verifies; a refused one is
// recorded with each of its points (once per step).
bool Minimizer::relaxJointly() {
  for (const JointRelaxation& joint : relaxer_->jointRelaxations(program_, points_, texts_)) {
    std::vector<std::string> texts = texts_;
    for (size_t k = 0; k < joint.points.size(); ++k) texts[joint.points[k]] = joint.texts[k];
    const SyncPoint& first = points_[joint.points.front()];
    std::optional<Refused> refusal = tryTexts(texts, joint.step, joint.texts.front(), first.location);
    for (size_t k = 0; k < joint.points.size(); ++k) {
      PointResult& pr = result_.points[joint.points[k]];
      std::erase_if(pr.refused, [&](const Refused& r) { return r.step == joint.step; });
      if (refusal) {
        pr.refused.push_back(*refusal);
        continue;
      }
      pr.kept.push_back(joint.step);
      pr.refused.clear();
      pr.finalText = joint.texts[k];
    }
    if (!refusal) {
      texts_ = texts;
      return true;
    }
  }
  return false;
}

// Greedy: every point alone as far as it goes, then the first joint relaxation that holds, until neither
// keeps anything.
void Minimizer::relaxAll() {
  do {
    relaxPointsAlone();
  } while (relaxJointly());
}

void Minimizer::enumerateAt(const CheckSize& size, core::Property property, core::Result solverResult) {
  EvaluatorCheck check{property, size, false, ""};
  core::Program program =
      check::loadProgramFile(temp_.write(result_.minimized), check::ProgramOptions{size.grid, {}, {}});
  core::EnumerationResult enumeration = check::enumerateProgram(program, model_, size.bound);
  if (!enumeration.complete) {
    check.note = "not applied: " + enumeration.incompleteReason;
    result_.evaluator.push_back(check);
    return;
  }
  core::Result enumerated = core::enumeratedVerdict(enumeration, program, property);
  if (enumerated != solverResult) {
    throw check::WitnessRejected(
        fmt::format("internal error: on the minimised program at {}, the concrete evaluator's enumeration "
                    "gives {} for {} "
                    "where the solver gives {}",
                    size.label(), core::resultName(enumerated), core::propertyName(property),
                    core::resultName(solverResult)));
  }
  check.applied = true;
  check.note = fmt::format("agrees: {} ({} consistent executions)", core::resultName(enumerated),
                           enumeration.consistentExecutions);
  result_.evaluator.push_back(check);
}

// The minimised program, checked once more from scratch at every size; the evaluator's enumeration must
// give the same verdicts where it applies.
void Minimizer::recheckMinimized() {
  context_ = "the minimised program";
  std::vector<CheckSize> sizes = {options_.size};
  sizes.insert(sizes.end(), options_.also.begin(), options_.also.end());
  for (const CheckSize& size : sizes) {
    if (std::optional<Failure> failure = checkAt(temp_.write(result_.minimized), size))
      throw MinimizeError("internal error: the minimised program does not verify at " + size.label() + ": " +
                          failure->summary);
    core::Program program =
        check::loadProgramFile(temp_.write(result_.minimized), check::ProgramOptions{size.grid, {}, {}});
    for (core::Property property : options_.properties) {
      if (!core::describe(property).listsFinalStates) {
        result_.evaluator.push_back(
            {property, size, false,
             "not applied: the enumerator does not decide " + std::string(core::propertyName(property))});
        continue;
      }
      bool satMeansPass = core::describe(property).question(program).satMeansPass;
      enumerateAt(size, property, satMeansPass ? core::Result::Fail : core::Result::Pass);
    }
  }
}

MinimizeResult Minimizer::run() {
  auto start = std::chrono::steady_clock::now();
  std::string source = readFile(path_);
  core::Program program = check::loadProgramFile(path_, check::ProgramOptions{options_.size.grid, {}, {}});
  if (program.assertionKind == core::AssertionKind::None &&
      std::find(options_.properties.begin(), options_.properties.end(), core::Property::ProgramSpec) !=
          options_.properties.end())
    throw core::InputError({path_, 1, 1},
                           "the program has no condition: program_spec would hold whatever the "
                           "synchronisation (use --property cat_spec or termination)");
  result_.testName = program.name;
  bool gridGiven = options_.size.grid.has_value();
  for (const CheckSize& size : options_.also) gridGiven = gridGiven || size.grid.has_value();
  if (gridGiven && program.language != core::SourceLanguage::SpirV)
    throw std::invalid_argument("a thread grid (--config, --also T,S,W) applies to SPIR-V programs only");
  relaxer_ = frontends::makeRelaxer(program, source);
  program_ = program;
  result_.order = relaxer_->orderText();
  points_ = relaxer_->points(program);
  for (const SyncPoint& point : points_) {
    texts_.push_back(point.text);
    result_.points.push_back(PointResult{point, point.text, {}, {}});
  }
  result_.original = checkEverywhere(path_).failure;
  if (!result_.original) {
    relaxAll();
    result_.minimized = relaxer_->render(points_, texts_);
    recheckMinimized();
  }
  result_.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return result_;
}

}  // namespace

std::string CheckSize::label() const {
  if (!grid) return fmt::format("bound {}", bound);
  return fmt::format("grid {},{},{} bound {}", (*grid)[0], (*grid)[1], (*grid)[2], bound);
}

CheckSize parseAlsoSize(const std::string& text, const CheckSize& main) {
  std::vector<std::string> parts = frontends::splitWords(text, ',');
  CheckSize size = main;
  try {
    if (parts.size() == 1) {
      size.bound = std::stoi(parts[0]);
      if (size.bound > 0 && std::to_string(size.bound) == parts[0]) return size;
    } else if (parts.size() == 3) {
      std::array<int, 3> grid{};
      for (size_t i = 0; i < 3; ++i) grid[i] = std::stoi(parts[i]);
      if (grid[0] > 0 && grid[1] > 0 && grid[2] > 0) {
        size.grid = grid;
        return size;
      }
    }
  } catch (const std::exception&) {
    // reported below
  }
  throw std::invalid_argument("--also " + text + ": expected a bound K or a grid T,S,W of positive integers");
}

const char* pointStatusName(PointStatus status) {
  switch (status) {
    case PointStatus::Necessary:
      return "necessary";
    case PointStatus::Redundant:
      return "redundant";
    case PointStatus::Relaxed:
      return "relaxed";
  }
  return "?";
}

PointStatus PointResult::status() const {
  if (kept.empty()) return PointStatus::Necessary;
  return finalText.empty() ? PointStatus::Redundant : PointStatus::Relaxed;
}

MinimizeResult minimize(const std::string& path, const core::Model& model, const MinimizeOptions& options) {
  return Minimizer(path, model, options).run();
}

}  // namespace catcheck::runner
