// sum_clock_stamp.cu - a barrier-ordered sum of two elements, stamped with the cycle counter (not deterministic).
//
// Thread t copies in[t] into shared memory; after __syncthreads() thread 0 writes the sum to out[0] and the
// SM's cycle counter (%clock64) to out[1]. Every read sees the one write the barrier orders before it, so
// out[0] is the same sum in every execution, but out[1] is whatever the counter read: two executions from the
// same inputs end with different out[1]. Regression for deterministic's proof by structure
// (encoders/ExecutionStructure.cpp): both executions have the same structure, so that proof must leave a
// program with undefined values (%clock64) to the comparison of values.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/sum_clock_stamp.ptx --grid 1 --block 2 --arg 0=buffer:8:any --arg 1=buffer:16 --property cat_spec
//     => PASS: the barrier (bar.sync 0) orders both writes of s before thread 0 reads them (ISA 8.9.4 memory synchronization), so no conflicting pair is unordered (8.7.1 data races)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/sum_clock_stamp.ptx --grid 1 --block 2 --arg 0=buffer:8:any --arg 1=buffer:16 --property deterministic
//     => FAIL: out[1] holds the cycle counter, which no two executions need agree on (ISA 10.13 %clock64: a free-running counter)
__global__ void sum_clock_stamp(const int *in, long long *out)
{
    __shared__ int s[2];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t == 0) {
        long long stamp;
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(stamp));
        out[0] = s[0] + s[1];
        out[1] = stamp;
    }
}
