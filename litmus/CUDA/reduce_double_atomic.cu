// reduce_double_atomic.cu - every thread adds its double into out[0] with atomicAdd (race-free, but not
// deterministic; reduce_double_plain.cu is the racy version without the atomic).
//
// atomicAdd on a double compiles to atom.global.add.f64 (sm_60 and later). As with floats
// (reduce_float_atomic.cu) the atomics make the sum race-free, but the schedule decides the order of the
// adds and double addition is not associative, so two schedules can end with different bits.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_atomic.ptx --grid 1 --block 4 --arg 0=buffer:32:any --arg 1=buffer:8 --property cat_spec
//     => PASS: the accesses to out[0] are atomics of one scope, morally strong (ISA 8.7), no data race
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_atomic.ptx --grid 1 --block 4 --arg 0=buffer:32:any --arg 1=buffer:8 --property deterministic
//     => FAIL: out[0] ends as ((0 + a) + b) + c ... in one schedule and in another order in another
__global__ void reduce_double_atomic(const double *in, double *out)
{
    atomicAdd(&out[0], in[threadIdx.x] * 2.0);
}
