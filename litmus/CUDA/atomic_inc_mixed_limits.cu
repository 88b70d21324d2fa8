// atomic_inc_mixed_limits.cu - two call sites advance one ring index with atomicInc but disagree on the
// ring's size (3 and 1 as the wrap limit): the final index depends on the schedule (bug).
//
// Thread 0 increments with limit 3, the others with limit 1. From 0, thread 0 then thread 1 gives 1 and then
// 0 (1 has reached limit 1); thread 1 then thread 0 gives 1 and then 2. The index is race-free (atomics)
// but not deterministic.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/atomic_inc_mixed_limits.ptx --grid 1 --block 2 --arg 0=buffer:4 --property deterministic
//     => FAIL: next ends 0 in one schedule and 2 in another
//   catcheck models/ptx-v7.5.cat litmus/CUDA/atomic_inc_mixed_limits.ptx --grid 1 --block 2 --arg 0=buffer:4 --property cat_spec
//     => PASS: atomics only
__global__ void atomic_inc_mixed_limits(unsigned *next)
{
    atomicInc(next, threadIdx.x == 0 ? 3u : 1u);
}
