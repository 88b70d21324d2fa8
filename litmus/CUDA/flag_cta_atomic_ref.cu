// flag_cta_atomic_ref.cu - the message passing of flag_gpu_atomic_ref.cu with block-scope atomics
// (cuda::thread_scope_block) between two different blocks (bug).
//
// Bug: st.release.cta / ld.acquire.cta only synchronize threads of one CTA. The two threads are in different
// CTAs, so neither scope includes the other thread: the flag accesses are not morally strong, no release
// pattern synchronizes with the acquire, and the data accesses are unordered.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_cta_atomic_ref.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => FAIL: the cta-scope flag store and load are not morally strong across CTAs (ISA 8.7 condition 1: each scope must include the other thread), so they, and the weak data store and load, are data races (8.7.1)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_cta_atomic_ref.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => FAIL: block 1 may see the flag and still read the initial 0 of data (no synchronization, 8.9.4), so out[0] is 42 or 0
#include <cuda/atomic>

__global__ void flag_cta_atomic_ref(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    cuda::atomic_ref<int, cuda::thread_scope_block> f(*flag); // BUG: block scope across blocks
    if (blockIdx.x == 0) {
        data[0] = 42;
        f.store(1, cuda::memory_order_release);
    } else {
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        out[0] = data[0];
    }
}
