// Warps and warp primitives (issue 9): which threads form a warp and in which lane order, how the
// executions of warp primitives group into instances, what a collective computes from its participants,
// and which participant sets a warp configuration guarantees. The symbolic twin of `collectiveResult` is in
// encoders/WarpEncoder.cpp; the concrete evaluator uses these functions directly.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/ir/Program.h"

namespace catcheck::core {

// Instances are counted per family and mask: a shuffle never meets a vote.
enum class WarpFamily { Barrier, Shuffle, Vote, Reduce };
WarpFamily familyOf(WarpOp op);
// The reductions that combine the lanes' values bit by bit (and, or, xor of 32-bit values).
bool combinesBits(WarpOp op);
// Whether the primitive waits for the lanes it names and binds them by the warp contract (participation):
// every one but activemask, which reports the lanes that run it together and never waits.
bool synchronisesLanes(WarpOp op);
const char* warpOpName(WarpOp op);

// Which participant sets a warp primitive instance may have (WarpDRF's participation condition).
// Cuda: only the complete warp. Smr (SPIR-V maximal reconvergence) and Fmr (every dynamic block): the
// threads that reach the instance's dynamic block; in a litmus test every column is its own code, so any
// completed instance qualifies there.
enum class WarpConfig { Cuda, Smr, Fmr };
const char* warpConfigName(WarpConfig config);
WarpConfig parseWarpConfig(const std::string& name);  // throws std::invalid_argument

// The warps of a program: threads with the same scope ids and the same warp id, lanes in thread order; a
// thread without a warp id is a warp of its own.
struct WarpLayout {
  std::vector<int> warpOf;              // per thread
  std::vector<int> laneOf;              // per thread
  std::vector<std::vector<int>> lanes;  // per warp: its threads in lane order
  // The lanes of `thread`'s warp named by `mask`, as threads (bits past the last lane are ignored).
  std::vector<int> members(int thread, long long mask) const;
  bool inMask(int thread, long long mask) const;
  // The mask restricted to the warp's lanes, so that equal keys mean equal lane sets.
  long long normalisedMask(int thread, long long mask) const;
};
WarpLayout warpLayout(const Program& program);

// A collective's result for the lane `lane` from the participants' operands (lane -> A), its own operand,
// lane selector and shuffle control (below). nullopt: undefined behaviour (a shuffle from a lane that
// does not take part).
std::optional<long long> collectiveResult(WarpOp op, int lane, int warpSize,
                                          const std::map<int, long long>& operands, long long selector,
                                          std::optional<long long> shuffleControl = std::nullopt);
// The lane a shuffle reads from; nullopt when it lies outside the warp or its segment (the thread's own
// operand). Without a control (SPIR-V, litmus tests) the selector names a lane of the whole warp; with
// PTX shfl.sync's `c` operand (ISA 9.7.8.6: c[4:0] the clamp lane, c[12:8] the segment mask; CUDA's
// `width` w gives ((32 - w) << 8) | 0x1f, and 0 for up) the ISA's rule on the selector's low five bits.
std::optional<int> shuffleSource(WarpOp op, int lane, int warpSize, long long selector,
                                 std::optional<long long> shuffleControl = std::nullopt);
// The control of a shuffle over the whole warp: 0 for up, 0x1f otherwise.
long long wholeWarpShuffleControl(WarpOp op);

}  // namespace catcheck::core
