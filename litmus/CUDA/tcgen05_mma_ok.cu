// tcgen05_mma_ok.cu - one tcgen05.mma (sm_100a, kind::f16, M 64, N 8, K 16) from shared memory into tensor memory,
// its completion signalled through tcgen05.commit to an mbarrier, the accumulator read back with tcgen05.ld
// (correct).
//
// Every thread copies its share of A (64 x 16 f16) and B (8 x 16 f16) into shared memory in the K-major
// layout without swizzle (8-row x 16-byte core matrices, 128 bytes apart along K, 256 along M), then
// fence.proxy.async makes those generic writes visible to the async proxy the tensor core reads through.
// Warp 0 allocates 32 columns; thread 0 initialises the mbarrier, issues the mma and commits it to the
// mbarrier; every thread waits for phase 0 and reads its lane's 8 columns (rows 0-15 of D sit in lanes
// 0-15 of each warp under the ISA's data-path layout F for M = 64). Checked with one warp: lanes 0-15 write
// rows 0-15 of D to out.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_mma_ok.ptx --grid 1 --block 32 --arg 0=buffer:2048:any --arg 1=buffer:256:any --arg 2=buffer:2048 --property cat_spec
//     => PASS: fence.proxy.async and bar.sync order the generic writes of A and B before the mma's async-proxy reads (8.6 proxies); the commit's arrival follows the mma's accumulator writes and the acquiring try_wait observes it before tcgen05.ld (models/ptx-v8.cat mma-done)
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_mma_ok.ptx --grid 1 --block 32 --arg 0=buffer:2048:any --arg 1=buffer:256:any --arg 2=buffer:2048 --property memory_safety
//     => PASS: the mma reads A and B inside sa and sb and writes D inside the 32 allocated columns
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_mma_ok.ptx --grid 1 --block 32 --arg 0=buffer:2048:any --arg 1=buffer:256:any --arg 2=buffer:2048 --property termination
//     => PASS: the commit arrives once the mma completed, which completes phase 0 of the mbarrier (count 1) every thread waits for
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// K-major, no swizzle: 8-row x 16-byte core matrices, 128 bytes apart along K (LBO), 256 along M/N (SBO).
__device__ __forceinline__ unsigned long long smem_desc(const void *p)
{
    unsigned long long a = smem_addr(p);
    return ((a >> 4) & 0x3FFF) | (128ull >> 4) << 16 | (256ull >> 4) << 32 | 1ull << 46;
}

// A: 64 x 16 f16, B: 8 x 16 f16 (N x K), D: 64 x 8 f32 in tensor memory; every thread reads its lane's 8
// columns after the mma (a block of up to 128 threads, one warpgroup).
__global__ void tcgen05_mma_ok(const unsigned *a, const unsigned *b, unsigned *out)
{
    alignas(128) __shared__ unsigned sa[64 * 8];
    alignas(128) __shared__ unsigned sb[8 * 8];
    alignas(8) __shared__ unsigned long long done;
    __shared__ unsigned tmem_base;
    unsigned t = threadIdx.x, warp = t / 32, lane = t % 32;
    for (unsigned i = t; i < 64 * 8; i += 128) {
        unsigned r = i / 8, w = i % 8;  // row r, word w (bytes 4w..4w+3 of its 32)
        sa[(r / 8) * 64 + (w / 4) * 32 + (r % 8) * 4 + w % 4] = a[i];
    }
    if (t < 64) { unsigned r = t / 8, w = t % 8; sb[(w / 4) * 32 + r * 4 + w % 4] = b[t]; }
    if (warp == 0) {
        asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;"
                     ::"r"(smem_addr(&tmem_base)) : "memory");
        asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" ::: "memory");
    }
    if (t == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&done)) : "memory");
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
    __syncthreads();
    asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
    unsigned taddr = tmem_base;
    if (t == 0) {
        unsigned idesc = (1u << 4) | ((8u >> 3) << 17) | ((64u >> 4) << 24);  // f32 D, f16 A/B, N 8, M 64
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %4, 0;\n\t"
                     "tcgen05.mma.cta_group::1.kind::f16 [%0], %1, %2, %3, p;\n\t}"
                     ::"r"(taddr), "l"(smem_desc(sa)), "l"(smem_desc(sb)), "r"(idesc), "r"(0) : "memory");
        asm volatile("tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%0];"
                     ::"r"(smem_addr(&done)) : "memory");
    }
    unsigned ready;
    do {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(ready) : "r"(smem_addr(&done)), "r"(0) : "memory");
    } while (!ready);
    asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
    unsigned d[8];
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x8.b32 {%0, %1, %2, %3, %4, %5, %6, %7}, [%8];"
                 : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3]), "=r"(d[4]), "=r"(d[5]), "=r"(d[6]), "=r"(d[7])
                 : "r"(taddr + ((warp * 32) << 16)) : "memory");
    asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
    if (lane < 16)
        for (int j = 0; j < 8; ++j) out[(warp * 16 + lane) * 8 + j] = d[j];
    asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
    __syncthreads();
    if (warp == 0)
        asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" ::"r"(taddr) : "memory");
}
