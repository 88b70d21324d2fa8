// Loop unrolling and spin-loop instrumentation (docs/semantics.md §7.2-7.4, after Dat3M's LoopUnrolling,
// DynamicSpinLoopDetection and NonterminationDetection). A loop is a label followed later by a backward
// jump to it. Innermost loops are unrolled first: the body is copied `bound` times, back-edges of copy c
// jump forward to copy c+1, and the back-edges of the last copy become Bound jumps to the thread's end
// (reaching one makes a verdict UNKNOWN). Every back-edge is marked as a spin terminator: the encoder
// sends the thread to its end, not terminated, when the iteration wrote no memory and left the registers
// that are written in the loop and live at its header unchanged. A statically side-effect-free loop (no
// memory write, no such register) always spins when it does not exit, so one copy suffices.
#include "core/graph/LoopUnrolling.h"

#include <algorithm>
#include <map>
#include <set>

namespace catcheck::core {
namespace {

bool writesMemory(const UnrollItem& item) {
  return item.instruction->kind == InstructionKind::Store || item.instruction->kind == InstructionKind::Rmw;
}

std::vector<int> registersRead(const Instruction& in) {
  std::vector<int> regs;
  auto add = [&](const Expr& e) {
    for (int r : e.registers()) regs.push_back(r);
  };
  switch (in.kind) {
    case InstructionKind::Store:
    case InstructionKind::Local:
      add(in.value);
      break;
    case InstructionKind::Rmw:
      add(in.value);
      add(in.access().expected);
      break;
    case InstructionKind::Jump:
      if (in.branch().condition) add(*in.branch().condition);
      break;
    case InstructionKind::Warp:
      add(in.value);
      add(in.warp().laneSelector);
      if (in.warp().runtimeMask) add(*in.warp().runtimeMask);
      break;
    case InstructionKind::Barrier:
      if (in.barrier().resource) add(*in.barrier().resource);
      if (in.barrier().quorum) add(*in.barrier().quorum);
      break;
    case InstructionKind::Load:
    case InstructionKind::Fence:
    case InstructionKind::Label:
    case InstructionKind::Visible:
      break;
  }
  return regs;
}

std::optional<int> registerWritten(const Instruction& in) {
  bool defines = in.kind == InstructionKind::Load || in.kind == InstructionKind::Rmw ||
                 in.kind == InstructionKind::Local || in.kind == InstructionKind::Warp;
  return defines ? in.reg : std::nullopt;
}

std::map<std::string, int> labelPositions(const std::vector<UnrollItem>& items) {
  std::map<std::string, int> positions;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].instruction->kind == InstructionKind::Label) positions[items[i].label] = static_cast<int>(i);
  }
  return positions;
}

// Successor positions of item i (items.size() is the thread's end).
std::vector<int> successors(const std::vector<UnrollItem>& items, const std::map<std::string, int>& labels,
                            int i) {
  const UnrollItem& item = items[static_cast<size_t>(i)];
  std::vector<int> next;
  if (item.instruction->kind == InstructionKind::Jump) {
    auto it = labels.find(item.target);
    next.push_back(it == labels.end() ? static_cast<int>(items.size()) : it->second);
    if (item.instruction->branch().condition) next.push_back(i + 1);
  } else {
    next.push_back(i + 1);
  }
  return next;
}

// Registers live at item `header`: read on some path from it before being written (backward dataflow).
std::set<int> liveRegisters(const std::vector<UnrollItem>& items, int header) {
  auto labels = labelPositions(items);
  std::vector<std::set<int>> liveIn(items.size() + 1);
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = static_cast<int>(items.size()) - 1; i >= 0; --i) {
      std::set<int> live;
      for (int s : successors(items, labels, i))
        live.insert(liveIn[static_cast<size_t>(s)].begin(), liveIn[static_cast<size_t>(s)].end());
      const Instruction& in = *items[static_cast<size_t>(i)].instruction;
      if (auto w = registerWritten(in)) live.erase(*w);
      for (int r : registersRead(in)) live.insert(r);
      if (live != liveIn[static_cast<size_t>(i)]) {
        liveIn[static_cast<size_t>(i)] = std::move(live);
        changed = true;
      }
    }
  }
  return liveIn[static_cast<size_t>(header)];
}

// Registers written in the loop body and live at its header.
std::vector<int> liveWrittenRegisters(const std::vector<UnrollItem>& items, int header, int backJump) {
  std::set<int> live = liveRegisters(items, header);
  std::set<int> result;
  for (int i = header; i <= backJump; ++i) {
    auto written = registerWritten(*items[static_cast<size_t>(i)].instruction);
    if (written && live.count(*written) != 0) result.insert(*written);
  }
  return {result.begin(), result.end()};
}

bool writesMemoryIn(const std::vector<UnrollItem>& items, int header, int backJump) {
  for (int i = header; i <= backJump; ++i) {
    if (writesMemory(items[static_cast<size_t>(i)])) return true;
  }
  return false;
}

struct Loop {
  int header = -1;
  int backJump = -1;
};

// The innermost loop. All backward jumps to one header form one loop (Dat3M normalises them into a single
// back-jump), which ends at the last of them; the loop with the shortest span is innermost.
std::optional<Loop> innermostLoop(const std::vector<UnrollItem>& items) {
  auto labels = labelPositions(items);
  std::map<int, int> lastBackJump;  // header -> last backward jump to it
  for (size_t j = 0; j < items.size(); ++j) {
    if (items[j].instruction->kind != InstructionKind::Jump || items[j].role != JumpRole::Normal) continue;
    auto it = labels.find(items[j].target);
    if (it != labels.end() && it->second <= static_cast<int>(j))
      lastBackJump[it->second] = static_cast<int>(j);
  }
  std::optional<Loop> best;
  for (const auto& [header, backJump] : lastBackJump) {
    if (!best || backJump - header < best->backJump - best->header) best = Loop{header, backJump};
  }
  return best;
}

