// Bad input to the PTX module parser (frontends/ptx/): one core::InputError with the exact
// `file:line:col: error: message`, and never a crash or a hang, also on every prefix of a corpus kernel.
#include <gtest/gtest.h>

#include "PtxModuleTestSupport.h"

namespace catcheck::frontends::ptx {
namespace {
using namespace testing;

// Bad input and the exact message it gets: `bad.ptx:WHERE: error: MESSAGE`.
struct ErrorCase {
  std::string input;
  std::string where;
  std::string message;
};

void expectErrors(const std::vector<ErrorCase>& cases, std::string (*parse)(const std::string&)) {
  for (const ErrorCase& c : cases)
    EXPECT_EQ(parse(c.input), "bad.ptx:" + c.where + ": error: " + c.message) << c.input;
}

TEST(PtxModuleErrors, ModuleDirectives) {
  std::string h = kHeader;
  expectErrors(
      {{".target sm_90\n", "1:1", "unexpected '.target', expected '.version'"},
       {".version 9\n", "1:10", "unexpected '9', expected a version MAJOR.MINOR"},
       {".version 9.0\n.address_size 48\n", "2:15", "address size must be 32 or 64, not 48"},
       {h + ".file 1 \"a\"\n.file 1 \"b\"\n", "5:7", "file 1 is declared twice"},
       {h + ".file 1 a.cu\n", "4:9", "unexpected 'a.cu', expected a file name in quotes"},
       {h + ".foo\n", "4:1",
        "unexpected '.foo', expected a module directive, a variable, '.entry' or '.func'"},
       {h + ".visible .reg .b32 r;\n", "4:10", "unexpected '.reg', expected '.entry', '.func' or a variable"},
       {h + ".param .u32 p;\n", "4:1",
        "unexpected '.param', expected a module directive, a variable, '.entry' or '.func'"},
       {h + ".entry (\n", "4:8", "unexpected '(', expected a kernel name"},
       {h + ".entry k(.param .u64 a .param .u64 b)\n", "4:24", "unexpected '.param', expected ',' or ')'"},
       {h + ".entry k() .maxntid 128, x {}\n", "4:26", "unexpected 'x', expected an integer"},
       {h + ".entry k() .foo {}\n", "4:12",
        "unexpected '.foo', expected '{', ';' or a performance directive"},
       {h + ".section .debug_str { .b8 1, .b8 }\n", "4:30",
        "unexpected '.b8', expected an integer or a label"},
       {h + ".section .debug_str { mov.u32 }\n", "4:23",
        "unexpected 'mov.u32', expected a label, '.b8', '.b16', '.b32', '.b64' or '}'"}},
      errorOf);
}

TEST(PtxModuleErrors, Lexical) {
  std::string h = kHeader;
  expectErrors({{h + "#include <x>\n", "4:1", "unexpected character '#'"},
                {h + ".file 1 \"a.cu\n", "4:9", "unterminated string"},
                {h + "/* never\nclosed", "4:1", "unterminated comment: '/*' without '*/'"},
                {h + "\xc3\xa9\n", "4:1", "unexpected character '\xc3\xa9'"},
                {h + "% r\n", "4:1", "unexpected character '%'"},
                {".version 9.0\xff\n", "1:13", "the file is not valid UTF-8 (byte 0xff)"}},
               errorOf);
  expectErrors({{"mov.b32 %r1, 12abc;", "6:14", "malformed number '12abc'"},
                {"mov.f32 %f1, 0f3F80;", "6:14", "malformed number '0f3F80'"},
                {"mov.b32 %r1, 09;", "6:14", "malformed number '09'"}},
               bodyError);
}

TEST(PtxModuleErrors, Declarations) {
  expectErrors(
      {{".reg .b32 %r<2000000>;", "6:14", "register count 2000000 is too large (at most 1048576)"},
       {".reg .b32 %r<0>;", "6:14", "register count must be at least 1"},
       {".reg .b33 %x;", "6:6", "unexpected '.b33', expected a type (.b32, .u64, .pred, ...)"},
       {".reg .pred p;\n.reg .pred p;", "7:12", "register p is declared twice in this scope"},
       {".shared .align 3 .b8 s[4];", "6:16", "alignment 3 is not a power of two"},
       {".shared .b8 s(4);", "6:14", "unexpected '(', expected ',' or ';'"},
       {"L: ret;\nL: ret;", "7:1", "label L is already defined at line 6"},
       {".loc 1 2\nret;", "7:1", "unexpected 'ret', expected a column number"},
       {".loc 1 2 3, inlined_at 1 1 1\nret;", "6:13", "unexpected 'inlined_at', expected 'function_name'"},
       {".entry j() {}", "6:1",
        "unexpected '.entry', expected an instruction, a label, a declaration, '{' or '}'"}},
      bodyError);
  EXPECT_EQ(errorOf(kHeader + ".entry k()\n{\nret;\n"),
            "bad.ptx:7:1: error: unexpected end of input, expected '}' closing the block opened at line 5");
}

TEST(PtxModuleErrors, InstructionsAndOperands) {
  std::string r = ".reg .b32 %r<10>;\n";
  expectErrors({{r + "add.s32 %r1, %r2, %r3\nret;", "8:1", "unexpected 'ret', expected ',' or ';'"},
                {r + "mov.b32 %r10, 1;", "7:9", "register %r10 is not declared"},
                {r + "mov.u32 %r1, %tid.w;", "7:14", "unknown special register %tid.w"},
                {"LBB0_1\nret;", "6:1", "unexpected 'LBB0_1', expected an instruction"},
                {r + "add.s32 %r1, , %r1;", "7:14", "unexpected ',', expected an operand"},
                {r + "ld.u32 %r1, [%r1 4];", "7:18", "unexpected '4', expected ']'"},
                {r + "ld.u32 %r1, [%tid.x];", "7:14",
                 "unexpected '%tid.x', expected a register, a variable or an integer address"},
                {r + "mov.b64 {%r0, {%r1}}, 0;", "7:15", "unexpected '{', expected an operand"},
                {r + "mov.b32 %r1, 0x1FFFFFFFFFFFFFFFF;", "7:14",
                 "integer 0x1FFFFFFFFFFFFFFFF does not fit in 64 bits"},
                {"@%p1 bra L;", "6:2", "register %p1 is not declared"},
                {"@_ bra L;", "6:2", "unexpected '_', expected a predicate register"},
                {"bra.uni L.x;", "6:9", "unexpected 'L.x', expected an operand"}},
               bodyError);
}

TEST(PtxModuleErrors, DepthLimits) {
  std::string deep = "ret;";
  for (int i = 0; i < 63; ++i) deep = "{" + deep + "}";
  EXPECT_NO_THROW(kernel(deep));  // the body and 63 nested blocks: 64 deep
  EXPECT_EQ(bodyError("{" + deep + "}"), "bad.ptx:6:64: error: blocks nested deeper than 64");
  std::string braces = "0";
  for (int i = 0; i < 65; ++i) braces = "{" + braces + "}";
  EXPECT_EQ(errorOf(kHeader + ".global .b32 a[1] = " + braces + ";"),
            "bad.ptx:4:85: error: initialiser braces nested deeper than 64");
  std::string locs = ".loc 1 1 1\n";
  for (int i = 0; i < 257; ++i) locs += ".loc 1 1 1, function_name f, inlined_at 1 1 1\n";
  EXPECT_EQ(bodyError(locs), "bad.ptx:263:1: error: inlined_at chain deeper than 256 calls");
}

// Every prefix of two corpus kernels (cut anywhere, mid-token included) parses or is one InputError.
TEST(PtxModuleErrors, EveryPrefixOfACorpusFileEndsInAnInputErrorOrAModule) {
  for (std::string name : {"mbar_pipeline_ok.ptx", "reduce_tree_ok.clang-O0.ptx"}) {
    std::string text = readFile(kCorpus + name);
    for (size_t length = 0; length < text.size(); length += 7) {
      try {
        parsePtxModule(text.substr(0, length), name);
      } catch (const core::InputError& e) {
        EXPECT_NE(std::string(e.what()).find(": error: "), std::string::npos);
      }
    }
  }
}

}  // namespace
}  // namespace catcheck::frontends::ptx
