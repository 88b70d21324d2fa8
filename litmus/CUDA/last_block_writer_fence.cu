// last_block_writer_fence.cu - the bug: the last-block reduction as CUDA's threadFenceReduction sample
// writes it, with a fence before each block's ticket but none after the last block's (last_block_fenced.cu
// is the fix).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/last_block_writer_fence.ptx --grid 3 --block 1 --arg 0=buffer:12 --arg 1=buffer:4 --property program_spec
//     => FAIL: nothing orders the last block's weak reads of the partials after its ticket, so one may read
//        the initial 0, the sum is wrong and the trap is reached
//   catcheck models/ptx-v7.5.cat litmus/CUDA/last_block_writer_fence.ptx --grid 3 --block 1 --arg 0=buffer:12 --arg 1=buffer:4 --property cat_spec
//     => FAIL: a block's weak write of its partial and the last block's weak read of it race

__device__ unsigned int tickets = 0;

__global__ void last_block_writer_fence(int *partial, int *total)
{
    partial[blockIdx.x] = 1;
    __threadfence();
    unsigned int ticket = atomicAdd(&tickets, 1);
    if (ticket == gridDim.x - 1) {
        int sum = 0;
        for (unsigned int b = 0; b < gridDim.x; ++b)
            sum += partial[b];
        if (sum != gridDim.x)
            __trap();
        *total = sum;
    }
}
