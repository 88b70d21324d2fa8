// Which encoding a transitive closure that every axiom wants small gets (issue 30): from below unless
// Floyd-Warshall builds at most half as many terms. Encoded from below (a variable per undecided pair and an
// implication per middle event) it is easy on the solver where Floyd-Warshall's nested formulas are dense,
// but on a long sparse chain -- a release/acquire chain through 200 threads -- it declares a variable for
// each of the 40 000 ordered pairs and 80 000 implications where Floyd-Warshall builds 39 000 terms: 2.4 s
// against 0.36 s. Where the two are closer the solver still prefers the variables (the TTAS lock's 20 000
// from-below terms against 12 500: from below is 1.2 times faster), hence the factor of two. Both counts come
// from the bounds alone, before any term is built.
#pragma once

#include "core/analysis/Bounds.h"
#include "core/graph/PairSet.h"

namespace catcheck::encoders {

inline constexpr int kMaxSimulatedVertices = 4000;

struct ClosureChoice {
  bool fromBelow = true;
  long long fromBelowTerms = 0;  // -1: not counted (more than kMaxSimulatedVertices vertices)
  long long warshallTerms = 0;   // fromBelowTerms + 1 when more than that; -1: not counted
};

// From below unless Floyd-Warshall builds at most half as many terms (and always on an operand of more
// than kMaxSimulatedVertices vertices). `certain`: the events every execution executes (a must pair
// between two of them is true).
ClosureChoice chooseClosureEncoding(const core::RelationBounds& closure, const core::RelationBounds& operand,
                                    const core::EventSet& certain);

// Terms the from-below encoding of `closure` adds: per undecided pair (a, b), its variable, one
// implication for the operand's edge and one per middle event c with (a, c) a closure pair and (c, b) an
// operand pair.
long long fromBelowTerms(const core::RelationBounds& closure, const core::PairSet& operandMay);

// Terms Floyd-Warshall over the operand's may-graph builds, simulated on bits: a pair is false (outside
// may), true (in must, between `certain` events) or a formula, and step k builds a term for each pair
// (i, j) that is not yet true while (i, k) and (k, j) are not false. Counting stops past `limit` (the
// simulation is cubic in the vertices at worst), and a graph of more than `maxVertices` vertices is not
// simulated at all: both return limit + 1.
long long warshallTerms(const core::RelationBounds& operand, const core::EventSet& certain, long long limit,
                        int maxVertices = kMaxSimulatedVertices);

}  // namespace catcheck::encoders
