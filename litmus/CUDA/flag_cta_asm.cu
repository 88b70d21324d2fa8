// flag_cta_asm.cu - the inline-PTX message passing of flag_gpu_asm.cu with .cta scope on both flag accesses,
// between two different blocks (bug).
//
// Bug: st.release.cta / ld.acquire.cta order memory only for threads of the same CTA; block 0 and block 1
// are different CTAs, so the flag does not synchronize them and the data accesses race.
//
// Checks (run from the repository root; args: data, flag, out):
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_cta_asm.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property cat_spec
//     => FAIL: the cta scopes do not include the other CTA's thread, so the flag operations are not morally strong (ISA 8.7) and do not synchronize (8.9.4): the flag and the data accesses are data races (8.7.1)
//   catcheck models/ptx-v7.5.cat litmus/CUDA/flag_cta_asm.ptx --grid 2 --block 32 --arg 0=buffer:4 --arg 1=buffer:4 --arg 2=buffer:4 --property deterministic
//     => FAIL: out[0] may be 42 or the initial 0
__device__ __forceinline__ void st_release_cta(int *p, int v)
{
    asm volatile("st.release.cta.global.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}

__device__ __forceinline__ int ld_acquire_cta(const int *p)
{
    int v;
    asm volatile("ld.acquire.cta.global.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
    return v;
}

__global__ void flag_cta_asm(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        data[0] = 42;
        st_release_cta(flag, 1); // BUG: .cta scope, the reader is in another CTA
    } else {
        while (ld_acquire_cta(flag) == 0) {
        }
        out[0] = data[0];
    }
}
