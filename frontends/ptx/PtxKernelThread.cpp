// The per-thread specialiser of a PTX kernel. A thread's code is not translated instruction by instruction:
// it is *executed* on what the launch fixes (%tid, %ntid, %ctaid, parameter values, buffer addresses), so
// that address arithmetic folds to constants, branches on the thread's id vanish and loops whose trip count
// the launch fixes unroll completely. What memory returns is not known: a loaded value is a register of the
// IR, and expressions over it stay symbolic. A branch on such a value splits the path; each side continues
// as a *specialised block* (PtxKernelSpecialize.cpp) that later paths reaching the same point with the same
// constants jump to, so that a spin loop becomes a loop of the IR again (unrolled to the bound later).
// Calls are inlined; predicated instructions run under their guard. This file holds the driver, control
// flow and operands; the instruction families are in PtxKernelArithmetic.cpp, PtxKernelAccess.cpp and
// PtxKernelSync.cpp.
#include <map>
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

constexpr size_t kMaxSteps = 4'000'000;       // instructions executed per thread
constexpr int kMaxConstantIterations = 1024;  // a loop the launch fixes unrolls at most this far
constexpr size_t kMaxInlineExpression = 40;   // larger values are kept in a register
const char* const kEndLabel = "end";

std::string trimmed(const std::string& line) {
  size_t first = line.find_first_not_of(" \t");
  size_t last = line.find_last_not_of(" \t\r;");
  return first == std::string::npos ? "" : line.substr(first, last - first + 1);
}

// The IR reads a backward jump as a loop's back-edge (core/graph/LoopUnrolling.cpp), but specialised blocks
// are generated in the order paths reach them: a block that leaves a spin loop may be generated before the
// loop's own block, which then jumps back to it without looping (nvcc -G puts the exit test and the
// back-edge in separate blocks), so that leaving the loop would count as one more iteration. Blocks are
// therefore placed in reverse postorder of a depth-first walk from the entry block: a jump goes backward
// only to a block on the walk's path to it, that is along a cycle. Every block is reached: a specialised
// block exists because a jump to it was emitted (KernelThread::branch, jumpTo).
std::vector<core::Instruction> inLoopOrder(std::vector<core::Instruction> code,
                                           const std::vector<size_t>& blockStarts) {
  size_t blocks = blockStarts.size();
  auto endOf = [&](size_t b) { return b + 1 < blocks ? blockStarts[b + 1] : code.size(); };
  std::map<std::string, size_t> blockOfLabel;
  for (size_t b = 1; b < blocks; ++b) blockOfLabel[code[blockStarts[b]].branch().label] = b;
  std::vector<std::vector<size_t>> successors(blocks);
  for (size_t b = 0; b < blocks; ++b)
    for (size_t i = blockStarts[b]; i < endOf(b); ++i)
      if (code[i].kind == core::InstructionKind::Jump)
        if (auto target = blockOfLabel.find(code[i].branch().label); target != blockOfLabel.end())
          successors[b].push_back(target->second);
  std::vector<size_t> postorder;
  std::vector<bool> seen(blocks, false);
  std::vector<std::pair<size_t, size_t>> walk = {{0, 0}};  // (block, its next successor to visit)
  seen[0] = true;
  while (!walk.empty()) {
    auto& [block, next] = walk.back();
    if (next == successors[block].size()) {
      postorder.push_back(block);
      walk.pop_back();
      continue;
    }
    size_t successor = successors[block][next++];
    if (!seen[successor]) {
      seen[successor] = true;
      walk.emplace_back(successor, 0);
    }
  }
  std::vector<core::Instruction> ordered;
  ordered.reserve(code.size());
  for (auto block = postorder.rbegin(); block != postorder.rend(); ++block)
    for (size_t i = blockStarts[*block]; i < endOf(*block); ++i) ordered.push_back(std::move(code[i]));
  return ordered;
}

}  // namespace

KernelThread::KernelThread(KernelContext& context, int index, const Placement& placement)
    : context_(context), index_(index), placement_(placement) {
  thread_.name = "P" + std::to_string(index);
  thread_.place = "thread " + std::to_string(placement.linearTid);
  if (context.ctaCount() > 1) thread_.place += " of block " + std::to_string(placement.linearCta);
}

