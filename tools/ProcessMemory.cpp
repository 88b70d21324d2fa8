// Our memory is mostly fresh pages touched once: z3 fills two 8 MB hash tables for every context it makes,
// and the relation analysis of a kernel writes bit rows of hundreds of MB. Two settings of glibc's malloc
// make that cheaper, both for the whole process and for the workers it forks:
//  * Freed memory is kept. By default glibc hands the top of the heap back to the OS after a free of
//    128 KB and maps blocks over 128 KB afresh each time, so the next row page-faults its memory in again
//    (a fifth of a 512-thread reduction's analysis). Keeping it: 512 threads 6.2 -> 5.5 s, peak +3 %.
//  * The heap is backed by transparent huge pages. On 4 KB pages every page costs a fault (about 10 us on
//    the virtual machines we run on) and a TLB entry. The heap is grown once by kHugeHeap (address space
//    only: nothing is touched), and that range is advised MADV_HUGEPAGE, so the first 1.5 GiB the process
//    allocates comes in 2 MB pages (the 1 024-thread reductions peak at 1.2 GB); growth past it is on 4 KB
//    pages again (a grown heap does not inherit the advice). glibc's own `glibc.malloc.hugetlb=1` does the
//    same for every growth but is read only at start-up, and restarting the process to set it cost 15-20 ms.
//    Blocks of 32 MB and more are mapped apart and stay on 4 KB pages, as do the arenas of the second
//    search's thread. Measured on bench/'s 2-core machine: one litmus test 92 -> 46 ms wall (medians of
//    20), the 1 024-thread reduction without __syncthreads 7.8 -> 6.3 s (medians of 5), the litmus
//    manifest with --jobs 2 32 -> 25 s. On a freshly booted virtual machine the gain can turn: guest memory
//    never touched before costs about 2 s per GB on its first touch in 2 MB pages (0.1 s once the host backs
//    it, 0.4 s in 4 KB pages), and the same 1 024-thread reduction took 7.1 s against 6.1 s on small pages
//    (medians of 3, paired) until repeated runs had touched the memory once.
// CATCHECK_SMALL_PAGES (any value) turns the second off, for comparisons; it is off, too, where the kernel
// has transparent huge pages disabled or the heap cannot grow.
#include "tools/ProcessMemory.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

namespace catcheck::tools {
namespace {

constexpr int kTopPad = 256 << 20;  // each heap growth asks for this much more than needed
constexpr int kHugeHeap = 3 << 29;  // the part of the heap on huge pages (1.5 GiB)
constexpr int kKeepFreed = std::numeric_limits<int>::max();  // the top of the heap is handed back past this
constexpr int kMapApart = 32 << 20;  // blocks from this size are mapped apart (glibc's largest setting)
constexpr uintptr_t kHugePage = 2 << 20;

bool kernelOffersHugePages() {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text((std::istreambuf_iterator<char>(setting)), std::istreambuf_iterator<char>());
  return !text.empty() && text.find("[never]") == std::string::npos;
}

// Grows the heap by kHugeHeap of address space and advises the kernel to back it with huge pages.
void adviseHugeHeap() {
  auto start = reinterpret_cast<uintptr_t>(sbrk(0));
  mallopt(M_TOP_PAD, kHugeHeap);
  void* volatile growth = malloc(kHugePage);  // volatile: a malloc freed unused may be optimised away
  free(growth);                               // the heap stays grown: a trim keeps the pad
  mallopt(M_TOP_PAD, kTopPad);
  auto end = reinterpret_cast<uintptr_t>(sbrk(0));
  uintptr_t from = (start + kHugePage - 1) & ~(kHugePage - 1);
  if (end > from) madvise(reinterpret_cast<void*>(from), end - from, MADV_HUGEPAGE);
}

}  // namespace

void tuneProcessMemory() {
  mallopt(M_TRIM_THRESHOLD, kKeepFreed);
  mallopt(M_TOP_PAD, kTopPad);
  mallopt(M_MMAP_THRESHOLD, kMapApart);
  if (std::getenv("CATCHECK_SMALL_PAGES") == nullptr && kernelOffersHugePages()) adviseHugeHeap();
}

}  // namespace catcheck::tools
