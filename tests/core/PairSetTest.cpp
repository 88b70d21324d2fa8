// Pair sets (core/graph/PairSet.h): the transitive closure by strongly connected components against the
// definition (pairs joined by a path), on random relations of every density, with cycles, self-loops and
// isolated events; sets that share their words (copies) stay independent when one of them changes; equal
// rows fall into one class; and composing with a part of the identity keeps the definition.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <vector>

#include "core/graph/PairSet.h"

namespace catcheck::core {
namespace {

// Pairs (a, b) joined by a path of one or more steps, by a search from each a.
PairSet closureByDefinition(const PairSet& r) {
  int n = r.size();
  PairSet result(n);
  for (int a = 0; a < n; ++a) {
    std::vector<int> frontier = r.successors(a).elements();
    while (!frontier.empty()) {
      int b = frontier.back();
      frontier.pop_back();
      if (result.has(a, b)) continue;
      result.add(a, b);
      for (int c : r.successors(b).elements()) frontier.push_back(c);
    }
  }
  return result;
}

TEST(PairSet, TransitiveClosureIsThePathRelation) {
  std::mt19937 random(7);
  for (int round = 0; round < 400; ++round) {
    int n = 1 + static_cast<int>(random() % 90);
    double density = std::vector<double>{0.005, 0.02, 0.05, 0.2, 0.6, 0.95}[random() % 6];
    std::bernoulli_distribution edge(density);
    PairSet r(n);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        if (edge(random)) r.add(a, b);
      }
    }
    PairSet expected = closureByDefinition(r);
    PairSet actual = r.transitiveClosure();  // in rounds, or by components for long paths
    PairSet byComponents = r.closureByComponents();
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        ASSERT_EQ(actual.has(a, b), expected.has(a, b))
            << "round " << round << ": (" << a << ", " << b << ")";
        ASSERT_EQ(byComponents.has(a, b), expected.has(a, b))
            << "round " << round << ": (" << a << ", " << b << ") by components";
      }
    }
  }
}

// Wide rows (PairSetClosure.cpp closes them in rounds) along paths of every length around the limit of
// rounds, with shortcuts and a cycle.
TEST(PairSet, WideChainsPastTheRoundsLimitCloseByDefinition) {
  const int width = 70;  // each step of the chain also reaches this many leaves
  for (int n : {2, 15, 16, 17, 18, 33}) {
    int size = n + width;
    PairSet r(size);
    for (int e = 0; e + 1 < n; ++e) {
      r.add(e, e + 1);
      for (int leaf = n; leaf < size; ++leaf) r.add(e, leaf);
    }
    if (n > 4) r.add(1, n - 2);
    if (n > 10) r.add(n - 3, 5);  // a cycle through the middle
    PairSet expected = closureByDefinition(r);
    PairSet actual = r.transitiveClosure();
    for (int a = 0; a < size; ++a)
      for (int b = 0; b < size; ++b)
        ASSERT_EQ(actual.has(a, b), expected.has(a, b)) << n << ": " << a << "," << b;
  }
}

TEST(PairSet, ALongChainClosesWithoutRecursion) {
  int n = 30000;
  PairSet chain(n);
  for (int e = 0; e + 1 < n; ++e) chain.add(e, e + 1);
  PairSet closed = chain.transitiveClosure();
  EXPECT_TRUE(closed.has(0, n - 1));
  EXPECT_FALSE(closed.has(n - 1, 0));
  EXPECT_EQ(closed.successors(n - 2).count(), 1);
}

TEST(PairSet, CopiesThatShareWordsChangeIndependently) {
  EventSet a(100);
  a.add(3);
  EventSet b = a;
  b.add(70);
  a.remove(3);
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(b.elements(), (std::vector<int>{3, 70}));
  EventSet c = b;
  c.subtract(b);
  EXPECT_TRUE(c.empty());
  EXPECT_EQ(b.count(), 2);
  EXPECT_TRUE(EventSet(100) == c);
  EventSet d(100);
  d |= b;
  d &= EventSet(100);
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(b.count(), 2);
}

