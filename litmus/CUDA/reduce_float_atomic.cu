// reduce_float_atomic.cu - every thread adds its float into out[0] with atomicAdd (race-free, but not
// deterministic: bug for a caller that needs bit-identical results).
//
// atomicAdd on a float compiles to red.global.add.f32 (or atom.global.add.f32). The atomics make the sum
// race-free, but their order is the schedule's, and float addition is not associative: two schedules can
// add the same inputs in different orders and end with different bits, as on hardware.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_float_atomic.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:4 --property cat_spec
//     => PASS: the accesses to out[0] are atomics of one scope, morally strong (ISA 8.7), no data race
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_float_atomic.ptx --grid 1 --block 4 --arg 0=buffer:16:any --arg 1=buffer:4 --property deterministic
//     => FAIL: out[0] ends as ((0 + a) + b) + c ... in one schedule and in another order in another
__global__ void reduce_float_atomic(const float *in, float *out)
{
    atomicAdd(&out[0], in[threadIdx.x]);
}
