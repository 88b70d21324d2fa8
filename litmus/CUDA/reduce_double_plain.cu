// reduce_double_plain.cu - the bug atomicAdd fixes: every thread adds its double into out[0] with a plain
// read-modify-write (`out[0] += x`), so the loads and stores of different threads race.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_plain.ptx --grid 1 --block 4 --arg 0=buffer:32:any --arg 1=buffer:8 --property cat_spec
//     => FAIL: data race on out[0] (weak accesses of different threads, unordered)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/reduce_double_plain.ptx --grid 1 --block 4 --arg 0=buffer:32:any --arg 1=buffer:8 --property termination
//     => PASS: no loop, no barrier
__global__ void reduce_double_plain(const double *in, double *out)
{
    out[0] += in[threadIdx.x] * 2.0;
}
