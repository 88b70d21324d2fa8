// syncthreads_or_divergent.cu - __syncthreads_or (bar.red.or.pred) in a branch only the first warp of the
// block takes. The hardware counts arrivals at barrier 0, whatever instruction arrives: warp 0's bar.red.or
// and warp 1's bar.red.and complete the first instance together, warp 1 goes on and exits, and warp 0 waits
// at its bar.red.and for threads that are gone.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/syncthreads_or_divergent.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:256 --property termination
//     => FAIL: threads 0..31 wait forever at bar.red.and: it needs all 64 threads of the CTA (ISA 9.7.13.1)
__global__ void syncthreads_or_divergent(const int *in, int *out)
{
    unsigned t = threadIdx.x;
    int any = 0;
    if (t < 32)
        any = __syncthreads_or(in[t] > 0);
    int all = __syncthreads_and(in[t] >= 0);
    out[t] = any + all;
}
