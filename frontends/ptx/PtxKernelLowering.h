// Lowering a PTX kernel on a launch to Program IR: the launch-wide context (the module, the kernel, its
// memory) and the per-thread specialiser (KernelThread), whose member functions are spread over one file
// per instruction family: PtxKernelThread.cpp (the specialiser: control flow, calls, predication),
// PtxKernelArithmetic.cpp, PtxKernelAccess.cpp (loads, stores, atomics, fences), PtxKernelSync.cpp
// (barriers and warp primitives), PtxKernelAsync.cpp (mbarriers, asynchronous copies), PtxKernelTensor.cpp
// (tcgen05: tensor memory and the tensor core). docs/design.md "PTX kernels" explains the approach.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/ir/FloatBits.h"
#include "core/ir/Program.h"
#include "core/ir/Warps.h"
#include "frontends/ptx/PtxKernelMemory.h"
#include "frontends/ptx/PtxLaunch.h"
#include "frontends/ptx/PtxModule.h"

namespace catcheck::frontends::ptx {

// A function body flattened to one list of items; nested blocks become scopes (their registers and labels
// shadow the outer ones, as inline asm's `{ .reg .pred p; ... }` relies on).
struct FlatItem {
  const Instruction* instruction = nullptr;  // else a label
  const Label* label = nullptr;
  int scope = 0;
};
struct FlatScope {
  int parent = -1;
  std::map<std::string, int> registerWidths;  // declared here: name -> bits (1 for .pred)
  std::map<std::string, size_t> labels;       // label -> item index
  std::map<std::string, const Variable*> variables;
};
struct FlatFunction {
  const Function* function = nullptr;
  int id = 0;
  std::vector<FlatItem> items;
  std::vector<FlatScope> scopes;  // scope 0: the body (with the function's parameters)
  // The scope declaring `name` (a register, label or variable) as seen from `scope`; -1 when none does.
  int registerScope(int scope, const std::string& name) const;
  std::optional<size_t> labelIndex(int scope, const std::string& name) const;
};

// Bits of a PTX type written without its dot ("u32", "pred", "f16x2"); 0 for an unknown type.
int typeWidth(const std::string& type);
// The opcode with its qualifiers as written ("ld.global.u32"), for messages.
std::string mnemonic(const Instruction& in);
// The instruction's types in the order written (cvt and setp name two, a destination's first).
std::vector<std::string> typesOf(const Instruction& in);

// A tcgen05.alloc site's columns in one CTA (PtxKernelTensor.cpp): the warp that allocates there and the
// columns it gets.
struct TensorAllocation {
  int warp = 0;
  long long firstColumn = 0;
  long long columns = 0;
};

// What every thread of the launch shares.
struct KernelContext {
  KernelContext(const Module& module, const KernelLaunch& launch, const std::string& text);
  const Module& module;
  KernelLaunch launch;
  std::vector<std::string> lines;  // the module's text, for instruction texts in witnesses
  const Function* entry = nullptr;
  core::Program program;
  KernelMemory memory;
  std::map<std::string, int> regionOfSymbol;      // module and function-static variables -> region
  std::map<std::string, long long> localAddress;  // .local variables -> local-space address
  std::map<int, long long> argumentValues;        // kernel parameter position -> value (buffers: address)
  std::map<std::string, int> parameterIndex;      // kernel parameter name -> position
  std::map<std::string, int> reductionRegions;    // bar.red barrier instance -> its counter's region
  // bar.red instances with a thread count below the CTA's: (CTA, instance) -> the threads that reach it.
  std::map<std::pair<int, std::string>, std::set<int>> reductionGroups;
  std::string userFile;  // the .cu file `.loc` lines resolve to (outermost)
  // Tensor memory: each CTA's allocations by (CTA, alloc site), the columns each CTA has allocated, and the
  // (CTA, lane) rows that accesses with computed addresses reach (their cells are created once every thread
  // is lowered: createTensorCells).
  std::map<std::pair<int, std::string>, TensorAllocation> tensorAllocations;
  std::map<int, long long> tensorColumnsAllocated;
  std::set<std::pair<int, int>> tensorRowsReached;
  // The shared-memory locations tcgen05.alloc writes a tensor address to, and that address (nullopt when
  // two allocations write the same location).
  std::map<int, std::optional<long long>> tensorAddressSlots;

