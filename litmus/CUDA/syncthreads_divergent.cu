// syncthreads_divergent.cu - a __syncthreads() inside `if (threadIdx.x < 16)` (bug).
//
// Threads 0..15 stage in[] into shared memory, meet at the barrier, and write it out reversed; threads
// 16..31 skip the branch (and the barrier) and exit.
// Bug: __syncthreads() compiles to bar.sync 0, i.e. barrier.sync.aligned 0 without a thread count: every
// thread of the CTA must arrive, and an aligned barrier in code that the threads do not all execute is
// undefined. CUDA: __syncthreads() in conditional code only if the condition is uniform over the block,
// "otherwise the code execution is likely to hang".
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_divergent.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property termination
//     => FAIL: threads 16..31 branch around the CTA barrier that all threads of the CTA must reach (ISA bar/barrier: no thread count means all threads of the CTA participate; .aligned requires uniform execution), so threads 0..15 stay blocked at bar.sync 0
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_divergent.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => PASS: the reads after the barrier never execute, and before it each thread touches only its own s[t]: the bug is a hang, not a race
__global__ void syncthreads_divergent(const int *in, int *out)
{
    __shared__ int s[16];
    unsigned t = threadIdx.x;
    if (t < 16) {
        s[t] = in[t];
        __syncthreads(); // BUG: only threads 0..15 get here
        out[t] = s[15 - t];
    }
}
