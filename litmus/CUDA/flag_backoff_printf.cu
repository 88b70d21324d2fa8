// flag_backoff_printf.cu - flag_threadfence_volatile.cu with the reader backing off by __nanosleep in its
// spin loop and printing what it read (correct): neither a delay nor printf output is a memory event of the
// program (docs/ptx-kernels.md), so the verdicts are those of flag_threadfence_volatile.cu.
//
// The spin loop still only reads (nanosleep writes nothing), so it is a side-effect-free spin (docs/
// semantics.md 7.2) and termination holds under fair scheduling. printf stores its arguments to the
// thread's local stack before the call (private cells) and its result is an unconstrained value.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_backoff_printf.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => PASS: membar.gl = fence.sc.gpu on both sides orders the data accesses (ISA 8.9.3-8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_backoff_printf.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => PASS: out[0] == 42 in every complete execution
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_backoff_printf.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property termination
//     => PASS: under fair scheduling the volatile spin eventually reads the flag
__global__ void flag_backoff_printf(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    volatile int *vflag = flag;
    if (blockIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *vflag = 1;
    } else {
        while (*vflag == 0)
            __nanosleep(100);
        __threadfence();
        int seen = data[0];
        out[0] = seen;
        printf("block 1 read %d\n", seen);
    }
}
