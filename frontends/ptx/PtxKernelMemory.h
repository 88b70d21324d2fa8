// The memory of one kernel launch: its regions (argument buffers, `.global` and `.const` variables once per
// launch, `.shared` variables once per CTA) at addresses of their state space, and the IR memory locations
// the accesses touch, created on demand with the width they are accessed at. See PtxKernelMemory.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/ir/Program.h"
#include "frontends/ptx/PtxModule.h"

namespace catcheck::frontends::ptx {

// Where generic addresses of the shared and local windows start (global addresses are generic addresses):
// `cvta.shared` adds kSharedWindow to a shared-space address, `cvta.to.shared` subtracts it.
inline constexpr long long kSharedWindow = 1LL << 44;
inline constexpr long long kLocalWindow = 1LL << 45;
inline constexpr long long kWindowSize = 1LL << 32;
// The first global address handed out (buffers and module variables) and the first shared-space address.
inline constexpr long long kFirstGlobal = 0x10000000;
inline constexpr long long kFirstShared = 0x400;
// A shared::cluster address (what mapa returns) names CTA rank r of the cluster by r + 1 in its bits from
// kClusterRankShift up (0: the thread's own CTA, so every shared::cta address is also one), the offset in
// that CTA's shared memory below: 32-bit registers hold it, as nvcc's `mapa.shared::cluster.u32` needs.
inline constexpr int kClusterRankShift = 24;
inline constexpr long long kSharedOffsetMask = (1LL << kClusterRankShift) - 1;
// Tensor memory (PTX ISA "Tensor Memory", tcgen05): per CTA, 128 lanes of 512 columns of 32-bit cells; a
// tensor-memory address holds the lane in bits 31..16 and the column in bits 15..0.
inline constexpr int kTensorLanes = 128;
inline constexpr int kTensorColumns = 512;

struct Region {
  std::string name;                       // as witnesses show it: "s", "arg1", "counter"
  StateSpace space = StateSpace::Global;  // Global (buffers, .global, .const) or Shared
  long long base = 0;                     // the first byte's address in its state space
  long long size = 0;
  bool readOnly = false;  // .const
  enum class Contents { Zero, Unknown, Initialised };
  Contents contents = Contents::Zero;
  std::vector<std::uint8_t> bytes;  // Initialised, little endian
  bool contains(long long address) const { return base <= address && address < base + size; }
};

class KernelMemory {
 public:
  KernelMemory(core::Program& program, int ctaCount) : program_(program), ctaCount_(ctaCount) {}

  // Places a region after the others of its space (aligned to `alignment`, at least 16) and returns its
  // index.
  int addRegion(Region region, long long alignment);
  const Region& region(int index) const { return regions_.at(static_cast<size_t>(index)); }
  // The region of `space` holding `address` (a space address), if any.
  std::optional<int> regionAt(StateSpace space, long long address) const;
  // The IR location of `width` bits at `address` of `space` (Global or Shared, the latter in CTA `cta`),
  // created on first use. An address in no region gets a location of its own ("unallocated"), so an
  // execution that runs off its allocation still has a meaning. Accesses of different widths that overlap
  // are not modelled: an input error at `where`.
  int location(StateSpace space, int cta, long long address, int width, const core::SourceLocation& where);
  // Every location of `region` at `width` (an access whose address is computed at run time may reach any).
  void ensureRegion(int region, int cta, int width, const core::SourceLocation& where);
  // The number a location's `address` field carries: computed addresses are compared with it.
  static long long numbering(StateSpace space, int cta, long long address);
  // The tensor-memory cell (lane, column) of CTA `cta`: its location, created on first use ("tmem[l][c]"),
  // and the number its `address` field carries.
  int tensorLocation(int cta, int lane, long long column);
  static long long tensorNumbering(int cta, int lane, long long column);

 private:
  core::MemoryObject makeLocation(StateSpace space, int cta, long long address, int width) const;
  long long initialValue(const Region& region, long long offset, int width) const;
  std::string nearestBelow(StateSpace space, long long address) const;

  core::Program& program_;
  int ctaCount_;
  std::vector<Region> regions_;
  long long nextGlobal_ = kFirstGlobal;
  long long nextShared_ = kFirstShared;
  // (space, cta, address) -> (location, width); cta is 0 for global memory
  std::map<std::tuple<int, int, long long>, std::pair<int, int>> locations_;
};

}  // namespace catcheck::frontends::ptx