core::Thread KernelThread::lower() {
  State initial;
  initial.stack.push_back(Frame{&context_.flat(*context_.entry), 0, "", {}});
  run(std::move(initial));
  std::vector<size_t> blockStarts = {0};
  while (!pending_.empty()) {
    auto [label, state] = std::move(pending_.front());
    pending_.erase(pending_.begin());
    blockStarts.push_back(thread_.code.size());
    core::Instruction mark;
    mark.kind = core::InstructionKind::Label;
    mark.branch().label = label;
    mark.location = blockLocation(state);  // a loop's header names where the loop is in witnesses
    thread_.code.push_back(std::move(mark));
    run(std::move(state));
  }
  thread_.code = inLoopOrder(std::move(thread_.code), blockStarts);
  return std::move(thread_);
}

core::SourceLocation KernelThread::blockLocation(const State& state) const {
  const Frame& frame = state.stack.back();
  for (size_t pc = frame.pc; pc < frame.code->items.size(); ++pc)
    if (frame.code->items[pc].instruction != nullptr) return frame.code->items[pc].instruction->where;
  return frame.code->function->where;
}

void KernelThread::run(State state) {
  state_ = &state;
  while (step(state)) {
  }
  state_ = nullptr;
}

bool KernelThread::step(State& state) {
  Frame& frame = state.stack.back();
  if (frame.pc >= frame.code->items.size()) return returnFromFrame(state);
  const FlatItem& item = frame.code->items[frame.pc];
  if (item.instruction == nullptr) {
    ++frame.pc;
    return true;
  }
  const Instruction& in = *item.instruction;
  current_ = &in;
  if (std::optional<SourcePosition> here = userPositionOf(in)) state.userPosition = here;
  pathUserPosition_ = state.userPosition;
  if (++steps_ > kMaxSteps) {
    fail(in, "thread " + std::to_string(index_) + " executes more than " + std::to_string(kMaxSteps) +
                 " instructions (loops the launch fixes are unrolled completely)");
  }
  std::optional<core::Expr> guard;
  if (in.guard) {
    guard = readRegister(Register{in.guard->predicate, in.guard->negated}, in);
    if (guard->isConstant() && guard->constant == 0) {
      ++frame.pc;
      return true;
    }
    if (guard->isConstant()) guard.reset();
  }
  if (in.opcode == "bra") {
    if (guard) {
      branch(state, in, *guard);
      return false;
    }
    const auto* target = std::get_if<Symbol>(&operandValue(in, 0));
    if (target == nullptr) unsupported(in, "an indirect branch");
    std::optional<size_t> index = frame.code->labelIndex(item.scope, target->name);
    if (!index) fail(in, "no label '" + target->name + "' in this function");
    return jumpTo(state, *index);
  }
  bool aborted = aborts(in);  // the thread stops there
  if (in.opcode == "ret" || in.opcode == "exit" || aborted) {
    if (guard)
      unsupported(in, "a return, exit, trap or failed assert() under a guard the launch does not decide");
    if (aborted) abortKernel(in);
    if (in.opcode != "ret") state.stack.resize(1);
    return returnFromFrame(state);
  }
  if (in.opcode == "call") {
    if (guard) unsupported(in, "a call under a guard the launch does not decide");
    call(state, in);
    return true;
  }
  if (guard) {
    executeGuarded(state, in, *guard);
  } else {
    execute(state, in);
  }
  ++state.stack.back().pc;
  return true;
}

void KernelThread::execute(State&, const Instruction& in) {
  if (lowerFloat(in) || lowerArithmetic(in) || lowerAsync(in) || lowerTensorCore(in) || lowerAccess(in) ||
      lowerSync(in))
    return;
  unsupported(in);
}

