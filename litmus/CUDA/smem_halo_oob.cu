// smem_halo_oob.cu - shift a block's elements right by one through a shared tile that forgot its halo
// element (bug).
//
// Thread t stores in[t] at tile[t + 1], thread 0 stores the zero that enters at the left, and after the
// barrier thread t reads tile[t]: out[t] = in[t - 1].
// Bug: the tile has 32 elements for 33 values, so thread 31 writes tile[32], one past the end of the
// allocation (into whatever shared variable the compiler placed next, or unallocated shared memory).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/smem_halo_oob.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property memory_safety
//     => FAIL: thread 31's st.shared.u32 at byte offset 128 of the 128-byte tile is outside every allocation (ISA: an access outside the variable's state-space allocation is undefined)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/smem_halo_oob.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:128 --property termination
//     => PASS: one barrier, reached by every thread
__global__ void smem_halo_oob(const int *in, int *out)
{
    __shared__ int tile[32]; // BUG: needs 33 elements
    unsigned t = threadIdx.x;
    tile[t + 1] = in[t];
    if (t == 0)
        tile[0] = 0;
    __syncthreads();
    out[t] = tile[t];
}