// Rows with equal contents share a class (an emptied row is the empty row), different rows do not.
TEST(PairSet, RowClassesGroupEqualRows) {
  PairSet r(5);
  r.add(0, 1), r.add(0, 3);
  r.add(2, 1), r.add(2, 3);
  r.add(3, 1);
  r.add(4, 2), r.remove(4, 2);  // words allocated, no element
  std::vector<int> classes = r.rowClasses();
  EXPECT_EQ(classes[0], classes[2]);
  EXPECT_NE(classes[0], classes[3]);
  EXPECT_EQ(classes[1], classes[4]);  // both empty
  EXPECT_NE(classes[1], classes[0]);
  EXPECT_EQ(r.successors(1).hash(), r.successors(4).hash());
}

// Intersection and composition share words where a row's result equals an operand's or another row's
// (PairSet.cpp); against bit-by-bit definitions on random relations whose rows repeat, as scope relations'
// rows do, the results are the same pairs, and changing a shared row afterwards changes no other.
TEST(PairSet, SharedRowsIntersectAndComposeByDefinition) {
  std::mt19937 random(7);
  const int n = 70;
  auto relationWithRepeatedRows = [&](int density) {
    std::vector<EventSet> distinct(5, EventSet(n));
    for (EventSet& row : distinct)
      for (int b = 0; b < n; ++b)
        if (static_cast<int>(random() % 100) < density) row.add(b);
    PairSet r(n);
    for (int a = 0; a < n; ++a) r.successors(a) = distinct[random() % distinct.size()];
    return r;
  };
  for (int density : {0, 5, 50, 95, 100}) {
    PairSet r = relationWithRepeatedRows(density), s = relationWithRepeatedRows(100 - density);
    PairSet meet = r;
    meet &= s;
    PairSet composed = r.compose(s);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        EXPECT_EQ(meet.has(a, b), r.has(a, b) && s.has(a, b)) << density << ": " << a << "," << b;
        bool path = false;
        for (int c = 0; c < n; ++c) path = path || (r.has(a, c) && s.has(c, b));
        EXPECT_EQ(composed.has(a, b), path) << density << ": " << a << "," << b;
      }
    }
    bool rHad = r.has(1, 1), sHad = s.has(1, 1), sBefore = s.has(0, 0);
    composed.add(0, 0);  // rows that share words with s's or with each other change alone
    meet.remove(1, 1);
    EXPECT_EQ(r.has(1, 1), rHad);
    EXPECT_EQ(s.has(1, 1), sHad);
    EXPECT_EQ(s.has(0, 0), sBefore);
    for (int a = 1; a < n; ++a) EXPECT_EQ(composed.has(a, 0), r.compose(s).has(a, 0));
  }
}

// A part of the identity on either side of a composition (PairSet.cpp's shortcut) gives the pairs of the
// definition, and a relation with any other pair is not one.
TEST(PairSet, ComposingWithAPartOfTheIdentityKeepsTheDefinition) {
  std::mt19937 random(11);
  const int n = 70;
  PairSet r(n), part(n);
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b)
      if (random() % 3 == 0) r.add(a, b);
    if (random() % 2 == 0) part.add(a, a);
  }
  std::optional<EventSet> domain = part.identityDomain();
  ASSERT_TRUE(domain.has_value());
  EXPECT_FALSE(r.identityDomain().has_value());
  PairSet before = part.compose(r), after = r.compose(part);
  for (int a = 0; a < n; ++a) {
    EXPECT_EQ(domain->has(a), part.has(a, a));
    for (int b = 0; b < n; ++b) {
      EXPECT_EQ(before.has(a, b), part.has(a, a) && r.has(a, b)) << a << "," << b;
      EXPECT_EQ(after.has(a, b), r.has(a, b) && part.has(b, b)) << a << "," << b;
    }
  }
  for (int a = 0; a < n; ++a) {  // a row taken from r stays r's own when the result's changes
    bool had = r.has(a, a);
    before.add(a, a);
    EXPECT_EQ(r.has(a, a), had);
  }
  PairSet offDiagonal = part;
  offDiagonal.add(3, 4);
  EXPECT_FALSE(offDiagonal.identityDomain().has_value());
}

}  // namespace
}  // namespace catcheck::core
