// Counts the terms each encoding of a transitive closure would add (ClosureCost.h), from the bounds of
// relation analysis alone: the from-below count directly from the pairs and their middles, Floyd-Warshall's
// by running it on bits, three states per pair, with the same skips the real one makes (RelationEncoder.cpp,
// closureOf: a false pair builds nothing, a true one absorbs whatever is or'ed into it).
#include "encoders/ClosureCost.h"

#include <vector>

namespace catcheck::encoders {

long long fromBelowTerms(const core::RelationBounds& closure, const core::PairSet& operandMay) {
  core::PairSet into = operandMay.inverse();  // per b, the events c with (c, b) an operand pair
  long long total = 0;
  for (int a = 0; a < closure.may.size(); ++a) {
    const core::EventSet& row = closure.may.successors(a);
    if (row.empty()) continue;
    row.forEach([&](int b) {
      if (!closure.must.has(a, b)) total += 2 + row.countCommon(into.successors(b));
    });
  }
  return total;
}

namespace {

std::vector<int> verticesOf(const core::PairSet& relation) {
  return (relation.domain() |= relation.range()).elements();
}

long long simulateWarshall(const core::RelationBounds& operand, const std::vector<int>& vertices,
                           const core::EventSet& certain, long long limit) {
  int size = operand.may.size();
  std::vector<core::EventSet> formula(static_cast<size_t>(size));   // pairs not false
  std::vector<core::EventSet> constant(static_cast<size_t>(size));  // pairs true
  for (int v : vertices) {
    formula[static_cast<size_t>(v)] = operand.may.successors(v);
    core::EventSet sure(size);
    if (certain.has(v)) {
      sure |= operand.must.successors(v);
      sure &= certain;
    }
    constant[static_cast<size_t>(v)] = sure;
  }
  long long total = 0;
  for (int k : vertices) {
    const core::EventSet throughK = formula[static_cast<size_t>(k)];
    const core::EventSet sureThroughK = constant[static_cast<size_t>(k)];
    for (int i : vertices) {
      core::EventSet& row = formula[static_cast<size_t>(i)];
      if (!row.has(k)) continue;
      core::EventSet& sure = constant[static_cast<size_t>(i)];
      total += throughK.countOutside(sure);
      if (sure.has(k)) {  // (i, k) and (k, j) true make (i, j) true: no term
        total -= sureThroughK.countOutside(sure);
        sure |= sureThroughK;
      }
      if (total > limit) return limit + 1;
      row |= throughK;
    }
  }
  return total;
}

}  // namespace

long long warshallTerms(const core::RelationBounds& operand, const core::EventSet& certain, long long limit,
                        int maxVertices) {
  std::vector<int> vertices = verticesOf(operand.may);
  if (static_cast<int>(vertices.size()) > maxVertices) return limit + 1;
  return simulateWarshall(operand, vertices, certain, limit);
}

ClosureChoice chooseClosureEncoding(const core::RelationBounds& closure, const core::RelationBounds& operand,
                                    const core::EventSet& certain) {
  ClosureChoice choice;
  // Kernel-sized closures stay from below without counting: Floyd-Warshall would not be simulated, and
  // counting the from-below terms of millions of pairs costs seconds.
  std::vector<int> vertices = verticesOf(operand.may);
  if (static_cast<int>(vertices.size()) > kMaxSimulatedVertices) {
    choice.fromBelowTerms = choice.warshallTerms = -1;
    return choice;
  }
  choice.fromBelowTerms = fromBelowTerms(closure, operand.may);
  choice.warshallTerms = simulateWarshall(operand, vertices, certain, choice.fromBelowTerms);
  choice.fromBelow = 2 * choice.warshallTerms > choice.fromBelowTerms;
  return choice;
}

}  // namespace catcheck::encoders
