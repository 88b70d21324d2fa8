// tma_store_fence.cu - a bulk asynchronous (TMA) store of a 128-byte shared tile to global memory, with
// fence.proxy.async between the generic-proxy writes of the tile and the copy (correct).
//
// Each of the 32 threads writes one element of the tile with an ordinary st.shared, then executes
// fence.proxy.async.shared::cta (CUTLASS's tma_store_fence); after __syncthreads() thread 0 issues
// cp.async.bulk.global.shared::cta.bulk_group, commits the bulk group and waits until the copy has read
// the tile (cp.async.bulk.wait_group.read 0) before the tile could be reused.
// Correct: the copy reads the tile through the async proxy; each writer's proxy fence, ordered before the
// copy by the barrier, makes its generic write visible to the async proxy.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_store_fence.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => PASS: generic write -> fence.proxy.async -> bar.sync -> async-proxy read is proxy-preserved causality order (ISA 8.6 proxies, async proxy; 8.9.5), so the copy's reads are ordered after the writes
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_store_fence.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property deterministic
//     => PASS: out[t] == in[t] + 1 in every complete execution
//   catcheck models/ptx-v8.cat litmus/CUDA/tma_store_fence.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property memory_safety
//     => PASS: the copy reads 128 bytes inside the 128-byte, 16-byte-aligned tile and writes inside the 128-byte out buffer
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void tma_store_fence(const int *in, int *out)
{
    alignas(16) __shared__ int tile[32];
    unsigned t = threadIdx.x;
    tile[t] = in[t] + 1;
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (t == 0) {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                     ::"l"(out), "r"(smem_addr(tile)), "n"(sizeof(tile)) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}
