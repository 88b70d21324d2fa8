// Regions and locations of a kernel launch (PtxKernelMemory.h). Regions get addresses in their state space
// in declaration order, aligned; locations are created when an access first touches them, one per
// (space, CTA, address) with the width of the access, named after their region and element ("s[3]",
// "arg1[0]", "s[3]@cta1" when the grid has several CTAs). Shared memory starts with unconstrained contents
// (the ISA leaves it so); argument buffers are zero-filled or unconstrained as the launch says; module
// variables hold their initialisers (zero without one).
#include "frontends/ptx/PtxKernelMemory.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/ir/ExprFold.h"

namespace catcheck::frontends::ptx {
namespace {

// Width 0 is an mbarrier object's state (core/ir/Mbarrier.h, unbounded integers): its 8 bytes.
long long byteSize(int width) {
  return width == 0 ? 8 : width / 8;
}

long long alignUp(long long value, long long alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

}  // namespace

int KernelMemory::addRegion(Region region, long long alignment) {
  alignment = std::max<long long>(alignment, 16);
  // Location names must be unique (witnesses and conditions name locations by them): two variables whose
  // short names agree (statics of two functions) are told apart by a suffix.
  std::string name = region.name;
  for (int copy = 2;
       std::any_of(regions_.begin(), regions_.end(), [&](const Region& r) { return r.name == name; }); ++copy)
    name = region.name + "#" + std::to_string(copy);
  region.name = name;
  long long& next = region.space == StateSpace::Shared ? nextShared_ : nextGlobal_;
  region.base = alignUp(next, alignment);
  // A guard gap as large as the region follows it: an access that runs off its allocation by less than
  // the allocation's size lands in no allocation rather than in a neighbour (memory_safety, issue 27).
  next = region.base + 2 * std::max<long long>(region.size, 16);
  regions_.push_back(std::move(region));
  return static_cast<int>(regions_.size()) - 1;
}

std::optional<int> KernelMemory::regionAt(StateSpace space, long long address) const {
  for (size_t i = 0; i < regions_.size(); ++i) {
    if (regions_[i].space == space && regions_[i].contains(address)) return static_cast<int>(i);
  }
  return std::nullopt;
}

long long KernelMemory::numbering(StateSpace space, int cta, long long address) {
  if (space != StateSpace::Shared) return address;
  return (1LL << 48) + static_cast<long long>(cta) * kWindowSize + address;
}

long long KernelMemory::initialValue(const Region& region, long long offset, int width) const {
  unsigned long long value = 0;
  for (int byte = static_cast<int>(byteSize(width)) - 1; byte >= 0; --byte) {
    size_t at = static_cast<size_t>(offset + byte);
    value = (value << 8) | (at < region.bytes.size() ? region.bytes[at] : 0);
  }
  return static_cast<long long>(core::maskTo(value, width));
}

// For an address in no region: where it is relative to the region below it (an access that ran off it).
std::string KernelMemory::nearestBelow(StateSpace space, long long address) const {
  const Region* below = nullptr;
  for (const Region& r : regions_) {
    if (r.space == space && r.base <= address && (below == nullptr || r.base > below->base)) below = &r;
  }
  if (below == nullptr) return fmt::format(" (address {:#x}, below every variable of its space)", address);
  return fmt::format(" (address {:#x}, {} bytes past the end of {}, {} bytes at {:#x})", address,
                     address - below->base - below->size, below->name, below->size, below->base);
}

long long KernelMemory::tensorNumbering(int cta, int lane, long long column) {
  return (1LL << 50) + static_cast<long long>(cta) * kWindowSize + (lane * kTensorColumns + column) * 4;
}

// Tensor memory has no variables: its cells are named by lane and column. Its contents start unconstrained
// (the ISA does not clear an allocation) and are no result of the kernel.
int KernelMemory::tensorLocation(int cta, int lane, long long column) {
  constexpr int kTensorSpace = -1;  // a key of its own beside the state spaces of PtxModule.h
  auto key = std::make_tuple(kTensorSpace, cta, tensorNumbering(cta, lane, column));
  auto found = locations_.find(key);
  if (found != locations_.end()) return found->second.first;
  core::MemoryObject object;
  object.name =
      fmt::format("tmem[{}][{}]{}", lane, column, ctaCount_ > 1 ? "@cta" + std::to_string(cta) : "");
  object.width = 32;
  object.address = std::get<2>(key);
  object.initialValueUnknown = true;
  object.result = false;
  program_.memory.push_back(std::move(object));
  int index = static_cast<int>(program_.memory.size()) - 1;
  program_.memory.back().physical = index;
  program_.memory.back().generic = index;
  locations_[key] = {index, 32};
  return index;
}

core::MemoryObject KernelMemory::makeLocation(StateSpace space, int cta, long long address, int width) const {
  core::MemoryObject object;
  std::optional<int> index = regionAt(space, address);
  std::string suffix = space == StateSpace::Shared && ctaCount_ > 1 ? "@cta" + std::to_string(cta) : "";
  if (!index) {
    object.name = std::string(space == StateSpace::Shared ? "shared" : "global") + "@" +
                  std::to_string(address) + suffix;
    object.initialValueUnknown = true;
    object.unsafe = "outside every allocation" + nearestBelow(space, address);
  } else {
    const Region& region = regions_[static_cast<size_t>(*index)];
    long long offset = address - region.base;
    long long bytes = byteSize(width);
    bool aligned = offset % bytes == 0;
    bool scalar = region.size == bytes;
    object.name = region.name +
                  (scalar    ? ""
                   : aligned ? "[" + std::to_string(offset / bytes) + "]"
                             : "+" + std::to_string(offset)) +
                  suffix;
    object.initialValueUnknown = region.contents == Region::Contents::Unknown;
    if (!aligned)
      object.unsafe = "misaligned for its " + std::to_string(bytes) + "-byte width in " + region.name;
    if (offset + bytes > region.size) object.unsafe = "runs past the end of " + region.name;
    if (region.contents == Region::Contents::Initialised)
      object.initialValue = initialValue(region, offset, width);
  }
  object.width = width;
  object.address = numbering(space, cta, address);
  object.result = space == StateSpace::Global;  // argument buffers and .global variables
  return object;
}

int KernelMemory::location(StateSpace space, int cta, long long address, int width,
                           const core::SourceLocation& where) {
  if (space != StateSpace::Shared) cta = 0;
  int spaceKey = static_cast<int>(space);
  auto key = std::make_tuple(spaceKey, cta, address);
  auto found = locations_.find(key);
  if (found != locations_.end() && found->second.second == width) return found->second.first;
  // An overlapping location of another width (or at another start) is a mixed-size access.
  long long bytes = byteSize(width);
  for (auto it = locations_.lower_bound(std::make_tuple(spaceKey, cta, address - 8)); it != locations_.end();
       ++it) {
    auto [otherSpace, otherCta, otherAddress] = it->first;
    if (otherSpace != spaceKey || otherCta != cta || otherAddress >= address + bytes) break;
    if (otherAddress + byteSize(it->second.second) > address) {
      const core::MemoryObject& other = program_.memory[static_cast<size_t>(it->second.first)];
      throw core::InputError(where, "mixed-size access: " + std::to_string(width) + " bits at " +
                                        makeLocation(space, cta, address, width).name + " overlap the " +
                                        std::to_string(other.width) + "-bit location " + other.name +
                                        " (accesses of different widths to the same bytes are not modelled)");
    }
  }
  program_.memory.push_back(makeLocation(space, cta, address, width));
  program_.memory.back().physical = static_cast<int>(program_.memory.size()) - 1;
  program_.memory.back().generic = program_.memory.back().physical;
  int index = static_cast<int>(program_.memory.size()) - 1;
  locations_[key] = {index, width};
  return index;
}

void KernelMemory::ensureRegion(int index, int cta, int width, const core::SourceLocation& where) {
  const Region& region = regions_.at(static_cast<size_t>(index));
  long long bytes = byteSize(width);
  if (region.size / bytes > 65536) {
    throw core::InputError(where, "an access whose address is computed at run time reaches " + region.name +
                                      ", which has more than 65536 elements (not modelled)");
  }
  for (long long offset = 0; offset + bytes <= region.size; offset += bytes)
    location(region.space, cta, region.base + offset, width, where);
}

}  // namespace catcheck::frontends::ptx
