// mbar_pipeline_missing_arrive.cu - the pipeline of mbar_pipeline_ok.cu whose consumer never releases a
// stage: the arrive on empty[s] is missing (bug).
//
// Bug: empty[s] never completes a phase, so the producer blocks forever before its third item (reusing
// stage 0), and the consumer then blocks forever waiting for phase 1 of full[0]: a deadlock.
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_missing_arrive.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property termination
//     => FAIL: the producer's try_wait.parity loop on empty[0] never observes phase 0 complete (its pending count stays 1: ISA mbarrier phase completion), so thread 0 spins forever, and thread 32 spins on full[0] phase 1
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_missing_arrive.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property cat_spec
//     => PASS: the accesses that do execute (items 0 and 1) are ordered by full[s]'s release/acquire as in mbar_pipeline_ok; the hang is not a race
#include <cuda/ptx>
#include <cstdint>

constexpr int STAGES = 2;
constexpr int ITEMS = 4;

__global__ void mbar_pipeline_missing_arrive(const int *in, int *out)
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
            // BUG: cuda::ptx::mbarrier_arrive(&empty[s]) missing: the stage is never released
        }
    }
}
