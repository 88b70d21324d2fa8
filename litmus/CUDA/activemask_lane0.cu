// activemask_lane0.cu - a broadcast from lane 0 over the lanes __activemask() found (bug).
//
// Lane 0 is in the mask only when its own item passes the filter; in a warp where it does not, the other
// lanes shuffle from a lane outside the mask (ISA shfl.sync: undefined behaviour).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/activemask_lane0.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --property cat_spec
//     => FAIL: shfl.sync reads lane 0, which does not take part when in[0] <= 0
//   catcheck models/ptx-v7.5.cat litmus/CUDA/activemask_lane0.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:16 --property termination
//     => PASS: the shuffle's mask names exactly the lanes that reach it
__global__ void activemask_lane0(const int* in, int* out) {
  int x = in[threadIdx.x];
  if (x > 0) {
    unsigned active = __activemask();
    out[threadIdx.x] = __shfl_sync(active, x, 0);
  }
}
