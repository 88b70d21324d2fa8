// mbar_pipeline_ok.cu - a two-stage producer/consumer pipeline through shared memory, handed over with
// mbarriers (cuda::ptx wrappers of mbarrier.init / arrive / try_wait.parity) (correct).
//
// Thread 0 (warp 0) produces in[0..3] into the ring buf[2]; thread 32 (warp 1) consumes them into out[0..3].
// full[s] (count 1) says stage s holds data, empty[s] (count 1) says the consumer is done with it. The
// producer waits on empty[s] before reusing a stage (from the third item on), the consumer waits on full[s]
// before reading; item i uses phase parity (i / 2) & 1, and the producer's reuse of a stage waits for the
// phase the consumer completed one round earlier. Thread 0 initialises the barriers before the
// __syncthreads() that makes them visible to the CTA. The other 62 threads do nothing.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_ok.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property cat_spec
//     => PASS: mbarrier.arrive has release semantics and a successful try_wait.parity acquire semantics at CTA scope (ISA mbarrier: arrive-on / test_wait and try_wait memory ordering), so each st buf[s] happens before the read that waits for it and each read before the overwrite that waits on empty[s]
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_ok.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property termination
//     => PASS: every phase waited for receives its one arrival: full[s] from the producer, empty[s] from the consumer
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_ok.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property deterministic
//     => PASS: out[i] == in[i] in every complete execution
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_ok.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property well_synchronized
//     => PASS: each arrive joins the same phase in every execution (the waits pace the arrivals)
#include <cuda/ptx>
#include <cstdint>

constexpr int STAGES = 2;
constexpr int ITEMS = 4;

__global__ void mbar_pipeline_ok(const int *in, int *out)
{
    __shared__ int buf[STAGES];
    __shared__ uint64_t full[STAGES], empty[STAGES];
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s) {
            cuda::ptx::mbarrier_init(&full[s], 1);
            cuda::ptx::mbarrier_init(&empty[s], 1);
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) { // producer
        for (int i = 0; i < ITEMS; ++i) {
            int s = i % STAGES;
            uint32_t parity = (i / STAGES) & 1;
            if (i >= STAGES)
                while (!cuda::ptx::mbarrier_try_wait_parity(&empty[s], parity ^ 1)) {
                }
            buf[s] = in[i];
            cuda::ptx::mbarrier_arrive(&full[s]);
        }
    } else if (threadIdx.x == 32) { // consumer
        for (int i = 0; i < ITEMS; ++i) {
            int s = i % STAGES;
            uint32_t parity = (i / STAGES) & 1;
            while (!cuda::ptx::mbarrier_try_wait_parity(&full[s], parity)) {
            }
            out[i] = buf[s];
            cuda::ptx::mbarrier_arrive(&empty[s]);
        }
    }
}
