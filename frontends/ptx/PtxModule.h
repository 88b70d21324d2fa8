// The syntax tree of a PTX module as nvcc 12/13 and clang 16-22 print it (PTX ISA 6.0-9.0): the module
// directives, module variables, kernels (.entry) and functions (.func) with their parameters, performance
// directives and bodies. A body is a list of statements (instruction, label, nested block, variable or
// register declaration), a std::variant a lowering pass walks with std::visit. Nothing here is lowered:
// opcodes keep their qualifiers as written, operands their syntactic form. See PtxParser.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/ir/SourceLocation.h"

namespace catcheck::frontends::ptx {

enum class StateSpace { Reg, Param, Global, Shared, Const, Local };
enum class Linkage { None, Visible, Extern, Weak, Common };
enum class FunctionKind { Entry, Func };

// A position in the user's source: `.loc FILE LINE COLUMN`, FILE an index into Module::files.
struct SourcePosition {
  int file = 0;
  int line = 0;
  int column = 0;
  bool operator==(const SourcePosition&) const = default;
};

// The `.loc` in effect at an instruction. `.loc F L C, function_name LABEL, inlined_at F2 L2 C2` says the
// code comes from a function inlined at F2:L2:C2; nvcc prints the call site's own `.loc` just before, so
// the chain is resolved through the most recent `.loc` at that position: inlinedAt[0] is the direct call
// site, inlinedAt.back() the outermost one (in the kernel's own source). Empty when not inlined.
struct LineInfo {
  SourcePosition position;
  std::string functionName;  // the function_name label (into .debug_str), empty without
  std::int64_t functionNameOffset = 0;
  std::vector<SourcePosition> inlinedAt;
};

struct Operand;

// A register: %r12, %rd3, %p1, or a name declared by `.reg` without a `%` (inline asm's `p`, `P_OUT`).
// `negated`: a predicate operand written `!%p1`.
struct Register {
  std::string name;
  bool negated = false;
};
// %tid.x, %ntid.y, %laneid, %ctaid.x, %cluster_ctaid.x, %clock64, ... with its component.
struct SpecialRegister {
  std::string name;
};
// An integer literal (decimal, 0x hex, 0 octal, 0b binary, optional U suffix, optional leading '-') as
// 64-bit two's complement bits: -1 and 0xFFFFFFFFFFFFFFFF are the same value.
struct Integer {
  std::int64_t value = 0;
};
// A floating-point literal: 0fXXXXXXXX (single, isDouble false), 0dXXXXXXXXXXXXXXXX or decimal (double).
struct FloatImmediate {
  std::uint64_t bits = 0;
  bool isDouble = false;
};
// A name that is not a register: a variable, parameter, label or function, with a constant offset
// (`sym+4`). `generic`: written `generic(sym)` (initialisers only).
struct Symbol {
  std::string name;
  std::int64_t offset = 0;
  bool generic = false;
};
// [%rd1], [%rd1+8], [%rd1+-4], [sym], [sym+4], [0x100], and a tensor map with coordinates [%rd1, {%r1, %r2}].
struct Address {
  enum class Base { Register, Symbol, Absolute };
  Base base = Base::Register;
  std::string name;  // the register or symbol; empty for Absolute
  std::int64_t offset = 0;
  std::vector<Operand> coordinates;
};
// {%r1, %r2, _, %r4}
struct Vector {
  std::vector<Operand> elements;
};
// `_`: a result nobody reads.
struct Sink {};
// %r1|%p1: a value and a predicate written to together (shfl.sync, setp with two results).
struct PredicatePair {
  Register value;
  Register predicate;
};
// The parenthesised return and argument lists of `call`: (retval0), (param0, param1).
struct List {
  std::vector<Operand> elements;
};

using OperandValue = std::variant<Register, SpecialRegister, Integer, FloatImmediate, Symbol, Address, Vector,
                                  Sink, PredicatePair, List>;

struct Operand {
  OperandValue value;
  int line = 0;
  int column = 0;
};

// `@%p1` or `@!%p1` before an instruction.
struct Guard {
  std::string predicate;
  bool negated = false;
};

// ld.global.acquire.gpu.v4.u32 -> opcode "ld", qualifiers {"global", "acquire", "gpu", "v4", "u32"};
// `shared::cta` and `mbarrier::complete_tx::bytes` stay one qualifier each.
struct Instruction {
  core::SourceLocation where;  // the opcode
  std::optional<Guard> guard;
  std::string opcode;
  std::vector<std::string> qualifiers;
  std::vector<Operand> operands;
  std::optional<LineInfo> loc;  // the .loc in effect, none before the function's first

