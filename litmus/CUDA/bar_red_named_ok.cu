// bar_red_named_ok.cu - the first warp of a 64-thread block counts their nonzero flags among its threads
// with bar.red.popc on named barrier 1 with a thread count of 32, while the second warp does other work
// (correct).
//
// A thread count below the CTA's makes the barrier a named one: it completes once 32 threads arrived, and
// the reduction covers those threads only. Thread 0 writes the count; warp 1 copies its own flags.
//
// Checks (run from the repository root; args: flags, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/bar_red_named_ok.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:264 --property termination
//     => PASS: exactly the 32 threads of warp 0 arrive at barrier 1, its thread count
//   catcheck models/ptx-v7.5.cat litmus/CUDA/bar_red_named_ok.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:264 --property cat_spec
//     => PASS: the writes to out are to distinct elements
__global__ void bar_red_named_ok(const int *flags, int *out)
{
    unsigned t = threadIdx.x;
    if (t < 32) {
        int n;
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tbar.red.popc.u32 %0, 1, 32, p;\n\t}"
                     : "=r"(n) : "r"(flags[t]) : "memory");
        if (t == 0) out[0] = n;
    } else {
        out[t + 2] = flags[t];
    }
}
