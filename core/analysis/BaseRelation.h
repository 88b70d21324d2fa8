// The registry of base relations (docs/design.md decision 9): every relation a `.cat` model can name without
// defining it has one entry in BaseRelation and one descriptor in the table of BaseRelations.cpp (its
// `.cat` name, how its bounds are computed, and whether the graph fixes it or the solver decides it).
// Engines switch on these enums, never on names: the relation encoder and the execution extractor switch
// exhaustively over DecidedRelation, the evaluator reads Execution::chosen(DecidedRelation), so adding a
// relation is one enum entry plus one descriptor, and the compiler names every switch still missing it.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace catcheck::core {

struct EventGraph;
struct RelationBounds;

// One entry per base relation, in the order of the descriptor table (BaseRelations.cpp).
enum class BaseRelation {
  Po,
  Int,
  Ext,
  Id,
  Loc,
  Vloc,
  Amo,
  Sr,
  Scta,
  Ssg,
  Swg,
  Sqf,
  Sdv,
  Ssw,
  Data,
  Ctrl,
  Rf,
  Co,
  SyncFence,
  SyncBar,
  Aop,      // pairs of events of one asynchronous operation, in program order (PTX cp.async*, tcgen05.*)
  Addr,     // always empty: litmus programs have no computed addresses
  Lxsx,     // always empty: no LL/SC
  Casdep,   // always empty: no CAS dependencies
  Si,       // always empty: no instruction-level identity
  RcuRscs,  // always empty: no RCU; keep last (kBaseRelationCount)
};

inline constexpr std::size_t kBaseRelationCount = static_cast<std::size_t>(BaseRelation::RcuRscs) + 1;

// The base relations an execution chooses within their may sets, one part of the execution record each
// (Execution::chosen): the solver decides them, the enumerator enumerates them, the evaluator reads them.
enum class DecidedRelation {
  ReadsFrom,            // rf
  Coherence,            // co
  FenceOrder,           // sync_fence: the order of mutually-in-scope SC fences
  BarrierSync,          // syncbar: which control barriers synchronised (quorums, computed resource ids)
  SameLocation,         // loc: equal physical addresses (decided by the values of computed addresses)
  SameGenericLocation,  // vloc: equal generic addresses (likewise)
};

inline constexpr std::array kDecidedRelations = {
    DecidedRelation::ReadsFrom,   DecidedRelation::Coherence,    DecidedRelation::FenceOrder,
    DecidedRelation::BarrierSync, DecidedRelation::SameLocation, DecidedRelation::SameGenericLocation};

struct BaseRelationDescriptor {
  BaseRelation id;
  std::string_view name;                   // as a `.cat` model spells it
  std::optional<DecidedRelation> decided;  // nullopt: static, the graph decides it (may == must)
  RelationBounds (*bounds)(const EventGraph& graph);
};

// Every descriptor, indexed by BaseRelation.
std::span<const BaseRelationDescriptor> baseRelations();
const BaseRelationDescriptor& describe(BaseRelation relation);

// The base relation a `.cat` model names `name`, if any.
std::optional<BaseRelation> baseRelationNamed(std::string_view name);

// Whether `name` is one of the base relations a `.cat` model can name without defining it (Dat3M's
// RelationNameRepository plus herd's `id`, `int`, `ext`); every other unbound name is a tag set.
bool isBaseRelationName(const std::string& name);

// The base relation whose pairs an execution's `relation` part holds.
BaseRelation baseRelationOf(DecidedRelation relation);

}  // namespace catcheck::core
