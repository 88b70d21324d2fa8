// syncthreads_count_exact.cu - __syncthreads_count (bar.red.popc.u32) counts every thread of the block whose
// predicate holds, and no other: the kernel turns a wrong count into a data race.
//
// Every thread's predicate is true, so the count is blockDim.x in every execution. Thread t then writes out[0]
// only if the count differs from blockDim.x: no thread writes, and there is no race. The reduction is also a
// barrier: each thread's st.shared s[t] is ordered before thread (t + 1) % 64's ld.shared of it.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_count_exact.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:256 --property cat_spec
//     => PASS: bar.red.popc gives 64 to every thread (ISA 9.7.13.1), so no thread writes out[0], and the barrier orders s[] (8.9.4)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_count_exact.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:256 --property termination
//     => PASS: all 64 threads reach the one bar.red
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_count_exact.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:256 --property deterministic
//     => PASS: out[1 + t] == in[(t + 1) % 64] in every execution
__global__ void syncthreads_count_exact(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    int count = __syncthreads_count(1);
    if (count != (int)blockDim.x)
        out[0] = t;
    if (t < 63)
        out[1 + t] = s[(t + 1) % 64];
}
