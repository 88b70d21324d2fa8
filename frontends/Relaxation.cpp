// What every source format's relaxer shares: finding the synchronisation points from the Program IR (the
// fences, barriers and memory accesses whose source text has a relaxation, each source instruction once
// however many threads or unrolled copies it became) and rendering a relaxed program by replacing each
// point's original text in place, right to left on a line so that columns stay valid. Every other byte of
// the source is kept, so a relaxed program reads like the original, with the same line numbers (SPIR-V may
// add constant declarations, see RelaxSpirv.cpp).
#include "frontends/Relaxation.h"

#include <algorithm>
#include <map>

namespace catcheck::frontends {
namespace {

std::vector<std::string> splitLines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The name of the kind if minimize may remove an instruction of it; nullptr otherwise.
const char* kindName(core::InstructionKind kind) {
  switch (kind) {
    case core::InstructionKind::Fence:
    case core::InstructionKind::Barrier:
    case core::InstructionKind::Load:
    case core::InstructionKind::Store:
    case core::InstructionKind::Rmw:
    case core::InstructionKind::Warp:  // bar.warp.sync can be removed; collectives order no memory
      return core::instructionKindName(kind);
    case core::InstructionKind::Local:
    case core::InstructionKind::Label:
    case core::InstructionKind::Jump:
    case core::InstructionKind::Visible:
      return nullptr;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> splitWords(const std::string& text, char separator) {
  std::vector<std::string> words;
  size_t start = 0;
  while (true) {
    size_t end = text.find(separator, start);
    words.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return words;
    start = end + 1;
  }
}

std::string joinWords(const std::vector<std::string>& words, char separator) {
  std::string text;
  for (size_t i = 0; i < words.size(); ++i) text += (i == 0 ? "" : std::string(1, separator)) + words[i];
  return text;
}

Relaxer::Relaxer(std::string source) : source_(std::move(source)), lines_(splitLines(source_)) {}

std::string Relaxer::sourceTextAt(const core::SourceLocation& location, const std::string& irText) const {
  if (location.line < 1 || static_cast<size_t>(location.line) > lines_.size() || location.column < 1)
    return "";
  const std::string& line = lines_[static_cast<size_t>(location.line - 1)];
  size_t column = static_cast<size_t>(location.column - 1);
  if (irText.empty() || line.compare(column, irText.size(), irText) != 0) return "";
  return irText;
}

std::vector<SyncPoint> Relaxer::points(const core::Program& program) const {
  std::map<std::pair<int, int>, size_t> seen;  // line, column -> index in `result`, or npos: no point
  std::vector<SyncPoint> result;
  for (size_t t = 0; t < program.threads.size(); ++t) {
    for (const core::Instruction& in : program.threads[t].code) {
      const char* kind = kindName(in.kind);
      if (kind == nullptr) continue;
      auto [it, first] = seen.emplace(std::pair(in.location.line, in.location.column), std::string::npos);
      if (first) {
        SyncPoint point{in.location, sourceTextAt(in.location, in.text), kind, {}};
        if (point.text.empty() || relaxations(point, point.text).empty()) continue;
        it->second = result.size();
        result.push_back(point);
      }
      if (it->second == std::string::npos) continue;
      std::vector<int>& threads = result[it->second].threads;
      if (threads.empty() || threads.back() != static_cast<int>(t)) threads.push_back(static_cast<int>(t));
    }
  }
  std::sort(result.begin(), result.end(), [](const SyncPoint& a, const SyncPoint& b) {
    return std::pair(a.location.line, a.location.column) < std::pair(b.location.line, b.location.column);
  });
  return result;
}

std::vector<JointRelaxation> Relaxer::jointRelaxations(const core::Program&, const std::vector<SyncPoint>&,
                                                       const std::vector<std::string>&) const {
  return {};
}

std::string Relaxer::render(const std::vector<SyncPoint>& points,
                            const std::vector<std::string>& texts) const {
  std::vector<std::string> lines = lines_;
  std::vector<size_t> order(points.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return std::pair(points[a].location.line, points[a].location.column) >
           std::pair(points[b].location.line, points[b].location.column);
  });
  for (size_t i : order) {
    std::string& line = lines[static_cast<size_t>(points[i].location.line - 1)];
    line.replace(static_cast<size_t>(points[i].location.column - 1), points[i].text.size(), texts[i]);
  }
  return joinWords(lines, '\n');
}

std::unique_ptr<Relaxer> makeRelaxer(const core::Program& program, const std::string& source) {
  switch (program.language) {
    case core::SourceLanguage::PtxLitmus:
      return makePtxRelaxer(source);
    case core::SourceLanguage::VulkanLitmus:
      return makeVulkanRelaxer(source);
    case core::SourceLanguage::SpirV:
      return makeSpirvRelaxer(source, program);
    case core::SourceLanguage::PtxKernel:
      throw std::invalid_argument("minimize does not relax PTX kernels yet (issue 27)");
  }
  return nullptr;
}

}  // namespace catcheck::frontends