  bool hasQualifier(const std::string& qualifier) const {
    for (const std::string& q : qualifiers)
      if (q == qualifier) return true;
    return false;
  }
};

// A variable in any state space: module variables, `.shared` / `.local` in a body, parameters (`.param`,
// and the `.reg` parameters of old .func ABIs). Types are written without their dot: "b8", "u64", "pred".
struct Variable {
  core::SourceLocation where;  // the name
  StateSpace space = StateSpace::Global;
  Linkage linkage = Linkage::None;
  std::string type;
  int vectorWidth = 1;  // .v2 / .v4
  int alignment = 0;    // .align N; 0 when not given
  std::string name;
  std::vector<std::optional<std::uint64_t>> dimensions;  // [16] -> {16}; [] (extern shared) -> {nullopt}
  // Kernel parameter attributes: .ptr [.global|.shared|.const|.local] [.align N].
  bool isPointer = false;
  std::optional<StateSpace> pointerSpace;
  int pointerAlignment = 0;
  // `= 5` or `= {1, 2}` (nested braces flattened in order): Integer, FloatImmediate or Symbol operands.
  bool hasInitializer = false;
  std::vector<Operand> initializer;
};

// `%r<63>` is name "%r", count 63 (%r0 ... %r62); a single register has count 0.
struct RegisterName {
  std::string name;
  int count = 0;
};

// .reg .b32 %r<63>;   .reg .pred p, q;   .reg .v2 .b32 %v;
struct RegisterDeclaration {
  core::SourceLocation where;
  std::string type;
  int vectorWidth = 1;
  std::vector<RegisterName> names;
};

struct Label {
  core::SourceLocation where;
  std::string name;
};

struct Block;
using Statement = std::variant<Instruction, Label, Block, Variable, RegisterDeclaration>;

// `{ ... }`: a function body, or a nested scope (inline asm, call sequences) with its own registers and
// labels.
struct Block {
  core::SourceLocation where;  // the opening brace
  std::vector<Statement> statements;
};

// .maxntid 128, 1, 1 -> name "maxntid", values {128, 1, 1}; .explicitcluster -> no values.
struct PerformanceDirective {
  core::SourceLocation where;
  std::string name;
  std::vector<std::uint64_t> values;
};

struct Function {
  core::SourceLocation where;  // the name
  FunctionKind kind = FunctionKind::Entry;
  Linkage linkage = Linkage::None;
  std::string name;
  std::vector<Variable> returnParams;  // .func (.param .b32 retval) f(...)
  std::vector<Variable> params;
  std::vector<PerformanceDirective> directives;
  bool hasBody = false;  // false for a prototype: `.extern .func f(...);`
  Block body;
  std::vector<std::string> pragmas;  // .pragma "nounroll"; anywhere in the body
};

// A `.section .debug_xxx { ... }` block as bytes: its data directives (.b8/.b16/.b32/.b64, little endian;
// label operands take zero bytes of their width) and the offset of each label.
struct Section {
  core::SourceLocation where;
  std::string name;  // with its dot: ".debug_str"
  std::vector<std::uint8_t> bytes;
  std::map<std::string, std::size_t> labels;
};

struct Module {
  std::string sourceName;
  int versionMajor = 0;
  int versionMinor = 0;
  std::vector<std::string> targets;  // .target sm_90a, debug -> {"sm_90a", "debug"}
  int addressSize = 32;              // the ISA's default without .address_size
  std::map<int, std::string> files;  // .file N "path"
  std::vector<Variable> globals;
  std::vector<Function> functions;
  std::vector<Section> sections;
  std::vector<std::string> pragmas;  // module-level .pragma

  // The function or kernel `name`: its definition when the module has one, else its prototype.
  const Function* findFunction(const std::string& name) const {
    const Function* found = nullptr;
    for (const Function& f : functions)
      if (f.name == name && (found == nullptr || (f.hasBody && !found->hasBody))) found = &f;
    return found;
  }
};

// Parses PTX module text. Anything malformed is a core::InputError at `sourceName:line:col` of the
// offending token, with a one-line message naming what was expected.
Module parsePtxModule(const std::string& text, const std::string& sourceName);

// The NUL-terminated string a .debug_str label names (the function_name of an inlined `.loc`), or nothing
// when the module has no such label.
std::optional<std::string> debugString(const Module& module, const std::string& label);

}  // namespace catcheck::frontends::ptx
