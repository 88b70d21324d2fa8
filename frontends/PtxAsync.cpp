// PTX mbarriers, asynchronous copies and tensor-core operations (issue 10): `mbarrier.*`, `cp.async*` and
// `tcgen05.*`, each a mnemonic of parts and its operands (grammar/LitmusPTX.g4, asyncInstruction), lowered to
// ordinary IR instructions so that every engine handles them without special cases:
//  * An mbarrier is a location whose value is the barrier state of core/ir/Mbarrier.h. `init` is a relaxed
//    store of the initial state; arrive / expect_tx / complete_tx are MbarrierUpdate read-modify-writes
//    (arrive releases by default); try_wait is an acquire load and a register computation; wait is the
//    try_wait spin loop, a loop without side effects, so unrolling keeps one iteration and a wait whose
//    phase never completes is a hang.
//  * An asynchronous operation (cp.async.bulk, cp.async, tcgen05.mma / st / ld / commit,
//    cp.async.mbarrier.arrive) lowers to its reads, its writes and its completion, which share one asyncOp
//    id and carry the AOP tag and the operation's tag; models/ptx-v8.cat orders them with the issuing
//    thread only through `aop`, the completion waits and the fences.
//  * Waits and fences that mark a point in program order (cp.async.commit_group / wait_group / wait_all,
//    tcgen05.wait / fence) are Visible events with their tag; alloc and dealloc are weak stores to the
//    tensor-memory location, tagged TCALLOC / TCDEALLOC.
#include <algorithm>
#include <set>

#include "core/ir/Mbarrier.h"
#include "frontends/PtxInstructions.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

using core::Expr;
using core::ExprOp;
using core::Instruction;
using core::InstructionKind;
using core::TagSet;

// The mnemonic without its family: the parts as written, qualifiers after the operation's own words.
struct Mnemonic {
  std::string text;  // e.g. "mbarrier.arrive.expect_tx.release.cta"
  std::vector<std::string> parts;
  std::vector<antlr4::Token*> tokens;
};

Mnemonic readMnemonic(Parser::AsyncInstructionContext* ctx) {
  Mnemonic m;
  m.text = ctx->family->getText();
  auto separators = ctx->mnemonicSeparator();
  auto parts = ctx->mnemonicPart();
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string separator = separators[i]->getText();
    m.text += separator + parts[i]->getText();
    // A state space with its sub-space (`shared::cta`, `shared::cluster`) names where the object lives,
    // not a scope: the sub-space is dropped.
    if (separator == "::" && !m.parts.empty() && (m.parts.back() == "shared" || m.parts.back() == "global"))
      continue;
    m.parts.push_back(parts[i]->getText());
    m.tokens.push_back(parts[i]->getStart());
  }
  return m;
}

// Qualifiers the front end accepts and ignores: state spaces, operand types and shapes, the completion
// mechanism spelled out, CTA groups and instruction kinds of the tensor core.
bool ignoredQualifier(const std::string& part) {
  static const std::set<std::string> words = {
      "shared", "global", "b64",       "b32",    "b16",      "sync",        "aligned",  "noinc",
      "ca",     "cg",     "cta_group", "kind",   "bytes",    "complete_tx", "mbarrier", "one",
      "tile",   "tensor", "multicast", "im2col", "pack",     "unpack",      "mxf8f6f4", "tf32",
      "f16",    "bf16",   "i8",        "f8f6f4", "ws",       "collector",   "buffer",   "discard",
      "fill",   "use",    "lastuse",   "arrive", "expect_tx"};
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  // shapes and types: 16x64b, x1, b32, f16, s32, u64, ...
  bool shape =
      !part.empty() &&
      (digit(part[0]) ||
       (part.size() > 1 && std::string("bfsux").find(part[0]) != std::string::npos && digit(part[1])));
  return words.count(part) > 0 || shape;
}

// The memory order and scope among a mnemonic's qualifiers (from index `first` on).
struct Qualifiers {
  std::string order;
  std::string scope;
};

