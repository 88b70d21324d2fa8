// tcgen05_mma_nowait.cu - tcgen05_mma_ok.cu without the wait on the commit's mbarrier (bug).
//
// The threads read the accumulator with tcgen05.ld while the mma may still be writing it.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_mma_nowait.ptx --grid 1 --block 32 --arg 0=buffer:2048:any --arg 1=buffer:256:any --arg 2=buffer:2048 --property cat_spec
//     => FAIL: the mma's asynchronous accumulator writes and the tcgen05.ld of the same cells are unordered, a data race (8.7.1; nothing waits for mma-done)
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
__global__ void tcgen05_mma_nowait(const unsigned *a, const unsigned *b, unsigned *out)
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
