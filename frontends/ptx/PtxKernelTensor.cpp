// tcgen05 in PTX kernels (PTX ISA "Tensor Core 5th Generation Family Instructions"), lowered to the events
// the PTX litmus front end gives them (frontends/PtxAsync.cpp), so that models/ptx-v8.cat applies unchanged:
//  * Tensor memory is one 32-bit location per (CTA, lane, column) cell (KernelMemory::tensorLocation). A
//    kernel learns its tensor address from tcgen05.alloc through shared memory, so its accesses have
//    computed addresses, each confined to its lane's row; the cells of the allocated columns of every row
//    reached are created once every thread is lowered (createTensorCells).
//  * tcgen05.alloc is deterministic here: a CTA's allocation sites get consecutive columns from column 0 in
//    the order they are first reached, and lane 0 of the warp writes the address (lane 0, first column) to
//    shared memory with a weak store. A site reached by two warps of one CTA, and more than 512 columns,
//    are input errors. dealloc and relinquish_alloc_permit check their operands and add no event, so a use
//    after tcgen05.dealloc is not reported in kernels (docs/ptx-kernels.md).
//  * tcgen05.ld / st .32x32b.xN: warp w of its warpgroup reaches lane 32 (w mod 4) + laneid (the ISA's
//    access restriction; the lane field of the address is not read), register r column r past the
//    address's column. One asynchronous operation of weak async-proxy accesses (TCLD / TCST), completed
//    for its thread by tcgen05.wait::ld / wait::st.
//  * tcgen05.mma (cta_group::1; kinds f16, tf32, f8f6f4, i8; A and B in shared memory through K-major
//    matrix descriptors without swizzle or with the 32-, 64- or 128-byte swizzle; M 64 or 128; 32-bit
//    accumulator elements): one asynchronous operation (TCMMA) of weak async-proxy reads of every 4-byte
//    word of A and B and the writes of the M x N accumulator cells (the ISA's data-path layout D for
//    M = 128, F for M = 64). Products are not computed: cell (i, j) becomes digest(row i of A) xor
//    digest(row j of B), plus its old value when enable-input-d holds, a deterministic function of the
//    operand bits as floating-point arithmetic is here (a digest is the exclusive or of the row's words).
//  * tcgen05.commit is an asynchronous mbarrier arrival once the thread's earlier mma completed
//    (PtxKernelAsync.cpp); tcgen05.wait and tcgen05.fence are marker events (models/ptx-v8.cat).
#include <algorithm>
#include <variant>

#include "core/ir/ExprFold.h"
#include "frontends/ptx/PtxKernelLowering.h"
#include "frontends/ptx/PtxVocabulary.h"

