// match_aggregate_plain.cu - warp-aggregated counting with __match_any_sync whose leaders add with a plain
// read-modify-write (bug: a data race between warps).
//
// As match_aggregate_ok.cu, but the leader of a key's group writes count[key] += size with an ordinary load
// and store. Within one warp the leaders of different keys touch different counters, so one warp alone is
// race-free; with two warps, the two leaders of one key both read and write count[key], and nothing orders
// them: a data race (ISA 8.7.1), and an update can be lost.
//
// Checks (run from the repository root; a zero-filled input, so every key is 0 and each warp has one leader):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/match_aggregate_plain.ptx --grid 1 --block 8 --arg 0=buffer:160 --arg 1=buffer:16 --property cat_spec
//     => PASS: one warp, one leader per key, so one writer per counter
//   catcheck models/ptx-v7.5.cat litmus/CUDA/match_aggregate_plain.ptx --grid 1 --block 40 --arg 0=buffer:160 --arg 1=buffer:16 --property cat_spec
//     => FAIL: the leaders of warp 0 (thread 0) and warp 1 (thread 32) both read and write count[0] with plain (weak) accesses, unordered (ISA 8.7.1)
__global__ void match_aggregate_plain(const int *in, int *count)
{
    unsigned t = threadIdx.x;
    unsigned lane = t & 31;
    int key = in[t] & 3;
    unsigned group = __match_any_sync(0xffffffffu, key);
    if ((group & ((1u << lane) - 1)) == 0)
        count[key] += __popc(group);
}
