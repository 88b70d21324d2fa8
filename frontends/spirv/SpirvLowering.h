// Lowering a SPIR-V module to Program IR: the module-wide facts (SpirvModuleInfo) and the per-thread
// instantiation of the entry point (ThreadLowering), whose member functions are spread over one file per
// instruction family (SpirvControlFlow.cpp, SpirvMemory.cpp, SpirvArithmetic.cpp, ...).
#pragma once

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/ir/Program.h"
#include "frontends/spirv/Spirv.h"
#include "frontends/spirv/SpirvHeaders.h"
#include "frontends/spirv/SpirvModule.h"
#include "frontends/spirv/SpirvTypes.h"
#include "frontends/spirv/SpirvValues.h"

namespace catcheck::frontends::spirv {
using frontends::SpirvOptions;

enum class MemoryModelKind { Vulkan, OpenCL };

inline constexpr int kMaxCallDepth = 64;

struct Block {
  uint32_t label = 0;
  size_t first = 0;  // index of OpLabel
  size_t last = 0;   // index of the terminator
};

struct Function {
  uint32_t id = 0;
  uint32_t returnType = 0;
  size_t begin = 0;  // index of OpFunction
  std::vector<uint32_t> parameters;
  std::vector<Block> blocks;
  std::map<uint32_t, std::vector<size_t>> phis;  // block label -> its OpPhi instructions
  std::map<uint32_t, size_t> order;              // block label -> its position in the function
  std::set<uint32_t> loopHeaders;                // blocks with an OpLoopMerge
  // Blocks whose every predecessor comes earlier in the function, or loop headers (whose only later
  // predecessors are back edges): such a block is dead in a thread when no earlier jump reaches it.
  std::set<uint32_t> decidable;
  size_t returnValues = 0;  // number of OpReturnValue
};

// A variable (or kernel pointer argument) laid out in memory: one memory location per scalar leaf.
struct Region {
  std::string name;
  bool readOnly = false;             // Input, UniformConstant, PushConstant: folded, not memory
  std::vector<core::Expr> contents;  // readOnly: the value of each leaf
  // readOnly: per leaf, the location that holds it when its value is a kernel input nobody gave (one value
  // for the whole execution, unknown: each use loads it), else -1
  std::vector<int> inputLocations;
  uint32_t type = 0;  // pointee type
  uint32_t storageClass = 0;
  long long base = 0;
  long long size = 0;
  int firstLocation = 0;
  std::vector<Leaf> leaves;
};

// Everything about the module that does not depend on the thread: ids and names, types, decorations,
// constants, functions, the entry point, and the memory regions created so far.
struct SpirvModuleInfo {
  Module module;
  Headers headers;
  SpirvOptions options;
  TypeTable types;
  MemoryModelKind memoryModel = MemoryModelKind::Vulkan;
  // OpMemoryModel GLSL450: the module cannot say which plain accesses are available or visible (the
  // MakePointer* operands need the Vulkan memory model), so every access to a shared storage class is.
  bool implicitAvailability = false;
  uint32_t entryPoint = 0;
  std::map<uint32_t, std::string> names;      // id -> "%name" as written
  std::map<std::string, uint32_t> idsByName;  // "%name" -> id
  std::map<uint32_t, uint32_t> builtins;      // id -> spv::BuiltIn
  std::map<uint32_t, size_t> definitions;     // id -> index of its instruction
  std::map<uint32_t, Function> functions;
  std::map<uint32_t, std::string> extInstSets;  // OpExtInstImport id -> set name
  std::map<uint32_t, std::string> strings;      // OpString id -> its text (OpLine file names)
  // clspv's reflection fills fields of the push-constant struct with grid values (global size, number
  // of workgroups, offsets): field index -> its three values.
  std::map<size_t, std::array<long long, 3>> pushConstantFields;
  std::map<uint32_t, Value> constants;  // thread-independent values
  std::vector<size_t> globalVariables;  // OpVariable outside functions
  std::vector<Region> regions;
  std::map<std::pair<uint32_t, int>, int> regionByInstance;  // (variable, instance) -> region
  std::map<long long, int> locationsByAddress;               // memory location by its address
  std::map<uint32_t, std::pair<bool, bool>> promotion;  // function variable -> (promotable, single store)
  long long nextAddress = 0x1000;
  int barrierCounter = 0;
  core::Program program;

