// The choke point from a base relation's pair to a formula (docs/design.md decision 4). Relation analysis
// bounds every base relation; a pair outside its may set is false, one in its must set holds whenever
// both events execute, and the rest are the solver's choices: a variable the memory encoder declared for
// rf, co and sync_fence, and for syncbar the conjunction of the barrier's synchronisation and equal
// resource ids that the program encoder built. The switch over DecidedRelation is exhaustive, so a new
// solver-decided relation in the registry (core/analysis/BaseRelation.h) is named here by the compiler.
#include "encoders/EncodingContext.h"

#include <stdexcept>

namespace catcheck::encoders {

const core::RelationBounds& EncodingContext::bounds(core::BaseRelation relation) {
  std::optional<core::RelationBounds>& slot = bounds_.at(static_cast<size_t>(relation));
  if (!slot) slot = core::baseRelationBounds(graph, relation);
  return *slot;
}

Term EncodingContext::pair(core::BaseRelation relation, int a, int b) {
  const core::RelationBounds& bounded = bounds(relation);
  if (!bounded.may.has(a, b)) return f.bottom();
  if (bounded.must.has(a, b)) return execBoth(a, b);
  std::optional<core::DecidedRelation> decided = core::describe(relation).decided;
  if (!decided)
    throw std::logic_error("static base relation '" + std::string(core::describe(relation).name) +
                           "' has pairs outside its must set");
  return decidedPair(*decided, a, b);
}

Term EncodingContext::sameAddress(int a, int b) {
  switch (core::physicalAlias(graph.event(a), graph.event(b))) {
    case core::Alias::Must:
      return f.top();
    case core::Alias::No:
      return f.bottom();
    case core::Alias::May:
      break;
  }
  Term same = f.eq(address.at(static_cast<size_t>(a)), address.at(static_cast<size_t>(b)));
  // An access confined to its object (core::AddressRange) names no location outside it: the alias analysis
  // keeps it from every location and access elsewhere; an unconfined computed access meets it only inside.
  for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
    const core::Event& confined = graph.event(x);
    if (!confined.addressRange || graph.event(y).addressRange || !graph.event(y).computedAddress) continue;
    Term at = address.at(static_cast<size_t>(x));
    same = f.all({same, f.le(f.intValue(confined.addressRange->first), at),
                  f.le(at, f.intValue(confined.addressRange->last))});
  }
  return same;
}

void EncodingContext::declarePair(core::DecidedRelation relation, int a, int b, const std::string& name) {
  variables_.at(static_cast<size_t>(relation))[{a, b}] = f.boolVar(name);
}

Term EncodingContext::decidedPair(core::DecidedRelation relation, int a, int b) {
  switch (relation) {
    case core::DecidedRelation::ReadsFrom:
    case core::DecidedRelation::Coherence:
    case core::DecidedRelation::FenceOrder:
      return variable(relation, a, b);
    case core::DecidedRelation::BarrierSync:
      return barrierPair(a, b);
    case core::DecidedRelation::SameLocation:
    case core::DecidedRelation::SameGenericLocation:
      return f.both(execBoth(a, b), sameAddress(a, b));
  }
  throw std::logic_error("unknown decided relation");
}

Term EncodingContext::variable(core::DecidedRelation relation, int a, int b) const {
  const std::map<EventPair, Term>& variables = variables_.at(static_cast<size_t>(relation));
  auto it = variables.find({a, b});
  return it == variables.end() ? f.bottom() : it->second;
}

// A named barrier pair synchronises when both execute, a's barrier synchronised (quorum barriers decide
// that) and their resource ids are equal.
Term EncodingContext::barrierPair(int a, int b) {
  auto warp = warpMatch.find({a, b});
  if (warp != warpMatch.end()) return warp->second;
  auto sync = barrierSync.find(a);
  Term synchronises = sync == barrierSync.end() ? f.top() : sync->second;
  auto same = sameBarrierResource.find({a, b});
  Term sameResource = same == sameBarrierResource.end() ? f.bottom() : same->second;
  return f.all({execBoth(a, b), synchronises, sameResource});
}

}  // namespace catcheck::encoders
