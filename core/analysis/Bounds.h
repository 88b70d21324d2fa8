// May/must bounds of relations and sets (docs/design.md decision 4). `must` pairs are related in every
// execution in which both events execute; `may` pairs are all that can be related at all.
#pragma once

#include "core/graph/PairSet.h"

namespace catcheck::core {

struct RelationBounds {
  PairSet may;
  PairSet must;
};

struct SetBounds {
  EventSet may;
  EventSet must;
};

}  // namespace catcheck::core
