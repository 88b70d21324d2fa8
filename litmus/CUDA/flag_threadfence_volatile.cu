// flag_threadfence_volatile.cu - message passing between two blocks the pre-C++-atomics way: data, then
// __threadfence(), then a volatile flag store; the reader spins on a volatile load, then __threadfence(),
// then reads data (correct).
//
// __threadfence() is membar.gl, which the ISA defines as fence.sc.gpu; volatile accesses are relaxed at
// system scope. Correct: the writer's fence is ordered before the reader's fence in Fence-SC order (the
// other order would contradict the flag's reads-from), a fence.sc synchronizes with the later one, and the
// data write is ordered before the data read.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_threadfence_volatile.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => PASS: the volatile flag accesses are relaxed.sys (ISA 8.4), morally strong; membar.gl = fence.sc.gpu, and Fence-SC order (8.9.3, 8.10.2) makes the writer's fence synchronize with the reader's (8.9.4), ordering the data accesses (8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_threadfence_volatile.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => PASS: out[0] == 42 in every complete execution
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_threadfence_volatile.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property termination
//     => PASS: under fair scheduling the volatile spin eventually reads the flag
__global__ void flag_threadfence_volatile(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    volatile int *vflag = flag;
    if (blockIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        *vflag = 1;
    } else {
        while (*vflag == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
