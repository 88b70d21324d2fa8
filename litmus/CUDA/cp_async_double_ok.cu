// cp_async_double_ok.cu - a two-stage cp.async pipeline (sm_80 asynchronous copies, CUTLASS's multistage
// mainloop in miniature) that waits for each stage before it reads it (correct).
//
// Stage 0: every thread copies in[t] into stage0[t] with cp.async.ca (4 bytes) and commits a group.
// Stage 1: every fourth thread copies four ints into stage1[t..t+3] with cp.async.cg (16 bytes; the last
// thread's src-size of 8 zero-fills the tail) and commits a second group. wait_group 1 waits for stage 0,
// __syncthreads() publishes it, each thread reads its neighbour's stage-0 element; wait_group 0 then waits
// for stage 1, __syncthreads() again, and each thread adds its neighbour's stage-1 element.
// Correct: a copy's writes are ordered before the thread's wait that covers its group (ISA cp.async.wait_group:
// the writes are then visible to the executing thread), and bar.sync carries them to the other threads.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/cp_async_double_ok.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:32 --property cat_spec
//     => PASS: each async write to stage0 / stage1 precedes the covering wait_group in the writer, then bar.sync, then the neighbour's read (ISA cp.async.wait_group; 8.9.5 causality order)
//   catcheck models/ptx-v8.cat litmus/CUDA/cp_async_double_ok.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:32 --property deterministic
//     => PASS: out[t] == in[t+1] + stage1[t+1] (zero past src-size) in every complete execution
//   catcheck models/ptx-v8.cat litmus/CUDA/cp_async_double_ok.ptx --grid 1 --block 8 --arg 0=buffer:64:any --arg 1=buffer:32 --property memory_safety
//     => PASS: every copy reads inside in and writes inside its stage array
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void cp_async_double_ok(const int *in, int *out)
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
    asm volatile("cp.async.wait_group 0;" ::: "memory");
    __syncthreads();
    out[t] = first + stage1[(t + 1) % n];
}
