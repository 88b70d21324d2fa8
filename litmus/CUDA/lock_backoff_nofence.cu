// lock_backoff_nofence.cu - one thread per warp takes a spin lock with __nanosleep back-off, increments a
// plain counter inside it and prints a line; the lock has no __threadfence() after taking it and before
// releasing it, so nothing orders one critical section's plain counter accesses before the next one's.
// (The fixed lock, with both fences, can spin any number of times: atom.cas writes even when it fails, so
// its loop is not a side-effect-free spin and its checks stay UNKNOWN at every bound, docs/semantics.md 7.4.)
//
// Relaxed atomicCAS / atomicExch form no release / acquire pattern (ISA 8.9.4): the second warp's load of
// the counter may miss the first warp's store, so the counter can end at 1, and the two plain accesses
// race (ISA 8.9.7: conflicting, not morally strong, not ordered by causality).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/lock_backoff_nofence.ptx --grid 1 --block 64 --arg 0=buffer:4 --arg 1=buffer:4 --property cat_spec
//     => FAIL: a data race on counter
//   catcheck models/ptx-v7.5.cat litmus/CUDA/lock_backoff_nofence.ptx --grid 1 --block 64 --arg 0=buffer:4 --arg 1=buffer:4 --property deterministic
//     => FAIL: the counter ends at 2 or at 1
__global__ void lock_backoff_nofence(int *lock, int *counter)
{
    if (threadIdx.x % 32 == 0) {
        while (atomicCAS(lock, 0, 1) != 0)
            __nanosleep(32);
        *counter = *counter + 1;
        atomicExch(lock, 0);
        printf("warp %d done\n", threadIdx.x / 32);
    }
}
