// reduce_float_tree.cu - shared-memory tree reduction of blockDim.x floats into out[0] (correct), and a
// float scaling step that branches on the sum's sign.
//
// The tree reduction of reduce_tree_ok.cu on floats: every step combines the same two partial sums in the
// same order in every schedule, so the result is the same float in every execution, even though float
// addition is not associative. Floating-point arithmetic is modelled as a fixed function of the operand
// bits (README "Floating point"): the verdicts below do not depend on the values.
//
// Checks (run from the repository root; blockDim.x a power of two <= 64):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_float_tree.ptx --grid 1 --block 8 --arg 0=buffer:32:any --arg 1=buffer:4 --bound 5 --property cat_spec
//     => PASS: each step's accesses are ordered after the previous step's by bar.sync (ISA 8.9.4)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_float_tree.ptx --grid 1 --block 8 --arg 0=buffer:32:any --arg 1=buffer:4 --bound 5 --property deterministic
//     => PASS: the same operands are added in the same order in every schedule
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_float_tree.ptx --grid 1 --block 8 --arg 0=buffer:32:any --arg 1=buffer:4 --bound 5 --property termination
//     => PASS: the loop's trip count does not depend on floats
__global__ void reduce_float_tree(const float *in, float *out)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t] * 0.5f;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[0] = s[0] > 0.0f ? s[0] : -s[0];
}
