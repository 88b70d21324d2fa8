// The PTX module parser (frontends/ptx/): every kernel of the CUDA corpus (litmus/CUDA/*.ptx, nvcc 13 and
// clang 19 / 22) parses, with facts checked against the files, and each construct on its own. Bad input:
// PtxModuleErrorsTest.cpp.
#include <gtest/gtest.h>

#include "PtxModuleTestSupport.h"

namespace catcheck::frontends::ptx {
namespace {
using namespace testing;

TEST(PtxModuleCorpus, EveryFileParsesWithOneVisibleKernelAndItsLineInfo) {
  std::vector<std::string> files = corpusFiles();
  ASSERT_EQ(files.size(), 117u);
  std::map<std::string, int> forms;
  int total = 0;
  for (const std::string& path : files) {
    SCOPED_TRACE(path);
    Module module = parsePtxModule(readFile(path), path);
    bool clang = path.find(".clang") != std::string::npos;
    bool blackwell = path.find("tcgen05") != std::string::npos;  // sm_100a; clang 22 there, clang 19 else
    EXPECT_EQ(module.versionMajor, clang ? 8 : 9);
    EXPECT_EQ(module.versionMinor, clang ? (blackwell ? 6 : 5) : 0);
    EXPECT_EQ(module.targets.at(0), blackwell ? "sm_100a" : "sm_90a");
    EXPECT_EQ(module.addressSize, 64);
    // One kernel; printf's and assert()'s kernels also declare the external vprintf or __assertfail (a
    // .func without a body).
    ASSERT_GE(module.functions.size(), 1u);
    const Function& kernel = module.functions.back();
    for (size_t i = 0; i + 1 < module.functions.size(); ++i) {
      EXPECT_TRUE(module.functions[i].name == "vprintf" || module.functions[i].name == "__assertfail")
          << module.functions[i].name;
      EXPECT_FALSE(module.functions[i].hasBody);
    }
    EXPECT_EQ(kernel.kind, FunctionKind::Entry);
    EXPECT_EQ(kernel.linkage, Linkage::Visible);
    EXPECT_TRUE(kernel.hasBody);
    EXPECT_EQ(kernel.name.rfind("_Z", 0), 0u);
    EXPECT_FALSE(kernel.params.empty());
    for (size_t i = 0; i < kernel.params.size(); ++i)
      EXPECT_EQ(kernel.params[i].name, kernel.name + "_param_" + std::to_string(i));
    for (const Instruction* instruction : instructions(kernel)) {
      ++forms[form(*instruction)];
      ++total;
      ASSERT_TRUE(instruction->loc.has_value())
          << form(*instruction) << " at line " << instruction->where.line;
      EXPECT_EQ(module.files.count(instruction->loc->position.file), 1u);
      for (const SourcePosition& site : instruction->loc->inlinedAt)
        EXPECT_EQ(module.files.count(site.file), 1u);
    }
  }
  // The census in litmus/CUDA/README.md.
  EXPECT_EQ(forms.size(), 165u);
  EXPECT_EQ(total, 4126);
  EXPECT_EQ(forms["ld.param.u64"], 236);
  EXPECT_EQ(forms["mbarrier.try_wait.parity.shared::cta.b64"], 22);
  EXPECT_EQ(forms["tcgen05.mma.cta_group::1.kind::f16"], 6);
  EXPECT_EQ(forms["cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"], 4);
}

TEST(PtxModuleCorpus, ReduceTreeNvccKernel) {
  Module module = corpusModule("reduce_tree_ok.ptx");
  EXPECT_EQ(module.files.at(1), "/work/main/litmus/CUDA/reduce_tree_ok.cu");
  const Function& kernel = *module.findFunction("_Z14reduce_tree_okPKiPi");
  EXPECT_EQ(kernel.where.str(), "reduce_tree_ok.ptx:17:17");
  ASSERT_EQ(kernel.params.size(), 2u);
  EXPECT_EQ(kernel.params[1].type, "u64");
  EXPECT_EQ(kernel.params[1].space, StateSpace::Param);
  const auto& registers = std::get<RegisterDeclaration>(kernel.body.statements[1]);
  EXPECT_EQ(registers.type, "b32");
  EXPECT_EQ(registers.names[0].name, "%r");
  EXPECT_EQ(registers.names[0].count, 17);
  const auto& shared = std::get<Variable>(kernel.body.statements[3]);
  EXPECT_EQ(shared.space, StateSpace::Shared);
  EXPECT_EQ(shared.name, "_ZZ14reduce_tree_okPKiPiE1s");
  EXPECT_EQ(shared.alignment, 4);
  EXPECT_EQ(shared.type, "b8");
  EXPECT_EQ(shared.dimensions, (std::vector<std::optional<std::uint64_t>>{256}));
  EXPECT_EQ(labelsOf(kernel.body),
            (std::vector<std::string>{"$L__BB0_1", "$L__BB0_3", "$L__BB0_4", "$L__BB0_6"}));

  const Instruction& load = atLine(kernel, 37);  // ld.global.u32 %r6, [%rd5];
  EXPECT_EQ(load.opcode, "ld");
  EXPECT_EQ(load.qualifiers, (std::vector<std::string>{"global", "u32"}));
  EXPECT_EQ(load.where.str(), "reduce_tree_ok.ptx:37:2");
  EXPECT_EQ(as<Register>(load.operands[0]).name, "%r6");
  EXPECT_EQ(as<Address>(load.operands[1]).base, Address::Base::Register);
  EXPECT_EQ(as<Address>(load.operands[1]).name, "%rd5");
  EXPECT_EQ(load.operands[1].column, 22);
  EXPECT_EQ(load.loc->position, (SourcePosition{1, 22, 5}));
  EXPECT_TRUE(load.loc->inlinedAt.empty());
  EXPECT_EQ(as<SpecialRegister>(atLine(kernel, 32).operands[1]).name, "%tid.x");
  EXPECT_EQ(as<Symbol>(atLine(kernel, 39).operands[1]).name, "_ZZ14reduce_tree_okPKiPiE1s");
  const Instruction& branch = atLine(kernel, 48);  // @%p1 bra $L__BB0_4;
  EXPECT_EQ(branch.guard->predicate, "%p1");
  EXPECT_FALSE(branch.guard->negated);
  EXPECT_EQ(branch.where.column, 7);
  EXPECT_EQ(as<Symbol>(branch.operands[0]).name, "$L__BB0_4");
  const Address& shared0 = as<Address>(atLine(kernel, 77).operands[1]);  // [_ZZ14reduce_tree_okPKiPiE1s]
  EXPECT_EQ(shared0.base, Address::Base::Symbol);
  EXPECT_EQ(shared0.offset, 0);
}

TEST(PtxModuleCorpus, NvccInlinedAtChainsReachTheKernelSource) {
  Module module = corpusModule("flag_gpu_atomic_ref.ptx");
  EXPECT_EQ(module.files.size(), 5u);
  const Instruction& acquire = atLine(module.functions[0], 55);  // ld.acquire.gpu.b32 %r3,[%rd3];
  EXPECT_EQ(form(acquire), "ld.acquire.gpu.b32");
  EXPECT_EQ(acquire.loc->position, (SourcePosition{5, 287, 1}));
  EXPECT_EQ(acquire.loc->functionName, "$L__info_string6");
  EXPECT_EQ(acquire.loc->inlinedAt,
            (std::vector<SourcePosition>{
                {5, 830, 5}, {5, 98, 3}, {5, 842, 3}, {4, 305, 3}, {3, 104, 3}, {2, 80, 13}, {1, 27, 9}}));
  EXPECT_EQ(atLine(module.functions[0], 58).loc->position, (SourcePosition{1, 27, 9}));  // back in the kernel
  EXPECT_TRUE(atLine(module.functions[0], 58).loc->inlinedAt.empty());
  EXPECT_EQ(debugString(module, "$L__info_string0")->rfind("_ZNK4cuda3std3__420__atomic_ref_bitwiseI", 0),
            0u);
  EXPECT_FALSE(debugString(module, "$L__info_string99").has_value());
}

TEST(PtxModuleCorpus, ClangO0GenericAddressesLocalStackAndDwarf) {
  Module module = corpusModule("reduce_tree_ok.clang-O0.ptx");
  EXPECT_EQ(module.targets, (std::vector<std::string>{"sm_90a", "debug"}));
  ASSERT_EQ(module.globals.size(), 2u);
  EXPECT_EQ(module.globals[0].name, "threadIdx");
  EXPECT_EQ(module.globals[0].space, StateSpace::Global);
  const Function& kernel = module.functions[0];
  const auto& depot = std::get<Variable>(kernel.body.statements[0]);
  EXPECT_EQ(depot.space, StateSpace::Local);
  EXPECT_EQ(depot.name, "__local_depot0");
  EXPECT_EQ(as<Symbol>(atLine(kernel, 57).operands[1]).name, "_ZZ14reduce_tree_okPKiPiE1s");  // mov.u64
  const Instruction& cvta = atLine(kernel, 58);
  EXPECT_EQ(form(cvta), "cvta.shared.u64");
  EXPECT_EQ(as<Register>(cvta.operands[1]).name, "%rd11");
  const Address& spill = as<Address>(atLine(kernel, 41).operands[0]);  // st.u64 [%SP+8], %rd4;
  EXPECT_EQ(spill.name, "%SP");
  EXPECT_EQ(spill.offset, 8);
  std::vector<std::string> sections;
  for (const Section& section : module.sections) sections.push_back(section.name);
  EXPECT_EQ(sections, (std::vector<std::string>{".debug_abbrev", ".debug_info", ".debug_loc"}));
  EXPECT_EQ(module.sections[1].labels.size(), 0u);
  EXPECT_TRUE(module.sections[2].bytes.empty());
}

TEST(PtxModuleCorpus, ClusterKernelDirectivesAndInlineAsmScopes) {
  Module module = corpusModule("cluster_mbar_init_fence.ptx");
  const Function& kernel = module.functions[0];
  ASSERT_EQ(kernel.directives.size(), 2u);
  EXPECT_EQ(kernel.directives[0].name, "explicitcluster");
  EXPECT_TRUE(kernel.directives[0].values.empty());
  EXPECT_EQ(kernel.directives[1].name, "reqnctapercluster");
  EXPECT_EQ(kernel.directives[1].values, (std::vector<std::uint64_t>{2, 1, 1}));
  const Instruction& arrive = atLine(kernel, 96);
  EXPECT_TRUE(std::holds_alternative<Sink>(arrive.operands[0].value));
  const Instruction& wait = atLine(kernel, 107);
  EXPECT_EQ(wait.opcode, "mbarrier");
  EXPECT_EQ(wait.qualifiers,
            (std::vector<std::string>{"try_wait", "parity", "acquire", "cluster", "shared::cta", "b64"}));
  EXPECT_EQ(as<Register>(wait.operands[0]).name, "p");  // declared by the asm block's `.reg .pred p;`
  const Block* asmBlock = nullptr;
  for (const Statement& statement : kernel.body.statements)
    if (const auto* block = std::get_if<Block>(&statement)) asmBlock = block;
  ASSERT_NE(asmBlock, nullptr);
  EXPECT_EQ(asmBlock->where.line, 105);
  EXPECT_EQ(std::get<RegisterDeclaration>(asmBlock->statements[0]).names[0].name, "p");
}

TEST(PtxModuleCorpus, TmaShuffleAndPipelineForms) {
  Module tma = corpusModule("tma_load_mbarrier.clang.ptx");
  const Instruction& copy = atLine(tma.functions[0], 67);
  EXPECT_EQ(copy.qualifiers, (std::vector<std::string>{"async", "bulk", "shared::cluster", "global",
                                                       "mbarrier::complete_tx::bytes"}));
  EXPECT_EQ(copy.operands.size(), 4u);
  Module nvcc = corpusModule("shfl_reduce_full.ptx");
  const Instruction& nvccShuffle = atLine(nvcc.functions[0], 42);
  const auto& pair = as<PredicatePair>(nvccShuffle.operands[0]);
  EXPECT_EQ(pair.value.name, "%r8");
  EXPECT_EQ(pair.predicate.name, "%p1");
  EXPECT_EQ(nvccShuffle.loc->inlinedAt, (std::vector<SourcePosition>{{1, 22, 9}}));
  Module clang = corpusModule("shfl_reduce_full.clang.ptx");
  const Instruction& clangShuffle = atLine(clang.functions[0], 36);
  EXPECT_EQ(as<Integer>(clangShuffle.operands[2]).value, 16);
  EXPECT_EQ(as<Integer>(clangShuffle.operands[4]).value, -1);
  Module pipelineModule = corpusModule("mbar_pipeline_ok.ptx");
  const Function& pipeline = pipelineModule.functions[0];
  EXPECT_EQ(as<Register>(atLine(pipeline, 91).operands[3]).name, "P_OUT");
  EXPECT_EQ(as<Register>(atLine(pipeline, 106).operands[0]).name, "%rd7");  // mbarrier.arrive's state
}

TEST(PtxModuleParser, FunctionsParametersAndCallSequences) {
  Module module = parsePtxModule(kHeader + R"(
.extern .func (.param .b32 r) ext(.param .b64 p);
.func (.param .b32 func_retval0) _Z3addii(.param .b32 a, .reg .b32 %b);
.func (.param .b32 func_retval0) _Z3addii(.param .b32 a, .reg .b32 %b)
{
  .reg .b32 %r<3>;
  ld.param.b32 %r1, [a];
  add.s32 %r2, %r1, %b;
  st.param.b32 [func_retval0+0], %r2;
  ret;
}
.visible .entry k(.param .u64 .ptr .global .align 4 k_param_0, .param .align 8 .b8 k_param_1[16])
.maxntid 128, 1, 1
.minnctapersm 2
{
  .reg .b32 %r<3>;
  { // callseq 0, 0
  .param .b32 param0;
  st.param.b32 [param0+0], %r1;
  .param .b32 retval0;
  call.uni (retval0), _Z3addii, (param0, %r1);
  ld.param.b32 %r2, [retval0+0];
  }
  ret;
}
)",
                                 "f.ptx");
  ASSERT_EQ(module.functions.size(), 4u);
  const Function& ext = module.functions[0];
  EXPECT_EQ(ext.linkage, Linkage::Extern);
  EXPECT_FALSE(ext.hasBody);
  EXPECT_EQ(ext.returnParams[0].name, "r");
  const Function& add = *module.findFunction("_Z3addii");
  EXPECT_EQ(add.kind, FunctionKind::Func);
  EXPECT_EQ(add.returnParams[0].name, "func_retval0");
  EXPECT_EQ(add.params[1].space, StateSpace::Reg);
  EXPECT_TRUE(add.hasBody);  // the definition, not the prototype before it
  EXPECT_EQ(as<Register>(atLine(add, 11).operands[2]).name, "%b");
  const Function& k = *module.findFunction("k");
  EXPECT_TRUE(k.params[0].isPointer);
  EXPECT_EQ(k.params[0].pointerSpace, StateSpace::Global);
  EXPECT_EQ(k.params[0].pointerAlignment, 4);
  EXPECT_EQ(k.params[1].alignment, 8);
  EXPECT_EQ(k.params[1].dimensions, (std::vector<std::optional<std::uint64_t>>{16}));
  EXPECT_EQ(k.directives[0].values, (std::vector<std::uint64_t>{128, 1, 1}));
  EXPECT_EQ(k.directives[1].name, "minnctapersm");
  const auto& callBlock = std::get<Block>(k.body.statements[1]);
  EXPECT_EQ(std::get<Variable>(callBlock.statements[0]).space, StateSpace::Param);
  const Instruction& call = atLine(k, 24);
  EXPECT_EQ(form(call), "call.uni");
  EXPECT_EQ(as<Symbol>(as<List>(call.operands[0]).elements[0]).name, "retval0");
  EXPECT_EQ(as<Symbol>(call.operands[1]).name, "_Z3addii");
  EXPECT_EQ(as<Register>(as<List>(call.operands[2]).elements[1]).name, "%r1");
  EXPECT_EQ(as<Address>(atLine(k, 25).operands[1]).name, "retval0");
}

TEST(PtxModuleParser, ModuleVariablesAndInitialisers) {
  Module module = parsePtxModule(kHeader + R"(
.global .align 4 .u32 g = 5, h;
.const .align 4 .b8 table[4] = {1, 2, 0x3, 04};
.extern .shared .align 16 .b8 smem[];
.global .u64 pointer = generic(g)+4;
.visible .global .v2 .f32 pair = {0f3F800000, -1.5};
.global .s32 grid[2][2] = {{1, -2}, {3, 4}};
.weak .const .u32 w;
)",
                                 "v.ptx");
  ASSERT_EQ(module.globals.size(), 8u);
  EXPECT_EQ(module.globals[0].name, "g");
  EXPECT_EQ(as<Integer>(module.globals[0].initializer[0]).value, 5);
  EXPECT_EQ(module.globals[1].name, "h");
  EXPECT_FALSE(module.globals[1].hasInitializer);
  EXPECT_EQ(module.globals[2].space, StateSpace::Const);
  EXPECT_EQ(as<Integer>(module.globals[2].initializer[3]).value, 4);
  EXPECT_EQ(module.globals[3].linkage, Linkage::Extern);
  EXPECT_EQ(module.globals[3].dimensions, (std::vector<std::optional<std::uint64_t>>{std::nullopt}));
  const Symbol& address = as<Symbol>(module.globals[4].initializer[0]);
  EXPECT_TRUE(address.generic);
  EXPECT_EQ(address.offset, 4);
  EXPECT_EQ(module.globals[5].vectorWidth, 2);
  EXPECT_EQ(as<FloatImmediate>(module.globals[5].initializer[0]).bits, 0x3F800000u);
  EXPECT_EQ(as<FloatImmediate>(module.globals[5].initializer[1]).bits, 0xBFF8000000000000u);
  EXPECT_EQ(module.globals[6].dimensions.size(), 2u);
  EXPECT_EQ(as<Integer>(module.globals[6].initializer[1]).value, -2);
  EXPECT_EQ(module.globals[6].initializer.size(), 4u);
  EXPECT_EQ(module.globals[7].linkage, Linkage::Weak);
}

