// memory_safety (issue 27): an executed access is unsafe when the location it names is outside every
// allocation or misaligned (MemoryObject::unsafe, which the front end decides for addresses it knows), or,
// for an address computed at run time, when it names no safe location: it falls outside the object it
// was derived from (AccessOperands::addressRange), between its elements, or on a location of another width.
// A model's `use-after-*` flags (ptx-v8.cat's use-after-dealloc) are memory errors too.
#include <fmt/format.h>

#include "encoders/Query.h"

namespace catcheck::encoders {
namespace {

std::vector<int> initEventOfLocation(const core::EventGraph& graph) {
  std::vector<int> initOf(graph.program->memory.size(), -1);
  for (const core::Event& e : graph.events) {
    if (e.kind == core::EventKind::Init) initOf[static_cast<size_t>(e.location)] = e.id;
  }
  return initOf;
}

// The allocation a computed access was derived from, by the name of its first location.
std::string allocationOf(const core::Program& program, const core::AddressRange& range) {
  for (const core::MemoryObject& m : program.memory) {
    if (m.address == range.first) return m.name.substr(0, m.name.find('['));
  }
  return "none";
}

std::string whyUnsafe(EncodingContext& ctx, const core::Event& e) {
  const core::Program& program = *ctx.graph.program;
  if (!e.computedAddress) {
    const core::MemoryObject& m = program.memory[static_cast<size_t>(e.location)];
    return fmt::format("{} ({})", m.unsafe, m.name);
  }
  long long address = ctx.f.backend().intValue(ctx.address[static_cast<size_t>(e.id)]);
  if (!e.addressRange) return fmt::format("address {:#x} names no location", address);
  return fmt::format("address {:#x} is outside its allocation {} [{:#x}, {:#x}] or misaligned", address,
                     allocationOf(program, *e.addressRange), e.addressRange->first, e.addressRange->last);
}

}  // namespace

std::vector<UnsafeAccess> unsafeAccesses(EncodingContext& ctx) {
  const core::EventGraph& graph = ctx.graph;
  const auto& memory = graph.program->memory;
  std::vector<int> initOf = initEventOfLocation(graph);
  std::vector<UnsafeAccess> unsafe;
  for (const core::Event& e : graph.events) {
    if (!e.isMemory() || e.kind == core::EventKind::Init) continue;
    Term executed = ctx.exec[static_cast<size_t>(e.id)];
    if (!e.computedAddress) {
      if (!memory[static_cast<size_t>(e.location)].unsafe.empty()) unsafe.push_back({e.id, executed});
      continue;
    }
    std::vector<Term> namesSafeLocation;
    for (size_t m = 0; m < memory.size(); ++m) {
      if (memory[m].unsafe.empty() && initOf[m] >= 0)
        namesSafeLocation.push_back(ctx.sameAddress(e.id, initOf[m]));
    }
    Term outside = ctx.f.both(executed, ctx.f.no(ctx.f.any(namesSafeLocation)));
    if (!ctx.f.isFalse(outside)) unsafe.push_back({e.id, outside});
  }
  return unsafe;
}

void explainMemorySafety(Query& query, const core::Model& model, const core::RelationAnalysis& analysis,
                         core::Verdict& verdict) {
  EncodingContext& ctx = query.context();
  for (const UnsafeAccess& access : unsafeAccesses(ctx)) {
    if (!query.value(access.when)) continue;
    const core::Event& e = ctx.graph.event(access.event);
    verdict.unsafeEvent = access.event;
    verdict.firedFlag = "outside allocation";
    verdict.firedPair = fmt::format("{} at {}: {}", ctx.graph.describe(e.id),
                                    ctx.graph.stepOf(e).instruction->location.str(), whyUnsafe(ctx, e));
    verdict.firedSites = {ctx.graph.site(e.id)};
    return;
  }
  for (const core::Axiom& axiom : model.axioms) {
    if (!axiom.flagged || !core::isMemorySafetyFlag(axiom.name) ||
        !query.value(query.relations().holds(axiom)))
      continue;
    verdict.firedFlag = axiom.name;
    analysis.relation(axiom.relation).may.forEach([&](int a, int b) {
      if (verdict.firedPair.empty() && query.value(query.relations().edge(axiom.relation, a, b))) {
        verdict.firedPair = fmt::format("{}  and  {}", ctx.graph.describe(a), ctx.graph.describe(b));
        verdict.firedSites = {ctx.graph.site(a), ctx.graph.site(b)};
      }
    });
    return;
  }
}

}  // namespace catcheck::encoders
