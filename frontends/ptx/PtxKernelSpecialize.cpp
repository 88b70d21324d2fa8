// Specialised blocks and inlined calls of the PTX kernel specialiser (PtxKernelThread.cpp).
//
// When a path of a thread reaches a point where it cannot go on alone (a branch on a loaded value, or a
// loop that runs past what is worth unrolling), it continues in a specialised block: a label of the IR
// thread whose code was generated assuming some cells (registers, private memory) hold known constants and
// the others sit in their canonical IR registers. A later path reaching the same point (the same call stack
// and program counter) with the same constants and barrier counts jumps there after moving its other
// values into the canonical registers; so a spin loop folds back into a loop of the IR. After a few blocks
// at one point, the next one generalises (a cell whose constants differ becomes a register), which keeps
// loops whose counters change every iteration finite.
#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

constexpr size_t kExactSpecializations = 4;
constexpr size_t kMaxSpecializations = 64;

}  // namespace

std::string KernelThread::pointKey(const State& state) const {
  std::string key;
  for (const Frame& frame : state.stack)
    key += std::to_string(frame.code->id) + ":" + std::to_string(frame.pc) + ":" + frame.prefix + "|";
  return key;
}

bool KernelThread::fits(const Specialization& spec, const State& state) const {
  if (spec.barrierCounts != state.barrierCounts) return false;
  if (spec.cells.size() != state.cells.size()) return false;
  for (const auto& [name, value] : spec.cells) {
    auto cell = state.cells.find(name);
    if (cell == state.cells.end()) return false;
    if (!value) continue;
    if (!cell->second.isConstant() || cell->second.constant != *value ||
        cell->second.width != spec.widths.at(name))
      return false;
  }
  return true;
}

Specialization KernelThread::exactSpecialization(const State& state) const {
  Specialization spec;
  for (const auto& [name, value] : state.cells) {
    spec.cells[name] = value.isConstant() ? std::optional<long long>(value.constant) : std::nullopt;
    spec.widths[name] = value.width;
  }
  spec.barrierCounts = state.barrierCounts;
  spec.warpRuns = state.warpRuns;
  return spec;
}

Specialization KernelThread::generalized(const Specialization& previous, const State& state) const {
  Specialization spec = exactSpecialization(state);
  for (const auto& [name, value] : previous.cells) {
    auto mine = spec.cells.find(name);
    if (mine == spec.cells.end()) {
      spec.cells[name] = std::nullopt;
      spec.widths[name] = previous.widths.at(name);
    } else if (mine->second != value) {
      mine->second = std::nullopt;
    }
  }
  return spec;
}

std::string KernelThread::specialize(const State& state, std::vector<core::Instruction>& materialization) {
  std::vector<Specialization>& specs = specializations_[pointKey(state)];
  for (const Specialization& spec : specs) {
    if (fits(spec, state)) {
      materialize(spec, state, materialization);
      return spec.label;
    }
  }
  if (specs.size() >= kMaxSpecializations) {
    throw core::InputError(current_->where,
                           "thread " + std::to_string(index_) + " does not settle at this point: more than " +
                               std::to_string(kMaxSpecializations) +
                               " specialised copies (a loop on loaded values whose barrier count changes?)");
  }
  Specialization spec =
      specs.size() < kExactSpecializations ? exactSpecialization(state) : generalized(specs.back(), state);
  spec.label = "S" + std::to_string(++freshCounter_);
  specs.push_back(spec);
  materialize(spec, state, materialization);
  pending_.emplace_back(spec.label, startState(spec, state));
  return spec.label;
}

State KernelThread::startState(const Specialization& spec, const State& from) {
  State start;
  start.stack = from.stack;
  start.barrierCounts = spec.barrierCounts;
  start.warpRuns = spec.warpRuns;
  start.userPosition = from.userPosition;
  for (const auto& [name, value] : spec.cells) {
    int width = spec.widths.at(name);
    start.cells[name] =
        value ? core::constantAt(*value, width) : core::Expr::registerValue(canonicalRegister(name), width);
  }
  return start;
}

// Moves the state's values of the block's register cells into their canonical registers, as a parallel
// assignment: when one value reads a canonical register another move overwrites, every value goes through
// a fresh register first.
void KernelThread::materialize(const Specialization& spec, const State& state,
                               std::vector<core::Instruction>& out) {
  std::vector<std::pair<int, core::Expr>> moves;
  std::set<int> targets;
  for (const auto& [name, value] : spec.cells) {
    if (value) continue;
    int canonical = canonicalRegister(name);
    int width = spec.widths.at(name);
    auto cell = state.cells.find(name);
    core::Expr source = cell != state.cells.end() ? cell->second : core::Expr::undefinedValue(width);
    if (source.op == core::ExprOp::Register && source.reg == canonical) continue;
    moves.emplace_back(canonical, source);
    targets.insert(canonical);
  }
  bool conflict = false;
  for (const auto& [target, value] : moves)
    for (int reg : value.registers()) conflict = conflict || targets.count(reg) > 0;
  auto move = [&](int reg, core::Expr value) {
    core::Instruction local;
    local.kind = core::InstructionKind::Local;
    local.reg = reg;
    local.value = std::move(value);
    out.push_back(std::move(local));
  };
  if (!conflict) {
    for (auto& [target, value] : moves) move(target, value);
    return;
  }
  std::vector<int> temporaries;
  for (auto& [target, value] : moves) {
    temporaries.push_back(freshRegister(thread_.registerNames[static_cast<size_t>(target)]));
    move(temporaries.back(), value);
  }
  for (size_t i = 0; i < moves.size(); ++i)
    move(moves[i].first, core::Expr::registerValue(temporaries[i], moves[i].second.width));
}