Qualifiers readQualifiers(LitmusCell& cell, const Mnemonic& m, size_t first,
                          const std::vector<std::string>& orders, const std::string& defaultOrder) {
  Qualifiers q{defaultOrder, "cta"};
  for (size_t i = first; i < m.parts.size(); ++i) {
    const std::string& part = m.parts[i];
    if (std::find(orders.begin(), orders.end(), part) != orders.end()) {
      q.order = part;
    } else if (part == "cta" || part == "cluster") {
      q.scope = part;
    } else if (orderTag(part) || scopeTag(part)) {
      std::string allowed = orders.empty() ? "no memory order" : "." + orders.front();
      for (size_t k = 1; k < orders.size(); ++k) allowed += " or ." + orders[k];
      cell.fail(m.tokens[i], "'." + part + "' is not allowed in " + m.text + " (it takes " + allowed +
                                 ", and the scope .cta or .cluster)");
    } else if (!ignoredQualifier(part)) {
      cell.fail(m.tokens[i], "unknown qualifier '." + part + "' in " + m.text);
    }
  }
  return q;
}

// The operands of one cell, checked by kind.
class Operands {
 public:
  Operands(LitmusCell& cell, Parser::AsyncInstructionContext* ctx, const Mnemonic& m)
      : cell_(cell), ctx_(ctx), list_(ctx->asyncOperand()), mnemonic_(m.text) {}

  void expect(const std::string& shape) {
    size_t wanted = shape.empty() ? 0 : static_cast<size_t>(std::count(shape.begin(), shape.end(), ',') + 1);
    if (list_.size() != wanted) {
      std::string count = std::to_string(wanted) + (wanted == 1 ? " operand" : " operands");
      cell_.fail(list_.empty() ? ctx_->getStop() : list_.front()->getStart(),
                 mnemonic_ + " takes " + count + (shape.empty() ? "" : " (" + shape + ")") + ", not " +
                     std::to_string(list_.size()));
    }
  }
  size_t size() const { return list_.size(); }
  int location(size_t i) {
    Parser::AsyncOperandContext* op = list_.at(i);
    if (op->Name() == nullptr)
      cell_.fail(op->getStart(), mnemonic_ + ": '" + op->getText() + "' is not a location");
    return cell_.location(op->Name());
  }
  Expr value(size_t i) {
    Parser::AsyncOperandContext* op = list_.at(i);
    if (op->value() == nullptr) {
      cell_.fail(op->getStart(), mnemonic_ + ": '" + op->getText() + "' is not a register or an integer");
    }
    return cell_.value(op->value());
  }
  // A value whose constant form must lie in [low, high] (the fields of the mbarrier state,
  // core/ir/Mbarrier.h); a register is not checked.
  Expr boundedValue(size_t i, long long low, long long high) {
    Expr e = value(i);
    if (e.isConstant() && (e.constant < low || e.constant > high)) {
      cell_.fail(list_.at(i)->getStart(), mnemonic_ + ": '" + list_.at(i)->getText() + "' must be from " +
                                              std::to_string(low) + " to " + std::to_string(high));
    }
    return e;
  }
  int reg(size_t i) {
    Parser::AsyncOperandContext* op = list_.at(i);
    if (op->value() == nullptr || op->value()->Register() == nullptr) {
      cell_.fail(op->getStart(), mnemonic_ + ": '" + op->getText() + "' is not a register");
    }
    return cell_.reg(op->value()->Register());
  }
  // An integer operand (a wait_group count, a parity).
  long long integer(size_t i, long long low, long long high) {
    Expr e = value(i);
    if (!e.isConstant() || e.constant < low || e.constant > high) {
      cell_.fail(list_.at(i)->getStart(), mnemonic_ + ": '" + list_.at(i)->getText() +
                                              "' must be an integer from " + std::to_string(low) + " to " +
                                              std::to_string(high));
    }
    return e.constant;
  }

 private:
  LitmusCell& cell_;
  Parser::AsyncInstructionContext* ctx_;
  std::vector<Parser::AsyncOperandContext*> list_;
  std::string mnemonic_;
};

// ---- building blocks ----

Instruction access(InstructionKind kind, int location, TagSet tags) {
  Instruction in;
  in.kind = kind;
  in.access().address = location;
  in.tags = std::move(tags);
  in.tags.add("M");
  in.tags.add("_");
  in.tags.add(kind == InstructionKind::Load ? "R" : "W");
  return in;
}

Instruction marker(const std::string& tag) {
  Instruction in;
  in.kind = InstructionKind::Visible;
  in.tags = {"_"};
  in.tags.add(tag);
  return in;
}

