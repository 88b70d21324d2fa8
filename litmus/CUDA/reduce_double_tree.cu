// reduce_double_tree.cu - shared-memory tree reduction of blockDim.x doubles into out[0] (correct), and a
// double scaling step that branches on the sum's sign and class.
//
// reduce_float_tree.cu in double precision: every step combines the same two partial sums in the same
// order in every schedule, so the result is the same double in every execution. Double arithmetic is one
// fixed function of the operand bits per instruction form (docs/ptx-kernels.md "Floating point"); the
// comparison with 0.0, the negation and isfinite (testp.finite.f64) are exact.
//
// Checks (run from the repository root; blockDim.x a power of two <= 64):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_tree.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:8 --bound 5 --property cat_spec
//     => PASS: each step's accesses are ordered after the previous step's by bar.sync (ISA 8.9.4)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_tree.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:8 --bound 5 --property deterministic
//     => PASS: the same operands are added in the same order in every schedule
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_tree.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:8 --bound 5 --property termination
//     => PASS: the loop's trip count does not depend on doubles
__global__ void reduce_double_tree(const double *in, double *out)
{
    __shared__ double s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t] * 0.5;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) {
        double sum = s[0];
        out[0] = __builtin_isfinite(sum) ? (sum > 0.0 ? sum : -sum) : 0.0;
    }
}
