// warp_aggregated_ok.cu - warp-aggregated atomic increment (correct): the filtering pattern of CUDA's
// cooperative groups (coalesced_threads).
//
// The lanes whose item passes the filter find each other with __activemask(); the lowest of them reserves a
// slot for each with one atomicAdd and broadcasts the base with __shfl_sync over the same mask; each lane
// writes its item at base + its rank among the active lanes. activemask is read as the lanes that run it
// together (docs/ptx-kernels.md), the shuffle's mask is that value: its instance is the lanes that run it with
// that mask, and the leader is one of them.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_aggregated_ok.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --arg 2=buffer:4 --property cat_spec
//     => PASS: every active lane writes its own slot (distinct ranks), and the leader is in the shuffle's mask
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_aggregated_ok.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --arg 2=buffer:4 --property termination
//     => PASS: every lane the mask names reaches the shfl.sync
__device__ int aggregatedIncrement(int* counter) {
  unsigned active = __activemask();
  int leader = __ffs(active) - 1;
  int lane = threadIdx.x % 32;
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(active));
  base = __shfl_sync(active, base, leader);
  return base + __popc(active & ((1u << lane) - 1));
}

__global__ void warp_aggregated_ok(const int* in, int* out, int* counter) {
  int x = in[threadIdx.x];
  if (x > 0) out[aggregatedIncrement(counter)] = x;
}