// CUDA's printf: output is no memory event of the program, so the call has no effect on any verdict; the
// format and arguments were stored to local memory before it (ordinary private stores). Its result (the
// number of arguments, or negative on an error) is one unconstrained 32-bit value, kept in a register so
// that every read of it sees the same value.
void KernelThread::callPrintf(State& state, const Instruction& in, const List* results) {
  Frame& caller = state.stack.back();
  int scope = caller.code->items[caller.pc].scope;
  if (results != nullptr) {
    if (results->elements.size() != 1) fail(in, "vprintf has one result");
    const auto* symbol = std::get_if<Symbol>(&results->elements[0].value);
    if (symbol == nullptr) unsupported(in, "call results other than .param variables (the old register ABI)");
    int reg = freshRegister("printf");
    core::Instruction keep;
    keep.kind = core::InstructionKind::Local;
    keep.reg = reg;
    keep.value = core::Expr::undefinedValue(32);
    emit(std::move(keep));
    writeCell(parameterCell(caller, scope, symbol->name), core::Expr::registerValue(reg, 32));
  }
  ++caller.pc;
}

// CUDA's assert(): `call.uni __assertfail, (message, file, line, function, size)` where the condition
// failed; CUDA's __trap(): `trap` (PTX ISA "trap": abort execution and interrupt the host). Either is a
// Visible event tagged ASSERT (program_spec asks whether one executes: core/ir/Program.h NoFailedAssert),
// and the thread stops there, as the kernel aborts.
bool KernelThread::callsAssertFail(const Instruction& in) const {
  const Symbol* callee = calleeOf(in);
  return callee != nullptr && callee->name == "__assertfail";
}

bool KernelThread::aborts(const Instruction& in) const {
  return in.opcode == "trap" || (in.opcode == "call" && callsAssertFail(in));
}

void KernelThread::abortKernel(const Instruction& in) {
  core::Instruction failure;
  failure.kind = core::InstructionKind::Visible;
  failure.tags = {"_", core::kAssertFailureTag};
  if (in.opcode == "trap") failure.tags.add(core::kTrapTag);
  emit(std::move(failure));
  if (in.opcode == "trap") return;
  // the call's first line is all of `call.uni`: name the callee instead, keeping the source position
  std::string& text = thread_.code.back().text;
  size_t source = text.find("  //");
  text = std::string("call __assertfail (assert() failed)") +
         (source == std::string::npos ? std::string() : text.substr(source));
}

// `call (ret), f, (a, b);`: the callee runs in a frame of its own whose parameters are the caller's `.param`
// cells it was given.
// The called function: the first symbol operand (the result list, if any, comes before it).
const Symbol* KernelThread::calleeOf(const Instruction& in) {
  for (const Operand& operand : in.operands)
    if (const auto* symbol = std::get_if<Symbol>(&operand.value)) return symbol;
  return nullptr;
}

void KernelThread::call(State& state, const Instruction& in) {
  const Symbol* callee = calleeOf(in);
  const List* results = nullptr;
  const List* arguments = nullptr;
  bool beforeCallee = true;
  for (const Operand& operand : in.operands) {
    if (std::get_if<Symbol>(&operand.value) == callee) beforeCallee = false;
    if (const auto* list = std::get_if<List>(&operand.value)) (beforeCallee ? results : arguments) = list;
  }
  if (callee == nullptr) unsupported(in, "an indirect call");
  if (callee->name == "vprintf") return callPrintf(state, in, results);
  const Function* function = context_.module.findFunction(callee->name);
  if (function == nullptr || !function->hasBody)
    fail(in, "call of '" + callee->name +
                 "', which this module does not define (external functions are not modelled)");
  for (const Frame& frame : state.stack)
    if (frame.code->function == function) fail(in, "recursive call of '" + callee->name + "' (not modelled)");
  Frame& caller = state.stack.back();
  int scope = caller.code->items[caller.pc].scope;
  Frame frame{&context_.flat(*function), 0, caller.prefix + "c" + std::to_string(caller.pc) + "/", {}};
  auto bind = [&](const std::vector<Variable>& parameters, const List* given, const char* what) {
    size_t count = given == nullptr ? 0 : given->elements.size();
    if (count != parameters.size())
      fail(in, "call of '" + callee->name + "' with " + std::to_string(count) + " " + what + ", it has " +
                   std::to_string(parameters.size()));
    for (size_t i = 0; i < count; ++i) {
      const OperandValue& value = given->elements[i].value;
      if (const auto* symbol = std::get_if<Symbol>(&value)) {
        frame.parameterCells[parameters[i].name] = parameterCell(caller, scope, symbol->name);
      } else {
        unsupported(in, "call arguments other than .param variables (the old register ABI)");
      }
    }
  };
  bind(function->params, arguments, "arguments");
  bind(function->returnParams, results, "results");
  ++caller.pc;
  state.stack.push_back(std::move(frame));
}

}  // namespace catcheck::frontends::ptx
