// tma_load_missing_expect_tx.cu - the bulk asynchronous load of tma_load_mbarrier.cu where thread 0 arrives
// with a plain mbarrier.arrive instead of mbarrier.arrive.expect_tx (bug).
//
// Bug: without the expect_tx the barrier does not know about the 128 pending bytes: thread 0's arrival
// completes phase 0 at once (pending count 0, tx-count 0), the waiting threads read the tile while the copy
// may still be writing it, and the copy's complete_tx lands in phase 1.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_missing_expect_tx.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => FAIL: phase 0 completes on the arrival alone (ISA mbarrier: phase completion needs pending arrivals 0 and tx-count 0), so the try_wait does not order the copy's async-proxy writes before the generic ld.shared: a data race (8.7.1; 8.6 proxies)
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_missing_expect_tx.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property deterministic
//     => FAIL: out[t] may be in[t] or the tile's uninitialised shared contents
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_load_missing_expect_tx.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property termination
//     => PASS: phase 0 completes (too early) on the single arrival, so no thread waits forever
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tma_load_missing_expect_tx(const int *in, int *out)
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
        // BUG: plain arrive; the 128 transaction bytes are never announced (mbarrier.arrive.expect_tx)
        asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(&bar)) : "memory");
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
