// reduce_tree_nosync.cu - the tree reduction of reduce_tree_ok.cu with the __syncthreads() inside the loop
// missing (bug).
//
// Bug: in step k thread t reads s[t + stride], which thread t + stride wrote in step k - 1
// (t + stride < 2 * stride); nothing orders that write before the read. Within one warp too: since Volta a
// warp does not run in lockstep, and the PTX memory model never assumed it.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_nosync.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property cat_spec
//     => FAIL: thread t's weak ld.shared of s[t+stride] and thread t+stride's weak st.shared of it conflict, are not morally strong (weak) and not ordered by causality order (ISA 8.7.1 conflict and data-races)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_nosync.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property termination
//     => PASS: no barrier inside the loop, the loop is bounded; every thread terminates
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_tree_nosync.ptx --grid 1 --block 32 --arg 0=buffer:128:any --arg 1=buffer:4 --bound 7 --property deterministic
//     => FAIL: the racy read may see the partial sum before or after its owner's update, so out[0] differs between executions of the same input
__global__ void reduce_tree_nosync(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        // BUG: __syncthreads() missing here
    }
    __syncthreads();
    if (t == 0)
        out[0] = s[0];
}
