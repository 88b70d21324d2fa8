// assert_count_sync.cu - every thread counts itself with atomicAdd, and after __syncthreads thread 0 asserts
// that the count is the block size (correct); assert_count_nosync.cu is the same without the barrier.
//
// assert() compiles to a call of __assertfail where the condition is false; program_spec asks whether any
// execution reaches one (docs/ptx-kernels.md "assert()").
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/assert_count_sync.ptx --grid 1 --block 4 --arg 0=buffer:4 --property program_spec
//     => PASS: bar.sync orders every thread's add before thread 0's read (ISA 8.9.4), so the read sees the
//        last add of the coherence order, 4
//   catcheck models/ptx-v7.5.cat litmus/CUDA/assert_count_sync.ptx --grid 1 --block 4 --arg 0=buffer:4 --property cat_spec
//     => PASS: the adds are atomics of one scope (morally strong, 8.7) and the read is ordered after them
#ifndef assert
#include <cassert>
#endif

__global__ void assert_count_sync(int *count)
{
    atomicAdd(&count[0], 1);
    __syncthreads();
    if (threadIdx.x == 0)
        assert(count[0] == blockDim.x);
}
