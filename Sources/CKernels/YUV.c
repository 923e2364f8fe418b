// YUV: premultiplied RGBA8 (read as RGB) to BT.709 limited-range luma and 4:2:0 chroma, in
// 16-bit fixed point (`YUVConversion`). Wrapping 32-bit integer arithmetic: the same bytes on
// every path by construction.
#ifndef AK_ISA
#include "Dispatch.h"

// ---- The reference (which the compiler vectorizes for SSE2).

enum {
    luma_r = 11966, luma_g = 40254, luma_b = 4064,
    cb_r = 6596, cb_g = 22189, cb_b = 28784, cr_r = 28784, cr_g = 26145, cr_b = 2639,
};

static void luma_scalar(const uint32_t *src, uint8_t *dst, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t p = src[i];
        uint32_t r = p & 0xFF, g = (p >> 8) & 0xFF, b = (p >> 16) & 0xFF;
        dst[i] = (uint8_t)((r * luma_r + g * luma_g + b * luma_b + (16u << 16 | 1u << 15)) >> 16);
    }
}

static inline uint8_t clamp_byte(int32_t v) { return v < 0 ? 0 : v > 255 ? 255 : (uint8_t)v; }

static void chroma420_scalar(const uint32_t *s0, const uint32_t *s1, uint8_t *u, uint8_t *v, size_t pairs) {
    const int32_t bias = 128 << 18 | 1 << 17;
    for (size_t i = 0; i < pairs; i++) {
        uint32_t a = s0[2 * i], b = s0[2 * i + 1], c = s1[2 * i], d = s1[2 * i + 1];
        int32_t r = (int32_t)((a & 0xFF) + (b & 0xFF) + (c & 0xFF) + (d & 0xFF));
        int32_t g = (int32_t)(((a >> 8) & 0xFF) + ((b >> 8) & 0xFF) + ((c >> 8) & 0xFF) + ((d >> 8) & 0xFF));
        int32_t bl = (int32_t)(((a >> 16) & 0xFF) + ((b >> 16) & 0xFF) + ((c >> 16) & 0xFF) + ((d >> 16) & 0xFF));
        int32_t cb = bl * cb_b + (r ^ 1023) * cb_r + (g ^ 1023) * cb_g + (bias - 1023 * (cb_r + cb_g));
        int32_t cr = r * cr_r + (g ^ 1023) * cr_g + (bl ^ 1023) * cr_b + (bias - 1023 * (cr_g + cr_b));
        u[i] = clamp_byte(cb >> 18);
        v[i] = clamp_byte(cr >> 18);
    }
}

// Y'CbCr (8-bit planar) back to straight RGBA8 with alpha 255 (`YCbCrToRGBA`): with Y' less its
// offset times `k->cy`, u and v the chroma less 128, R = (Y + rv v + 32768) >> 16, G = (Y + 32768
// - gu u - gv v) >> 16, B = (Y + bu u + 32768) >> 16, each clamped to 0...255.
static void ycbcr_row_scalar(const uint8_t *y, const uint8_t *u, const uint8_t *v, int chroma_shift,
                             uint32_t *out, size_t count, const ak_ycbcr_coefficients *k) {
    for (size_t i = 0; i < count; i++) {
        int32_t cu = (int32_t)u[i >> chroma_shift] - 128, cv = (int32_t)v[i >> chroma_shift] - 128;
        int32_t luma = ((int32_t)y[i] - k->y_offset) * k->cy;
        uint32_t r = clamp_byte((luma + k->rv * cv + 32768) >> 16);
        uint32_t g = clamp_byte((luma + 32768 - k->gu * cu - k->gv * cv) >> 16);
        uint32_t b = clamp_byte((luma + k->bu * cu + 32768) >> 16);
        out[i] = r | g << 8 | b << 16 | 0xFF000000u;
    }
}

#define AK_STAGE_FILE "YUV.c"
#include "Targets.h"

// ---- Entry points: AVX2 where the CPU has it (AVX-512 adds nothing to these shuffles).

void ak_luma(const uint32_t *src, uint8_t *dst, size_t count) {
#if defined(__x86_64__)
    if (ak_uses_avx2()) { luma_avx2(src, dst, count); return; }
#endif
    luma_scalar(src, dst, count);
}