// An mbarrier update: an MbarrierUpdate read-modify-write of `bar` with no destination register.
Instruction mbarrierUpdate(int bar, Expr operand, const std::string& writeOrder, const std::string& scope,
                           const TagSet& extra) {
  Instruction rmw;
  rmw.kind = InstructionKind::Rmw;
  rmw.access().rmwOp = core::RmwOp::MbarrierUpdate;
  rmw.access().address = bar;
  rmw.value = std::move(operand);
  TagSet common = {"M", "_", "RMW", "GEN", "MBAR"};
  common.add(scopeTag(scope).value());
  common |= extra;
  rmw.tags = common;
  rmw.tags.add("R");
  rmw.tags.add("RLX");
  rmw.access().storeTags = common;
  rmw.access().storeTags.add("W");
  rmw.access().storeTags.add(orderTag(writeOrder).value());
  return rmw;
}

Expr negated(Expr e) {
  return Expr::binary(ExprOp::Sub, Expr::constantValue(0), std::move(e));
}

// Marks instructions as one asynchronous operation of the cell.
std::vector<Instruction> asynchronous(LitmusCell& cell, std::vector<Instruction> lowered,
                                      const std::string& tag) {
  for (Instruction& in : lowered) {
    in.asyncOp = cell.nextInstruction();
    in.tags.add("AOP");
    in.tags.add(tag);
    if (in.kind == InstructionKind::Rmw) {
      in.access().storeTags.add("AOP");
      in.access().storeTags.add(tag);
    }
  }
  return lowered;
}

// ---- mbarrier ----

// mbarrier.init BAR, COUNT: a relaxed store of the initial state (COUNT arrivals per phase).
std::vector<Instruction> buildMbarrierInit(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  readQualifiers(cell, m, 1, {}, "relaxed");
  ops.expect("BAR, COUNT");
  Instruction init = access(InstructionKind::Store, ops.location(0), {"GEN", "MBAR", "RLX", "CTA"});
  init.value = Expr::binary(ExprOp::Add,
                            Expr::binary(ExprOp::Mul, ops.boundedValue(1, 1, core::kMaxMbarrierCount),
                                         Expr::constantValue(core::kCountUnit)),
                            Expr::constantValue(core::mbarrierInitialState(0)));
  return {init};
}

// arrive (release by default), arrive.expect_tx, expect_tx and complete_tx: one MbarrierUpdate.
std::vector<Instruction> buildMbarrierUpdate(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  const std::string& op = m.parts.at(0);
  bool arrives = op == "arrive";
  bool withBytes = !arrives || (m.parts.size() > 1 && m.parts[1] == "expect_tx");
  std::vector<std::string> orders =
      arrives ? std::vector<std::string>{"release", "relaxed"} : std::vector<std::string>{"relaxed"};
  Qualifiers q = readQualifiers(cell, m, arrives && withBytes ? 2 : 1, orders, orders.front());
  ops.expect(withBytes ? "BAR, BYTES" : "BAR");
  Expr bytes = withBytes ? ops.boundedValue(1, 0, core::kMaxTransactionBytes) : Expr::constantValue(0);
  if (op == "complete_tx") bytes = negated(std::move(bytes));
  return {mbarrierUpdate(ops.location(0), core::mbarrierOperand(arrives ? 1 : 0, std::move(bytes)), q.order,
                         q.scope, {})};
}

// try_wait.parity RD, BAR, P: an acquire load and RD := whether the phase of parity P completed;
// wait.parity BAR, P: the same load in a spin loop until it has.
std::vector<Instruction> buildMbarrierWait(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  const std::string& op = m.parts.at(0);
  if (m.parts.size() < 2 || m.parts[1] != "parity") {
    cell.fail(m.tokens.size() > 1 ? m.tokens[1] : m.tokens[0],
              "mbarrier." + op + " names its phase by parity: mbarrier." + op + ".parity");
  }
  Qualifiers q = readQualifiers(cell, m, 2, {"acquire", "relaxed"}, "acquire");
  bool blocking = op == "wait";
  ops.expect(blocking ? "BAR, PARITY" : "RD, BAR, PARITY");
  size_t first = blocking ? 0 : 1;
  Expr parity = Expr::binary(ExprOp::Rem, ops.value(first + 1), Expr::constantValue(2));
  int target = blocking ? cell.scratchRegister("mbarrier") : ops.reg(0);
  Instruction load = access(InstructionKind::Load, ops.location(first), {"GEN", "MBAR"});
  load.tags.add(orderTag(q.order).value());
  load.tags.add(scopeTag(q.scope).value());
  load.reg = target;
  Expr completed = core::mbarrierPhaseCompleted(Expr::registerValue(target), parity);
  if (!blocking) {
    Instruction result;
    result.kind = InstructionKind::Local;
    result.reg = target;
    result.value = completed;
    return {load, result};
  }
  std::string label = "%mbarrier_wait" + std::to_string(cell.nextInstruction());
  return {labelInstruction(label), load,
          jumpInstruction(label, Expr::binary(ExprOp::Eq, completed, Expr::constantValue(0)))};
}

