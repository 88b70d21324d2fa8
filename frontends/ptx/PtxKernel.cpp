// A PTX kernel launch as one IR program: choose the `.entry`, check every parameter has a value, place the
// memory (argument buffers and module variables once per launch, `.shared` variables per CTA, `.local`
// variables per thread), number the threads as CUDA does (x fastest, then y, z; CTAs likewise; clusters
// tile the grid; a warp is 32 consecutive linear thread ids of a CTA), specialise each thread
// (PtxKernelThread.cpp), and finally give every thread the CTA barrier instances its CTA-mates reach and it
// does not, as unreachable steps (docs/semantics.md §5.5).
#include "frontends/ptx/PtxKernel.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <tuple>

#include "frontends/ptx/PtxKernelLowering.h"

namespace catcheck::frontends::ptx {
namespace {

// Whether `block` (nested blocks included) holds an instruction with this opcode.
bool holdsOpcode(const Block& block, const std::string& opcode) {
  for (const Statement& statement : block.statements) {
    if (const auto* in = std::get_if<Instruction>(&statement); in != nullptr && in->opcode == opcode)
      return true;
    if (const auto* inner = std::get_if<Block>(&statement); inner != nullptr && holdsOpcode(*inner, opcode))
      return true;
  }
  return false;
}

// The question program_spec asks of a kernel that can abort: the assert() calls it may make (the module
// declares __assertfail) and the traps it holds; empty when it has neither.
std::string abortQuestion(const Module& module) {
  bool asserts = module.findFunction("__assertfail") != nullptr;
  bool traps = std::any_of(module.functions.begin(), module.functions.end(),
                           [](const Function& f) { return f.hasBody && holdsOpcode(f.body, "trap"); });
  if (asserts && traps) return "no assert() fails and no trap executes";
  if (asserts) return "no assert() fails";
  return traps ? "no trap executes" : "";
}

// "reduce_ok(int const*, int*)" for "_Z9reduce_okPKiPi"; the name itself when it is not mangled.
std::string demangled(const std::string& mangled) {
  if (!mangled.starts_with("_Z")) return mangled;
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status),
                                              std::free);
  return status == 0 && text ? std::string(text.get()) : mangled;
}

// "reduce_ok" for "_Z9reduce_okPKiPi": the demangled name without its parameter list.
std::string demangledBase(const std::string& mangled) {
  std::string name = demangled(mangled);
  return name.substr(0, name.find('('));
}

