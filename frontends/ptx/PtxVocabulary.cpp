// The PTX words both PTX readers share, one table each (see PtxVocabulary.h). Lookups answer nothing for a
// word outside the table, so that each reader reports an unknown word in its own terms (a litmus cell, a
// kernel instruction).
#include "frontends/ptx/PtxVocabulary.h"

#include <map>
#include <utility>

namespace catcheck::frontends::ptx {
namespace {

template <typename Value>
std::optional<Value> lookUp(const std::map<std::string, Value, std::less<>>& table, std::string_view word) {
  auto found = table.find(word);
  if (found == table.end()) return std::nullopt;
  return found->second;
}

}  // namespace

const std::vector<std::string>& scopeQualifiers() {
  static const std::vector<std::string> narrowestFirst = {"cta", "cluster", "gpu", "sys"};
  return narrowestFirst;
}

std::optional<std::string> scopeTag(std::string_view qualifier) {
  static const std::map<std::string, std::string, std::less<>> tags = {
      {"cta", "CTA"}, {"cluster", "CLUSTER"}, {"gpu", "GPU"}, {"sys", "SYS"}};
  return lookUp(tags, qualifier);
}

std::optional<std::string> orderTag(std::string_view qualifier) {
  static const std::map<std::string, std::string, std::less<>> tags = {
      {"weak", "WEAK"},   {"relaxed", "RLX"},     {"acquire", "ACQ"},
      {"release", "REL"}, {"acq_rel", "ACQ_REL"}, {"sc", "SC"}};
  return lookUp(tags, qualifier);
}

std::string atomicReadTag(std::string_view order) {
  return order == "acquire" || order == "acq_rel" ? "ACQ" : "RLX";
}

std::string atomicWriteTag(std::string_view order) {
  return order == "release" || order == "acq_rel" ? "REL" : "RLX";
}

std::optional<AtomicOperation> atomicOperation(std::string_view name) {
  using core::RmwOp;
  static const std::map<std::string, AtomicOperation, std::less<>> operations = {
      {"add", {RmwOp::Add, RmwOp::Add}},
      {"and", {RmwOp::And, RmwOp::And}},
      {"or", {RmwOp::Or, RmwOp::Or}},
      {"xor", {RmwOp::Xor, RmwOp::Xor}},
      {"exch", {RmwOp::Exchange, RmwOp::Exchange}},
      {"cas", {RmwOp::CompareExchange, RmwOp::CompareExchange}},
      {"min", {RmwOp::UMin, RmwOp::Min}},
      {"max", {RmwOp::UMax, RmwOp::Max}},
      {"inc", {RmwOp::WrappingIncrement, RmwOp::WrappingIncrement}},
      {"dec", {RmwOp::WrappingDecrement, RmwOp::WrappingDecrement}},
  };
  return lookUp(operations, name);
}

const WarpModes& shuffleModes() {
  static const WarpModes modes = {{"idx", core::WarpOp::ShuffleIdx},
                                  {"up", core::WarpOp::ShuffleUp},
                                  {"down", core::WarpOp::ShuffleDown},
                                  {"bfly", core::WarpOp::ShuffleXor}};
  return modes;
}

const WarpModes& voteModes() {
  static const WarpModes modes = {{"all", core::WarpOp::VoteAll},
                                  {"any", core::WarpOp::VoteAny},
                                  {"uni", core::WarpOp::VoteUniform},
                                  {"ballot", core::WarpOp::VoteBallot}};
  return modes;
}

const WarpModes& reduxOperators() {
  static const WarpModes operators = {{"add", core::WarpOp::ReduceAdd}, {"min", core::WarpOp::ReduceMin},
                                      {"max", core::WarpOp::ReduceMax}, {"and", core::WarpOp::ReduceAnd},
                                      {"or", core::WarpOp::ReduceOr},   {"xor", core::WarpOp::ReduceXor}};
  return operators;
}

std::optional<std::string> tensorCoreMarkerTag(std::string_view operation, std::string_view what) {
  if (operation == "wait" && what == "st") return "TCWAIT_ST";
  if (operation == "wait" && what == "ld") return "TCWAIT_LD";
  if (operation == "fence" && what == "before_thread_sync") return "TCFENCE_BEFORE";
  if (operation == "fence" && what == "after_thread_sync") return "TCFENCE_AFTER";
  return std::nullopt;
}

}  // namespace catcheck::frontends::ptx
