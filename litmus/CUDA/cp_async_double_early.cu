// cp_async_double_early.cu - the two-stage cp.async pipeline of cp_async_double_ok.cu whose second wait is
// wait_group 1 instead of 0 (bug: an off-by-one in the stage count, as when a pipeline's depth changes).
//
// Bug: wait_group 1 leaves the most recent group - stage 1 - pending, so the neighbour's stage-1 copy may
// still be writing when this thread reads stage1[t+1]; __syncthreads() does not wait for asynchronous copies.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/cp_async_double_early.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:32 --property cat_spec
//     => FAIL: the stage-1 copy's async write and the neighbour's read of stage1 are not ordered by any wait of the writer (ISA cp.async.wait_group covers only completed groups), so they race (8.7.1)
//   catcheck models/ptx-v8.cat litmus/CUDA/cp_async_double_early.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:32 --property deterministic
//     => FAIL: out[t] may add the uninitialised stage1 contents instead of the copied value
//   catcheck models/ptx-v8.cat litmus/CUDA/cp_async_double_early.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:32 --property memory_safety
//     => PASS: the copies stay in bounds; the bug is ordering
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void cp_async_double_early(const int *in, int *out)
{
    alignas(16) __shared__ int stage0[8];
    alignas(16) __shared__ int stage1[8];
    unsigned t = threadIdx.x;
    unsigned n = blockDim.x;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(&stage0[t])), "l"(in + t) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    if (t % 4 == 0) {
        unsigned bytes = t + 4 < n ? 16 : 8;
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;"
                     ::"r"(smem_addr(&stage1[t])), "l"(in + n + t), "r"(bytes) : "memory");
    }
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncthreads();
    int first = stage0[(t + 1) % n];
    asm volatile("cp.async.wait_group 1;" ::: "memory");  // bug: 0
    __syncthreads();
    out[t] = first + stage1[(t + 1) % n];
}
