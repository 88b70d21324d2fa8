// The synchronisation points of a program and the relaxations `catcheck minimize` tries on them, as edits
// of the program's source text: the Program IR says where the fences, barriers and ordered accesses are
// (Instruction::location), and the front end of each source format, which owns its dialect's vocabulary,
// rewrites the instruction's text there (RelaxLitmus.cpp: PTX and Vulkan litmus; spirv/RelaxSpirv.cpp:
// SPIR-V assembly). A relaxed program is never printed from the IR: it is the original text with edited
// instructions.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/ir/Program.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::frontends {

// One synchronisation point: an instruction of the source, where it starts and as written.
struct SyncPoint {
  core::SourceLocation location;
  std::string text;          // the instruction as written in the original source
  std::string kind;          // fence, barrier, load, store, rmw
  std::vector<int> threads;  // the threads whose code holds it, in order
};

// One step of relaxation of a point: what it does and the instruction's text after it.
struct Relaxation {
  std::string step;  // "remove", "acquire -> relaxed", "gpu -> cta"
  std::string text;  // "" once removed
};

// A relaxation of several points at once, for what only holds together: a CTA barrier narrowed to a warp
// barrier in every lane that passes it (one lane's barrier alone would wait for a partner that never comes).
struct JointRelaxation {
  std::string step;                // "cta barrier -> warp barrier"
  std::vector<size_t> points;      // indices into the point list, in source order
  std::vector<std::string> texts;  // each of those points' text after it
};

class Relaxer {
 public:
  explicit Relaxer(std::string source);
  virtual ~Relaxer() = default;

  // The points of the program that have at least one relaxation, each once, in source order.
  std::vector<SyncPoint> points(const core::Program& program) const;
  // The relaxations one step from `text` (the point's current text), in the order they are tried:
  // removal, then the memory order weakened one step, then the scope narrowed one step.
  virtual std::vector<Relaxation> relaxations(const SyncPoint& point, const std::string& text) const = 0;
  // The relaxations of several points together, given every point's current text (none by default). They
  // are tried once no point relaxes alone.
  virtual std::vector<JointRelaxation> jointRelaxations(const core::Program& program,
                                                        const std::vector<SyncPoint>& points,
                                                        const std::vector<std::string>& texts) const;
  // The source with `texts[i]` in place of `points[i]`'s original text.
  virtual std::string render(const std::vector<SyncPoint>& points,
                             const std::vector<std::string>& texts) const;
  // The relaxation order as one sentence, for the output.
  virtual std::string orderText() const = 0;

 protected:
  // The instruction's text in the source at `location` ("" when the source does not hold `irText` there).
  virtual std::string sourceTextAt(const core::SourceLocation& location, const std::string& irText) const;
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::string source_;
  std::vector<std::string> lines_;
};

// The relaxer for the program's source format. Throws core::InputError for a SPIR-V binary (its text
// cannot be edited: minimize the .spvasm disassembly).
std::unique_ptr<Relaxer> makeRelaxer(const core::Program& program, const std::string& source);

// Split into '.'-separated words and joined back (the mnemonics of litmus instructions).
std::vector<std::string> splitWords(const std::string& text, char separator);
std::string joinWords(const std::vector<std::string>& words, char separator);

std::unique_ptr<Relaxer> makePtxRelaxer(const std::string& source);
std::unique_ptr<Relaxer> makeVulkanRelaxer(const std::string& source);
std::unique_ptr<Relaxer> makeSpirvRelaxer(const std::string& source, const core::Program& program);

}  // namespace catcheck::frontends
