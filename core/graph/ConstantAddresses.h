// Constant propagation over an unrolled thread, to turn computed addresses into static locations (see
// ConstantAddresses.cpp).
#pragma once

#include <optional>
#include <vector>

#include "core/graph/EventGraph.h"

namespace catcheck::core {

// Per step of `thread`: the address its computed-address access has on every path that reaches it, when
// that is one constant (nullopt otherwise, and for steps without a computed address).
std::vector<std::optional<long long>> constantAddresses(const UnrolledThread& thread, const Thread& source);

}  // namespace catcheck::core
