// mbar_token_wait_missing.cu - mbar_token_wait_ok.cu with thread 0 never arriving (bug).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_token_wait_missing.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --bound 2 --property termination
//     => FAIL: the barrier expects blockDim.x arrivals and gets one fewer: the phase never completes and
//        every thread spins in try_wait
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void rendezvous(unsigned long long *bar, bool arrive)
{
    unsigned long long state = 0;
    if (arrive)
        asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(smem_addr(bar)) : "memory");
    unsigned done;
    do {
        asm volatile("{\n\t.reg .pred p;\n\t"
                     "mbarrier.try_wait.shared::cta.b64 p, [%1], %2;\n\t"
                     "selp.u32 %0, 1, 0, p;\n\t}"
                     : "=r"(done) : "r"(smem_addr(bar)), "l"(state) : "memory");
    } while (!done);
}

__device__ __forceinline__ void init(unsigned long long *bar)
{
    if (threadIdx.x == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(blockDim.x) : "memory");
    __syncthreads();
}

__global__ void mbar_token_wait_missing(const int *in, int *out)
{
    alignas(8) __shared__ unsigned long long bar;
    __shared__ int s[32];
    init(&bar);
    s[threadIdx.x] = in[threadIdx.x];
    rendezvous(&bar, threadIdx.x != 0);
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