TEST(PtxModuleParser, OperandForms) {
  Function k = kernel(R"(.reg .pred %p<4>;
.reg .b32 %r<5>;
.reg .b64 %rd<3>;
.reg .f32 %f<3>;
.reg .v4 .f32 %v;
mov.f32 %f1, -0f3F800000;
add.s32 %r1, %r2, 0x1F;
add.s32 %r1, %r2, -4;
ld.global.nc.v4.u32 {%r1, %r2, _, %r4}, [%rd1+-4];
@!%p1 bra LBB0_1;
setp.lt.and.s32 %p1|%p2, %r1, %r2, !%p3;
mov.u32 %r1, %cluster_ctaid.x;
ld.shared.u32 %r1, [sym+4];
ld.global.u32 %r1, [0x100];
cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r1],
    [%rd1, {%r2, %r3}], [%r4];
mov.b32 %r1, 017; mov.b32 %r1, 0b101; mov.b32 %r1, 42U; mov.b64 %rd1, 0xFFFFFFFFFFFFFFFF;
mov.f64 %rd1, 1.5e3; mov.f32 %f1, %v.x; mov.b64 %rd1, 0d3FF0000000000000;
LBB0_1: ret;)")
                   .functions[0];
  EXPECT_EQ(as<FloatImmediate>(atLine(k, 11).operands[1]).bits, 0xBF800000u);
  EXPECT_EQ(as<Integer>(atLine(k, 12).operands[2]).value, 31);
  EXPECT_EQ(as<Integer>(atLine(k, 13).operands[2]).value, -4);
  const Instruction& vectorLoad = atLine(k, 14);
  const Vector& vector = as<Vector>(vectorLoad.operands[0]);
  ASSERT_EQ(vector.elements.size(), 4u);
  EXPECT_TRUE(std::holds_alternative<Sink>(vector.elements[2].value));
  EXPECT_EQ(as<Address>(vectorLoad.operands[1]).offset, -4);
  EXPECT_TRUE(atLine(k, 15).guard->negated);
  EXPECT_EQ(atLine(k, 15).where.column, 7);
  const Instruction& setp = atLine(k, 16);
  EXPECT_EQ(as<PredicatePair>(setp.operands[0]).predicate.name, "%p2");
  EXPECT_TRUE(as<Register>(setp.operands[3]).negated);
  EXPECT_EQ(as<SpecialRegister>(atLine(k, 17).operands[1]).name, "%cluster_ctaid.x");
  EXPECT_EQ(as<Address>(atLine(k, 18).operands[1]).base, Address::Base::Symbol);
  EXPECT_EQ(as<Address>(atLine(k, 18).operands[1]).offset, 4);
  EXPECT_EQ(as<Address>(atLine(k, 19).operands[1]).base, Address::Base::Absolute);
  EXPECT_EQ(as<Address>(atLine(k, 19).operands[1]).offset, 0x100);
  EXPECT_EQ(as<Address>(atLine(k, 20).operands[1]).coordinates.size(), 2u);
  std::vector<const Instruction*> all = instructions(k);
  EXPECT_EQ(as<Integer>(all[10]->operands[1]).value, 15);
  EXPECT_EQ(as<Integer>(all[11]->operands[1]).value, 5);
  EXPECT_EQ(as<Integer>(all[12]->operands[1]).value, 42);
  EXPECT_EQ(as<Integer>(all[13]->operands[1]).value, -1);
  EXPECT_EQ(as<FloatImmediate>(all[14]->operands[1]).bits, 0x40977000'00000000u);
  EXPECT_EQ(as<Register>(all[15]->operands[1]).name, "%v.x");
  EXPECT_TRUE(as<FloatImmediate>(all[16]->operands[1]).isDouble);
  EXPECT_EQ(as<FloatImmediate>(all[16]->operands[1]).bits, 0x3FF00000'00000000u);
  EXPECT_EQ(labelsOf(k.body), (std::vector<std::string>{"LBB0_1"}));
}

TEST(PtxModuleParser, NestedBlocksScopeRegistersAndLabels) {
  Function k = kernel(R"(.reg .b32 %r<2>;
{ .reg .pred p; L: @p bra L; }
{ .reg .pred p; L: @!p bra L; { .reg .b32 p; mov.b32 p, %r1; } }
L: ret;)")
                   .functions[0];
  ASSERT_EQ(k.body.statements.size(), 5u);
  const auto& second = std::get<Block>(k.body.statements[2]);
  EXPECT_EQ(labelsOf(second), (std::vector<std::string>{"L"}));
  EXPECT_EQ(std::get<Block>(second.statements[3]).statements.size(), 2u);
  std::vector<const Instruction*> all = instructions(k);
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[1]->guard->predicate, "p");
  EXPECT_EQ(as<Register>(all[2]->operands[0]).name, "p");  // the innermost block's .b32 p
  EXPECT_EQ(as<Symbol>(all[1]->operands[0]).name, "L");
  EXPECT_EQ(labelsOf(k.body), (std::vector<std::string>{"L"}));
}