// "s" for a function's static "_ZZ14reduce_tree_okPKiPiE1s" (reduce_tree_ok(int const*, int*)::s).
std::string variableName(const std::string& mangled) {
  std::string name = demangled(mangled);
  size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

const Function& chooseEntry(const Module& module, const std::string& wanted) {
  std::vector<const Function*> entries, matches;
  for (const Function& f : module.functions) {
    if (f.kind != FunctionKind::Entry || !f.hasBody) continue;
    entries.push_back(&f);
    if (f.name == wanted || demangledBase(f.name) == wanted) matches.push_back(&f);
  }
  std::string list;
  for (const Function* f : entries)
    list += (list.empty() ? "" : ", ") + f->name + " (" + demangledBase(f->name) + ")";
  core::SourceLocation where{module.sourceName, 1, 1};
  if (entries.empty()) throw core::InputError(where, "the module has no .entry to launch");
  if (wanted.empty()) {
    if (entries.size() == 1) return *entries.front();
    throw core::InputError(where, "the module has " + std::to_string(entries.size()) +
                                      " kernels; choose one with --kernel: " + list);
  }
  if (matches.size() == 1) return *matches.front();
  throw core::InputError(
      where, std::string(matches.empty() ? "no kernel named '" : "more than one kernel named '") + wanted +
                 "'; the module's kernels: " + list);
}

Region regionOf(const Variable& variable, long long dynamicShared) {
  Region region;
  region.name = variableName(variable.name);
  region.space = variable.space == StateSpace::Shared ? StateSpace::Shared : StateSpace::Global;
  region.readOnly = variable.space == StateSpace::Const;
  long long elements = 1;
  bool unsized = false;
  for (const auto& dimension : variable.dimensions) {
    if (dimension)
      elements *= static_cast<long long>(*dimension);
    else
      unsized = true;
  }
  long long elementBytes = std::max(1, typeWidth(variable.type) / 8) * variable.vectorWidth;
  region.size = unsized ? dynamicShared : elements * elementBytes;
  if (region.space == StateSpace::Shared) {
    region.contents = Region::Contents::Unknown;
  } else if (variable.hasInitializer) {
    region.contents = Region::Contents::Initialised;
    for (const Operand& value : variable.initializer) {
      unsigned long long bits = 0;
      if (const auto* integer = std::get_if<Integer>(&value.value))
        bits = static_cast<unsigned long long>(integer->value);
      else if (const auto* real = std::get_if<FloatImmediate>(&value.value))
        bits = real->bits;
      else
        throw core::InputError(variable.where, "initialisers with addresses of variables are not modelled");
      for (long long b = 0; b < elementBytes / variable.vectorWidth; ++b)
        region.bytes.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
    }
  }
  return region;
}

void placeVariables(KernelContext& context) {
  std::map<std::string, long long> nextLocal;
  auto place = [&](const Variable& variable) {
    if (variable.space == StateSpace::Local) {
      long long& next = nextLocal[""];
      long long align = std::max(variable.alignment, 8);
      next = (next + align - 1) / align * align;
      context.localAddress[variable.name] = next + 16;
      long long elements = 1;
      for (const auto& d : variable.dimensions) elements *= d ? static_cast<long long>(*d) : 1;
      next += elements * std::max(1, typeWidth(variable.type) / 8) * variable.vectorWidth;
      return;
    }
    if (variable.space != StateSpace::Shared && variable.space != StateSpace::Global &&
        variable.space != StateSpace::Const)
      return;
    int index =
        context.memory.addRegion(regionOf(variable, context.launch.dynamicSharedBytes), variable.alignment);
    context.regionOfSymbol[variable.name] = index;
  };
  for (const Variable& variable : context.module.globals) place(variable);
  std::function<void(const Block&)> walk = [&](const Block& block) {
    for (const Statement& statement : block.statements) {
      if (const auto* variable = std::get_if<Variable>(&statement)) place(*variable);
      if (const auto* inner = std::get_if<Block>(&statement)) walk(*inner);
    }
  };
  for (const Function& function : context.module.functions) walk(function.body);
}

void bindArguments(KernelContext& context) {
  const Function& entry = *context.entry;
  for (size_t i = 0; i < entry.params.size(); ++i) {
    const Variable& parameter = entry.params[i];
    context.parameterIndex[parameter.name] = static_cast<int>(i);
    auto given = context.launch.arguments.find(static_cast<int>(i));
    if (given == context.launch.arguments.end()) {
      throw core::InputError(parameter.where, "kernel parameter " + std::to_string(i) + " (" +
                                                  parameter.name + ") has no value: give --arg " +
                                                  std::to_string(i) +
                                                  "=VALUE (an integer, buffer:BYTES or buffer:BYTES:any)");
    }
    if (given->second.kind == KernelArgument::Kind::Integer) {
      context.argumentValues[static_cast<int>(i)] = given->second.value;
      continue;
    }
    Region buffer;
    buffer.name = "arg" + std::to_string(i);
    buffer.size = given->second.bytes;
    buffer.contents = given->second.anyContents ? Region::Contents::Unknown : Region::Contents::Zero;
    context.argumentValues[static_cast<int>(i)] =
        context.memory.region(context.memory.addRegion(buffer, 256)).base;
  }
  for (const auto& [index, argument] : context.launch.arguments) {
    if (index >= static_cast<int>(entry.params.size()))
      throw core::InputError(entry.where, "--arg " + std::to_string(index) + ": the kernel has " +
                                              std::to_string(entry.params.size()) + " parameters");
  }
}

bool isHeaderFile(const std::string& name) {
  for (const char* suffix : {".h", ".hpp", ".cuh", ".hh", ".hxx", ".inl"})
    if (name.ends_with(suffix)) return true;
  return name.find("/include/") != std::string::npos;
}

// The file `.loc` lines are answered in: the user's source, the first `.file` that is not a header (nvcc
// and clang list the kernel's own file first, then the headers whose code it inlines, such as
// sm_20_atomic_functions.hpp for atomicAdd); a module of headers only answers in its first file.
std::string userSourceFile(const Module& module) {
  for (const auto& [index, name] : module.files)
    if (!isHeaderFile(name)) return name;
  return module.files.empty() ? "" : module.files.begin()->second;
}

Placement placementOf(const KernelLaunch& launch, long long cta, long long thread) {
  Placement p;
  p.linearCta = static_cast<int>(cta);
  p.linearTid = static_cast<int>(thread);
  p.tid = {thread % launch.block.x, thread / launch.block.x % launch.block.y,
           thread / (launch.block.x * launch.block.y)};
  p.ctaid = {cta % launch.grid.x, cta / launch.grid.x % launch.grid.y, cta / (launch.grid.x * launch.grid.y)};
  p.warp = static_cast<int>(thread / 32);
  p.lane = static_cast<int>(thread % 32);
  const Dim3& c = launch.cluster;
  p.clusterCtaid = {p.ctaid.x % c.x, p.ctaid.y % c.y, p.ctaid.z % c.z};
  p.clusterid = {p.ctaid.x / c.x, p.ctaid.y / c.y, p.ctaid.z / c.z};
  p.clusterRank = static_cast<int>(p.clusterCtaid.x + c.x * (p.clusterCtaid.y + c.y * p.clusterCtaid.z));
  Dim3 clusters{launch.grid.x / c.x, launch.grid.y / c.y, launch.grid.z / c.z};
  p.cluster = static_cast<int>(p.clusterid.x + clusters.x * (p.clusterid.y + clusters.y * p.clusterid.z));
  return p;
}

// The id of the thread's instance of `level` (its CTA for bar.sync, its cluster for barrier.cluster).
int scopeInstance(const core::Thread& thread, core::ScopeLevel level) {
  for (const core::ScopePosition& p : thread.scopes)
    if (p.level == level) return p.id;
  return 0;
}

// §5.5: every thread's code holds every unnamed barrier instance of its CTA (cluster, for cluster
// barriers); the ones it never reaches follow its last jump, unreachable, before the end label all paths
// jump to.
void addUnreachableBarriers(core::Program& program) {
  using Key = std::tuple<core::ScopeLevel, int, std::string>;  // scope level, its instance, barrier instance
  std::map<Key, core::Instruction> reached;                    // -> a copy
  auto keyOf = [](const core::Thread& thread, const core::Instruction& in) {
    return Key{in.barrier().scope, scopeInstance(thread, in.barrier().scope), in.barrier().instance};
  };
  for (const core::Thread& thread : program.threads)
    for (const core::Instruction& in : thread.code)
      if (in.kind == core::InstructionKind::Barrier && !in.barrier().resource)
        reached.emplace(keyOf(thread, in), in);
  for (core::Thread& thread : program.threads) {
    std::set<Key> own;
    for (const core::Instruction& in : thread.code)
      if (in.kind == core::InstructionKind::Barrier) own.insert(keyOf(thread, in));
    std::vector<core::Instruction> missing;
    for (const auto& [key, example] : reached)
      if (std::get<1>(key) == scopeInstance(thread, std::get<0>(key)) && own.count(key) == 0)
        missing.push_back(example);
    thread.code.insert(thread.code.end(), missing.begin(), missing.end());
    core::Instruction end;
    end.kind = core::InstructionKind::Label;
    end.branch().label = "end";
    thread.code.push_back(std::move(end));
  }
}

}  // namespace

