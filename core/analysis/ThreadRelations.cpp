// Thread-structure base relations built from each thread's events instead of a test of every pair of
// events (a kernel of 1 024 threads has 20 000 events: 400 million tests per relation). The rows of int
// and ext depend only on the event's thread, so a thread's events share one row (EventSet copies share
// their words): ext of 20 000 events costs a row per thread, not 50 MB. Every pair is certain (must = may).
#include "core/analysis/ThreadRelations.h"

#include <vector>

namespace catcheck::core::thread_relations {
namespace {

// A thread's events in program order: its steps' events, which the event graph numbers in that order.
std::vector<int> eventsOf(const UnrolledThread& thread) {
  std::vector<int> events;
  for (const Step& step : thread.steps) events.insert(events.end(), step.events.begin(), step.events.end());
  return events;
}

RelationBounds certain(PairSet may) {
  RelationBounds bounds{std::move(may), PairSet()};
  bounds.must = bounds.may;
  return bounds;
}

}  // namespace

std::vector<EventSet> eventsPerThread(const EventGraph& graph) {
  std::vector<EventSet> sets;
  for (const UnrolledThread& thread : graph.threads) {
    EventSet set(graph.size());
    for (int e : eventsOf(thread)) set.add(e);
    sets.push_back(std::move(set));
  }
  return sets;
}

RelationBounds programOrder(const EventGraph& graph) {
  PairSet po(graph.size());
  for (const UnrolledThread& thread : graph.threads) {
    std::vector<int> events = eventsOf(thread);
    EventSet later(graph.size());  // the events after the current one, built from the thread's end
    for (auto e = events.rbegin(); e != events.rend(); ++e) {
      po.successors(*e) = later;
      later.add(*e);
    }
  }
  return certain(std::move(po));
}

RelationBounds internal(const EventGraph& graph) {
  PairSet in(graph.size());
  for (const EventSet& members : eventsPerThread(graph))
    members.forEach([&](int e) { in.successors(e) = members; });
  for (const Event& e : graph.events) {
    if (e.thread < 0) in.add(e.id, e.id);
  }
  return certain(std::move(in));
}

RelationBounds external(const EventGraph& graph) {
  EventSet all(graph.size());
  for (const Event& e : graph.events) all.add(e.id);
  PairSet ext(graph.size());
  for (const EventSet& members : eventsPerThread(graph)) {
    EventSet others = all;
    others.subtract(members);
    members.forEach([&](int e) { ext.successors(e) = others; });
  }
  for (const Event& e : graph.events) {
    if (e.thread >= 0) continue;
    ext.successors(e.id) = all;
    ext.remove(e.id, e.id);
  }
  return certain(std::move(ext));
}

RelationBounds identity(const EventGraph& graph) {
  PairSet id(graph.size());
  for (const Event& e : graph.events) id.add(e.id, e.id);
  return certain(std::move(id));
}

RelationBounds atomicPairs(const EventGraph& graph) {
  PairSet amo(graph.size());
  for (const Event& e : graph.events) {
    if (e.kind == EventKind::Read && e.rmwPartner >= 0) amo.add(e.id, e.rmwPartner);
  }
  return certain(std::move(amo));
}

}  // namespace catcheck::core::thread_relations
