// mbar_pipeline_4w8.cu - issue 29's larger pipeline row: 4 warps, two producer/consumer pairs (warp 0 feeds
// warp 1, warp 2 feeds warp 3), each handing 8 items through its own 2-stage ring of shared memory with
// mbarriers, as in litmus/CUDA/mbar_pipeline_ok.cu (correct: every property PASSes). A bench input only
// (bench/kernels.sh): its four properties take 2 to 12 s each, together too long for the test suite, whose
// mbar_pipeline_ok rows run the same code at 2 warps x 4 items.
//
//   nvcc -arch=sm_90a -ptx -lineinfo -o bench/kernels/mbar_pipeline_4w8.ptx bench/kernels/mbar_pipeline_4w8.cu
//   catcheck models/ptx-v8.cat bench/kernels/mbar_pipeline_4w8.ptx --grid 1 --block 128 --arg 0=buffer:64:any --arg 1=buffer:64 --property cat_spec
#include <cuda/ptx>
#include <cstdint>

constexpr int PAIRS = 2;
constexpr int STAGES = 2;
constexpr int ITEMS = 8;

__global__ void mbar_pipeline_4w8(const int *in, int *out)
{
    __shared__ int buf[PAIRS][STAGES];
    __shared__ uint64_t full[PAIRS][STAGES], empty[PAIRS][STAGES];
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, pair = warp / 2;
    if (threadIdx.x == 0) {
        for (int p = 0; p < PAIRS; ++p)
            for (int s = 0; s < STAGES; ++s) {
                cuda::ptx::mbarrier_init(&full[p][s], 1);
                cuda::ptx::mbarrier_init(&empty[p][s], 1);
            }
    }
    __syncthreads();
    if (lane != 0)
        return;
    if (warp % 2 == 0) { // producer of its pair
        for (int i = 0; i < ITEMS; ++i) {
            int s = i % STAGES;
            uint32_t parity = (i / STAGES) & 1;
            if (i >= STAGES)
                while (!cuda::ptx::mbarrier_try_wait_parity(&empty[pair][s], parity ^ 1)) {
                }
            buf[pair][s] = in[pair * ITEMS + i];
            cuda::ptx::mbarrier_arrive(&full[pair][s]);
        }
    } else { // consumer of its pair
        for (int i = 0; i < ITEMS; ++i) {
            int s = i % STAGES;
            uint32_t parity = (i / STAGES) & 1;
            while (!cuda::ptx::mbarrier_try_wait_parity(&full[pair][s], parity)) {
            }
            out[pair * ITEMS + i] = buf[pair][s];
            cuda::ptx::mbarrier_arrive(&empty[pair][s]);
        }
    }
}
