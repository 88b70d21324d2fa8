// Which encoding a transitive closure gets (encoders/ClosureCost.h): Floyd-Warshall on a sparse chain, where
// from below declares a variable for every ordered pair; from below on a dense graph, where Floyd-Warshall's
// terms grow with the cube of the events; and the simulation's own counts on small graphs worked by hand.
#include <gtest/gtest.h>

#include "encoders/ClosureCost.h"

namespace catcheck {
namespace {

// The operand and closure bounds of a chain 0 -> 1 -> ... -> n-1 whose edges are all undecided.
struct Chain {
  core::RelationBounds operand, closure;
  explicit Chain(int n) {
    operand = {core::PairSet(n), core::PairSet(n)};
    closure = {core::PairSet(n), core::PairSet(n)};
    for (int i = 0; i + 1 < n; ++i) operand.may.add(i, i + 1);
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) closure.may.add(i, j);
    }
  }
};

TEST(ClosureCost, ASparseChainGetsFloydWarshall) {
  Chain chain(100);
  encoders::ClosureChoice choice =
      encoders::chooseClosureEncoding(chain.closure, chain.operand, core::EventSet(100));
  EXPECT_FALSE(choice.fromBelow);
  // From below: 4 950 pairs, each a variable and an edge implication, and 4 851 with one middle.
  EXPECT_EQ(choice.fromBelowTerms, 2 * 4950 + 4851);
  EXPECT_LE(2 * choice.warshallTerms, choice.fromBelowTerms);
}

TEST(ClosureCost, ADenseGraphGetsFromBelow) {
  int n = 30;
  core::RelationBounds operand{core::PairSet(n), core::PairSet(n)};
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) operand.may.add(i, j);
  }
  core::RelationBounds closure = operand;
  encoders::ClosureChoice choice = encoders::chooseClosureEncoding(closure, operand, core::EventSet(n));
  EXPECT_TRUE(choice.fromBelow);
}

TEST(ClosureCost, WarshallCountsOnlyTheTermsItBuilds) {
  // 0 -> 1 -> 2 undecided: step 1 builds (0, 2) once; every other step finds a false pair.
  Chain chain(3);
  EXPECT_EQ(encoders::warshallTerms(chain.operand, core::EventSet(3), 100), 1);
  // With both edges certain (must, between always executed events) the pair (0, 2) is true: no term.
  core::EventSet all(3);
  for (int e = 0; e < 3; ++e) all.add(e);
  chain.operand.must = chain.operand.may;
  EXPECT_EQ(encoders::warshallTerms(chain.operand, all, 100), 0);
  // Counting stops past the limit, and a graph over the vertex limit is not simulated.
  Chain longer(50);
  EXPECT_EQ(encoders::warshallTerms(longer.operand, core::EventSet(50), 10), 11);
  EXPECT_EQ(encoders::warshallTerms(longer.operand, core::EventSet(50), 1000000, 20), 1000001);
}

}  // namespace
}  // namespace catcheck