void ak_chroma420(const uint32_t *s0, const uint32_t *s1, uint8_t *u, uint8_t *v, size_t pairs) {
#if defined(__x86_64__)
    if (ak_uses_avx2()) { chroma420_avx2(s0, s1, u, v, pairs); return; }
#endif
    chroma420_scalar(s0, s1, u, v, pairs);
}

void ak_ycbcr_row(const uint8_t *y, const uint8_t *u, const uint8_t *v, int chroma_shift,
                  uint32_t *out, size_t count, const ak_ycbcr_coefficients *k) {
#if defined(__x86_64__)
    if (ak_uses_avx2()) { ycbcr_row_avx2(y, u, v, chroma_shift, out, count, k); return; }
#endif
    ycbcr_row_scalar(y, u, v, chroma_shift, out, count, k);
}

#elif AK_ISA == AK_ISA_AVX2
// ---- Eight pixels a step; the packing is AVX2's own, so these are written for it alone.

__attribute__((target("avx2")))
static void luma_avx2(const uint32_t *src, uint8_t *dst, size_t count) {
    const __m256i byte = _mm256_set1_epi32(0xFF), bias = _mm256_set1_epi32(16 << 16 | 1 << 15);
    const __m256i kr = _mm256_set1_epi32(luma_r), kg = _mm256_set1_epi32(luma_g), kb = _mm256_set1_epi32(luma_b);
    // Byte 2 of each 32-bit lane (the sum shifted right by 16), four per 128-bit half.
    const __m256i pick = _mm256_setr_epi8(2, 6, 10, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          2, 6, 10, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i r = _mm256_and_si256(p, byte), g = _mm256_and_si256(_mm256_srli_epi32(p, 8), byte);
        __m256i b = _mm256_and_si256(_mm256_srli_epi32(p, 16), byte);
        __m256i y = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(r, kr), _mm256_mullo_epi32(g, kg)),
                                     _mm256_add_epi32(_mm256_mullo_epi32(b, kb), bias));
        __m256i bytes = _mm256_shuffle_epi8(y, pick);
        __m128i packed = _mm_unpacklo_epi32(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1));
        _mm_storel_epi64((__m128i *)(dst + i), packed);
    }
    luma_scalar(src + i, dst + i, count - i);
}

// Sums of each channel over 2x2 blocks: eight blocks from 16 pixels of two rows, in block order.
__attribute__((target("avx2")))
static inline __m256i block_sums_avx2(__m256i top0, __m256i top1, __m256i bottom0, __m256i bottom1, int shift) {
    const __m256i byte = _mm256_set1_epi32(0xFF);
    __m256i x = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(top0, shift), byte),
                                 _mm256_and_si256(_mm256_srli_epi32(bottom0, shift), byte));
    __m256i y = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(top1, shift), byte),
                                 _mm256_and_si256(_mm256_srli_epi32(bottom1, shift), byte));
    // hadd pairs within 128-bit halves: x0+x1, x2+x3, y0+y1, y2+y3 | x4+x5, x6+x7, y4+y5, y6+y7.
    return _mm256_permute4x64_epi64(_mm256_hadd_epi32(x, y), 0xD8);
}

