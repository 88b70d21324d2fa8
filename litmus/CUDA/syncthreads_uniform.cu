// syncthreads_uniform.cu - the reversal of syncthreads_divergent.cu with the __syncthreads() hoisted out of
// the branch (correct).
//
// Threads 0..15 stage in[] into shared memory; every thread of the block reaches the barrier; threads 0..15
// then write the staged values out reversed.
// Correct: the barrier is executed by all threads of the CTA, and it orders each st.shared s[t] before the
// ld.shared of s[t] by thread 15 - t.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_uniform.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property termination
//     => PASS: all 32 threads reach the one bar.sync 0, so it completes
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_uniform.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => PASS: bar.sync synchronizes the CTA (ISA 8.9.4), ordering each write of s[t] before its read by thread 15 - t (8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_uniform.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property deterministic
//     => PASS: out[t] == in[15 - t] for t < 16 in every complete execution; out[16..31] keep their zeros
__global__ void syncthreads_uniform(const int *in, int *out)
{
    __shared__ int s[16];
    unsigned t = threadIdx.x;
    if (t < 16)
        s[t] = in[t];
    __syncthreads();
    if (t < 16)
        out[t] = s[15 - t];
}