// Labels of copy c > 0 of loop number `loop` get a suffix naming both, so copies of nested loops never clash.
std::string suffixed(const std::string& name, int loop, int copy) {
  return copy == 0 ? name : name + "#" + std::to_string(loop) + "." + std::to_string(copy);
}

// Barrier instances of all but the last copy get the loop and iteration appended (Dat3M's scheme), so
// barriers of different iterations never synchronise with each other.
std::string barrierInstanceOf(const std::string& instance, const std::string& header, int copy, int copies) {
  return copy + 1 == copies ? instance : instance + "@" + header + "#" + std::to_string(copy);
}

// A conditional back-edge (a do-while loop) that is not taken leaves the loop: in every copy but the last it
// is followed by a jump to the loop's exit, a label after the last copy (the last copy's Bound jump falls
// through to it). These synthetic steps have no source instruction of their own.
const Instruction& loopExitJump() {
  static const Instruction jump = [] {
    Instruction in;
    in.kind = InstructionKind::Jump;
    in.text = "(leave the loop)";
    return in;
  }();
  return jump;
}

const Instruction& loopExitLabel() {
  static const Instruction label = [] {
    Instruction in;
    in.kind = InstructionKind::Label;
    return in;
  }();
  return label;
}

std::vector<UnrollItem> copyBody(const std::vector<UnrollItem>& items, const Loop& loop, int copies,
                                 const std::vector<int>& liveWritten, int loopNumber) {
  const std::string& header = items[static_cast<size_t>(loop.header)].label;
  std::string loopName = header + "/" + std::to_string(loopNumber);
  std::set<std::string> bodyLabels;
  for (int i = loop.header; i <= loop.backJump; ++i) {
    if (items[static_cast<size_t>(i)].instruction->kind == InstructionKind::Label)
      bodyLabels.insert(items[static_cast<size_t>(i)].label);
  }
  std::vector<UnrollItem> result;
  bool exitUsed = false;
  for (int copy = 0; copy < copies; ++copy) {
    for (int i = loop.header; i <= loop.backJump; ++i) {
      UnrollItem item = items[static_cast<size_t>(i)];
      for (auto& [inner, index] : item.iterations) {
        inner += '.';  // two appends: `"." + std::to_string(copy)` trips GCC 12's -Wrestrict at -O3
        inner += std::to_string(copy);
      }
      item.iterations.insert(item.iterations.begin(), {loopName, copy});
      if (!item.barrierInstance.empty())
        item.barrierInstance = barrierInstanceOf(item.barrierInstance, header, copy, copies);
      if (item.instruction->kind == InstructionKind::Label)
        item.label = suffixed(item.label, loopNumber, copy);
      bool isJump = item.instruction->kind == InstructionKind::Jump && item.role == JumpRole::Normal;
      bool leaves = false;
      if (isJump && item.target == header) {
        item.backEdge = true;
        item.liveWritten = liveWritten;
        if (copy + 1 < copies) {
          item.target = suffixed(header, loopNumber, copy + 1);
          leaves = item.instruction->branch().condition.has_value() && i == loop.backJump;
        } else {
          item.role = JumpRole::Bound;
          item.target.clear();
        }
      } else if (isJump && bodyLabels.count(item.target) != 0) {
        item.target = suffixed(item.target, loopNumber, copy);
      }
      std::vector<std::pair<std::string, int>> iterations = item.iterations;
      result.push_back(std::move(item));
      if (!leaves) continue;
      UnrollItem exit;
      exit.instruction = &loopExitJump();
      exit.iterations = std::move(iterations);
      exit.target = loopName + "#exit";
      result.push_back(std::move(exit));
      exitUsed = true;
    }
  }
  if (exitUsed) {
    UnrollItem label;
    label.instruction = &loopExitLabel();
    label.label = loopName + "#exit";
    label.iterations = items[static_cast<size_t>(loop.backJump)].iterations;
    result.push_back(std::move(label));
  }
  return result;
}

}  // namespace

std::vector<UnrollItem> unrollThread(const Thread& thread, int bound) {
  std::vector<UnrollItem> items;
  for (const Instruction& in : thread.code) {
    UnrollItem item;
    item.instruction = &in;
    item.label = in.kind == InstructionKind::Label ? in.branch().label : "";
    item.target = in.kind == InstructionKind::Jump ? in.branch().label : "";
    if (in.kind == InstructionKind::Barrier) item.barrierInstance = in.barrier().instance;
    items.push_back(std::move(item));
  }
  for (int loopNumber = 0; auto loop = innermostLoop(items); ++loopNumber) {
    std::vector<int> liveWritten = liveWrittenRegisters(items, loop->header, loop->backJump);
    bool staticSpin = liveWritten.empty() && !writesMemoryIn(items, loop->header, loop->backJump);
    int copies = staticSpin ? 1 : std::max(bound, 1);
    std::vector<UnrollItem> body = copyBody(items, *loop, copies, liveWritten, loopNumber);
    items.erase(items.begin() + loop->header, items.begin() + loop->backJump + 1);
    items.insert(items.begin() + loop->header, body.begin(), body.end());
  }
  return items;
}

}  // namespace catcheck::core