// An instruction under a guard only a loaded value decides: the code it emits is jumped over when the
// guard is false, and every cell it writes holds the new value or the old one.
void KernelThread::executeGuarded(State& state, const Instruction& in, const core::Expr& guard) {
  std::map<std::string, core::Expr> before = state.cells;
  size_t emitted = thread_.code.size();
  execute(state, in);
  if (thread_.code.size() > emitted) {
    std::string skip = "G" + std::to_string(++freshCounter_);
    core::Instruction jump;
    jump.kind = core::InstructionKind::Jump;
    jump.branch().label = skip;
    jump.branch().condition = core::fold(core::ExprOp::Eq, {guard, core::constantAt(0, guard.width)}, 1);
    jump.location = in.where;
    jump.text = thread_.code[emitted].text;
    thread_.code.insert(thread_.code.begin() + static_cast<std::ptrdiff_t>(emitted), std::move(jump));
    core::Instruction mark;
    mark.kind = core::InstructionKind::Label;
    mark.branch().label = skip;
    thread_.code.push_back(std::move(mark));
  }
  for (auto& [cell, value] : state.cells) {
    auto old = before.find(cell);
    if (old != before.end() && core::sameExpr(old->second, value)) continue;
    core::Expr previous = old != before.end() ? old->second : core::Expr::undefinedValue(value.width);
    writeCell(cell, core::fold(core::ExprOp::Ite, {guard, value, core::atWidth(previous, value.width)},
                               value.width));
  }
}

// Whether a backward jump to this state's point keeps unrolling: not past kMaxConstantIterations, and not
// when the point is reached again with the same constant cells, widths and barrier counts. Within one run
// every branch is constant (a branch on a loaded value ends the run, KernelThread::branch), so such a loop
// repeats its last iteration forever; the cells that differ are computed values, which a loop of the IR
// carries in registers.
bool KernelThread::unrollsFurther(const State& state) {
  Specialization now = exactSpecialization(state);
  auto [point, first] = loopPoints_.try_emplace(pointKey(state));
  LoopPoint& loop = point->second;
  bool repeats = !first && loop.lastConstants.cells == now.cells && loop.lastConstants.widths == now.widths &&
                 loop.lastConstants.barrierCounts == now.barrierCounts;
  loop.lastConstants = std::move(now);
  return !repeats && ++loop.visits <= kMaxConstantIterations;
}

bool KernelThread::jumpTo(State& state, size_t target) {
  Frame& frame = state.stack.back();
  bool backward = target <= frame.pc;
  frame.pc = target;
  if (!backward || unrollsFurther(state)) return true;
  // A loop the launch fixes but that runs too long or makes no progress: it becomes a loop of the IR.
  std::vector<core::Instruction> materialization;
  std::string label = specialize(state, materialization);
  for (core::Instruction& m : materialization) emit(std::move(m));
  core::Instruction jump;
  jump.kind = core::InstructionKind::Jump;
  jump.branch().label = label;
  emit(std::move(jump));
  return false;
}

// On the path where `condition` is (`holds`) or is not true, a value it compares with a constant for
// (in)equality is that constant: every cell reading it reads the constant there. nvcc tests a loaded
// ticket where its equal was meant (`ticket == gridDim.x - 1` taken, then `ticket < 3` for the unrolled
// loop's trip count); carried, the trip count is the launch's again.
void KernelThread::carryOutcome(State& state, const core::Expr& condition, bool holds) {
  std::optional<std::pair<core::Expr, core::Expr>> equality = core::impliedEquality(condition, holds);
  if (!equality) return;
  const auto& [value, constant] = *equality;
  for (auto& [name, cell] : state.cells) cell = core::substitute(cell, value, constant);
}

void KernelThread::branch(State& state, const Instruction& in, const core::Expr& condition) {
  const auto* target = std::get_if<Symbol>(&operandValue(in, 0));
  if (target == nullptr) unsupported(in, "an indirect branch");
  const FlatFunction& code = *state.stack.back().code;
  size_t pc = state.stack.back().pc;
  std::optional<size_t> index = code.labelIndex(code.items[pc].scope, target->name);
  if (!index) fail(in, "no label '" + target->name + "' in this function");
  State taken = state;
  taken.stack.back().pc = *index;
  State fallThrough = state;
  ++fallThrough.stack.back().pc;
  carryOutcome(taken, condition, true);
  carryOutcome(fallThrough, condition, false);
  std::vector<core::Instruction> takenMoves, fallMoves;
  std::string takenLabel = specialize(taken, takenMoves);
  std::string fallLabel = specialize(fallThrough, fallMoves);
  core::Instruction jump;
  jump.kind = core::InstructionKind::Jump;
  jump.branch().condition =
      core::fold(core::ExprOp::Ne, {condition, core::constantAt(0, condition.width)}, 1);
  std::string moves = takenMoves.empty() ? takenLabel : "M" + std::to_string(++freshCounter_);
  jump.branch().label = moves;
  emit(jump);
  for (core::Instruction& m : fallMoves) emit(std::move(m));
  core::Instruction always;
  always.kind = core::InstructionKind::Jump;
  always.branch().label = fallLabel;
  emit(always);
  if (takenMoves.empty()) return;
  core::Instruction mark;
  mark.kind = core::InstructionKind::Label;
  mark.branch().label = moves;
  emit(mark);
  for (core::Instruction& m : takenMoves) emit(std::move(m));
  always.branch().label = takenLabel;
  emit(always);
}

