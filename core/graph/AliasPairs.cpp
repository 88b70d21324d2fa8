// Alias pairs by address buckets. Relation analysis needs the same-address pairs of the memory events for
// loc, vloc, reads-from and coherence; testing every pair costs n^2 (a kernel of 1 024 threads: 20 000
// events, 400 million tests per relation). Events whose address is fixed are grouped by it; a fixed event
// pairs with its group and with every event whose address is computed, a computed one with every memory
// event (physicalAlias / genericAlias decide those pairs, as before).
#include "core/graph/AliasPairs.h"

#include <map>
#include <vector>

namespace catcheck::core {

void forEachAliasPair(const EventGraph& graph, bool generic,
                      const std::function<void(const Event&, const Event&, Alias)>& f) {
  auto alias = [&](const Event& a, const Event& b) {
    return generic ? genericAlias(a, b) : physicalAlias(a, b);
  };
  std::vector<const Event*> memory, computed;
  std::map<int, std::vector<const Event*>> byAddress;
  for (const Event& e : graph.events) {
    if (!e.isMemory()) continue;
    memory.push_back(&e);
    if (e.computedAddress)
      computed.push_back(&e);
    else
      byAddress[generic ? e.generic : e.physical].push_back(&e);
  }
  for (const Event* a : memory) {
    if (a->computedAddress) {
      for (const Event* b : memory) {
        Alias result = alias(*a, *b);
        if (result != Alias::No) f(*a, *b, result);
      }
      continue;
    }
    for (const Event* b : byAddress[generic ? a->generic : a->physical]) f(*a, *b, Alias::Must);
    for (const Event* b : computed) {
      Alias result = alias(*a, *b);
      if (result != Alias::No) f(*a, *b, result);
    }
  }
}

}  // namespace catcheck::core
