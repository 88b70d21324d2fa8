// warp_aggregated_norank.cu - the warp-aggregated increment of warp_aggregated_ok.cu with its bug: every
// lane writes at the base the leader reserved, forgetting its rank among the active lanes.
//
// Two active lanes then write one slot with weak stores: a data race (PTX ISA 8.7.1).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_aggregated_norank.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --arg 2=buffer:4 --property cat_spec
//     => FAIL: two active lanes store to out[base] (data-race)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_aggregated_norank.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --arg 2=buffer:4 --property termination
//     => PASS: every lane the mask names reaches the shfl.sync
__device__ int aggregatedIncrement(int* counter) {
  unsigned active = __activemask();
  int leader = __ffs(active) - 1;
  int lane = threadIdx.x % 32;
  int base = 0;
  if (lane == leader) base = atomicAdd(counter, __popc(active));
  return __shfl_sync(active, base, leader);
}

__global__ void warp_aggregated_norank(const int* in, int* out, int* counter) {
  int x = in[threadIdx.x];
  if (x > 0) out[aggregatedIncrement(counter)] = x;
}