int typeWidth(const std::string& type) {
  static const std::map<std::string, int> widths = {
      {"pred", 1},    {"b8", 8},    {"u8", 8},   {"s8", 8},   {"b16", 16}, {"u16", 16}, {"s16", 16},
      {"f16", 16},    {"bf16", 16}, {"b32", 32}, {"u32", 32}, {"s32", 32}, {"f32", 32}, {"f16x2", 32},
      {"bf16x2", 32}, {"tf32", 32}, {"b64", 64}, {"u64", 64}, {"s64", 64}, {"f64", 64}, {"b128", 128}};
  auto it = widths.find(type);
  return it == widths.end() ? 0 : it->second;
}

std::string mnemonic(const Instruction& in) {
  std::string name = in.opcode;
  for (const std::string& q : in.qualifiers) name += "." + q;
  return name;
}

std::vector<std::string> typesOf(const Instruction& in) {
  std::vector<std::string> types;
  for (const std::string& q : in.qualifiers)
    if (typeWidth(q) > 0) types.push_back(q);
  return types;
}

KernelContext::KernelContext(const Module& m, const KernelLaunch& l, const std::string& text)
    : module(m), launch(l), memory(program, static_cast<int>(l.grid.count())) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
}

namespace {

// Every thread of the launch, in CTA order and linear thread order within a CTA.
void lowerThreads(KernelContext& context) {
  const KernelLaunch& launch = context.launch;
  core::Program& program = context.program;
  for (long long cta = 0; cta < launch.grid.count(); ++cta) {
    for (long long t = 0; t < launch.block.count(); ++t) {
      Placement placement = placementOf(launch, cta, t);
      KernelThread lowering(context, static_cast<int>(program.threads.size()), placement);
      core::Thread thread = lowering.lower();
      thread.scopes = program.target->place({0, 0, placement.cluster, placement.linearCta});
      thread.warp = placement.warp;
      if (launch.cluster.count() > 1) thread.cluster = placement.cluster;
      program.threads.push_back(std::move(thread));
    }
  }
}

}  // namespace

