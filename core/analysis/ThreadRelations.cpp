// Thread-structure base relations built from each thread's events instead of a test of every pair of
// events (a kernel of 1 024 threads has 20 000 events: 400 million tests per relation). The rows of int
// and ext depend only on the event's thread, so a thread's events share one row (EventSet copies share
// their words): ext of 20 000 events costs a row per thread, not 50 MB. Every pair is certain (must = may).
#include "core/analysis/ThreadRelations.h"

#include <algorithm>
#include <vector>

namespace catcheck::core::thread_relations {
namespace {

// Each thread's events in program order (init writes, thread -1, belong to none).
std::vector<std::vector<const Event*>> eventsByThread(const EventGraph& graph) {
  std::vector<std::vector<const Event*>> threads;
  for (const Event& e : graph.events) {
    if (e.thread < 0) continue;
    if (static_cast<size_t>(e.thread) >= threads.size()) threads.resize(static_cast<size_t>(e.thread) + 1);
    threads[static_cast<size_t>(e.thread)].push_back(&e);
  }
  for (auto& events : threads) {
    std::stable_sort(events.begin(), events.end(),
                     [](const Event* a, const Event* b) { return a->poIndex < b->poIndex; });
  }
  return threads;
}

EventSet membersOf(const std::vector<const Event*>& events, int size) {
  EventSet set(size);
  for (const Event* e : events) set.add(e->id);
  return set;
}

RelationBounds certain(PairSet may) {
  RelationBounds bounds{std::move(may), PairSet()};
  bounds.must = bounds.may;
  return bounds;
}

}  // namespace

RelationBounds programOrder(const EventGraph& graph) {
  PairSet po(graph.size());
  for (const auto& events : eventsByThread(graph)) {
    EventSet later(graph.size());  // the events after the current one, built from the thread's end
    for (size_t i = events.size(); i-- > 0;) {
      const Event& e = *events[i];
      po.successors(e.id) = later;
      // events at one position (the read and write of an RMW) are not ordered with each other
      if (i == 0 || events[i - 1]->poIndex != e.poIndex) {
        for (size_t j = i; j < events.size() && events[j]->poIndex == e.poIndex; ++j)
          later.add(events[j]->id);
      }
    }
  }
  return certain(std::move(po));
}

RelationBounds internal(const EventGraph& graph) {
  PairSet in(graph.size());
  for (const auto& events : eventsByThread(graph)) {
    EventSet members = membersOf(events, graph.size());
    for (const Event* e : events) in.successors(e->id) = members;
  }
  for (const Event& e : graph.events) {
    if (e.thread < 0) in.add(e.id, e.id);
  }
  return certain(std::move(in));
}

RelationBounds external(const EventGraph& graph) {
  EventSet all(graph.size());
  for (const Event& e : graph.events) all.add(e.id);
  PairSet ext(graph.size());
  for (const auto& events : eventsByThread(graph)) {
    EventSet others = all;
    others.subtract(membersOf(events, graph.size()));
    for (const Event* e : events) ext.successors(e->id) = others;
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
