// reduce_tree_ok.cu - shared-memory tree reduction of blockDim.x ints into out[0] (correct).
//
// Each thread loads one element into shared memory; the block halves the active range each step, thread t
// adding s[t + stride] into s[t], with a __syncthreads() after every step; thread 0 writes the sum.
// Correct: every read of s[t + stride] in one step is separated from that element's write in the step
// before by a CTA barrier (bar.sync 0), which synchronises all threads of the CTA.
//
// Checks (run from the repository root; blockDim.x a power of two <= 64; 5 steps at 32 threads, --bound 7
// leaves room for every compiler's loop layout):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property cat_spec
//     => PASS: each step's accesses are ordered after the previous step's by bar.sync (ISA 8.9.4 memory synchronization: barriers synchronize; 8.9.5 causality order), so no conflicting pair is unordered (8.7.1 data races)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property termination
//     => PASS: every thread of the CTA reaches the same bar.sync instances (the loop trip count is uniform), so every barrier completes
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property deterministic
//     => PASS: race-free, and each read sees the one write the barriers order before it, so out[0] is the same sum in every execution
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property memory_safety
//     => PASS: t + stride < blockDim.x <= 64 stays inside s[64]; in[t] inside the 128-byte buffer
__global__ void reduce_tree_ok(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[0] = s[0];
}