  const Instruction& definition(uint32_t id, const core::SourceLocation& where) const;
  std::string nameOf(uint32_t id) const;
  const core::Target& target() const;
};

Value nullOf(const SpirvModuleInfo& info, uint32_t type, const core::SourceLocation& where);
Value undefinedOf(const SpirvModuleInfo& info, uint32_t type, const core::SourceLocation& where);

// Reads names, types, decorations, constants, functions and the entry point (SpirvModuleInfo.cpp).
void analyzeModule(SpirvModuleInfo& info);
// Defines the constant `in` declares (spec constants with their @Input); false for other instructions
// (SpirvConstants.cpp).
bool defineConstant(SpirvModuleInfo& info, const Instruction& in);
// The value an @Input gives a constant of type `type` (SpirvConstants.cpp).
Value inputValue(SpirvModuleInfo& info, const InputValue& input, uint32_t type, const std::string& id);

// A function-storage variable kept in registers (it is only loaded and stored directly).
struct PromotedVariable {
  uint32_t type = 0;
  std::vector<int> registers;   // one per leaf
  std::optional<Value> single;  // the value of its only store, when that is register-free
  bool singleStore = false;
};

class ThreadLowering {
 public:
  ThreadLowering(SpirvModuleInfo& info, int threadIndex);
  core::Thread lower();

  // Shared helpers (SpirvThread.cpp).
  const Value& valueOf(uint32_t id, const core::SourceLocation& where);
  void define(uint32_t id, Value value);
  core::Expr scalarOf(uint32_t id, const Instruction& in);  // a scalar operand
  long long constantOf(uint32_t id, const Instruction& in, const std::string& what);
  int width(uint32_t type, const Instruction& in) const { return info_.types.scalarWidth(type, in.location); }
  void emit(core::Instruction instruction);
  int reg(const std::string& name) { return thread_.registerIndex(name); }
  // Keeps a large expression in a register named after `id`.
  core::Expr materialize(const std::string& name, core::Expr value);
  Value valueFromRegisters(const std::string& name, uint32_t type, const Instruction& in);
  Value valueFromScalars(const std::vector<core::Expr>& scalars, size_t& next, uint32_t type,
                         const Instruction& in);
  [[noreturn]] void unsupported(const Instruction& in) const;
  // Applies `fn` to the scalars of the operands (element by element for vectors) at the result's width,
  // keeping large results in registers named after `name` (SpirvArithmetic.cpp).
  using ScalarFunction = std::function<core::Expr(const std::vector<core::Expr>&, int width)>;
  Value componentwise(const Instruction& in, const std::vector<Value>& args, uint32_t resultType,
                      const ScalarFunction& fn, const std::string& name);
  std::vector<Value> operandValues(const Instruction& in, size_t first);
  core::SourceLocation here() const { return current_->location; }

  // Families.
  bool lowerArithmetic(const Instruction& in);  // SpirvArithmetic.cpp
  bool lowerConversion(const Instruction& in);  // SpirvConversions.cpp
  bool lowerComposite(const Instruction& in);   // SpirvComposite.cpp
  bool lowerMemory(const Instruction& in);      // SpirvMemory.cpp
  void requirePointer(uint32_t id, const char* opcode, const Instruction& in);
  bool lowerAtomic(const Instruction& in);   // SpirvAtomics.cpp
  bool lowerBarrier(const Instruction& in);  // SpirvBarriers.cpp
  core::Instruction controlBarrier(const Instruction& in, const std::string& prefix);
  void emitUnreachableBarriers(const Block& block, const std::string& prefix, int depth);
  // The label and register prefix of an inlined call: the call site's position in the module under the
  // caller's prefix, so that every thread names the same call alike (barrier instances depend on it).
  std::string callPrefix(const std::string& prefix, const Instruction& call) const;
  bool lowerExtInst(const Instruction& in);  // SpirvExtInst.cpp
  bool lowerGroup(const Instruction& in);    // SpirvSubgroup.cpp
  void lowerFunctionBody(const Function& function, const std::string& prefix, const std::string& returnLabel,
                         const std::vector<std::string>& returnRegisters);  // SpirvControlFlow.cpp
  bool lowerControlFlow(const Instruction& in);                             // SpirvControlFlow.cpp

