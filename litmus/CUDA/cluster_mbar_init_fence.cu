// cluster_mbar_init_fence.cu - two CTAs of a cluster each initialise an mbarrier that the other CTA then
// arrives on remotely, with fence.mbarrier_init between the initialisation and the relaxed cluster barrier
// (correct; CUTLASS's fence_barrier_init + cluster_arrive_relaxed).
//
// Thread 0 of each CTA initialises its barrier (count 1) and executes fence.mbarrier_init.release.cluster;
// all threads pass barrier.cluster.arrive.relaxed / barrier.cluster.wait. Then thread 0 writes in[rank] into
// the peer CTA's `inbox` (st.shared::cluster through mapa), arrives on the peer's barrier with release at
// cluster scope, waits with acquire at cluster scope for its own barrier's phase 0 and stores the value it
// received: out[rank] = in[rank ^ 1]. A final full cluster barrier keeps each CTA's shared memory alive
// until its peer is done with it.
// Correct: the fence makes the mbarrier.init a release at cluster scope that the cluster barrier's wait
// acquires, so the peer's remote arrive is ordered after the init.
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/cluster_mbar_init_fence.ptx --grid 2 --block 32 --cluster 2 --arg 0=buffer:8:any --arg 1=buffer:8 --property cat_spec
//     => PASS: fence.mbarrier_init.release.cluster orders the init before the relaxed barrier.cluster.arrive, and barrier.cluster.wait acquires (ISA membar/fence: fence.mbarrier_init; barrier.cluster), so init -> remote arrive is in causality order; inbox is handed over by the release arrive / acquire try_wait at cluster scope (8.8, 8.9.4)
//   catcheck models/ptx-v8.cat litmus/CUDA/cluster_mbar_init_fence.ptx --grid 2 --block 32 --cluster 2 --arg 0=buffer:8:any --arg 1=buffer:8 --property termination
//     => PASS: each barrier gets its one remote arrival; both cluster barriers are reached by all 64 threads
//   catcheck models/ptx-v8.cat litmus/CUDA/cluster_mbar_init_fence.ptx --grid 2 --block 32 --cluster 2 --arg 0=buffer:8:any --arg 1=buffer:8 --property deterministic
//     => PASS: out[0] == in[1] and out[1] == in[0] in every complete execution
__device__ __forceinline__ unsigned smem_addr(const void *p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ unsigned cluster_ctarank()
{
    unsigned r;
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
    return r;
}

__device__ __forceinline__ unsigned map_to_cta(unsigned addr, unsigned rank)
{
    unsigned r;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(r) : "r"(addr), "r"(rank));
    return r;
}

__global__ void __cluster_dims__(2, 1, 1) cluster_mbar_init_fence(const int *in, int *out)
{
    alignas(8) __shared__ unsigned long long bar;
    __shared__ int inbox;
    unsigned rank = cluster_ctarank();
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(&bar)), "r"(1) : "memory");
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
    asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
    if (threadIdx.x == 0) {
        unsigned peer = rank ^ 1;
        asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(map_to_cta(smem_addr(&inbox), peer)), "r"(in[rank])
                     : "memory");
        asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];"
                     ::"r"(map_to_cta(smem_addr(&bar), peer)) : "memory");
        unsigned done;
        do {
            asm volatile("{\n\t.reg .pred p;\n\t"
                         "mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 p, [%1], %2;\n\t"
                         "selp.u32 %0, 1, 0, p;\n\t}"
                         : "=r"(done) : "r"(smem_addr(&bar)), "r"(0) : "memory");
        } while (!done);
        out[rank] = inbox;
    }
    asm volatile("barrier.cluster.arrive.aligned;" ::: "memory");
    asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
}
