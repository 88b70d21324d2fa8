// shfl_reduce_partial_nowidth.cu - the half-warp sum of shfl_reduce_partial.cu with the right mask
// 0x0000ffff but the default width 32 (bug).
//
// Bug: with width 32 the clamp is lane 31, so at offset 8 lanes 8..15 read lanes 16..23, which are neither
// in the mask nor executing the shuffle: those lanes get undefined values. Lane 0's final sum happens not
// to depend on them, which is why this goes unnoticed; any lane 1..15 result would be garbage.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_partial_nowidth.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property cat_spec
//     => FAIL: a shfl.sync.down whose source lane (16..23) is outside the membermask and did not execute it yields an undefined value (ISA shfl.sync; CUDA guide: reading from an inactive lane is undefined), reported as warp-primitive undefined behaviour
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_partial_nowidth.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property termination
//     => PASS: the 16 lanes of the mask all reach each shfl.sync; lanes 16..31 exit
__global__ void shfl_reduce_partial_nowidth(const int *in, int *out)
{
    unsigned lane = threadIdx.x % 32;
    if (lane < 16) {
        int v = in[lane];
        for (int offset = 8; offset > 0; offset >>= 1)
            v += __shfl_down_sync(0x0000ffffu, v, offset); // BUG: width 32, sources up to lane 23
        if (lane == 0)
            out[0] = v;
    }
}
