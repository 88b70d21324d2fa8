// assert_count_nosync.cu - the bug: thread 0 asserts that every thread has counted itself without waiting
// for them (assert_count_sync.cu is the fix, with __syncthreads before the read).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/assert_count_nosync.ptx --grid 1 --block 4 --arg 0=buffer:4 --property program_spec
//     => FAIL: thread 0 may read the count before the other threads add to it, and the assert() fails
//   catcheck models/ptx-v7.5.cat litmus/CUDA/assert_count_nosync.ptx --grid 1 --block 4 --arg 0=buffer:4 --property cat_spec
//     => FAIL: thread 0's weak read of count[0] and another thread's atomic add conflict, are not morally
//        strong (the read is weak) and are not ordered by causality order (ISA 8.7.1)
#ifndef assert
#include <cassert>
#endif

__global__ void assert_count_nosync(int *count)
{
    atomicAdd(&count[0], 1);
    if (threadIdx.x == 0)
        assert(count[0] == blockDim.x);
}
