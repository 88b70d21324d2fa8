// tcgen05_st_ld_nowait.cu - tcgen05_st_ld_ok.cu without its tcgen05.wait::st (bug).
//
// tcgen05.st is asynchronous: without tcgen05.wait::st the thread's later tcgen05.ld of the same cells is not
// ordered after it, so the load may read the cells' old contents.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_st_ld_nowait.ptx --grid 1 --block 32 --arg 0=buffer:256:any --arg 1=buffer:256 --property cat_spec
//     => FAIL: the asynchronous tcgen05.st and tcgen05.ld of one cell are unordered (no completion wait), a data race (8.7.1; models/ptx-v8.cat: asynchronous accesses race with their own thread)
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_st_ld_nowait.ptx --grid 1 --block 32 --arg 0=buffer:256:any --arg 1=buffer:256 --property deterministic
//     => FAIL: the load reads either the stored value or the cell's unconstrained initial contents
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tcgen05_st_ld_nowait(const unsigned *in, unsigned *out)
{
    __shared__ unsigned tmem_base;
    unsigned t = threadIdx.x, warp = t / 32;
    if (warp == 0) {
        asm volatile("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%0], 32;"
                     ::"r"(smem_addr(&tmem_base)) : "memory");
        asm volatile("tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;" ::: "memory");
    }
    asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
    __syncthreads();
    asm volatile("tcgen05.fence::after_thread_sync;" ::: "memory");
    unsigned taddr = tmem_base + ((warp * 32) << 16);
    unsigned a = in[2 * t], b = in[2 * t + 1];
    asm volatile("tcgen05.st.sync.aligned.32x32b.x2.b32 [%0], {%1, %2};" ::"r"(taddr), "r"(a), "r"(b) : "memory");
    unsigned r0, r1;
    asm volatile("tcgen05.ld.sync.aligned.32x32b.x2.b32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(taddr) : "memory");
    asm volatile("tcgen05.wait::ld.sync.aligned;" ::: "memory");
    out[2 * t] = r1;
    out[2 * t + 1] = r0;
    asm volatile("tcgen05.fence::before_thread_sync;" ::: "memory");
    __syncthreads();
    if (warp == 0)
        asm volatile("tcgen05.dealloc.cta_group::1.sync.aligned.b32 %0, 32;" ::"r"(tmem_base) : "memory");
}
