// The general Program IR (docs/design.md decision 2): threads placed in a scope hierarchy, each a list of
// instructions forming a control-flow graph (labels, conditional and unconditional jumps), integer
// expressions over registers, memory objects with physical and generic (virtual) addresses, and control
// barriers with instance ids, resource ids and quorums. Litmus front ends are its simplest producers.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/ir/Expr.h"
#include "core/ir/SourceLocation.h"
#include "core/ir/Tags.h"
#include "core/ir/Target.h"

namespace catcheck::core {

// One memory location: a scalar cell that events read and write. A litmus variable is one location; a
// SPIR-V variable is laid out as one location per scalar element (the front end computes the layout).
// `physical` and `generic` identify locations: two with the same physical id are the same bytes (`loc`);
// the same generic id, the same generic address (`vloc`). `address` is the location's address as a
// program computes it (object base + byte offset): an access whose address is an expression over
// registers rather than a known location matches the locations whose address it evaluates to.
struct MemoryObject {
  std::string name;
  int physical = 0;
  int generic = 0;
  long long initialValue = 0;
  long long address = 0;
  int width = 0;                     // bits of the values stored (0: unbounded integers)
  TagSet initTags;                   // tags of its init write besides W M _ IW (SPIR-V: the storage class)
  bool initialValueUnknown = false;  // any value (fixed per execution) instead of initialValue (SPIR-V
                                     // memory without @Input or initializer)
  // memory_safety (issue 27): empty when an access to this location lies inside one allocation and is
  // aligned for its width; otherwise why not ("outside every allocation", "misaligned in tile", ...).
  std::string unsafe{};
  // deterministic (issue 27): whether its final content is part of the program's result (kernel argument
  // buffers and .global variables, SPIR-V StorageBuffer / CrossWorkgroup variables, every litmus location).
  bool result = true;
};

enum class InstructionKind { Load, Store, Rmw, Fence, Barrier, Local, Label, Jump, Visible, Warp };
const char* instructionKindName(InstructionKind kind);  // "load", "rmw", "warp primitive", ...

// Warp primitives (PTX `*.sync`, SPIR-V group non-uniform operations; core/ir/Warps.h gives their meaning).
// `Sync` is the warp barrier; the others are collectives, which exchange register values and never order
// memory. The k-th execution of a primitive of one family with one mask by each lane of the mask joins
// instance k of that family and mask.
enum class WarpOp {
  Sync,
  ShuffleIdx,
  ShuffleUp,
  ShuffleDown,
  ShuffleXor,
  VoteAll,
  VoteAny,
  VoteUniform,
  VoteBallot,
  ReduceAdd,
  ReduceMin,
  ReduceMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  MatchAny,  // PTX match.any.sync: the ballot of the participants whose operand equals this lane's
  // SPIR-V group non-uniform operations without a PTX twin
  Elect,           // 1 in the lowest participating lane, else 0
  AllEqual,        // 1 when every participant's operand is the same
  BroadcastFirst,  // the lowest participating lane's operand
  // PTX activemask: the lanes that execute the same dynamic instance of it (Warps.h synchronisesLanes)
  ActiveMask
};

// Read-modify-write operators; Exchange stores the operand, CompareExchange stores `new` when the old
// value equals `expected` and the old value otherwise (PTX atom.cas always stores);
// CompareExchangeOnSuccess stores `new` when they are equal and writes nothing otherwise (its write event
// executes only then: OpenCL's compare-exchange). MbarrierUpdate applies an mbarrier operand (arrivals and
// transaction bytes) to an mbarrier state (core/ir/Mbarrier.h). Min and Max compare signed, UMin and UMax
// unsigned, at the operand's width.
enum class RmwOp {
  Exchange,
  Add,
  Sub,
  Mul,
  Div,
  And,
  Or,
  Xor,
  Min,
  Max,
  UMin,
  UMax,
  CompareExchange,
  CompareExchangeOnSuccess,
  MbarrierUpdate,  // PTX mbarrier arrive / expect_tx / complete_tx: core/ir/Mbarrier.h's update of the state
  FloatAdd,        // PTX atom / red .add.f16 / .f32: core/ir/FloatBits.h's add at the value's width
  WrappingIncrement,  // PTX atom / red .inc.u32: old >= operand (unsigned) ? 0 : old + 1
  WrappingDecrement   // PTX atom / red .dec.u32: old == 0 || old > operand (unsigned) ? operand : old - 1
};

// One instruction. Which fields matter depends on `kind`:
//  Load:    reg := [address]                      tags on the read event
//  Store:   [address] := value                    tags on the write event
//  Rmw:     reg := [address]; [address] := op     `tags` on the read, `storeTags` on the write; `reg` may be
//           absent (PTX red); `value` is the operand, `expected` the compare value of CompareExchange
//           (the three access kinds: AccessOperands, `access()`)
//  Fence:   a fence event with `tags`
//  Barrier: a control barrier with its BarrierOperands (`barrier()`)
//  Local:   reg := value (not a memory event)
//  Label:   `branch().label`
//  Jump:    goto `branch().label` if `branch().condition` (no condition: always)
//  Visible: a non-memory visible event with `tags` (Vulkan avdevice / visdevice)
//  Warp:    warp primitive `warp().op` over the lanes of `warp().mask`; collectives set `reg` from their
//           participants' `value`, shuffles read the source lane from `warp().laneSelector`
// The byte addresses [first, last] of the object a computed address points into: the access reaches only
// that object's locations, and at an address outside them it names no location (SPIR-V: a pointer derived
// from an object stays in it; OpInBounds*AccessChain promises so, and running off an array is undefined).
struct AddressRange {
  long long first = 0;
  long long last = 0;
  bool contains(long long address) const { return first <= address && address <= last; }
  bool overlaps(const AddressRange& other) const { return first <= other.last && other.first <= last; }
};

// The operands of a memory access (Load, Store, Rmw): its location, named statically (`address`, a memory
// index) or, when the address is computed at run time, by `computedAddress`, an expression over registers
// compared with the locations' `address` values (then `address` is -1).
struct AccessOperands {
  int address = -1;  // memory object index
  std::optional<Expr> computedAddress;
  std::optional<AddressRange> addressRange;  // a computed address's object, when known
  int accessWidth = 0;  // bits accessed by a computed-address access (0: unknown); never aliases a
                        // location of another width
  // Rmw only: the update, the compare value of CompareExchange, and the tags of the write event.
  RmwOp rmwOp = RmwOp::Exchange;
  Expr expected;
  TagSet storeTags;
};

// The operands of a Label (its name) or a Jump (its target, and the condition it jumps on; none: always).
struct BranchOperands {
  std::string label;
  std::optional<Expr> condition;
};

// The operands of a control barrier (InstructionKind::Barrier): the threads of one instance of `scope`
// that execute equal `instance`s meet there (docs/semantics.md §5.5).
struct BarrierOperands {
  std::string instance;
  std::optional<Expr> resource;        // named barriers: the barrier id, compared at run time
  std::optional<Expr> quorum;          // named barriers: how many threads complete it
  bool arriveOnly = false;             // PTX bar.arrive: never the target of syncbar
  ScopeLevel scope = ScopeLevel::Cta;  // execution scope: the threads that meet at the barrier
};

// The operands of a warp primitive (InstructionKind::Warp; core/ir/Warps.h gives their meaning).
struct WarpOperands {
  WarpOp op = WarpOp::Sync;
  long long mask = 0;  // bit i: lane i of the thread's warp (bits past the last lane are ignored)
  // SPIR-V group operations: the participants are the lanes that execute the same dynamic instance (this
  // instruction in the same loop iterations, core/graph/EventGraph.h Step::dynamicInstance); nothing blocks.
  bool dynamic = false;
  // PTX: a mask the program computes at run time (from activemask or a ballot); such a primitive is also
  // dynamic and its `mask` names every launched lane of the warp. Its instance is the lanes that execute
  // its dynamic instance with equal mask values; it completes once every lane the value names has joined
  // or exited (docs/semantics.md §5.6).
  std::optional<Expr> runtimeMask;
  // PTX kernels: the dynamic instance of a dynamic primitive as the specialiser names it (the PTX
  // instruction in its call context, and how many times the thread's path ran it before), since one PTX
  // instruction can stand in several specialised blocks; empty: by source position (SPIR-V).
  std::string instance;
  Expr laneSelector;  // shuffles: the source lane (idx), the lane delta (up, down) or xor mask
  std::optional<long long> shuffleControl;  // PTX shfl.sync's clamp and segment mask (core/ir/Warps.h)
};

struct Instruction {
  InstructionKind kind = InstructionKind::Local;
  SourceLocation location;
  SourceLocation userSource;  // where the user wrote it, when the front end knows (a .cu line through PTX
                              // .loc); empty file otherwise
  std::string text;           // the source text, for witnesses
  std::optional<int> reg;
  Expr value;
  TagSet tags;
  // What only some kinds have: a memory access's AccessOperands (Load, Store, Rmw), a Label's or Jump's
  // BranchOperands, a Barrier's BarrierOperands, a Warp primitive's WarpOperands, nothing (std::monostate)
  // for Fence, Local and Visible. access(), branch(), barrier() and warp() give them and throw
  // std::logic_error on an instruction of another kind, so no code reads a barrier's scope off a load.
  std::variant<std::monostate, AccessOperands, BranchOperands, BarrierOperands, WarpOperands> operands;
  bool isAccess() const;  // Load, Store or Rmw
  AccessOperands& access();
  const AccessOperands& access() const;
  BranchOperands& branch();
  const BranchOperands& branch() const;
  BarrierOperands& barrier();
  const BarrierOperands& barrier() const;
  WarpOperands& warp();
  const WarpOperands& warp() const;
  // For readers that walk every instruction: the condition of a conditional Jump, the computed address of
  // an access; nullptr for every other instruction.
  const Expr* jumpCondition() const;
  const Expr* computedAddress() const;
  // Asynchronous operations (PTX cp.async*, tcgen05.*): the instructions one asynchronous operation lowers
  // to share an id >= 0 (unique in the thread) and stand next to each other; their events carry the AOP
  // tag and are related by `aop` (core/BaseRelations), not ordered after the issue by local consistency.
  int asyncOp = -1;
};

struct Thread {
  std::string name;                   // P0, P1, ...
  std::string place;                  // how its user numbers it ("thread 3 of block 1"); empty: `name`
  std::vector<ScopePosition> scopes;  // outermost first
  std::optional<int> warp;            // PTX `warp K`: threads of one CTA with one warp id form a warp
  std::optional<int> cluster;         // PTX `cluster K` (placement only; no model uses it yet)
  std::vector<Instruction> code;
  std::map<int, long long> registerInits;
  std::vector<std::string> registerNames;      // register index -> name (r0, ...)
  int registerIndex(const std::string& name);  // interns a register name
};

// Final-state conditions: comparisons of register values, location final values and constants,
// combined with and / or / not.
enum class ConditionOp { And, Or, Not, Compare, True };
enum class Comparison { Eq, Ne, Lt, Le, Gt, Ge };

struct Operand {
  enum class Kind { Constant, Register, Location } kind = Kind::Constant;
  long long constant = 0;
  int thread = 0;
  int reg = 0;
  int location = 0;  // memory object index
};

struct Condition {
  ConditionOp op = ConditionOp::True;
  std::vector<Condition> children;
  Comparison comparison = Comparison::Eq;
  Operand lhs, rhs;
  int width = 0;  // Compare: Lt Le Gt Ge read both sides as signed values of this many bits (0: as they are)
};

// NoFailedAssert: a CUDA kernel's assert() calls (PTX `call __assertfail`, lowered to Visible events tagged
// ASSERT, kAssertFailureTag): violated by an execution in which some thread reaches one, whether or not the
// others finish (a failed assert() aborts the kernel).
enum class AssertionKind { None, Exists, NotExists, Forall, NoFailedAssert };
inline constexpr const char* kAssertFailureTag = "ASSERT";
inline constexpr const char* kTrapTag = "TRAP";  // beside ASSERT on a PTX `trap` (CUDA's __trap())

// The source language a program came from (for reports and the library; no check depends on it).
enum class SourceLanguage { PtxLitmus, VulkanLitmus, SpirV, PtxKernel };

struct Program {
  std::string name;
  std::string file;
  SourceLanguage language = SourceLanguage::PtxLitmus;
  const Target* target = &ptxTarget();
  std::vector<MemoryObject> memory;
  std::vector<Thread> threads;
  std::vector<std::pair<int, int>> systemSynchronizesWith;  // Vulkan ssw (thread, thread)
  AssertionKind assertionKind = AssertionKind::None;
  Condition assertion;
  std::optional<Condition> filter;
  std::string assertionText;
  // deterministic (issue 27): whether the threads' final registers are part of the result (litmus tests).
  bool registersAreResults() const {
    return language == SourceLanguage::PtxLitmus || language == SourceLanguage::VulkanLitmus;
  }
  bool coherenceIsTotal() const { return target->totalCoherence; }
  int memoryIndex(const std::string& name) const;  // -1 when absent
};

}  // namespace catcheck::core