TEST(PtxModuleParser, LocPragmasCommentsAndCallPrototypes) {
  Module module = parsePtxModule(kHeader + R"(.pragma "nounroll";
.entry k()
{
  .reg .b32 %r<2>;
  mov.b32 %r1, 1;  /* before any .loc:
                      no line info */
  .loc 2 10 3
  .loc 3 7 1, function_name $L__info_string0+2, inlined_at 2 10 3
  .loc 3 9 5, function_name $L__info_string1, inlined_at 3 7 1
  .pragma "nounroll", "other";
  proto : .callprototype (.param .b32 _) _ (.param .b64 _);
  add.s32 %r1, %r1, 1;
  .loc 2 11 0
  ret;
}
.file 2 "k.cu", 1700000000, 1234
.file 3 "/usr/include/\"h\".h"
.section .debug_str
{
$L__info_string0:
.b8 104,105,0
$L__info_string1:
.b8 0
.b32 .debug_abbrev
.b64 $L__func_begin0+4
.b16 -1
}
)",
                                 "l.ptx");
  const Function& k = module.functions[0];
  EXPECT_EQ(module.pragmas, (std::vector<std::string>{"nounroll"}));
  EXPECT_EQ(k.pragmas, (std::vector<std::string>{"nounroll", "other"}));
  EXPECT_FALSE(atLine(k, 8).loc.has_value());
  const LineInfo& inner = *atLine(k, 15).loc;
  EXPECT_EQ(inner.position, (SourcePosition{3, 9, 5}));
  EXPECT_EQ(inner.inlinedAt, (std::vector<SourcePosition>{{3, 7, 1}, {2, 10, 3}}));
  EXPECT_EQ(atLine(k, 17).loc->position, (SourcePosition{2, 11, 0}));
  EXPECT_TRUE(labelsOf(k.body).empty());
  EXPECT_EQ(module.files.at(2), "k.cu");
  EXPECT_EQ(module.files.at(3), "/usr/include/\"h\".h");
  const Section& strings = module.sections[0];
  EXPECT_EQ(strings.bytes.size(), 3u + 1 + 4 + 8 + 2);
  EXPECT_EQ(strings.labels.at("$L__info_string1"), 3u);
  EXPECT_EQ(strings.bytes.back(), 0xFF);
  EXPECT_EQ(debugString(module, "$L__info_string0"), "hi");
  EXPECT_EQ(debugString(module, "$L__info_string1"), "");
}

}  // namespace
}  // namespace catcheck::frontends::ptx
