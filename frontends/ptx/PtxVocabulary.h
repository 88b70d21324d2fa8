// The words of PTX that both of our PTX readers share (issue 26, one home per dialect): the litmus front end
// (frontends/Ptx*.cpp), the kernel front end (frontends/ptx/PtxKernel*.cpp) and the relaxations `minimize`
// tries on PTX litmus tests (frontends/RelaxLitmus.cpp). Each table says once which qualifier becomes which
// tag or operation (docs/semantics.md §5, the PTX table), so that a new qualifier is added here and every
// reader accepts it alike.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/ir/Program.h"

namespace catcheck::frontends::ptx {

// Scope qualifiers, narrowest first (cta cluster gpu sys; PTX ISA, Memory Consistency Model, "Scope"), and
// the tag each becomes (CTA CLUSTER GPU SYS).
const std::vector<std::string>& scopeQualifiers();
std::optional<std::string> scopeTag(std::string_view qualifier);

// Memory-order qualifiers (weak relaxed acquire release acq_rel sc; PTX ISA, Memory Consistency Model,
// "Memory operations") and the tag each becomes (WEAK RLX ACQ REL ACQ_REL SC). `.volatile` is not among
// them: the ISA defines it as `.relaxed.sys` on loads and stores, which the kernel reader spells out.
std::optional<std::string> orderTag(std::string_view qualifier);

// An atomic's order split over its two halves, as Dat3M compiles PTX: the read is ACQ for acquire and
// acq_rel and RLX otherwise; the write is REL for release and acq_rel and RLX otherwise.
std::string atomicReadTag(std::string_view order);
std::string atomicWriteTag(std::string_view order);

// The operations of atom and red (PTX ISA, "Parallel Synchronization and Communication Instructions: atom"):
// the update on bit and unsigned types, and on signed types (min and max compare signed there; every other
// operation is the same on both).
struct AtomicOperation {
  core::RmwOp onUnsigned;
  core::RmwOp onSigned;
};
std::optional<AtomicOperation> atomicOperation(std::string_view name);

// The modes of the warp collectives (PTX ISA, "Parallel Synchronization and Communication Instructions"):
// shfl.sync (idx up down bfly), vote.sync (all any uni ballot) and redux.sync (add min max and or xor).
// Tables rather than lookups: a reader names the valid modes when it meets another.
using WarpModes = std::map<std::string, core::WarpOp, std::less<>>;
const WarpModes& shuffleModes();
const WarpModes& voteModes();
const WarpModes& reduxOperators();

// The tcgen05 instructions that only mark a point of the thread's program order (PTX ISA "tcgen05 memory
// consistency"), by operation and what follows it: wait st / ld (TCWAIT_ST, TCWAIT_LD: the thread's earlier
// tcgen05.st / ld completed) and fence before_thread_sync / after_thread_sync (TCFENCE_BEFORE,
// TCFENCE_AFTER). Litmus tests write `tcgen05.wait.st`, kernels `tcgen05.wait::st`.
std::optional<std::string> tensorCoreMarkerTag(std::string_view operation, std::string_view what);

}  // namespace catcheck::frontends::ptx
