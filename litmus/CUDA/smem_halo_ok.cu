// smem_halo_ok.cu - the right shift of smem_halo_oob.cu with a tile of blockDim.x + 1 elements (correct).
//
// Thread t stores in[t] at tile[t + 1], thread 0 stores the zero that enters at the left, and after the
// barrier thread t reads tile[t]: out[t] = in[t - 1], out[0] = 0.
// Correct: tile[33] holds all 33 values; the barrier orders each write before the read of the neighbour.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/smem_halo_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property memory_safety
//     => PASS: indices 0..32 stay inside tile[33]; in[t] and out[t] inside their 128-byte buffers
//   catcheck models/ptx-v7.5.cat litmus/CUDA/smem_halo_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property cat_spec
//     => PASS: each tile element has one writer, ordered before its reader by bar.sync (ISA 8.9.4, 8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/smem_halo_ok.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property deterministic
//     => PASS: out[0] == 0 and out[t] == in[t - 1] in every complete execution
__global__ void smem_halo_ok(const int *in, int *out)
{
    __shared__ int tile[32 + 1];
    unsigned t = threadIdx.x;
    tile[t + 1] = in[t];
    if (t == 0)
        tile[0] = 0;
    __syncthreads();
    out[t] = tile[t];
}
