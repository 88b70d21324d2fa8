// warp_reduce_volatile.cu - the last-warp reduction of warp_reduce_plain.cu through a volatile pointer, as
// the classic CUDA samples wrote it (bug: race-free but not deterministic).
//
// volatile forces every read and write to memory (ld.volatile.shared / st.volatile.shared), which the PTX
// ISA treats as relaxed operations at system scope: no data race, but also no ordering between lanes.
// Bug: without lockstep, lane t may read s[t + d] before or after lane t + d's own update of this step or of
// the previous one, so partial sums are lost or counted twice.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_volatile.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property cat_spec
//     => PASS: the conflicting lane accesses are all volatile, i.e. relaxed.sys (ISA 8.4 operation types), hence morally strong (8.7) and not a data race (8.7.1); the initial weak stores are ordered by bar.sync
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_volatile.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property deterministic
//     => FAIL: relaxed accesses do not synchronize (no release/acquire pattern, 8.8), so lane 0 may read s[16] before or after lane 16 updated it: two executions of the same input store different sums
//   catcheck models/ptx-v7.5.cat litmus/CUDA/warp_reduce_volatile.ptx --grid 1 --block 64 --arg 0=buffer:256:any --arg 1=buffer:4 --property termination
//     => PASS: one CTA barrier reached by all 64 threads; no loop
__global__ void warp_reduce_volatile(const int *in, int *out)
{
    __shared__ int s[64];
    unsigned t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < 32) {
        volatile int *v = s;
        v[t] += v[t + 32];
        v[t] += v[t + 16];
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
    }
    if (t == 0)
        out[0] = s[0];
}