  const FlatFunction& flat(const Function& function);
  int ctaCount() const { return static_cast<int>(launch.grid.count()); }

 private:
  std::map<const Function*, std::unique_ptr<FlatFunction>> flat_;
};

// Where a thread sits in the launch, as CUDA numbers threads.
struct Placement {
  Dim3 tid, ctaid;
  int linearTid = 0;  // within the CTA
  int linearCta = 0;
  int warp = 0;  // linearTid / 32
  int lane = 0;
  Dim3 clusterCtaid, clusterid;
  int clusterRank = 0;  // the CTA's rank in its cluster
  int cluster = 0;      // linear cluster id
};

// One frame of the inlined call stack: the function, the next item, the prefix that makes its registers
// and labels its own, and where its parameters live (callee parameter -> the caller's `.param` cell).
struct Frame {
  const FlatFunction* code = nullptr;
  size_t pc = 0;
  std::string prefix;
  std::map<std::string, std::string> parameterCells;
};

// The specialiser's state at a point of the program: the call stack, every register and private-memory
// cell (.local, call .param) as an expression (a constant where the launch fixes it), and how many times
// each barrier resource has been reached (which barrier instance comes next; cluster barriers count under
// the two keys below).
inline constexpr long long kClusterArrivals = -1;
inline constexpr long long kClusterWaits = -2;
struct State {
  std::vector<Frame> stack;
  std::map<std::string, core::Expr> cells;
  std::map<long long, int> barrierCounts;
  // How many times this path has run each dynamic warp primitive (by pointKey): which dynamic instance its
  // next run joins (core/ir/Program.h WarpOperands::instance).
  std::map<std::string, int> warpRuns;
  // The last position in the user's file this path executed: an instruction whose own `.loc` names no
  // line of it (a header's line without inlined_at, clang's line 0) is reported there.
  std::optional<SourcePosition> userPosition;
};

// A specialised block: the cells it assumes constant (the others live in their canonical registers).
struct Specialization {
  std::string label;
  std::map<std::string, std::optional<long long>> cells;  // nullopt: in its canonical register
  std::map<std::string, int> widths;
  std::map<long long, int> barrierCounts;
  std::map<std::string, int> warpRuns;  // carried, not compared: a spin loop's block is one block
};

// The completion groups of asynchronous copies: cp.async's or cp.async.bulk's (PtxKernelAsync.cpp).
enum class GroupKind { Copy, Bulk };

// One asynchronous copy's accesses: `bytes` from `source` to `destination` (each in its state space),
// zeros past `sourceBytes`, tagged with `proxy` and `tag`, in asynchronous operation `id`.
struct CopyPlan {
  Address destination;
  std::string destinationSpace;
  Address source;
  std::string sourceSpace;
  long long bytes = 0;
  long long sourceBytes = 0;
  std::string proxy;
  std::string tag;
  int id = -1;
};

class KernelThread {
 public:
  KernelThread(KernelContext& context, int index, const Placement& placement);
  core::Thread lower();

  // Operands and cells (PtxKernelThread.cpp).
  core::Expr operand(const Instruction& in, size_t index, int width);
  // Operand `index` as written; a missing one is an input error.
  const OperandValue& operandValue(const Instruction& in, size_t index) const;
  core::Expr readRegister(const Register& reg, const Instruction& in);
  void writeRegister(const Instruction& in, size_t index, core::Expr value);
  void writeCell(const std::string& cell, core::Expr value);
  std::string registerCell(const std::string& name, const Instruction& in) const;
  // The cell holding byte 0 of a `.param` variable as `frame` sees it (a callee's parameter is its
  // caller's argument variable).
  std::string parameterCell(const Frame& frame, int scope, const std::string& name) const;
  int currentScope() const;
  int registerWidth(const std::string& name, const Instruction& in) const;
  core::Expr specialRegister(const std::string& name, const Instruction& in) const;
  core::Expr symbolAddress(const Symbol& symbol, const Instruction& in) const;
  int freshRegister(const std::string& base);
  // A Local instruction computing `value` into a fresh register (named after `base`), which it returns.
  int computeInto(const std::string& base, core::Expr value);
  void emit(core::Instruction instruction);
  std::optional<SourcePosition> userPositionOf(const Instruction& in) const;
  [[noreturn]] void unsupported(const Instruction& in, const std::string& why = "") const;
  [[noreturn]] void fail(const Instruction& in, const std::string& message) const;
  const Placement& placement() const { return placement_; }
  KernelContext& context() { return context_; }