__attribute__((target("avx2")))
static void chroma420_avx2(const uint32_t *s0, const uint32_t *s1, uint8_t *u, uint8_t *v, size_t pairs) {
    const __m256i mask = _mm256_set1_epi32(1023);
    const __m256i cbBias = _mm256_set1_epi32((128 << 18 | 1 << 17) - 1023 * (cb_r + cb_g));
    const __m256i crBias = _mm256_set1_epi32((128 << 18 | 1 << 17) - 1023 * (cr_g + cr_b));
    size_t i = 0;
    for (; i + 8 <= pairs; i += 8) {
        __m256i t0 = _mm256_loadu_si256((const __m256i *)(s0 + 2 * i)), t1 = _mm256_loadu_si256((const __m256i *)(s0 + 2 * i + 8));
        __m256i b0 = _mm256_loadu_si256((const __m256i *)(s1 + 2 * i)), b1 = _mm256_loadu_si256((const __m256i *)(s1 + 2 * i + 8));
        __m256i r = block_sums_avx2(t0, t1, b0, b1, 0), g = block_sums_avx2(t0, t1, b0, b1, 8);
        __m256i bl = block_sums_avx2(t0, t1, b0, b1, 16);
        __m256i cb = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(bl, _mm256_set1_epi32(cb_b)),
                                                       _mm256_mullo_epi32(_mm256_xor_si256(r, mask), _mm256_set1_epi32(cb_r))),
                                      _mm256_add_epi32(_mm256_mullo_epi32(_mm256_xor_si256(g, mask), _mm256_set1_epi32(cb_g)), cbBias));
        __m256i cr = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(r, _mm256_set1_epi32(cr_r)),
                                                       _mm256_mullo_epi32(_mm256_xor_si256(g, mask), _mm256_set1_epi32(cr_g))),
                                      _mm256_add_epi32(_mm256_mullo_epi32(_mm256_xor_si256(bl, mask), _mm256_set1_epi32(cr_b)), crBias));
        // Shifted, then saturated to 16 and 8 bits: cb in the low half of each 128-bit lane's
        // bytes, cr in the next (packs interleave the halves, which the permute puts back).
        __m256i words = _mm256_packs_epi32(_mm256_srai_epi32(cb, 18), _mm256_srai_epi32(cr, 18));
        words = _mm256_permute4x64_epi64(words, 0xD8);   // cb0-7, cr0-7 as 16-bit
        __m256i bytes = _mm256_packus_epi16(words, words);
        // Per 128-bit half: bytes 0-7 of the low half are cb0-7, of the high half cr0-7.
        _mm_storel_epi64((__m128i *)(u + i), _mm256_castsi256_si128(bytes));
        _mm_storel_epi64((__m128i *)(v + i), _mm256_extracti128_si256(bytes, 1));
    }
    chroma420_scalar(s0 + 2 * i, s1 + 2 * i, u + i, v + i, pairs - i);
}

// Eight pixels a step: the three sums saturated to 16 then 8 bits by the packs (the clamp), and
// each 128-bit half's R0-3 G0-3 B0-3 A0-3 bytes turned into four pixels by one shuffle.
__attribute__((target("avx2")))
static void ycbcr_row_avx2(const uint8_t *y, const uint8_t *u, const uint8_t *v, int chroma_shift,
                           uint32_t *out, size_t count, const ak_ycbcr_coefficients *k) {
    const __m256i offset = _mm256_set1_epi32(k->y_offset), cy = _mm256_set1_epi32(k->cy);
    const __m256i rv = _mm256_set1_epi32(k->rv), gu = _mm256_set1_epi32(k->gu), gv = _mm256_set1_epi32(k->gv);
    const __m256i bu = _mm256_set1_epi32(k->bu), half = _mm256_set1_epi32(32768), centre = _mm256_set1_epi32(128);
    const __m256i opaque = _mm256_set1_epi32(255);
    const __m256i order = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                           0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m128i cu8, cv8;
        if (chroma_shift) {
            uint32_t a, b;
            memcpy(&a, u + (i >> 1), 4);
            memcpy(&b, v + (i >> 1), 4);
            cu8 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)a), _mm_cvtsi32_si128((int)a));
            cv8 = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)b), _mm_cvtsi32_si128((int)b));
        } else {
            cu8 = _mm_loadl_epi64((const __m128i *)(u + i));
            cv8 = _mm_loadl_epi64((const __m128i *)(v + i));
        }
        __m256i cu = _mm256_sub_epi32(_mm256_cvtepu8_epi32(cu8), centre);
        __m256i cv = _mm256_sub_epi32(_mm256_cvtepu8_epi32(cv8), centre);
        __m256i luma = _mm256_mullo_epi32(_mm256_sub_epi32(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(y + i))), offset), cy);
        luma = _mm256_add_epi32(luma, half);
        __m256i r = _mm256_srai_epi32(_mm256_add_epi32(luma, _mm256_mullo_epi32(rv, cv)), 16);
        __m256i g = _mm256_srai_epi32(_mm256_sub_epi32(_mm256_sub_epi32(luma, _mm256_mullo_epi32(gu, cu)), _mm256_mullo_epi32(gv, cv)), 16);
        __m256i b = _mm256_srai_epi32(_mm256_add_epi32(luma, _mm256_mullo_epi32(bu, cu)), 16);
        // Per 128-bit half: R0-3 G0-3 | B0-3 A0-3 as 16 bits, then those as bytes, clamped.
        __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(r, g), _mm256_packs_epi32(b, opaque));
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_shuffle_epi8(bytes, order));
    }
    ycbcr_row_scalar(y + i, u + (i >> chroma_shift), v + (i >> chroma_shift), chroma_shift, out + i, count - i, k);
}
#endif
