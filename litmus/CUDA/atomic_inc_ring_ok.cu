// atomic_inc_ring_ok.cu - threads take slots of a 4-entry ring with atomicInc (wrapping after 3) and count
// their visits per slot with atomicAdd: every schedule ends with the same ring index and counts.
//
// atomicInc(p, 3) compiles to atom.global.inc.u32: it returns the old value and stores old + 1, or 0 once
// the old value has reached 3. Six increments leave the index at 6 mod 4 = 2 and take slots 0 1 2 3 0 1
// in some order, so count ends {2, 2, 1, 1} whatever the schedule.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/atomic_inc_ring_ok.ptx --grid 1 --block 6 --arg 0=buffer:4 --arg 1=buffer:16 --property deterministic
//     => PASS: the same final memory in every execution
//   catcheck models/ptx-v7.5.cat litmus/CUDA/atomic_inc_ring_ok.ptx --grid 1 --block 6 --arg 0=buffer:4 --arg 1=buffer:16 --property cat_spec
//     => PASS: only atomics of one scope touch next and count (morally strong, ISA 8.7)
__global__ void atomic_inc_ring_ok(unsigned *next, unsigned *count)
{
    unsigned slot = atomicInc(next, 3);
    atomicAdd(&count[slot], 1);
}