core::Program lowerKernel(const Module& module, const KernelLaunch& launch, const std::string& text) {
  KernelContext context(module, launch, text);
  context.entry = &chooseEntry(module, launch.kernel);
  const Dim3& c = launch.cluster;
  if (launch.grid.x % c.x != 0 || launch.grid.y % c.y != 0 || launch.grid.z % c.z != 0)
    throw core::InputError({module.sourceName, 1, 1}, "--cluster must divide --grid in every dimension");
  if (launch.grid.count() * launch.block.count() > 65536)
    throw core::InputError({module.sourceName, 1, 1}, "a launch of more than 65536 threads is not checked");
  context.userFile = userSourceFile(module);
  core::Program& program = context.program;
  program.name = demangledBase(context.entry->name);
  program.file = module.sourceName;
  program.language = core::SourceLanguage::PtxKernel;
  program.target = &core::ptxTarget();
  placeVariables(context);
  bindArguments(context);
  if (allocatesTensorMemory(context)) {
    lowerThreads(context);  // learns the tensor-memory allocations; the second lowering uses them
    program.threads.clear();
    context.tensorRowsReached.clear();  // rows the first lowering reached before it knew an allocation
  }
  lowerThreads(context);
  createTensorCells(context);
  addUnreachableBarriers(program);
  if (std::string question = abortQuestion(module); !question.empty()) {  // assert() or __trap()
    program.assertionKind = core::AssertionKind::NoFailedAssert;
    program.assertionText = question;
  }
  return std::move(context.program);
}

const FlatFunction& KernelContext::flat(const Function& function) {
  auto found = flat_.find(&function);
  if (found != flat_.end()) return *found->second;
  auto code = std::make_unique<FlatFunction>(flattenFunction(function, static_cast<int>(flat_.size())));
  return *flat_.emplace(&function, std::move(code)).first->second;
}

}  // namespace catcheck::frontends::ptx
