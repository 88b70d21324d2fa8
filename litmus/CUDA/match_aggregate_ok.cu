// match_aggregate_ok.cu - warp-aggregated counting with __match_any_sync and one atomicAdd per key and warp
// (correct).
//
// Each thread reads a key in 0..3 from its input and counts it in count[key]. Instead of one atomic per
// thread, the lanes of a warp with the same key find each other with match.any.sync.b32 (a mask of the lanes
// whose key equals this lane's); the lowest lane of that mask adds the group's size (its popc). With two warps
// launch, two leaders could add to one counter: atomicAdd (red.global.add.u32) makes them morally strong.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/match_aggregate_ok.ptx --grid 1 --block 8 --arg 0=buffer:32:any --arg 1=buffer:16 --property cat_spec
//     => PASS: each key's group has one leader, whichever keys the input holds, and the leaders add with atomics of one scope (ISA 8.7: morally strong), no data race
//   catcheck models/ptx-v7.5.cat litmus/CUDA/match_aggregate_ok.ptx --grid 1 --block 8 --arg 0=buffer:32:any --arg 1=buffer:16 --property participation
//     => PASS: every lane of the warp executes match.sync with the full mask
//   catcheck models/ptx-v7.5.cat litmus/CUDA/match_aggregate_ok.ptx --grid 1 --block 8 --arg 0=buffer:32:any --arg 1=buffer:16 --property termination
//     => PASS: match.sync waits for the lanes of its mask, and all of them reach it
// One warp of 8 lanes with arbitrary keys: larger launches with arbitrary keys take minutes today (issue 29).
__global__ void match_aggregate_ok(const int *in, int *count)
{
    unsigned t = threadIdx.x;
    unsigned lane = t & 31;
    int key = in[t] & 3;
    unsigned group = __match_any_sync(0xffffffffu, key);
    if ((group & ((1u << lane) - 1)) == 0)
        atomicAdd(&count[key], __popc(group));
}
