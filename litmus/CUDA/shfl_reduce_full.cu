// shfl_reduce_full.cu - warp sum by __shfl_down_sync with the full mask, all 32 lanes converged (correct).
//
// Every lane loads one element and adds the value of the lane 16, 8, 4, 2, 1 above it; lane 0 ends with the
// sum and stores it. No shared memory: the values move through shfl.sync.down.b32.
// Correct: all 32 lanes named by the mask 0xffffffff execute each shfl.sync, so each read of a neighbour's
// register has a defined value (lanes past 31 are clamped to their own value).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property cat_spec
//     => PASS: no shared memory; the only global accesses are each lane's own in[t] and lane 0's out[0]; every shuffle's source lane takes part (ISA shfl.sync: membermask lanes all execute it)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property participation
//     => PASS: each shfl.sync is executed by the complete warp, the set its mask names
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property termination
//     => PASS: shfl.sync waits for the non-exited lanes of its mask, and all 32 reach it
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property deterministic
//     => PASS: the shuffles combine the same operands in the same order in every schedule
__global__ void shfl_reduce_full(const int *in, int *out)
{
    unsigned t = threadIdx.x;
    int v = in[t];
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (t == 0)
        out[0] = v;
}
