// `include` resolution, include cycles and the implicit stdlib of the `.cat` front end, on files written
// to a scratch directory.
#include <gtest/gtest.h>

#include "TestSupport.h"
#include "cat/Parser.h"
#include "core/ir/SourceLocation.h"

namespace catcheck::cat {
namespace {

namespace fs = std::filesystem;
using testing::printDefinition;
using testing::writeFile;

std::string loadError(const fs::path& model, const fs::path& stdlib) {
  try {
    loadModel(model.string(), stdlib.string());
  } catch (const core::InputError& error) {
    return error.what();
  }
  return "";
}

class CatIncludes : public ::testing::Test {
 protected:
  fs::path directory = testing::scratchDirectory();
  fs::path stdlib = writeFile(directory / "lib" / "std.cat", "let fr = rf^-1; co\nempty fr as std-axiom\n");
};

TEST_F(CatIncludes, NextToTheIncludingFileInTextOrder) {
  writeFile(directory / "defs.cat", "let a = po\nlet b = a; rf\n");
  fs::path model = writeFile(directory / "main.cat", "let a = co\ninclude \"defs.cat\"\nlet c = a\n");
  Model result = loadModel(model.string(), stdlib.string());
  EXPECT_EQ(printDefinition(result, "b"), "Composition(po,rf)");
  EXPECT_EQ(printDefinition(result, "c"), "po");
}

TEST_F(CatIncludes, NestedIncludesResolveRelativeToTheirOwnFile) {
  writeFile(directory / "sub" / "inner.cat", "let inner = loc\n");
  writeFile(directory / "sub" / "outer.cat", "include \"inner.cat\"\nlet outer = inner | po\n");
  fs::path model = writeFile(directory / "main.cat", "include \"sub/outer.cat\"\n");
  EXPECT_EQ(printDefinition(loadModel(model.string(), stdlib.string()), "outer"), "Union(loc,po)");
}

TEST_F(CatIncludes, AxiomsOfIncludedFilesAreNamedWithTheirFile) {
  writeFile(directory / "axioms.cat", "\n  acyclic po\n");
  fs::path model = writeFile(directory / "main.cat", "include \"axioms.cat\"\nirreflexive po\n");
  Model result = loadModel(model.string(), stdlib.string());
  ASSERT_EQ(result.axioms.size(), 3u);
  EXPECT_EQ(result.axioms[0].name, "std-axiom");
  EXPECT_EQ(result.axioms[1].name, "acyclic@axioms.cat:2:3");
  EXPECT_EQ(result.axioms[1].location.str(), (directory / "axioms.cat").string() + ":2:3");
  EXPECT_EQ(result.axioms[2].name, "irreflexive@2:1");
}

TEST_F(CatIncludes, ErrorsInIncludedFilesNameThatFile) {
  fs::path included = writeFile(directory / "bad.cat", "let a = po |\n");
  fs::path model = writeFile(directory / "main.cat", "include \"bad.cat\"\n");
  EXPECT_EQ(loadError(model, stdlib), included.string() + ":2:1: error: unexpected end of file");
}

TEST_F(CatIncludes, MissingIncludeIsReportedAtTheIncludeStatement) {
  fs::path model = writeFile(directory / "main.cat", "let a = po\n  include \"nowhere.cat\"\n");
  EXPECT_EQ(loadError(model, stdlib), model.string() + ":2:3: error: cannot open include file 'nowhere.cat'");
}

TEST_F(CatIncludes, CyclesAreErrors) {
  fs::path a = writeFile(directory / "a.cat", "include \"b.cat\"\n");
  fs::path b = writeFile(directory / "b.cat", "let x = po\ninclude \"a.cat\"\n");
  EXPECT_EQ(loadError(a, stdlib), b.string() + ":2:1: error: include cycle: 'a.cat' is already being read");
  fs::path self = writeFile(directory / "self.cat", "include \"self.cat\"\n");
  EXPECT_EQ(loadError(self, stdlib),
            self.string() + ":1:1: error: include cycle: 'self.cat' is already being read");
}

TEST_F(CatIncludes, TheStdlibComesFirstAndIsNeverIncludedTwice) {
  fs::path model = writeFile(directory / "main.cat", "include \"lib/std.cat\"\nlet fr = fr | co\n");
  Model result = loadModel(model.string(), stdlib.string());
  ASSERT_EQ(result.axioms.size(), 1u);
  EXPECT_EQ(printDefinition(result, "fr"), "Union(Composition(Inverse(rf),co),co)");
}

TEST_F(CatIncludes, LoadingTheStdlibItselfReadsItOnce) {
  Model result = loadModel(stdlib.string(), stdlib.string());
  EXPECT_EQ(result.axioms.size(), 1u);
  Model reference = loadModel(testing::referenceStdlib().string(), testing::referenceStdlib().string());
  EXPECT_EQ(reference.axioms.size(), 2u);
}

TEST_F(CatIncludes, TheModelsDirectoryIsTheProjectsModelsFolder) {
  EXPECT_TRUE(fs::equivalent(defaultModelsDirectory(), fs::path(CATCHECK_SOURCE_DIR) / "models"));
}

TEST_F(CatIncludes, FallBackToTheModelsDirectory) {
  ASSERT_TRUE(fs::is_regular_file(fs::path(defaultModelsDirectory()) / "stdlib.cat"));
  fs::path model = writeFile(directory / "main.cat", "include \"stdlib.cat\"\n");
  EXPECT_GT(loadModel(model.string(), stdlib.string()).axioms.size(), 1u);  // std-axiom and the project's
}

TEST(CatStdlib, DefinitionsAndAxiomsComeBeforeTheModel) {
  Model model = parseModelText("let co = co+\nlet x = fencerel(F)\nacyclic po", "test.cat",
                               testing::referenceStdlib().string());
  EXPECT_EQ(printDefinition(model, "fr"),
            "Union(Composition(Inverse(rf),co),Composition(Composition(Difference(IdentityOn(R),"
            "IdentityOn(Range(rf))),loc),IdentityOn(W)))");
  EXPECT_EQ(printDefinition(model, "rmw"), "Union(amo,lxsx)");
  EXPECT_EQ(printDefinition(model, "rfe"), "Intersection(rf,ext)");
  EXPECT_EQ(printDefinition(model, "co"), "TransitiveClosure(co)");
  EXPECT_EQ(printDefinition(model, "x"), "Composition(Composition(po,IdentityOn(F)),po)");
  EXPECT_FALSE(model.definitions.contains("fencerel"));
  ASSERT_EQ(model.axioms.size(), 3u);
  EXPECT_EQ(model.axioms[0].name, "empty@stdlib.cat:16:1");
  EXPECT_EQ(model.axioms[1].name, "undefined-behavior");
  EXPECT_TRUE(model.axioms[1].flagged && model.axioms[1].negated);
  EXPECT_EQ(testing::print(model, model.axioms[1].relation), "IdentityOn(UB)");
  EXPECT_EQ(model.axioms[2].name, "acyclic@3:1");
}

}  // namespace
}  // namespace catcheck::cat
