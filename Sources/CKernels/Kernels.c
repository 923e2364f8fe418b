#include "CKernels.h"

#include <stdatomic.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

// p * k / 255 per channel, exactly rounded (the Swift code's Pixel.scale).
static inline uint32_t scale(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

static void over_constant_scalar(uint32_t s, uint32_t *row, size_t count) {
    uint32_t keep = 255 - (s >> 24);
    for (size_t i = 0; i < count; i++) row[i] = s + scale(row[i], keep);
}

#if defined(__x86_64__)
// Even bytes (R, B) and odd bytes (G, A) go through 16-bit lanes separately: t = c * k + 128,
// (t + (t >> 8)) >> 8 is c * k / 255 rounded, and no lane passes 16 bits (255 * 255 + 128 + 254).
static void over_constant_sse2(uint32_t s, uint32_t *row, size_t count) {
    const __m128i keep = _mm_set1_epi16((short)(255 - (s >> 24)));
    const __m128i src = _mm_set1_epi32((int)s);
    const __m128i low = _mm_set1_epi16(0x00FF);
    const __m128i half = _mm_set1_epi16(128);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(row + i));
        __m128i lo = _mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(d, low), keep), half);
        lo = _mm_srli_epi16(_mm_add_epi16(lo, _mm_srli_epi16(lo, 8)), 8);
        __m128i hi = _mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(d, 8), keep), half);
        hi = _mm_andnot_si128(low, _mm_add_epi16(hi, _mm_srli_epi16(hi, 8)));
        _mm_storeu_si128((__m128i *)(row + i), _mm_add_epi8(_mm_or_si128(lo, hi), src));
    }
    over_constant_scalar(s, row + i, count - i);
}

__attribute__((target("avx2")))
static void over_constant_avx2(uint32_t s, uint32_t *row, size_t count) {
    const __m256i keep = _mm256_set1_epi16((short)(255 - (s >> 24)));
    const __m256i src = _mm256_set1_epi32((int)s);
    const __m256i low = _mm256_set1_epi16(0x00FF);
    const __m256i half = _mm256_set1_epi16(128);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(row + i));
        __m256i lo = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low), keep), half);
        lo = _mm256_srli_epi16(_mm256_add_epi16(lo, _mm256_srli_epi16(lo, 8)), 8);
        __m256i hi = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), keep), half);
        hi = _mm256_andnot_si256(low, _mm256_add_epi16(hi, _mm256_srli_epi16(hi, 8)));
        _mm256_storeu_si256((__m256i *)(row + i), _mm256_add_epi8(_mm256_or_si256(lo, hi), src));
    }
    over_constant_sse2(s, row + i, count - i);
}

#endif

int ak_available_paths(void) {
#if defined(__x86_64__)
    int paths = AK_PATH_SCALAR | AK_PATH_SSE2;  // SSE2 is part of x86-64
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) paths |= AK_PATH_AVX2;
    return paths;
#else
    return AK_PATH_SCALAR;
#endif
}

static _Atomic int chosen = 0;

int ak_current_path(void) {
    int path = atomic_load_explicit(&chosen, memory_order_relaxed);
    if (path == 0) {
        int paths = ak_available_paths();
        path = (paths & AK_PATH_AVX2) ? AK_PATH_AVX2 : (paths & AK_PATH_SSE2) ? AK_PATH_SSE2 : AK_PATH_SCALAR;
        atomic_store_explicit(&chosen, path, memory_order_relaxed);
    }
    return path;
}

int ak_use_path(int path) {
    if ((path != AK_PATH_SCALAR && path != AK_PATH_SSE2 && path != AK_PATH_AVX2) || !(ak_available_paths() & path)) return 0;
    atomic_store_explicit(&chosen, path, memory_order_relaxed);
    return 1;
}

void ak_over_constant(uint32_t s, uint32_t *row, size_t count) {
    switch (ak_current_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX2: over_constant_avx2(s, row, count); break;
    case AK_PATH_SSE2: over_constant_sse2(s, row, count); break;
#endif
    default: over_constant_scalar(s, row, count); break;
    }
}
