// mbar_pipeline_missing_wait.cu - the pipeline of mbar_pipeline_ok.cu whose consumer does not wait on
// full[s] before reading the stage (bug).
//
// Bug: the consumer reads buf[s] as soon as it gets there, trusting the __syncthreads() after the barrier
// initialisation; nothing orders the producer's store of item i before the consumer's load of it, and the
// producer's overwrite of the stage (after the consumer's arrive on empty) is unordered with the
// consumer's earlier load too. Worse, no longer paced by full[s], the consumer can arrive twice on empty[0]
// (items 0 and 2) before the producer waits for item 2: empty[0] is then in phase 2, whose parity 0 is the
// parity the producer waits for, and that phase never completes (the parity ABA problem).
//
// Checks (run from the repository root):
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_missing_wait.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property cat_spec
//     => FAIL: the producer's weak st.shared buf[s] and the consumer's weak ld.shared buf[s] conflict with no release/acquire pattern or barrier between them (ISA 8.7.1 conflict and data-races)
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_missing_wait.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property deterministic
//     => FAIL: out[i] may be in[i], the stage's previous item, or the stage's uninitialised contents
//   catcheck models/ptx-v8.cat litmus/CUDA/mbar_pipeline_missing_wait.ptx --grid 1 --block 64 --arg 0=buffer:16:any --arg 1=buffer:16 --property termination
//     => FAIL: try_wait.parity only tells the current phase from the one before it (ISA mbarrier: phaseParity); once the consumer has completed phases 0 and 1 of empty[0], the producer's wait for parity 0 refers to phase 2, which no arrival completes, and thread 0 spins forever
#include <cuda/ptx>
#include <cstdint>

constexpr int STAGES = 2;
constexpr int ITEMS = 4;

__global__ void mbar_pipeline_missing_wait(const int *in, int *out)
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
            // BUG: no wait for phase (i / STAGES) & 1 of full[s]
            out[i] = buf[s];
            cuda::ptx::mbarrier_arrive(&empty[s]);
        }
    }
}
