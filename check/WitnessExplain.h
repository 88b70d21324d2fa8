// Explaining one execution with the concrete evaluator, for people: the relations a model names (for
// `--show`), and why an axiom fails or a flag fires on it (the cycle, self pair or pair that does it).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "core/analysis/RelationGraph.h"
#include "core/concrete/Evaluator.h"
#include "core/graph/EventGraph.h"
#include "core/graph/PairSet.h"

namespace catcheck::check {

// The relations `names` denote in `model` (top-level `let` definitions or base relations it uses).
// Throws std::invalid_argument for a name the model does not define or one that denotes a set.
std::map<std::string, core::NodeId> resolveRelations(const core::Model& model,
                                                     const std::vector<std::string>& names);

// Their values on the evaluator's execution.
std::map<std::string, core::PairSet> evaluateRelations(const core::Evaluator& evaluator,
                                                       const std::map<std::string, core::NodeId>& relations);

// A shortest cycle of `r` as its events in order (the first one not repeated); empty when `r` is acyclic.
std::vector<int> shortestCycle(const core::PairSet& r);

// What makes the axiom's relation non-empty, reflexive or cyclic (by its kind) on the evaluator's
// execution: one pair, self pair or cycle, each edge broken down along compositions, unions and closures
// into named relations, one event per line. "" when there is no such pair or cycle.
std::string axiomEvidence(const core::Model& model, const core::EventGraph& graph,
                          const core::Evaluator& evaluator, const core::Axiom& axiom);

// One text per non-flagged axiom that fails ("axiom NAME (acyclic) fails on this cycle:" and the cycle).
std::vector<std::string> failedAxioms(const core::Model& model, const core::EventGraph& graph,
                                      const core::Evaluator& evaluator);

// One text per flag that fires ("flag NAME fires on this pair:" and the pair).
std::vector<std::string> firedFlags(const core::Model& model, const core::EventGraph& graph,
                                    const core::Evaluator& evaluator);

}  // namespace catcheck::check
