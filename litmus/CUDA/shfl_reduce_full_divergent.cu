// shfl_reduce_full_divergent.cu - a 16-element warp sum that calls __shfl_down_sync with the full mask from
// inside `if (lane < 16)` (bug).
//
// Bug: the mask 0xffffffff names lanes 16..31, which never execute the shuffle (they skip the branch and
// exit). CUDA requires every non-exited lane named in the mask to execute the same __shfl_*_sync with the
// same mask; and with offset 8, lanes 8..15 read lanes 16..23, which do not take part, so their values are
// undefined. It works by accident on current hardware because the skipped lanes exit.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full_divergent.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property cat_spec
//     => FAIL: lanes 8..15 shuffle from lanes 16..23, which did not execute the shfl.sync: an undefined value (ISA shfl.sync / CUDA guide: reading an inactive lane is undefined), reported as warp-primitive undefined behaviour
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full_divergent.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property participation
//     => FAIL: the shfl.sync instances run with lanes 0..15 only, not the complete warp their full mask names
//   catcheck models/ptx-v7.5.cat litmus/CUDA/shfl_reduce_full_divergent.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --property termination
//     => PASS: shfl.sync waits only for the non-exited lanes of its mask (ISA shfl.sync), and lanes 16..31 exit
__global__ void shfl_reduce_full_divergent(const int *in, int *out)
{
    unsigned lane = threadIdx.x % 32;
    if (lane < 16) {
        int v = in[lane];
        for (int offset = 8; offset > 0; offset >>= 1)
            v += __shfl_down_sync(0xffffffffu, v, offset); // BUG: mask names lanes 16..31
        if (lane == 0)
            out[0] = v;
    }
}
