// cuda_shim.h - the few CUDA declarations the kernels of this folder use, for clang's CUDA device-only
// compilation without the CUDA SDK headers (-nocudainc -nocudalib). Passed with -include; nvcc never sees it.
//
//   clang-19 --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90a -S -gline-tables-only \
//            -include litmus/CUDA/cuda_shim.h -o NAME.clang.ptx NAME.cu
//
// Every definition maps to a clang NVPTX builtin, so the PTX clang prints is what the builtin lowers to.
#pragma once
#if defined(__clang__) && defined(__CUDA__) && !defined(__NVCC__)

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
// clang 19 has no cluster_dims attribute: the cluster shape comes from the launch (--cluster), and the PTX
// carries no .explicitcluster / .reqnctapercluster directives.
#define __cluster_dims__(...)

// threadIdx, blockIdx, blockDim, gridDim, warpSize: clang's own header (resource directory), read through
// __nvvm_read_ptx_sreg_* builtins (mov.u32 %r, %tid.x; ...).
#include <__clang_cuda_builtin_vars.h>

typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;

// __syncthreads() is a clang builtin (llvm.nvvm.barrier0: bar.sync 0, the aligned CTA barrier, as nvcc's).
static __device__ __forceinline__ void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
// __syncthreads_count / _and / _or: bar.red.popc.u32 / .and.pred / .or.pred on barrier 0.
static __device__ __forceinline__ int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
static __device__ __forceinline__ int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
static __device__ __forceinline__ int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
static __device__ __forceinline__ void __threadfence_block() { __nvvm_membar_cta(); }
static __device__ __forceinline__ void __threadfence() { __nvvm_membar_gl(); }
static __device__ __forceinline__ void __threadfence_system() { __nvvm_membar_sys(); }
static __device__ __forceinline__ float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ __forceinline__ double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }

// Shuffles: the c operand packs the segment mask ((32 - width) << 8) and the clamp (0x1f for down/idx/bfly,
// 0 for up), as the CUDA headers do.
static __device__ __forceinline__ int __shfl_down_sync(unsigned mask, int var, unsigned delta, int width = 32) {
    return __nvvm_shfl_sync_down_i32(mask, var, delta, ((32 - width) << 8) | 0x1f);
}
static __device__ __forceinline__ int __shfl_up_sync(unsigned mask, int var, unsigned delta, int width = 32) {
    return __nvvm_shfl_sync_up_i32(mask, var, delta, (32 - width) << 8);
}
static __device__ __forceinline__ int __shfl_xor_sync(unsigned mask, int var, int lane_mask, int width = 32) {
    return __nvvm_shfl_sync_bfly_i32(mask, var, lane_mask, ((32 - width) << 8) | 0x1f);
}
static __device__ __forceinline__ int __shfl_sync(unsigned mask, int var, int src_lane, int width = 32) {
    return __nvvm_shfl_sync_idx_i32(mask, var, src_lane, ((32 - width) << 8) | 0x1f);
}

// match.any.sync.b32 (sm_70): the lanes of `mask` whose `value` equals this lane's.
static __device__ __forceinline__ unsigned __match_any_sync(unsigned mask, int value) {
    return __nvvm_match_any_sync_i32(mask, value);
}
static __device__ __forceinline__ int __popc(unsigned x) { return __builtin_popcount(x); }
static __device__ __forceinline__ int __ffs(unsigned x) { return __builtin_ffs(static_cast<int>(x)); }
// __activemask(): the PTX instruction, as CUDA's own header writes it.
static __device__ __forceinline__ unsigned __activemask() {
    unsigned mask;
    asm volatile("activemask.b32 %0;" : "=r"(mask));
    return mask;
}
static __device__ __forceinline__ int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ __forceinline__ unsigned atomicAdd(unsigned *p, unsigned v) {
    return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}

// assert(): nvcc's device assert calls __assertfail(message, file, line, function, char size) where the
// condition fails; the same here (the .cu files include <cassert> only when assert is not defined yet).
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned line,
                                        const char *function, unsigned long long charSize);
#define assert(e) ((e) ? (void)0 : __assertfail(#e, __FILE__, __LINE__, __func__, 1))
// __trap(): the PTX trap instruction (abort the kernel), as nvcc's.
static __device__ __forceinline__ void __trap() { __builtin_trap(); }

// Address of a __shared__ object in the .shared window (cvta.to.shared), as nvcc's __cvta_generic_to_shared.
static __device__ __forceinline__ unsigned __cvta_generic_to_shared(const void *p) {
    return (unsigned)(unsigned long long)(const __attribute__((address_space(3))) void *)p;
}

#endif