std::vector<Instruction> buildMbarrier(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  const std::string& op = m.parts.at(0);
  if (op == "init") return buildMbarrierInit(cell, m, ops);
  if (op == "arrive" || op == "expect_tx" || op == "complete_tx") return buildMbarrierUpdate(cell, m, ops);
  if (op == "try_wait" || op == "test_wait" || op == "wait") return buildMbarrierWait(cell, m, ops);
  cell.fail(m.tokens.at(0), "unknown instruction 'mbarrier." + op + "'");
}

// ---- cp.async ----

std::vector<Instruction> copy(LitmusCell& cell, int destination, int source, const std::string& proxy) {
  int scratch = cell.scratchRegister("copy");
  Instruction read = access(InstructionKind::Load, source, {"WEAK"});
  read.tags.add(proxy);
  read.reg = scratch;
  Instruction write = access(InstructionKind::Store, destination, {"WEAK"});
  write.tags.add(proxy);
  write.value = Expr::registerValue(scratch);
  return {read, write};
}

std::vector<Instruction> buildCopy(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  if (m.parts.at(0) != "async") cell.fail(m.tokens.at(0), "unknown instruction 'cp." + m.parts[0] + "'");
  std::string op = m.parts.size() > 1 ? m.parts[1] : "";
  if (op == "bulk") {
    readQualifiers(cell, m, 2, {}, "relaxed");
    ops.expect("DST, SRC, BYTES, BAR");
    // The TMA unit reads and writes in the async proxy, then (PTX ISA, asynchronous operations) an implicit
    // generic-async proxy fence and complete_tx(BAR, BYTES) with .release.cluster.
    std::vector<Instruction> lowered = copy(cell, ops.location(0), ops.location(1), "ASYNC");
    Instruction proxyFence;
    proxyFence.kind = InstructionKind::Fence;
    proxyFence.tags = {"F", "_", "ASYNC"};
    lowered.push_back(proxyFence);
    lowered.push_back(
        mbarrierUpdate(ops.location(3),
                       core::mbarrierOperand(0, negated(ops.boundedValue(2, 0, core::kMaxTransactionBytes))),
                       "release", "cluster", {}));
    return asynchronous(cell, std::move(lowered), "CPBULK");
  }
  if (op == "commit_group" || op == "wait_all") {
    readQualifiers(cell, m, 2, {}, "relaxed");
    ops.expect("");
    return {marker(op == "commit_group" ? "CPA_COMMIT" : "CPA_WAIT_ALL")};
  }
  if (op == "wait_group") {
    readQualifiers(cell, m, 2, {}, "relaxed");
    ops.expect("N");
    // models/ptx-v8.cat spells out the groups each count waits for, up to 3 younger groups pending.
    return {marker("CPA_WAIT_GROUP" + std::to_string(ops.integer(0, 0, 3)))};
  }
  if (op == "mbarrier") {
    if (m.parts.size() < 3 || m.parts[2] != "arrive")
      cell.fail(m.tokens.at(1), "did you mean cp.async.mbarrier.arrive?");
    readQualifiers(cell, m, 3, {}, "relaxed");
    ops.expect("BAR");
    // One arrival once the thread's earlier cp.async have completed (as with .noinc: the form without it
    // also raises the pending count at issue, which this model does not represent).
    return asynchronous(cell,
                        {mbarrierUpdate(ops.location(0), core::mbarrierOperand(1, Expr::constantValue(0)),
                                        "release", "cta", {})},
                        "CPA_ARRIVE");
  }
  readQualifiers(cell, m, 1, {}, "relaxed");
  if (ops.size() != 3) ops.expect("DST, SRC");
  // Non-bulk copies are weak generic-proxy accesses performed asynchronously (PTX ISA cp.async).
  return asynchronous(cell, copy(cell, ops.location(0), ops.location(1), "GEN"), "CPA");
}

// ---- tcgen05 ----

