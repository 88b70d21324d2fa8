// syncthreads_count_full.cu - the mirror of syncthreads_count_exact.cu: every thread whose count is the
// block's size writes out[0], and the count is the block's size, so all 64 threads write out[0] with no
// order between them (a data race). Shows that bar.red.popc does reach the full count.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_count_full.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:256 --property cat_spec
//     => FAIL: every thread reads 64 from bar.red.popc and stores to out[0]; the stores are weak and unordered (8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_count_full.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:256 --property termination
//     => PASS: all 64 threads reach the one bar.red
__global__ void syncthreads_count_full(const int *in, int *out)
{
    unsigned t = threadIdx.x;
    int count = __syncthreads_count(t < blockDim.x);
    if (count == (int)blockDim.x)
        out[0] = t;
}