namespace catcheck::frontends::ptx {
namespace {

using core::Expr;
using core::ExprOp;

constexpr int kWordsPerRow = 8;  // every dense kind reads 32 bytes of K per row of A and B

// The operation and what follows `::` in a qualifier such as `wait::ld` or `fence::before_thread_sync`.
std::pair<std::string, std::string> splitOperation(const std::string& qualifier) {
  size_t at = qualifier.find("::");
  if (at == std::string::npos) return {qualifier, ""};
  return {qualifier.substr(0, at), qualifier.substr(at + 2)};
}

core::Instruction tensorAccess(core::InstructionKind kind) {
  core::Instruction access;
  access.kind = kind;
  access.tags = {kind == core::InstructionKind::Load ? "R" : "W", "M", "_", "WEAK", "ASYNC"};
  return access;
}

// The count N of a `.xN` qualifier; 0 when there is none or N has more digits than the largest (128).
int repetitions(const Instruction& in) {
  for (const std::string& q : in.qualifiers) {
    if (q.size() < 2 || q[0] != 'x' || q.find_first_not_of("0123456789", 1) != std::string::npos) continue;
    return q.size() > 4 ? 0 : std::stoi(q.substr(1));
  }
  return 0;
}

// The 4-byte word (row, word) of a K-major operand: without swizzle 8-row x 16-byte core matrices, `lbo`
// apart along K and `sbo` apart along the rows; with a swizzle of `width` bytes, rows `width` bytes apart
// in 8-row atoms `sbo` apart, the 16-byte chunk index XORed with address bits 7 and up (PTX ISA "Shared
// Memory Matrix Layout", the swizzling modes).
long long wordAddress(long long start, long long lbo, long long sbo, int swizzle, int row, int word) {
  long long byte = 4LL * word;
  if (swizzle == 0) return start + row / 8 * sbo + byte / 16 * lbo + row % 8 * 16 + byte % 16;
  long long logical = start + row / 8 * sbo + row % 8 * swizzle + byte;
  return logical ^ (((logical >> 7) & (swizzle / 16 - 1)) << 4);
}

}  // namespace

bool KernelThread::lowerTensorCore(const Instruction& in) {
  if (in.opcode != "tcgen05") return false;
  auto [operation, what] = splitOperation(in.qualifiers.empty() ? "" : in.qualifiers.front());
  if (std::optional<std::string> tag = tensorCoreMarkerTag(operation, what)) {
    requireQualifiersIn(in, {in.qualifiers.front(), "sync", "aligned"});
    if (!in.operands.empty()) fail(in, mnemonic(in) + " takes no operands");
    core::Instruction marker;
    marker.kind = core::InstructionKind::Visible;
    marker.tags = {"_"};
    marker.tags.add(*tag);
    emit(std::move(marker));
    return true;
  }
  if (!what.empty()) unsupported(in);
  if (operation == "alloc") {
    lowerTensorAlloc(in);
  } else if (operation == "dealloc") {
    requireQualifiersIn(in, {"dealloc", "cta_group::1", "sync", "aligned", "b32"});
    operand(in, 0, 32);
    constantValue(in, 1, "a column count");
  } else if (operation == "relinquish_alloc_permit") {
    requireQualifiersIn(in, {"relinquish_alloc_permit", "cta_group::1", "sync", "aligned"});
    if (!in.operands.empty()) fail(in, mnemonic(in) + " takes no operands");
  } else if (operation == "ld" || operation == "st") {
    lowerTensorAccess(in);
  } else if (operation == "mma") {
    lowerTensorMma(in);
  } else if (operation == "commit") {
    lowerTensorCommit(in);
  } else {
    unsupported(in);  // tcgen05.cp, shift, mma.ws / .sp and the block-scaled forms
  }
  return true;
}

void KernelThread::lowerTensorAlloc(const Instruction& in) {
  requireQualifiersIn(in, {"alloc", "cta_group::1", "sync", "aligned", "shared::cta", "b32"});
  if (!in.hasQualifier("shared::cta")) unsupported(in);
  const auto* slot = std::get_if<Address>(&operandValue(in, 0));
  if (slot == nullptr) fail(in, "tcgen05.alloc writes the tensor-memory address to [a shared address]");
  long long columns = constantValue(in, 1, "a column count");
  if (columns < 32 || columns > kTensorColumns || (columns & (columns - 1)) != 0)
    fail(in, "tcgen05.alloc of " + std::to_string(columns) + " columns (a power of 2 from 32 to 512)");
  int cta = placement_.linearCta;
  std::string site = std::to_string(in.where.line) + ":" + std::to_string(in.where.column);
  auto [entry, fresh] = context_.tensorAllocations.try_emplace({cta, site});
  TensorAllocation& allocation = entry->second;
  if (fresh) {
    long long& allocated = context_.tensorColumnsAllocated[cta];
    if (allocated + columns > kTensorColumns)
      unsupported(in,
                  "a CTA allocating more than 512 tensor-memory columns (the ISA blocks until columns are "
                  "freed; not modelled)");
    allocation = {placement_.warp, allocated, columns};
    allocated += columns;
  } else if (allocation.warp != placement_.warp) {
    unsupported(in,
                "one tcgen05.alloc reached by two warps of a CTA (each allocation site gets its columns "
                "once per CTA)");
  }
  AccessTarget target = resolve(in, *slot, 0, 32);
  if (target.kind == AccessTarget::Kind::Location) {
    auto [known, first] = context_.tensorAddressSlots.try_emplace(target.location, allocation.firstColumn);
    if (!first && known->second != allocation.firstColumn) known->second = std::nullopt;
  }
  if (placement_.lane != 0) return;  // the warp's one write of the address
  storeTo(in, target, {"W", "M", "_", "GEN", "WEAK"}, core::constantAt(allocation.firstColumn, 32));
}

std::optional<long long> KernelThread::tensorAddressIn(const AccessTarget& target, int width) const {
  if (target.kind != AccessTarget::Kind::Location || width != 32) return std::nullopt;
  auto slot = context_.tensorAddressSlots.find(target.location);
  return slot == context_.tensorAddressSlots.end() ? std::nullopt : slot->second;
}

KernelThread::AccessTarget KernelThread::tensorCell(const Expr& taddr, int lane, long long column) {
  int cta = placement_.linearCta;
  Expr at = core::addConstant(core::fold(ExprOp::And, {taddr, core::constantAt(0xFFFF, 64)}, 64), column, 64);
  AccessTarget target;
  if (at.isConstant() && at.constant < kTensorColumns) {
    target.location = context_.memory.tensorLocation(cta, lane, at.constant);
    return target;
  }
  target.kind = AccessTarget::Kind::Computed;
  target.computed = core::addConstant(core::fold(ExprOp::Mul, {at, core::constantAt(4, 64)}, 64),
                                      KernelMemory::tensorNumbering(cta, lane, 0), 64);
  target.range = core::AddressRange{KernelMemory::tensorNumbering(cta, lane, 0),
                                    KernelMemory::tensorNumbering(cta, lane, kTensorColumns - 1)};
  context_.tensorRowsReached.insert({cta, lane});
  return target;
}

// tcgen05.ld.sync.aligned.32x32b.xN.b32 {r...}, [taddr] and tcgen05.st.sync.aligned.32x32b.xN.b32 [taddr],
// {r...}.
void KernelThread::lowerTensorAccess(const Instruction& in) {
  bool isLoad = in.qualifiers.front() == "ld";
  int count = repetitions(in);
  for (const char* shape : {"16x64b", "16x128b", "16x256b", "16x32bx2"})
    if (in.hasQualifier(shape)) unsupported(in, std::string("the .") + shape + " shape");
  if (count < 1 || count > 128 || (count & (count - 1)) != 0 || !in.hasQualifier("32x32b") ||
      !in.hasQualifier("b32"))
    fail(in, mnemonic(in) + ": tcgen05." + (isLoad ? "ld" : "st") +
                 " needs a shape, .xN (N a power of 2 up to 128) and .b32");
  requireQualifiersIn(
      in, {isLoad ? "ld" : "st", "sync", "aligned", "32x32b", "x" + std::to_string(count), "b32"});
  size_t dataIndex = isLoad ? 0 : 1;
  const auto* address = std::get_if<Address>(&operandValue(in, isLoad ? 1 : 0));
  if (address == nullptr) fail(in, "the tensor-memory operand of " + mnemonic(in) + " is written [taddr]");
  const auto* vector = std::get_if<Vector>(&operandValue(in, dataIndex));
  size_t given = vector != nullptr ? vector->elements.size() : 1;
  if (given != static_cast<size_t>(count))
    fail(in, mnemonic(in) + " moves " + std::to_string(count) + " registers, but " + std::to_string(given) +
                 " are given");
  Expr taddr = addressValue(in, *address);
  int lane = 32 * (placement_.warp % 4) + placement_.lane;
  int id = ++asyncCounter_;
  for (int r = 0; r < count; ++r) {
    Instruction element = in;
    if (vector != nullptr) element.operands[dataIndex] = vector->elements[static_cast<size_t>(r)];
    AccessTarget cell = tensorCell(taddr, lane, r);
    core::Instruction access =
        tensorAccess(isLoad ? core::InstructionKind::Load : core::InstructionKind::Store);
    cell.applyTo(access, 32);
    if (!isLoad) {
      access.value = operand(element, dataIndex, 32);
      emitAsync(std::move(access), id, "TCST");
      continue;
    }
    access.reg = freshRegister("tmem");
    int reg = *access.reg;
    emitAsync(std::move(access), id, "TCLD");
    writeRegister(element, 0, Expr::registerValue(reg, 32));
  }
}

std::vector<long long> KernelThread::operandWords(const Instruction& in, unsigned long long descriptor,
                                                  int rows) {
  long long start = static_cast<long long>(descriptor & 0x3FFF) << 4;
  long long lbo = static_cast<long long>((descriptor >> 16) & 0x3FFF) << 4;
  long long sbo = static_cast<long long>((descriptor >> 32) & 0x3FFF) << 4;
  if (((descriptor >> 49) & 0xF) != 0)
    unsupported(in, "a matrix descriptor with a base offset or the absolute leading-offset mode");
  int swizzle = 0;
  switch ((descriptor >> 61) & 7) {
    case 0:
      swizzle = 0;
      break;
    case 2:
      swizzle = 128;
      break;
    case 4:
      swizzle = 64;
      break;
    case 6:
      swizzle = 32;
      break;
    default:
      unsupported(in, "matrix descriptor layout " + std::to_string((descriptor >> 61) & 7));
  }
  std::vector<long long> words;
  for (int row = 0; row < rows; ++row)
    for (int word = 0; word < kWordsPerRow; ++word)
      words.push_back(wordAddress(start, lbo, sbo, swizzle, row, word));
  return words;
}

// A register holding the exclusive or of `words`: one row of an mma operand, as its products see it.
int KernelThread::rowDigest(const std::vector<Expr>& words) {
  Expr digest = core::constantAt(0, 32);
  for (const Expr& w : words) digest = core::fold(ExprOp::Xor, {digest, w}, 32);
  return computeInto("mma_row", digest);
}

// tcgen05.mma.cta_group::1.kind [d-taddr], a-desc, b-desc, idesc, enable-input-d
void KernelThread::lowerTensorMma(const Instruction& in) {
  requireQualifiersIn(in, {"mma", "cta_group::1", "kind::f16", "kind::tf32", "kind::f8f6f4", "kind::i8"});
  if (!in.hasQualifier("cta_group::1") || in.qualifiers.size() != 3) unsupported(in);
  if (in.operands.size() != 5)
    unsupported(in, "an mma with a disable-output-lane mask or a scale-input-d operand");
  const auto* accumulator = std::get_if<Address>(&operandValue(in, 0));
  if (accumulator == nullptr) fail(in, "tcgen05.mma writes [a tensor-memory address]");
  if (std::holds_alternative<Address>(operandValue(in, 1))) unsupported(in, "matrix A in tensor memory");
  Expr descriptors[2] = {operand(in, 1, 64), operand(in, 2, 64)};
  for (const Expr& d : descriptors)
    if (!d.isConstant()) unsupported(in, "a matrix descriptor computed from memory");
  long long idesc = constantValue(in, 3, "an instruction descriptor");
  if ((idesc >> 2) & 1) unsupported(in, "a sparse A (instruction descriptor bit 2)");
  if ((idesc >> 15) & 3) unsupported(in, "MN-major (transposed) A or B");
  long long dtype = (idesc >> 4) & 3;
  if (dtype != 1 && dtype != 2) unsupported(in, "an accumulator of 16-bit elements");
  int m = static_cast<int>(((idesc >> 24) & 0x1F) << 4), n = static_cast<int>(((idesc >> 17) & 0x3F) << 3);
  bool validN = m == 64 ? n >= 8 && n % 8 == 0 : n >= 16 && n % 16 == 0;
  if ((m != 64 && m != 128) || !validN || n > 256)
    fail(in,
         "instruction descriptor M = " + std::to_string(m) + ", N = " + std::to_string(n) +
             " (cta_group::1 takes M 64 with N a multiple of 8, or M 128 with N a multiple of 16, N <= 256)");
  int cta = placement_.linearCta;
  int id = ++asyncCounter_;
  std::vector<int> digests[2];
  for (int operandIndex = 0; operandIndex < 2; ++operandIndex) {
    int rows = operandIndex == 0 ? m : n;
    std::vector<long long> words =
        operandWords(in, static_cast<unsigned long long>(descriptors[operandIndex].constant), rows);
    std::vector<Expr> row;
    for (long long address : words) {
      core::Instruction read = tensorAccess(core::InstructionKind::Load);
      read.access().address = context_.memory.location(StateSpace::Shared, cta, address, 32, in.where);
      read.reg = freshRegister("mma_in");
      row.push_back(Expr::registerValue(*read.reg, 32));
      emitAsync(std::move(read), id, "TCMMA");
      if (row.size() == kWordsPerRow) {
        digests[operandIndex].push_back(rowDigest(row));
        row.clear();
      }
    }
  }
  Expr enable = operand(in, 4, 1);
  bool accumulates = !(enable.isConstant() && enable.constant == 0);
  Expr taddr = addressValue(in, *accumulator);
  for (int i = 0; i < m; ++i) {
    int lane = m == 128 ? i : 32 * (i / 16) + i % 16;
    for (int j = 0; j < n; ++j) {
      AccessTarget cell = tensorCell(taddr, lane, j);
      Expr value = core::fold(ExprOp::Xor,
                              {Expr::registerValue(digests[0][static_cast<size_t>(i)], 32),
                               Expr::registerValue(digests[1][static_cast<size_t>(j)], 32)},
                              32);
      if (accumulates) {
        core::Instruction old = tensorAccess(core::InstructionKind::Load);
        cell.applyTo(old, 32);
        old.reg = freshRegister("mma_acc");
        Expr previous = Expr::registerValue(*old.reg, 32);
        emitAsync(std::move(old), id, "TCMMA");
        value =
            core::fold(ExprOp::Add,
                       {value, core::fold(ExprOp::Ite, {enable, previous, core::constantAt(0, 32)}, 32)}, 32);
      }
      core::Instruction write = tensorAccess(core::InstructionKind::Store);
      cell.applyTo(write, 32);
      write.value = value;
      emitAsync(std::move(write), id, "TCMMA");
    }
  }
}

bool allocatesTensorMemory(const KernelContext& context) {
  return std::any_of(context.lines.begin(), context.lines.end(),
                     [](const std::string& line) { return line.find("tcgen05.alloc") != std::string::npos; });
}

void createTensorCells(KernelContext& context) {
  for (auto [cta, lane] : context.tensorRowsReached) {
    auto allocated = context.tensorColumnsAllocated.find(cta);
    if (allocated == context.tensorColumnsAllocated.end()) continue;
    for (long long column = 0; column < allocated->second; ++column)
      context.memory.tensorLocation(cta, lane, column);
  }
}

}  // namespace catcheck::frontends::ptx
