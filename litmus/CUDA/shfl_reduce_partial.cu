// shfl_reduce_partial.cu - a 16-element sum by the lower half-warp with the partial mask 0x0000ffff and
// width 16 (correct).
//
// Lanes 0..15 enter `if (lane < 16)`, and every __shfl_down_sync names exactly those lanes and works on a
// 16-lane segment: a lane whose source would be past lane 15 keeps its own value.
// Correct: the mask names exactly the lanes that execute the shuffle, and with width 16 (c = 0x101f) every
// source lane lies in the segment 0..15, so every value read is defined.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_partial.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property cat_spec
//     => PASS: every source lane is in the mask and executes the shfl.sync (ISA shfl.sync: segment clamp from operand c); no shared memory
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_partial.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property termination
//     => PASS: the 16 lanes of the mask all reach each shfl.sync
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_partial.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property deterministic
//     => PASS: the same operands are combined in the same order in every schedule
__global__ void shfl_reduce_partial(const int *in, int *out)
{
    unsigned lane = threadIdx.x % 32;
    if (lane < 16) {
        int v = in[lane];
        for (int offset = 8; offset > 0; offset >>= 1)
            v += __shfl_down_sync(0x0000ffffu, v, offset, 16);
        if (lane == 0)
            out[0] = v;
    }
}