// tcgen05.mma ACC, A, B: asynchronous reads of A and B in the async proxy and the write ACC := A + B.
std::vector<Instruction> buildMma(LitmusCell& cell, Operands& ops) {
  ops.expect("ACC, A, B");
  int a = cell.scratchRegister("mma_a");
  int b = cell.scratchRegister("mma_b");
  Instruction readA = access(InstructionKind::Load, ops.location(1), {"WEAK", "ASYNC"});
  readA.reg = a;
  Instruction readB = access(InstructionKind::Load, ops.location(2), {"WEAK", "ASYNC"});
  readB.reg = b;
  Instruction write = access(InstructionKind::Store, ops.location(0), {"WEAK", "ASYNC"});
  write.value = Expr::binary(ExprOp::Add, Expr::registerValue(a), Expr::registerValue(b));
  return asynchronous(cell, {readA, readB, write}, "TCMMA");
}

// Tensor memory: tcgen05.st / ld are asynchronous accesses in the async proxy; alloc and dealloc are weak
// writes of the location through that proxy too (tensor memory has no other).
std::vector<Instruction> buildTensorMemory(LitmusCell& cell, const std::string& op, Operands& ops) {
  if (op == "alloc" || op == "dealloc") {
    ops.expect("T");
    Instruction in = access(InstructionKind::Store, ops.location(0), {"WEAK", "ASYNC"});
    in.tags.add(op == "alloc" ? "TCALLOC" : "TCDEALLOC");
    in.value = Expr::constantValue(0);
    return {in};
  }
  ops.expect(op == "st" ? "T, V" : "RD, T");
  Instruction in = access(op == "st" ? InstructionKind::Store : InstructionKind::Load,
                          ops.location(op == "st" ? 0 : 1), {"WEAK", "ASYNC"});
  if (op == "st") in.value = ops.value(1);
  if (op == "ld") in.reg = ops.reg(0);
  return asynchronous(cell, {in}, op == "st" ? "TCST" : "TCLD");
}

// tcgen05.wait.st / .ld and tcgen05.fence.before_thread_sync / .after_thread_sync: marker events.
std::vector<Instruction> buildTensorCoreMarker(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  const std::string& op = m.parts.at(0);
  std::string second = m.parts.size() > 1 ? m.parts[1] : "";
  readQualifiers(cell, m, 2, {}, "relaxed");
  ops.expect("");
  if (std::optional<std::string> tag = tensorCoreMarkerTag(op, second)) return {marker(*tag)};
  if (op == "wait")
    cell.fail(m.tokens.at(0), "tcgen05.wait waits for stores or loads: tcgen05.wait.st or tcgen05.wait.ld");
  cell.fail(m.tokens.at(0),
            "tcgen05.fence is tcgen05.fence.before_thread_sync or tcgen05.fence.after_thread_sync");
}

std::vector<Instruction> buildTensorCore(LitmusCell& cell, const Mnemonic& m, Operands& ops) {
  const std::string& op = m.parts.at(0);
  if (op == "wait" || op == "fence") return buildTensorCoreMarker(cell, m, ops);
  bool known = op == "mma" || op == "commit" || op == "st" || op == "ld" || op == "alloc" || op == "dealloc";
  if (!known) cell.fail(m.tokens.at(0), "unknown instruction '" + m.text + "'");
  readQualifiers(cell, m, 1, {}, "relaxed");
  if (op == "mma") return buildMma(cell, ops);
  if (op != "commit") return buildTensorMemory(cell, op, ops);
  ops.expect("BAR");
  // One arrival once the thread's earlier tcgen05.mma completed (models/ptx-v8.cat: mma-done).
  return asynchronous(cell,
                      {mbarrierUpdate(ops.location(0), core::mbarrierOperand(1, Expr::constantValue(0)),
                                      "release", "cluster", {})},
                      "TCCOMMIT");
}

}  // namespace

std::vector<Instruction> buildAsync(LitmusCell& cell, Parser::AsyncInstructionContext* ctx) {
  Mnemonic m = readMnemonic(ctx);
  std::string family = ctx->family->getText();
  if (family != "mbarrier" && family != "cp" && family != "tcgen05") {
    cell.fail(ctx->family, "unknown instruction '" + family + "'");
  }
  if (m.parts.empty()) cell.fail(ctx->family, "unknown instruction '" + m.text + "'");
  Operands ops(cell, ctx, m);
  if (family == "mbarrier") return buildMbarrier(cell, m, ops);
  if (family == "cp") return buildCopy(cell, m, ops);
  return buildTensorCore(cell, m, ops);
}

}  // namespace catcheck::frontends::ptx
