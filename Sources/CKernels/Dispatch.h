// What every stage includes: the public declarations, the instruction sets and how a call picks
// one. Stages are Composite.c, Gradient.c, Coverage.c and YUV.c; each holds its scalar reference
// kernels, then its vector kernels written once in Vector.h's names (Targets.h compiles them per
// instruction set), then its entry points, which dispatch on `ak_path()`.
#ifndef ANIMATE_DISPATCH_H
#define ANIMATE_DISPATCH_H

#include "CKernels.h"

#include <string.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

// Every float operation is written out as the arithmetic the golden frames were drawn with: no
// fused multiply-add, in any stage.
#pragma STDC FP_CONTRACT OFF

#define AK_ISA_SSE2 1
#define AK_ISA_AVX2 2
#define AK_ISA_AVX512 3

/// The path kernels called on this thread run (0 until its first kernel, which sets it to the
/// best the CPU has); `ak_scope_path` changes it for this thread alone.
extern _Thread_local int ak_thread_path __attribute__((tls_model("initial-exec")));
int ak_start_thread_path(void);

/// The path a kernel called on this thread now runs.
static inline int ak_path(void) {
    int path = ak_thread_path;
    return path ? path : ak_start_thread_path();
}

/// Calls `name_avx512`, `name_avx2`, `name_sse2` or `name_scalar` with the arguments, as `ak_path()`
/// says, and returns: the body of an entry point whose kernel is built for every set.
#if defined(__x86_64__)
#define AK_DISPATCH(name, ...) do { \
    switch (ak_path()) { \
    case AK_PATH_AVX512: name##_avx512(__VA_ARGS__); return; \
    case AK_PATH_AVX2: name##_avx2(__VA_ARGS__); return; \
    case AK_PATH_SSE2: name##_sse2(__VA_ARGS__); return; \
    default: name##_scalar(__VA_ARGS__); return; \
    } \
} while (0)
#else
#define AK_DISPATCH(name, ...) do { name##_scalar(__VA_ARGS__); return; } while (0)
#endif

/// `ak_over_constant_coverage` with the factor given instead of the opacity: pixel i's weight is
/// `ak_weight(coverage[i], factor)` (the sweep that blends, Coverage.c, holds the factor).
void ak_over_constant_weighted(uint32_t c, uint32_t *row, const float *coverage, float factor, size_t count);

#endif
