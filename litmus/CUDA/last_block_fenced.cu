// last_block_fenced.cu - the last-block reduction of CUDA's threadFenceReduction sample, one thread per
// block: each block writes its partial result, fences, and takes a ticket; the block that draws the last
// ticket sums every partial and traps when the sum is wrong. Here the last block also fences after its
// ticket (last_block_writer_fence.cu is the sample's form, with the writer's fence only).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/last_block_fenced.ptx --grid 3 --block 1 --arg 0=buffer:12 --arg 1=buffer:4 --property program_spec
//     => PASS: the writer's fence before its atomic and the last block's fence after its own atomic
//        synchronise (fence-fence synchronisation through the ticket's release sequence, ISA 8.7.1), so
//        every partial is visible to the last block and the trap is never reached
//   catcheck models/ptx-v7.5.cat litmus/CUDA/last_block_fenced.ptx --grid 3 --block 1 --arg 0=buffer:12 --arg 1=buffer:4 --property cat_spec
//     => PASS: no data race

__device__ unsigned int tickets = 0;

__global__ void last_block_fenced(int *partial, int *total)
{
    partial[blockIdx.x] = 1;
    __threadfence();
    unsigned int ticket = atomicAdd(&tickets, 1);
    if (ticket == gridDim.x - 1) {
        __threadfence();
        int sum = 0;
        for (unsigned int b = 0; b < gridDim.x; ++b)
            sum += partial[b];
        if (sum != gridDim.x)
            __trap();
        *total = sum;
    }
}
