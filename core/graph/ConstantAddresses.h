// Constant propagation over an unrolled thread, to turn computed addresses into static locations and to find
// the steps no path reaches (see ConstantAddresses.cpp).
#pragma once

#include <optional>
#include <vector>

#include "core/graph/EventGraph.h"

namespace catcheck::core {

// What constant propagation over `thread` finds, per step.
struct ThreadConstants {
  // The address a computed-address access has on every path that reaches it, when that is one constant
  // (nullopt otherwise, and for steps without a computed address).
  std::vector<std::optional<long long>> addresses;
  // Whether some path reaches the step: jumps whose condition is a known constant take one edge only.
  std::vector<char> reachable;
};
ThreadConstants propagateConstants(const UnrolledThread& thread, const Thread& source);

}  // namespace catcheck::core