  // Memory (SpirvMemory.cpp).
  int regionFor(uint32_t variable, const Instruction& in);
  int unknownArgumentRegion(uint32_t parameter, const Instruction& in);
  std::string perThreadName(const std::string& name) const;
  int createRegion(const std::string& name, uint32_t type, long long count, uint32_t storageClass,
                   const std::optional<Value>& initial, const Instruction& in);
  Value builtinValue(uint32_t builtin, uint32_t type, const Instruction& in);
  Value withReflectedPushConstants(Value value, const Instruction& in);
  int addLocation(const std::string& name, long long address, int width, const core::Expr& initial,
                  bool known, const core::TagSet& initTags);
  std::pair<bool, bool> promotionOf(uint32_t variable);
  void lowerFunctionVariable(const Instruction& in);
  void lowerAccessChain(const Instruction& in, bool withElement);
  Value load(const Value& pointer, uint32_t type, const core::TagSet& tags, const std::string& name,
             const Instruction& in);
  size_t readOnlyLeaf(const Region& region, const core::Expr& address, const Instruction& in);
  void store(const Value& pointer, const Value& value, const core::TagSet& tags, const Instruction& in);
  core::Instruction access(core::InstructionKind kind, const core::Expr& address, int width, int region,
                           const Instruction& in);
  uint32_t storageClassOf(const Value& pointer, const Instruction& in) const;
  uint32_t pointeeOf(const Value& pointer, const Instruction& in) const;

  SpirvModuleInfo& info() { return info_; }
  int threadIndex() const { return threadIndex_; }
  int workgroup() const;
  int subgroup() const;

 private:
  void lowerInstruction(const Instruction& in);
  void lowerGlobals();
  void defineBuiltinOrVariable(const Instruction& in);
  void bindEntryParameters(const Function& entry);
  void lowerCall(const Instruction& in);
  void emitEdge(uint32_t from, uint32_t to, const Instruction& in);
  void emitBranch(uint32_t target, const Instruction& in);
  void emitConditional(const core::Expr& condition, uint32_t onTrue, uint32_t onFalse, const Instruction& in);
  void emitSwitch(const Instruction& in);
  std::string labelOf(uint32_t block) const { return prefix_ + info_.nameOf(block); }
  bool loadPromoted(const Instruction& in);
  bool storePromoted(const Instruction& in);

  SpirvModuleInfo& info_;
  int threadIndex_;
  core::Thread thread_;
  std::unordered_map<uint32_t, Value> values_;
  std::set<std::string> targeted_;  // labels some emitted jump goes to (other blocks are dead here)
  std::vector<PromotedVariable> promoted_;
  const Instruction* current_ = nullptr;
  const Function* function_ = nullptr;
  uint32_t currentBlock_ = 0;
  std::string prefix_;
  core::SourceLocation sourceLine_;  // the current OpLine (file empty when none): instruction texts show it,
                                     // and it is the instructions' userSource
  std::string returnLabel_;
  std::vector<std::string> returnRegisters_;
  std::optional<Value> returnValue_;
  int callDepth_ = 0;
  int functionVariableInstance_ = 0;
  friend struct ControlFlowAccess;
};

// Tags (SpirvTags.cpp): what Dat3M gives SPIR-V events for the Vulkan and OpenCL models.
struct AccessTags {
  core::TagSet read, write;
};
core::TagSet storageClassTags(MemoryModelKind model, uint32_t storageClass,
                              const core::SourceLocation& where);
core::TagSet initTags(MemoryModelKind model, uint32_t storageClass);
// implicitAvailability: SpirvModuleInfo::implicitAvailability.
core::TagSet plainLoadTags(MemoryModelKind model, bool implicitAvailability, uint32_t storageClass,
                           const std::vector<uint32_t>& memoryOperands,
                           const std::vector<long long>& operandScopes, const core::SourceLocation& where);
core::TagSet plainStoreTags(MemoryModelKind model, bool implicitAvailability, uint32_t storageClass,
                            const std::vector<uint32_t>& memoryOperands,
                            const std::vector<long long>& operandScopes, const core::SourceLocation& where);
core::TagSet atomicLoadTags(MemoryModelKind model, uint32_t storageClass, long long scope,
                            long long semantics, const core::SourceLocation& where);
core::TagSet atomicStoreTags(MemoryModelKind model, uint32_t storageClass, long long scope,
                             long long semantics, const core::SourceLocation& where);
// An RMW's halves; `exchange` uses the C11 load/store split of the order for OpenCL.
AccessTags rmwTags(MemoryModelKind model, uint32_t storageClass, long long scope, long long semantics,
                   bool exchange, const core::SourceLocation& where);
core::TagSet fenceTags(MemoryModelKind model, long long scope, long long semantics,
                       const core::SourceLocation& where);
core::TagSet barrierTags(MemoryModelKind model, long long scope, long long semantics,
                         const core::SourceLocation& where);
core::ScopeLevel executionScope(MemoryModelKind model, long long scope, const core::SourceLocation& where);

// @Output and @Filter (SpirvAssertions.cpp).
void translateAssertions(SpirvModuleInfo& info);

}  // namespace catcheck::frontends::spirv
