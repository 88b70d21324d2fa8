// warp_reduce_syncwarp.cu - the last-warp reduction done right: each lane keeps its partial sum in a
// register and __syncwarp() separates every read of a neighbour's slot from the write that replaces it
// (correct; the pattern of NVIDIA's "Using CUDA Warp-Level Primitives").
//
// Correct: bar.warp.sync among the 32 lanes of warp 0 orders each step's reads before the next writes and
// each write before the next reads, so every read sees exactly the partial sum it should.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_syncwarp.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property cat_spec
//     => PASS: every conflicting pair of lanes is ordered by a bar.warp.sync that both lanes meet (barrier synchronization, ISA 8.9.4; causality order 8.9.5)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_syncwarp.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property deterministic
//     => PASS: race-free and each read has a single write ordered before it, so out[0] is the same in every execution
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_syncwarp.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property termination
//     => PASS: all 32 lanes of warp 0 reach every bar.warp.sync with the full mask (t < 32 is exactly warp 0)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_syncwarp.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property participation
//     => PASS: every bar.warp.sync is executed by the complete warp its mask names
__global__ void warp_reduce_syncwarp(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        int v = s[t];
        v += s[t + 32]; __syncwarp();
        s[t] = v;       __syncwarp();
        v += s[t + 16]; __syncwarp();
        s[t] = v;       __syncwarp();
        v += s[t + 8];  __syncwarp();
        s[t] = v;       __syncwarp();
        v += s[t + 4];  __syncwarp();
        s[t] = v;       __syncwarp();
        v += s[t + 2];  __syncwarp();
        s[t] = v;       __syncwarp();
        v += s[t + 1];  __syncwarp();
        s[t] = v;
    }
    if (t == 0)
        out[0] = s[0];
}
