// flag_gpu_atomic_ref.cu - message passing between two blocks: block 0 writes data then raises a flag with a
// device-scope release store; block 1 spins on a device-scope acquire load, then reads data
// (cuda::atomic_ref, thread_scope_device) (correct).
//
// Correct: st.release.gpu / ld.acquire.gpu are strong operations whose scope (the GPU) contains both
// threads, so they are morally strong; the release pattern synchronizes with the acquire pattern that reads
// from it, and the weak store of data is ordered before the weak load of it in causality order.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_atomic_ref.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => PASS: the flag accesses are morally strong (ISA 8.7: strong, gpu scope includes both CTAs); release -> acquire synchronizes (8.8, 8.9.4), ordering data's write before its read (8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_atomic_ref.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => PASS: block 1 reads data only after observing the flag, and causality forbids the stale 0 (8.10.6 causality axiom): out[0] == 42 always
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_gpu_atomic_ref.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property termination
//     => PASS: under fair scheduling block 0 eventually stores the flag and the spinning acquire load eventually sees it
#include <cuda/atomic>

__global__ void flag_gpu_atomic_ref(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    if (blockIdx.x == 0) {
        data[0] = 42;
        f.store(1, cuda::memory_order_release);
    } else {
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        out[0] = data[0];
    }
}
