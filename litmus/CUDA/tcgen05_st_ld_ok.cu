// tcgen05_st_ld_ok.cu - tensor memory (sm_100a): warp 0 allocates 32 columns, every thread stores two values to
// its lane of tensor memory with tcgen05.st, waits for the store (tcgen05.wait::st), loads them back with
// tcgen05.ld, waits for the load (tcgen05.wait::ld) and writes them out swapped (correct).
//
// The address tcgen05.alloc writes to shared memory is read after tcgen05.fence::before_thread_sync,
// __syncthreads() and tcgen05.fence::after_thread_sync; warp w of a warpgroup reaches lanes 32w..32w+31.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_st_ld_ok.ptx --grid 1 --block 32 --arg 0=buffer:256:any --arg 1=buffer:256 --property cat_spec
//     => PASS: tcgen05.wait::st orders the thread's asynchronous tcgen05.st before its tcgen05.ld (ISA tcgen05 memory consistency; models/ptx-v8.cat tc-store-done), and the allocation's write of the address is ordered before every read of it by bar.sync (8.9.5 causality order)
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_st_ld_ok.ptx --grid 1 --block 32 --arg 0=buffer:256:any --arg 1=buffer:256 --property termination
//     => PASS: no loop, one barrier every thread reaches
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_st_ld_ok.ptx --grid 1 --block 32 --arg 0=buffer:256:any --arg 1=buffer:256 --property deterministic
//     => PASS: out[2t] == in[2t+1] and out[2t+1] == in[2t] in every complete execution
//   catcheck models/ptx-v8.cat litmus/CUDA/tcgen05_st_ld_ok.ptx --grid 1 --block 32 --arg 0=buffer:256:any --arg 1=buffer:256 --property memory_safety
//     => PASS: every tensor-memory access lies in the 32 allocated columns of its lane
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tcgen05_st_ld_ok(const unsigned *in, unsigned *out)
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
    asm volatile("tcgen05.wait::st.sync.aligned;" ::: "memory");
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
