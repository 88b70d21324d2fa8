// warp_reduce_plain.cu - last-warp reduction that assumes the warp runs in lockstep, through plain shared
// memory (bug).
//
// 64 threads store in[] to s[]; after __syncthreads() the first warp folds s[32..63] in and then halves
// 16, 8, 4, 2, 1 without any synchronisation, the pre-Volta "warp-synchronous" idiom.
// Bug: lane t reads s[t + d] while lane t + d updates it in the same or the previous step; the accesses are
// weak and unordered (and the compiler may keep s[t] in a register and store it once at the end).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_plain.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property cat_spec
//     => FAIL: lane t's weak ld.shared of s[t+16] and lane t+16's weak st.shared of s[t+16] conflict and are unordered: the model has no lockstep, only barriers order lanes (ISA 8.7.1 conflict and data-races)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_plain.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property deterministic
//     => FAIL: lane 0 may read s[16] before or after lane 16 added s[32] into it, so the sum differs between schedules
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_plain.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property termination
//     => PASS: one CTA barrier reached by all 64 threads; no loop
__global__ void warp_reduce_plain(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        s[t] += s[t + 32];
        s[t] += s[t + 16];
        s[t] += s[t + 8];
        s[t] += s[t + 4];
        s[t] += s[t + 2];
        s[t] += s[t + 1];
    }
    if (t == 0)
        out[0] = s[0];
}
