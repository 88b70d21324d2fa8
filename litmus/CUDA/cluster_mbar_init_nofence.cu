// cluster_mbar_init_nofence.cu - the cluster hand-over of cluster_mbar_init_fence.cu without
// fence.mbarrier_init (bug).
//
// Bug: barrier.cluster.arrive.relaxed gives no ordering to what its thread did before it, and nothing else
// orders thread 0's mbarrier.init before the peer CTA's remote mbarrier.arrive: the peer may arrive on a
// barrier whose initialisation it cannot see yet (CUTLASS pairs cluster_arrive_relaxed with
// fence_barrier_init for exactly this reason).
//
// Checks (run from the repository root; args: in, out):
//   catcheck models/ptx-v8.cat litmus/CUDA/cluster_mbar_init_nofence.ptx --grid 2 --block 32 --cluster 2 --arg 0=buffer:8:any --arg 1=buffer:8 --property cat_spec
//     => FAIL: the mbarrier.init (a CTA-scope store, not morally strong with the other CTA's access: ISA 8.7) and the peer's mbarrier.arrive.release.cluster on the same object are unordered: .relaxed removes the cluster barrier's release (ISA barrier.cluster) and no fence.mbarrier_init is there: a data race (8.7.1)
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

__global__ void __cluster_dims__(2, 1, 1) cluster_mbar_init_nofence(const int *in, int *out)
{
    alignas(8) __shared__ unsigned long long bar;
    __shared__ int inbox;
    unsigned rank = cluster_ctarank();
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(&bar)), "r"(1) : "memory");
        // BUG: fence.mbarrier_init.release.cluster missing before the relaxed cluster arrive
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
