// tma_store_nofence.cu - the bulk asynchronous store of tma_store_fence.cu without fence.proxy.async (bug).
//
// Bug: the tile is written through the generic proxy and read by the copy through the async proxy;
// __syncthreads() orders the threads but does not cross proxies, so the copy may read stale tile contents.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_store_nofence.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => FAIL: the generic st.shared of tile[t] and the copy's async-proxy read of it are not morally strong (different proxies, ISA 8.7 condition 2) and not in proxy-preserved causality order without a proxy fence (8.6, 8.9.5): a data race
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_store_nofence.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property deterministic
//     => FAIL: out may receive the tile's uninitialised shared contents instead of in[t] + 1
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_store_nofence.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property memory_safety
//     => PASS: the copy stays inside the tile and the out buffer; the bug is ordering, not bounds
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tma_store_nofence(const int *in, int *out)
{
    alignas(16) __shared__ int tile[32];
    unsigned t = threadIdx.x;
    tile[t] = in[t] + 1;
    // BUG: fence.proxy.async.shared::cta missing
    __syncthreads();
    if (t == 0) {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                     ::"l"(out), "r"(smem_addr(tile)), "n"(sizeof(tile)) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}
