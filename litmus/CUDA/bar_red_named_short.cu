// bar_red_named_short.cu - bar_red_named_ok.cu with the guard written for half a warp (t < 16) while the
// barrier still counts 32 threads (bug).
//
// Only 16 threads of warp 0 arrive at named barrier 1, whose thread count is 32 (and the warp-wide
// reduction waits for the other 16 lanes): it never completes and
// warp 0 waits forever.
//
// Checks (run from the repository root; args: flags, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/bar_red_named_short.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:264 --property termination
//     => FAIL: 16 of the 32 threads barrier 1 waits for arrive (ISA "bar, barrier": the barrier completes when the thread count is reached)
__global__ void bar_red_named_short(const int *flags, int *out)
{
    unsigned t = threadIdx.x;
    if (t < 16) {
        int n;
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tbar.red.popc.u32 %0, 1, 32, p;\n\t}"
                     : "=r"(n) : "r"(flags[t]) : "memory");
        if (t == 0) out[0] = n;
    } else {
        out[t + 2] = flags[t];
    }
}
