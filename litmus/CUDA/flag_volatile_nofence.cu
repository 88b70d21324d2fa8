// flag_volatile_nofence.cu - the message passing of flag_threadfence_volatile.cu without the two
// __threadfence() calls (bug).
//
// Bug: a volatile flag alone orders nothing: volatile accesses are relaxed, with no release or acquire
// semantics, so the weak data store and load are unordered even after the flag was seen.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_volatile_nofence.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => FAIL: no release/acquire pattern (ISA 8.8: a relaxed store without a preceding fence is not one) and no fence.sc, so data's weak store and load are not in causality order: a data race (8.7.1); the flag itself does not race (relaxed.sys, morally strong)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_volatile_nofence.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => FAIL: out[0] may be 42 or the initial 0
__global__ void flag_volatile_nofence(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    volatile int *vflag = flag;
    if (blockIdx.x == 0) {
        data[0] = 42;
        // BUG: __threadfence() missing
        *vflag = 1;
    } else {
        while (*vflag == 0) {
        }
        // BUG: __threadfence() missing
        out[0] = data[0];
    }
}
