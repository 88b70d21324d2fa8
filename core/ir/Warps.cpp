// Warps and the concrete meaning of warp primitives (issue 9; PTX ISA §9.7.12.x shfl.sync, vote.sync,
// redux.sync, bar.warp.sync). A warp is the threads of one CTA (or SPIR-V subgroup) with one warp id, in
// thread order; masks name lanes of that warp. Collective results follow the PTX ISA on the participants'
// operands: vote over `A != 0`, ballot as the bit set of lanes, redux over 32-bit values for the bitwise
// operators (the ISA's .b32 type) and over the test's integers otherwise. The encoder restates these
// rules symbolically (encoders/WarpEncoder.cpp); keep the two in step.
#include "core/ir/Warps.h"

#include <algorithm>
#include <stdexcept>

namespace catcheck::core {

WarpFamily familyOf(WarpOp op) {
  switch (op) {
    case WarpOp::Sync:
      return WarpFamily::Barrier;
    case WarpOp::ShuffleIdx:
    case WarpOp::ShuffleUp:
    case WarpOp::ShuffleDown:
    case WarpOp::ShuffleXor:
    case WarpOp::BroadcastFirst:
      return WarpFamily::Shuffle;
    case WarpOp::Elect:
    case WarpOp::AllEqual:
    case WarpOp::VoteAll:
    case WarpOp::VoteAny:
    case WarpOp::VoteUniform:
    case WarpOp::VoteBallot:
    case WarpOp::MatchAny:
    case WarpOp::ActiveMask:
      return WarpFamily::Vote;
    case WarpOp::ReduceAdd:
    case WarpOp::ReduceMin:
    case WarpOp::ReduceMax:
    case WarpOp::ReduceAnd:
    case WarpOp::ReduceOr:
    case WarpOp::ReduceXor:
      return WarpFamily::Reduce;
  }
  throw std::logic_error("unknown warp operation");
}

bool synchronisesLanes(WarpOp op) {
  return op != WarpOp::ActiveMask;
}

bool combinesBits(WarpOp op) {
  return op == WarpOp::ReduceAnd || op == WarpOp::ReduceOr || op == WarpOp::ReduceXor;
}

const char* warpOpName(WarpOp op) {
  switch (op) {
    case WarpOp::Sync:
      return "bar.warp.sync";
    case WarpOp::ShuffleIdx:
      return "shfl.sync.idx";
    case WarpOp::ShuffleUp:
      return "shfl.sync.up";
    case WarpOp::ShuffleDown:
      return "shfl.sync.down";
    case WarpOp::ShuffleXor:
      return "shfl.sync.bfly";
    case WarpOp::VoteAll:
      return "vote.sync.all";
    case WarpOp::VoteAny:
      return "vote.sync.any";
    case WarpOp::VoteUniform:
      return "vote.sync.uni";
    case WarpOp::VoteBallot:
      return "vote.sync.ballot";
    case WarpOp::ReduceAdd:
      return "redux.sync.add";
    case WarpOp::ReduceMin:
      return "redux.sync.min";
    case WarpOp::ReduceMax:
      return "redux.sync.max";
    case WarpOp::ReduceAnd:
      return "redux.sync.and";
    case WarpOp::ReduceOr:
      return "redux.sync.or";
    case WarpOp::ReduceXor:
      return "redux.sync.xor";
    case WarpOp::MatchAny:
      return "match.any.sync";
    case WarpOp::Elect:
      return "OpGroupNonUniformElect";
    case WarpOp::AllEqual:
      return "OpGroupNonUniformAllEqual";
    case WarpOp::BroadcastFirst:
      return "OpGroupNonUniformBroadcastFirst";
    case WarpOp::ActiveMask:
      return "activemask";
  }
  throw std::logic_error("unknown warp operation");
}

const char* warpConfigName(WarpConfig config) {
  switch (config) {
    case WarpConfig::Cuda:
      return "CUDA";
    case WarpConfig::Smr:
      return "SMR";
    case WarpConfig::Fmr:
      return "FMR";
  }
  throw std::logic_error("unknown warp configuration");
}

WarpConfig parseWarpConfig(const std::string& name) {
  for (WarpConfig c : {WarpConfig::Cuda, WarpConfig::Smr, WarpConfig::Fmr}) {
    if (name == warpConfigName(c)) return c;
  }
  throw std::invalid_argument("unknown warp configuration '" + name + "' (expected CUDA, SMR or FMR)");
}

WarpLayout warpLayout(const Program& program) {
  WarpLayout layout;
  std::map<std::vector<int>, int> warpIds;
  for (size_t t = 0; t < program.threads.size(); ++t) {
    const Thread& thread = program.threads[t];
    std::vector<int> key;
    for (const ScopePosition& p : thread.scopes) key.push_back(p.id);
    key.push_back(thread.warp ? 0 : 1);  // a thread without a warp id is a warp of its own
    key.push_back(thread.warp ? *thread.warp : static_cast<int>(t));
    auto [it, fresh] = warpIds.emplace(key, static_cast<int>(layout.lanes.size()));
    if (fresh) layout.lanes.emplace_back();
    layout.warpOf.push_back(it->second);
    layout.laneOf.push_back(static_cast<int>(layout.lanes[static_cast<size_t>(it->second)].size()));
    layout.lanes[static_cast<size_t>(it->second)].push_back(static_cast<int>(t));
  }
  return layout;
}

std::vector<int> WarpLayout::members(int thread, long long mask) const {
  std::vector<int> result;
  const std::vector<int>& warp = lanes.at(static_cast<size_t>(warpOf.at(static_cast<size_t>(thread))));
  for (size_t lane = 0; lane < warp.size() && lane < 63; ++lane) {
    if ((mask >> lane) & 1) result.push_back(warp[lane]);
  }
  return result;
}

bool WarpLayout::inMask(int thread, long long mask) const {
  int lane = laneOf.at(static_cast<size_t>(thread));
  return lane < 63 && ((mask >> lane) & 1) != 0;
}

long long WarpLayout::normalisedMask(int thread, long long mask) const {
  size_t size = lanes.at(static_cast<size_t>(warpOf.at(static_cast<size_t>(thread)))).size();
  return size >= 63 ? mask : mask & ((1LL << size) - 1);
}

namespace {

// PTX shfl.sync (ISA 9.7.8.6), its pseudo-code on lane, b[4:0] and c: nullopt when pval is false.
std::optional<long long> segmentSource(WarpOp op, long long lane, long long selector, long long control) {
  long long b = selector & 0x1f;
  long long clampLane = control & 0x1f;
  long long segmentMask = (control >> 8) & 0x1f;
  long long minLane = lane & segmentMask;
  long long maxLane = minLane | (clampLane & ~segmentMask);
  long long source = minLane | (b & ~segmentMask);  // idx
  bool inSegment = false;
  if (op == WarpOp::ShuffleUp) {
    source = lane - b;
    inSegment = source >= maxLane;
  } else {
    if (op == WarpOp::ShuffleDown) source = lane + b;
    if (op == WarpOp::ShuffleXor) source = lane ^ b;
    inSegment = source <= maxLane;
  }
  return inSegment ? std::optional<long long>(source) : std::nullopt;
}

}  // namespace

long long wholeWarpShuffleControl(WarpOp op) {
  return op == WarpOp::ShuffleUp ? 0 : 0x1f;
}

std::optional<int> shuffleSource(WarpOp op, int lane, int warpSize, long long selector,
                                 std::optional<long long> shuffleControl) {
  if (shuffleControl) {
    std::optional<long long> source = segmentSource(op, lane, selector, *shuffleControl);
    if (!source || *source >= warpSize) return std::nullopt;
    return static_cast<int>(*source);
  }
  long long source = selector;
  switch (op) {
    case WarpOp::ShuffleUp:
      source = lane - selector;
      break;
    case WarpOp::ShuffleDown:
      source = lane + selector;
      break;
    case WarpOp::ShuffleXor:
      source = lane ^ selector;
      break;
    case WarpOp::Sync:
    case WarpOp::ShuffleIdx:
    case WarpOp::VoteAll:
    case WarpOp::VoteAny:
    case WarpOp::VoteUniform:
    case WarpOp::VoteBallot:
    case WarpOp::ReduceAdd:
    case WarpOp::ReduceMin:
    case WarpOp::ReduceMax:
    case WarpOp::ReduceAnd:
    case WarpOp::ReduceOr:
    case WarpOp::ReduceXor:
    case WarpOp::MatchAny:
    case WarpOp::Elect:
    case WarpOp::AllEqual:
    case WarpOp::BroadcastFirst:
    case WarpOp::ActiveMask:
      break;
  }
  if (source < 0 || source >= warpSize) return std::nullopt;
  return static_cast<int>(source);
}

namespace {

long long as32(long long v) {
  long long m = v % (1LL << 32);
  return m < 0 ? m + (1LL << 32) : m;
}

long long reduce(WarpOp op, const std::map<int, long long>& operands) {
  long long result = op == WarpOp::ReduceAnd ? (1LL << 32) - 1 : 0;
  bool first = true;
  for (const auto& [lane, a] : operands) {
    switch (op) {
      case WarpOp::ReduceAdd:
        result += a;
        break;
      case WarpOp::ReduceMin:
        result = first ? a : std::min(result, a);
        break;
      case WarpOp::ReduceMax:
        result = first ? a : std::max(result, a);
        break;
      case WarpOp::ReduceAnd:
        result &= as32(a);
        break;
      case WarpOp::ReduceOr:
        result |= as32(a);
        break;
      case WarpOp::ReduceXor:
        result ^= as32(a);
        break;
      case WarpOp::Sync:
      case WarpOp::ShuffleIdx:
      case WarpOp::ShuffleUp:
      case WarpOp::ShuffleDown:
      case WarpOp::ShuffleXor:
      case WarpOp::VoteAll:
      case WarpOp::VoteAny:
      case WarpOp::VoteUniform:
      case WarpOp::VoteBallot:
      case WarpOp::MatchAny:
      case WarpOp::Elect:
      case WarpOp::AllEqual:
      case WarpOp::BroadcastFirst:
      case WarpOp::ActiveMask:
        throw std::logic_error("not a reduction");
    }
    first = false;
  }
  return result;
}

}  // namespace

std::optional<long long> collectiveResult(WarpOp op, int lane, int warpSize,
                                          const std::map<int, long long>& operands, long long selector,
                                          std::optional<long long> shuffleControl) {
  auto all = [&](bool wanted) {
    return std::all_of(operands.begin(), operands.end(),
                       [&](const auto& o) { return (o.second != 0) == wanted; });
  };
  switch (familyOf(op)) {
    case WarpFamily::Barrier:
      return 0;
    case WarpFamily::Shuffle: {
      if (op == WarpOp::BroadcastFirst) return operands.begin()->second;  // the lowest participant
      std::optional<int> source = shuffleSource(op, lane, warpSize, selector, shuffleControl);
      auto it = operands.find(source.value_or(lane));
      if (it == operands.end()) return std::nullopt;
      return it->second;
    }
    case WarpFamily::Vote:
      if (op == WarpOp::Elect) return operands.begin()->first == lane ? 1 : 0;
      if (op == WarpOp::AllEqual) {
        return std::all_of(operands.begin(), operands.end(),
                           [&](const auto& o) { return o.second == operands.begin()->second; })
                   ? 1
                   : 0;
      }
      if (op == WarpOp::VoteAll) return all(true) ? 1 : 0;
      if (op == WarpOp::VoteAny) return all(false) ? 0 : 1;
      if (op == WarpOp::VoteUniform) return all(true) || all(false) ? 1 : 0;
      {
        // ballot: the lanes whose operand is set; match.any: the lanes whose operand equals this lane's
        auto own = operands.find(lane);
        bool match = op == WarpOp::MatchAny;
        if (match && own == operands.end()) return std::nullopt;
        long long ballot = 0;
        for (const auto& [l, a] : operands) {
          bool counted = match ? a == own->second : a != 0;
          if (counted && l < 63) ballot |= 1LL << l;
        }
        return ballot;
      }
    case WarpFamily::Reduce:
      return reduce(op, operands);
  }
  throw std::logic_error("unknown warp family");
}

}  // namespace catcheck::core
