// Operator precedence, desugaring, kinds, hash-consing, functions, redefinitions and `let rec` of the
// `.cat` front end, on small snippets parsed over an empty stdlib.
#include <gtest/gtest.h>

#include "TestSupport.h"

namespace catcheck::cat {
namespace {

using testing::parse;
using testing::printDefinition;

std::string term(const std::string& expression) {
  return printDefinition(parse("let a = " + expression), "a");
}

Kind kindOf(const std::string& expression) {
  Model model = parse("let a = " + expression);
  return model.node(model.definitions.at("a")).kind();
}

TEST(CatPrecedence, CompositionBindsTighterThanUnion) {
  EXPECT_EQ(term("po; rf | co"), "Union(Composition(po,rf),co)");
  EXPECT_EQ(term("po | rf; co"), "Union(po,Composition(rf,co))");
}

TEST(CatPrecedence, IntersectionThenDifferenceThenComposition) {
  EXPECT_EQ(term("po & rf \\ co"), "Difference(Intersection(po,rf),co)");
  EXPECT_EQ(term("po \\ rf & co"), "Difference(po,Intersection(rf,co))");
  EXPECT_EQ(term("po ; rf \\ co"), "Composition(po,Difference(rf,co))");
  EXPECT_EQ(term("po \\ rf ; co"), "Composition(Difference(po,rf),co)");
}

TEST(CatPrecedence, ComplementBindsLooserThanPostfixAndProduct) {
  EXPECT_EQ(term("~po & rf"), "Intersection(Complement(po),rf)");
  EXPECT_EQ(term("~po^-1"), "Complement(Inverse(po))");
  EXPECT_EQ(term("~W * R"), "Complement(Product(W,R))");
  EXPECT_EQ(term("IW * ~IW; po"), "Composition(Product(IW,Complement(IW)),po)");
}

TEST(CatPrecedence, ProductBindsTighterThanPostfix) {
  EXPECT_EQ(term("W * R+"), "TransitiveClosure(Product(W,R))");
  EXPECT_EQ(term("W*W | R*R"), "Union(Product(W,W),Product(R,R))");
}

TEST(CatPrecedence, BinaryOperatorsAreLeftAssociative) {
  EXPECT_EQ(term("po \\ rf \\ co"), "Difference(Difference(po,rf),co)");
  EXPECT_EQ(term("po; rf; co"), "Composition(Composition(po,rf),co)");
  EXPECT_EQ(term("po | rf | co"), "Union(Union(po,rf),co)");
  EXPECT_EQ(term("po; (rf; co)"), "Composition(po,Composition(rf,co))");
}

TEST(CatPrecedence, PostfixStarIsNotAProduct) {
  EXPECT_EQ(term("(po; [W])* ; rf"),
            "Composition(Union(TransitiveClosure(Composition(po,IdentityOn(W))),id),rf)");
  Model model = parse("let a = po*\nacyclic a");
  EXPECT_EQ(printDefinition(model, "a"), "Union(TransitiveClosure(po),id)");
}

TEST(CatDesugaring, ClosuresAndOptional) {
  EXPECT_EQ(term("po*"), "Union(TransitiveClosure(po),id)");
  EXPECT_EQ(term("po^*"), "Union(TransitiveClosure(po),id)");
  EXPECT_EQ(term("po+"), "TransitiveClosure(po)");
  EXPECT_EQ(term("po^+"), "TransitiveClosure(po)");
  EXPECT_EQ(term("po?"), "Union(po,id)");
  EXPECT_EQ(term("po^-1"), "Inverse(po)");
  EXPECT_EQ(printDefinition(parse("let po-loc = po & loc\nlet a = po-loc^-1"), "a"),
            "Inverse(Intersection(po,loc))");
}

TEST(CatDesugaring, SetsAndIdentities) {
  EXPECT_EQ(term("[W]"), "IdentityOn(W)");
  EXPECT_EQ(term("toid(W & ACQ)"), "IdentityOn(Intersection(W,ACQ))");
  EXPECT_EQ(term("domain(rf)"), "Domain(rf)");
  EXPECT_EQ(term("range(rf)"), "Range(rf)");
  EXPECT_EQ(term("~W"), "Complement(W)");
  EXPECT_EQ(term("_ * M"), "Product(_,M)");
  EXPECT_EQ(kindOf("~W"), Kind::Set);
  EXPECT_EQ(kindOf("~po"), Kind::Relation);
  EXPECT_EQ(kindOf("domain(rf)"), Kind::Set);
  EXPECT_EQ(kindOf("W * R"), Kind::Relation);
}

TEST(CatNames, DashesAndDotsArePartOfNames) {
  EXPECT_EQ(term("axiom-Coherence"), "axiom-Coherence");
  EXPECT_EQ(term("a.b-c_d"), "a.b-c_d");
  Model model = parse("let a = rcu-rscs | sync_fence");
  EXPECT_TRUE(model.node(model.node(model.definitions.at("a")).args[0]).is(RelationOp::BaseRelation));
}

TEST(CatNames, BaseRelationsAndTagSets) {
  for (const char* name : {"po",   "loc",  "vloc", "id",   "int",        "ext",     "co",      "rf",   "amo",
                           "lxsx", "data", "addr", "ctrl", "casdep",     "si",      "sr",      "scta", "ssg",
                           "swg",  "sqf",  "sdv",  "ssw",  "sync_fence", "syncbar", "rcu-rscs"}) {
    Model model = parse(std::string("let a = ") + name);
    const Node& node = model.node(model.definitions.at("a"));
    EXPECT_TRUE(node.is(RelationOp::BaseRelation)) << name;
    EXPECT_EQ(node.kind(), Kind::Relation) << name;
  }
  for (const char* name : {"W", "R", "M", "_", "IW", "ACQ", "SC0", "fr"}) {
    Model model = parse(std::string("let a = ") + name);
    const Node& node = model.node(model.definitions.at("a"));
    EXPECT_TRUE(node.is(SetOp::TagSet)) << name;
    EXPECT_EQ(node.kind(), Kind::Set) << name;
    EXPECT_EQ(node.name, name);
  }
}

TEST(CatEmpty, ZeroIsTheEmptyRelationUnlessASetIsNeeded) {
  Model model = parse("let a = 0\nlet b = [0]\nlet c = W | 0\nlet d = 0 * W\nlet e = [a]\nlet f = po & 0");
  const Node& a = model.node(model.definitions.at("a"));
  EXPECT_TRUE(a.is(RelationOp::Empty));
  EXPECT_EQ(a.kind(), Kind::Relation);
  auto argumentKind = [&](const char* name, size_t i) {
    return model.node(model.node(model.definitions.at(name)).args.at(i)).kind();
  };
  EXPECT_EQ(argumentKind("b", 0), Kind::Set);
  EXPECT_EQ(argumentKind("c", 1), Kind::Set);
  EXPECT_EQ(argumentKind("d", 0), Kind::Set);
  EXPECT_EQ(argumentKind("e", 0), Kind::Set);
  EXPECT_EQ(argumentKind("f", 1), Kind::Relation);
  EXPECT_EQ(printDefinition(model, "c"), "Union(W,0)");
}

TEST(CatHashConsing, EqualTermsShareOneNode) {
  Model model = parse("let a = po; rf\nlet b = (po ; rf)\nlet c = [W]\nlet d = toid(W)\nlet e = rf; po");
  EXPECT_EQ(model.definitions.at("a"), model.definitions.at("b"));
  EXPECT_EQ(model.definitions.at("c"), model.definitions.at("d"));
  EXPECT_NE(model.definitions.at("a"), model.definitions.at("e"));
  EXPECT_EQ(model.nodes.size(), 6u);  // po rf po;rf W [W] rf;po
}

TEST(CatHashConsing, KindIsPartOfTheKey) {
  Model model = parse("let a = 0\nlet b = [0]");
  EXPECT_NE(model.definitions.at("a"), model.node(model.definitions.at("b")).args[0]);
}

TEST(CatFunctions, ExpandedWithArguments) {
  Model model = parse("let imm(r) = r \\ (r; r+)\nlet a = imm(co)\nlet f(S, r) = [S]; r\nlet b = f(W, po)");
  EXPECT_EQ(printDefinition(model, "a"), "Difference(co,Composition(co,TransitiveClosure(co)))");
  EXPECT_EQ(printDefinition(model, "b"), "Composition(IdentityOn(W),po)");
  EXPECT_FALSE(model.definitions.contains("imm"));
  EXPECT_FALSE(model.definitions.contains("f"));
}

TEST(CatFunctions, ParametersShadowDefinitions) {
  Model model = parse("let r = co\nlet f(r) = r; r\nlet a = f(po)\nlet b = f(r)");
  EXPECT_EQ(printDefinition(model, "a"), "Composition(po,po)");
  EXPECT_EQ(printDefinition(model, "b"), "Composition(co,co)");
}

TEST(CatFunctions, BodiesSeeDefinitionsBeforeThemOnly) {
  Model model = parse("let x = rf\nlet f(r) = r; x\nlet x = co\nlet a = f(po)\nlet b = x");
  EXPECT_EQ(printDefinition(model, "a"), "Composition(po,rf)");
  EXPECT_EQ(printDefinition(model, "b"), "co");
}

TEST(CatFunctions, NestedCallsAndComplexArguments) {
  Model model = parse("let twice(r) = r; r\nlet sym(r) = r | r^-1\nlet a = sym(twice(po & loc))");
  EXPECT_EQ(printDefinition(model, "a"),
            "Union(Composition(Intersection(po,loc),Intersection(po,loc)),"
            "Inverse(Composition(Intersection(po,loc),Intersection(po,loc))))");
  Model tags = parse("let dyn(X) = [range([IW & X]; loc)] | [X & F]\nlet a = dyn(~NAL)");
  EXPECT_EQ(printDefinition(tags, "a"),
            "Union(IdentityOn(Range(Composition(IdentityOn(Intersection(IW,Complement(NAL))),loc))),"
            "IdentityOn(Intersection(Complement(NAL),F)))");
}

TEST(CatFunctions, FunctionsWithoutParameters) {
  EXPECT_EQ(printDefinition(parse("let f() = po; rf\nlet a = f()"), "a"), "Composition(po,rf)");
}

TEST(CatRedefinition, BuiltinsReferToTheirPreviousMeaning) {
  Model model = parse("let co = co+\nlet fr = rf^-1; co");
  EXPECT_EQ(printDefinition(model, "co"), "TransitiveClosure(co)");
  EXPECT_EQ(printDefinition(model, "fr"), "Composition(Inverse(rf),TransitiveClosure(co))");
}

TEST(CatRedefinition, LaterDefinitionsSeeTheNewValue) {
  Model model = parse("let a = po\nlet b = a\nlet a = rf | a\nlet c = a");
  EXPECT_EQ(printDefinition(model, "b"), "po");
  EXPECT_EQ(printDefinition(model, "a"), "Union(rf,po)");
  EXPECT_EQ(printDefinition(model, "c"), "Union(rf,po)");
}

TEST(CatRedefinition, FunctionReplacedByValueAndBack) {
  Model model = parse("let f(r) = r\nlet f = po\nlet a = f");
  EXPECT_EQ(printDefinition(model, "f"), "po");
  Model back = parse("let f = po\nlet f(r) = r\nlet a = f(rf)");
  EXPECT_FALSE(back.definitions.contains("f"));
  EXPECT_EQ(printDefinition(back, "a"), "rf");
}

TEST(CatRecursion, OneVariable) {
  Model model = parse("let rec obs = (po & rf) | (obs; amo; obs)\nlet after = obs; po");
  ASSERT_EQ(model.recursives.size(), 1u);
  const RecursiveDefinition& obs = model.recursives[0];
  EXPECT_EQ(obs.name, "obs");
  EXPECT_EQ(obs.group, 0);
  EXPECT_EQ(testing::print(model, obs.body),
            "Union(Intersection(po,rf),Composition(Composition(rec:obs,amo),rec:obs))");
  const Node& reference = model.node(model.definitions.at("obs"));
  EXPECT_TRUE(reference.is(RelationOp::RecursiveRef));
  EXPECT_EQ(reference.recursive, 0);
  EXPECT_EQ(reference.kind(), Kind::Relation);
  EXPECT_EQ(printDefinition(model, "after"), "Composition(rec:obs,po)");
}

TEST(CatRecursion, MutualRecursionSharesAGroup) {
  Model model = parse("let rec a = po | b and b = a; rf\nlet rec c = c; co | rf");
  ASSERT_EQ(model.recursives.size(), 3u);
  EXPECT_EQ(model.recursives[0].group, 0);
  EXPECT_EQ(model.recursives[1].group, 0);
  EXPECT_EQ(model.recursives[2].group, 1);
  EXPECT_EQ(testing::print(model, model.recursives[0].body), "Union(po,rec:b)");
  EXPECT_EQ(testing::print(model, model.recursives[1].body), "Composition(rec:a,rf)");
}

TEST(CatAxioms, NamesFlagsAndNegation) {
  Model model = parse("acyclic po | rf as sc\nirreflexive po\nflag ~empty W * R as race\n  empty 0");
  ASSERT_EQ(model.axioms.size(), 4u);
  EXPECT_EQ(model.axioms[0].name, "sc");
  EXPECT_EQ(model.axioms[0].kind, AxiomKind::Acyclic);
  EXPECT_EQ(testing::print(model, model.axioms[0].relation), "Union(po,rf)");
  EXPECT_EQ(model.axioms[1].name, "irreflexive@2:1");
  EXPECT_EQ(model.axioms[1].location.str(), "test.cat:2:1");
  EXPECT_TRUE(model.axioms[2].flagged);
  EXPECT_TRUE(model.axioms[2].negated);
  EXPECT_EQ(model.axioms[2].kind, AxiomKind::Empty);
  EXPECT_FALSE(model.axioms[1].flagged || model.axioms[1].negated);
  EXPECT_EQ(model.axioms[3].name, "empty@4:3");
}

TEST(CatAxioms, EmptyOfASetChecksItsIdentity) {
  Model model = parse("empty W & R");
  EXPECT_EQ(testing::print(model, model.axioms.at(0).relation), "IdentityOn(Intersection(W,R))");
}

TEST(CatSyntax, ModelNamesCommentsAndShow) {
  EXPECT_EQ(parse("PTX\nlet a = po").name, "PTX");
  EXPECT_EQ(parse("\"My model\"\nlet a = po").name, "My model");
  EXPECT_EQ(parse("VULKAN \"title\" let a = po").name, "VULKAN");
  EXPECT_EQ(parse("let a = po").name, "");
  Model model = parse(
      "(* outer (* nested *) still comment *)\n/* block\n comment */ let a = po // line comment\n"
      "show a, po; rf as b\nunshow a");
  EXPECT_EQ(printDefinition(model, "a"), "po");
  EXPECT_EQ(model.definitions.size(), 1u);
}

}  // namespace
}  // namespace catcheck::cat
