// tma_load_mbarrier.cu - a bulk asynchronous (TMA) load of 128 bytes from global into shared memory whose
// completion is tracked by an mbarrier transaction count (correct).
//
// Thread 0 initialises the mbarrier (count 1) and makes it visible to the async proxy and the CTA
// (fence.mbarrier_init is for clusters; here fence.proxy.async.shared::cta plus __syncthreads()), then
// announces the 128 bytes with mbarrier.arrive.expect_tx and issues
// cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes. Every thread waits for phase 0 with
// mbarrier.try_wait.parity and reads one element.
// Correct: the phase completes only when the arrival and all 128 bytes are in (pending count 0, tx-count 0);
// the copy's complete_tx releases its writes and the successful try_wait acquires them.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_mbarrier.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => PASS: the async writes precede complete_tx (with the implicit generic-async proxy fence at completion), which the acquiring try_wait observes (ISA cp.async.bulk completion mechanisms; mbarrier tx-count and phase completion), so every ld.shared is ordered after the write it reads
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_mbarrier.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property termination
//     => PASS: one arrival and 128 transaction bytes complete phase 0
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_mbarrier.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property deterministic
//     => PASS: out[t] == in[t] in every complete execution
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_mbarrier.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property memory_safety
//     => PASS: 128 bytes copied between two 128-byte, 16-byte-aligned allocations; the mbarrier is an 8-byte aligned shared object
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tma_load_mbarrier(const int *in, int *out)
{
    alignas(16) __shared__ int tile[32];
    alignas(8) __shared__ unsigned long long bar;
    unsigned t = threadIdx.x;
    if (t == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(&bar)), "r"(1) : "memory");
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    }
    __syncthreads();
    if (t == 0) {
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                     ::"r"(smem_addr(&bar)), "r"((unsigned)sizeof(tile)) : "memory");
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                     ::"r"(smem_addr(tile)), "l"(in), "r"((unsigned)sizeof(tile)), "r"(smem_addr(&bar))
                     : "memory");
    }
    unsigned done;
    do {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(smem_addr(&bar)), "r"(0) : "memory");
    } while (!done);
    out[t] = tile[t];
}