  // Families: each returns false when the opcode is not one of its own.
  bool lowerArithmetic(const Instruction& in);  // PtxKernelArithmetic.cpp
  bool lowerAccess(const Instruction& in);      // PtxKernelAccess.cpp
  bool lowerSync(const Instruction& in);        // PtxKernelSync.cpp
  void lowerComparison(const Instruction& in, const std::vector<std::string>& types, bool sign);
  void writeComparison(const Instruction& in, const std::vector<std::string>& types, core::Expr holds);
  bool lowerFloat(const Instruction& in);  // PtxKernelFloat.cpp
  void lowerFloatTest(const Instruction& in);
  void lowerFloatComparison(const Instruction& in, const std::vector<std::string>& types,
                            core::FloatFormat format);
  void lowerBitField(const Instruction& in, int width, bool sign);
  void lowerPermute(const Instruction& in);
  void lowerBarrier(const Instruction& in);
  void lowerClusterBarrier(const Instruction& in);
  void lowerBarrierReduction(const Instruction& in);
  core::Instruction ctaBarrier(const Instruction& in, size_t resourceIndex, std::optional<size_t> countIndex,
                               bool arrive);
  int reductionSlots(const std::string& instance, int warps);
  void joinReductionGroup(const Instruction& in, const std::string& instance, long long count);
  void lowerMapa(const Instruction& in);
  // The linear CTA index of rank `rank` of this thread's cluster (an input error outside it).
  int ctaOfClusterRank(const Instruction& in, long long rank) const;
  void lowerWarpPrimitive(const Instruction& in);
  void lowerActiveMask(const Instruction& in);
  void setWarpMask(core::Instruction& primitive, const Instruction& in, size_t maskIndex);
  long long launchedLanes() const;
  std::string nextWarpInstance();
  core::Expr shuffleInRange(const core::Instruction& primitive) const;
  void lowerMatchAll(core::Instruction primitive, const Instruction& in, const Register* destination,
                     const Register* predicate);

  // Memory accesses (PtxKernelAccess.cpp): where an address operand points, and the access of `width`
  // bits it makes there (a location, a computed address, a private cell or a kernel parameter).
  struct AccessTarget {
    enum class Kind { Location, Computed, Private, Parameter } kind = Kind::Location;
    int location = -1;
    core::Expr computed;
    std::optional<core::AddressRange> range;
    std::string cell;      // Private
    core::Expr parameter;  // Parameter: the value read
    // Points a memory instruction at this target: its location, or the computed address (of `width` bits)
    // and the object it stays in.
    void applyTo(core::Instruction& access, int width) const;
  };
  AccessTarget slotOf(const Instruction& in, int slots, int warp);  // a bar.red slot (PtxKernelSync.cpp)
  AccessTarget resolve(const Instruction& in, const Address& address, long long offset, int width);
  core::Expr addressValue(const Instruction& in, const Address& address);
  core::Expr kernelParameter(const Instruction& in, const std::string& name, long long offset, int width);
  core::Expr loadFrom(const AccessTarget& target, const core::TagSet& tags, int width,
                      const std::string& name);
  void storeTo(const Instruction& in, const AccessTarget& target, const core::TagSet& tags, core::Expr value);
  void lowerLoadStore(const Instruction& in);
  void lowerAtomic(const Instruction& in);

  // mbarriers and bulk copies (PtxKernelAsync.cpp).
  bool lowerAsync(const Instruction& in);
  void lowerMbarrier(const Instruction& in);
  void lowerBulkCopy(const Instruction& in);
  void lowerCopy(const Instruction& in);
  void lowerCopyArrive(const Instruction& in);
  void emitCopy(const Instruction& in, const CopyPlan& plan);
  void emitAsync(core::Instruction instruction, int id, const std::string& tag);
  void useGroups(const Instruction& in, GroupKind kind);
  // Any qualifier outside `accepted` makes the instruction one we do not model.
  void requireQualifiersIn(const Instruction& in, const std::set<std::string>& accepted) const;
  void checkAddressConversion(const Instruction& in) const;  // cvta, isspacep: their qualifiers and operands
  int mbarrierLocation(const Instruction& in, size_t index);

