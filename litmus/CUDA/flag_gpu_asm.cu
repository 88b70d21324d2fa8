// flag_gpu_asm.cu - message passing between two blocks with inline PTX: st.release.gpu of the flag after the
// data, ld.acquire.gpu spin before reading the data (correct).
//
// The same protocol as flag_gpu_atomic_ref.cu, written with inline asm so that clang (whose NVPTX back end
// crashes on acquire atomics) compiles it too.
// Correct: release and acquire at GPU scope are morally strong across the two CTAs and synchronize.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_asm.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => PASS: st.release.gpu and ld.acquire.gpu are morally strong (ISA 8.7) and synchronize (8.8, 8.9.4), ordering the data store before the data load (8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_asm.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => PASS: out[0] == 42 in every complete execution (8.10.6 causality axiom forbids the stale read)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_asm.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property termination
//     => PASS: under fair scheduling block 0 runs, stores the flag, and block 1's spin sees it
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_asm.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --progress OBE --property termination
//     => FAIL: CUDA does not guarantee that block 0 is ever scheduled while block 1 occupies the GPU (no co-residency outside cooperative launches); under occupancy-bound progress block 1 spins forever
__device__ __forceinline__ void st_release_gpu(int *p, int v)
{
    asm volatile("st.release.gpu.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

__device__ __forceinline__ int ld_acquire_gpu(const int *p)
{
    int v;
    asm volatile("ld.acquire.gpu.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__global__ void flag_gpu_asm(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        data[0] = 42;
        st_release_gpu(flag, 1);
    } else {
        while (ld_acquire_gpu(flag) == 0) {
        }
        out[0] = data[0];
    }
}