bool KernelThread::returnFromFrame(State& state) {
  if (state.stack.size() > 1) {
    state.stack.pop_back();
    return true;
  }
  core::Instruction jump;
  jump.kind = core::InstructionKind::Jump;
  jump.branch().label = kEndLabel;
  emit(std::move(jump));
  return false;
}

// Where the user wrote `in`: its `.loc`, or the innermost inlined_at call site in the user's own file (a
// libcu++ header's line says less than its call); nothing when neither is a line of the user's file.
std::optional<SourcePosition> KernelThread::userPositionOf(const Instruction& in) const {
  if (!in.loc || context_.userFile.empty()) return std::nullopt;
  auto inUserFile = [&](const SourcePosition& p) {
    auto file = context_.module.files.find(p.file);
    return p.line > 0 && file != context_.module.files.end() && file->second == context_.userFile;
  };
  if (inUserFile(in.loc->position)) return in.loc->position;
  for (const SourcePosition& site : in.loc->inlinedAt)
    if (inUserFile(site)) return site;
  return std::nullopt;
}

void KernelThread::emit(core::Instruction instruction) {
  if (current_ != nullptr) {
    instruction.location = current_->where;
    size_t line = static_cast<size_t>(current_->where.line);
    std::string text = line >= 1 && line <= context_.lines.size() ? trimmed(context_.lines[line - 1]) : "";
    // step() has set the path's position: this instruction's own, else the path's last (clang's `__trap()`
    // carries only the shim's line)
    std::optional<SourcePosition> position = current_->loc ? pathUserPosition_ : std::nullopt;
    if (position) {
      std::string file = context_.userFile.substr(context_.userFile.find_last_of('/') + 1);
      text += "  // " + file + ":" + std::to_string(position->line);
      instruction.userSource = {file, position->line, position->column};
    }
    instruction.text = text;
  }
  thread_.code.push_back(std::move(instruction));
}

int KernelThread::freshRegister(const std::string& base) {
  std::string name = base + "#" + std::to_string(++freshCounter_);
  thread_.registerNames.push_back(name);
  return static_cast<int>(thread_.registerNames.size()) - 1;
}

int KernelThread::computeInto(const std::string& base, core::Expr value) {
  core::Instruction local;
  local.kind = core::InstructionKind::Local;
  local.reg = freshRegister(base);
  local.value = std::move(value);
  int reg = *local.reg;
  emit(std::move(local));
  return reg;
}

int KernelThread::canonicalRegister(const std::string& cell) {
  auto found = registerIndex_.find(cell);
  if (found != registerIndex_.end()) return found->second;
  thread_.registerNames.push_back(cell);
  int index = static_cast<int>(thread_.registerNames.size()) - 1;
  registerIndex_[cell] = index;
  return index;
}

void KernelThread::writeCell(const std::string& cell, core::Expr value) {
  if (exprSize(value) > kMaxInlineExpression) {
    core::Instruction keep;
    keep.kind = core::InstructionKind::Local;
    keep.reg = freshRegister(cell);
    keep.value = value;
    value = core::Expr::registerValue(*keep.reg, value.width);
    emit(std::move(keep));
  }
  state_->cells[cell] = std::move(value);
}

[[noreturn]] void KernelThread::fail(const Instruction& in, const std::string& message) const {
  throw core::InputError(in.where, message);
}

[[noreturn]] void KernelThread::unsupported(const Instruction& in, const std::string& why) const {
  fail(in, "unsupported PTX instruction '" + mnemonic(in) + "'" + (why.empty() ? "" : ": " + why) +
               " (docs/ptx-kernels.md lists what is modelled)");
}

}  // namespace catcheck::frontends::ptx