  // tcgen05: tensor memory and the fifth-generation tensor core (PtxKernelTensor.cpp).
  bool lowerTensorCore(const Instruction& in);
  void lowerTensorAlloc(const Instruction& in);
  void lowerTensorAccess(const Instruction& in);
  void lowerTensorMma(const Instruction& in);
  void lowerTensorCommit(const Instruction& in);
  // The access to cell (lane, column + `column` of the address `taddr`) of the thread's CTA.
  AccessTarget tensorCell(const core::Expr& taddr, int lane, long long column);
  // The 4-byte words of one mma operand in shared memory, as its matrix descriptor lays `rows` rows out.
  std::vector<long long> operandWords(const Instruction& in, unsigned long long descriptor, int rows);
  int rowDigest(const std::vector<core::Expr>& words);
  // The tensor address a load of `width` bits from `target` reads when that is the one tcgen05.alloc
  // slot's location (the value the allocation wrote; see PtxKernelTensor.cpp).
  std::optional<long long> tensorAddressIn(const AccessTarget& target, int width) const;
  long long constantValue(const Instruction& in, size_t index, const std::string& what);

 private:
  void run(State state);
  core::SourceLocation blockLocation(const State& state) const;  // the first instruction a block runs
  bool step(State& state);                                       // false when this path has ended
  void execute(State& state, const Instruction& in);
  void executeGuarded(State& state, const Instruction& in, const core::Expr& guard);
  void branch(State& state, const Instruction& in, const core::Expr& condition);
  static void carryOutcome(State& state, const core::Expr& condition, bool holds);
  bool jumpTo(State& state, size_t target);  // false when the path ends in a jump to a block
  bool unrollsFurther(const State& state);
  void call(State& state, const Instruction& in);
  void callPrintf(State& state, const Instruction& in, const List* results);
  static const Symbol* calleeOf(const Instruction& in);
  bool callsAssertFail(const Instruction& in) const;
  bool aborts(const Instruction& in) const;  // a failing assert() or a trap: the kernel stops there
  void abortKernel(const Instruction& in);
  bool returnFromFrame(State& state);
  std::string specialize(const State& state, std::vector<core::Instruction>& materialization);
  std::string pointKey(const State& state) const;
  bool fits(const Specialization& spec, const State& state) const;
  Specialization exactSpecialization(const State& state) const;
  Specialization generalized(const Specialization& previous, const State& state) const;
  State startState(const Specialization& spec, const State& from);
  void materialize(const Specialization& spec, const State& state, std::vector<core::Instruction>& out);
  int canonicalRegister(const std::string& cell);

  KernelContext& context_;
  int index_;
  Placement placement_;
  core::Thread thread_;
  std::map<std::string, int> registerIndex_;
  State* state_ = nullptr;  // the state being executed
  const Instruction* current_ = nullptr;
  std::optional<SourcePosition> pathUserPosition_;  // the current path's State::userPosition
  std::map<std::string, std::vector<Specialization>> specializations_;  // by point
  std::vector<std::pair<std::string, State>> pending_;
  // Per loop point (pointKey): how often a backward jump reached it, and the constant part of the state
  // it had the last time (a loop that comes back to the same constants runs forever).
  struct LoopPoint {
    int visits = 0;
    Specialization lastConstants;
  };
  std::map<std::string, LoopPoint> loopPoints_;
  size_t steps_ = 0;
  int freshCounter_ = 0;
  int asyncCounter_ = 0;                // asynchronous operations of the thread (Instruction::asyncOp)
  std::optional<GroupKind> groupKind_;  // the completion groups the thread's copies use, once it uses any
};

// Creates the tensor-memory cells of the allocated columns of every row an access with a computed address
// reaches (PtxKernelTensor.cpp), once every thread is lowered and the allocations are known.
void createTensorCells(KernelContext& context);
// Whether the kernel allocates tensor memory: its threads are then lowered twice, the first time to learn
// every CTA's allocations and where their addresses are written (PtxKernelTensor.cpp).
bool allocatesTensorMemory(const KernelContext& context);

// The function's body as items and scopes (PtxKernelFlat.cpp); `id` tells functions apart in block keys.
FlatFunction flattenFunction(const Function& function, int id);

}  // namespace catcheck::frontends::ptx
