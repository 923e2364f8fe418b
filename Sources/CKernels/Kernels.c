#include "CKernels.h"

#include <stdatomic.h>
#include <string.h>
#include <wchar.h>

// Every float operation is written out as the Swift code does it: no fused multiply-add.
#pragma STDC FP_CONTRACT OFF
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

// A coverage (0...1, NaN as 0) times scale (0...255), rounded to nearest: adding 2^23 puts the
// rounded integer in the low mantissa bits (the Swift code's Pixel.weights).
static inline uint32_t weight(float c, float factor) {
    float clamped = c > 0 ? c : 0;
    if (clamped > 1) clamped = 1;
    float v = clamped * factor + 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return bits & 0x1FF;
}

static void over_constant_coverage_scalar(uint32_t c, uint32_t *row, const float *coverage, float factor, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t k = weight(coverage[i], factor);
        if (k == 0) continue;
        uint32_t s = k == 255 ? c : scale(c, k);
        row[i] = s + scale(row[i], 255 - (s >> 24));
    }
}

static void over_coverage_scalar(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t k = weight(coverage[i] * opacity, 255);
        if (k == 0) continue;
        uint32_t s = k == 255 ? src[i] : scale(src[i], k);
        row[i] = s + scale(row[i], 255 - (s >> 24));
    }
}

static void over_constant_scalar(uint32_t s, uint32_t *row, size_t count) {
    uint32_t keep = 255 - (s >> 24);
    for (size_t i = 0; i < count; i++) row[i] = s + scale(row[i], keep);
}

// The table index of gradient position t (the Swift code's GradientLookup.indices).
static inline uint32_t table_index(float t, float top, uint32_t mask) {
    float s = t * top;
    s = s < top ? s : top;
    s = s > 0 ? s : 0;
    float v = s + 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return bits & mask;
}

static void radial_shade_scalar(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                float a, float b, float u0, float v0, float r0, float scale) {
    const float top = (float)(size - 1);
    for (size_t i = 0; i < count; i++, px += 1) {
        float u = px * a + u0, v = px * b + v0;
        float t = (__builtin_sqrtf(u * u + v * v) - r0) * scale;
        out[i] = table[table_index(t, top, size - 1)];
    }
}

// Swift's Float.pi is pi rounded toward zero (0x40490FDA), not to nearest as (float)M_PI; the
// conic gradient's angles were defined with it, and with pi / 2 and 1 / (2 pi) computed from it.
static const float conic_pi = 0x1.921fb4p+1f;
static const float conic_half_pi = 0x1.921fb4p+0f;
static const float conic_inverse_two_pi = 0x1.45f308p-3f;
// Minimax coefficients of atan(q) / q on [0, 1] in s = q * q, as Swift rounds the decimal literals.
static const float conic_c0 = 0x1.555cbep-6f, conic_c1 = 0x1.5cb46cp-4f, conic_c2 = 0x1.70edc4p-3f,
                   conic_c3 = 0x1.523a08p-2f, conic_c4 = 0x1.ffee7p-1f;

static inline float conic_position(float px, float a, float b, float u0, float v0, float start) {
    float u = px * a + u0, v = px * b + v0;
    float au = u < 0 ? -u : u, av = v < 0 ? -v : v;
    int swapped = av > au;
    float hi = swapped ? av : au, lo = swapped ? au : av;
    float q = lo / hi;
    if (hi == 0) q = 0;
    float s = q * q;
    float r = ((((conic_c0 * s - conic_c1) * s + conic_c2) * s - conic_c3) * s + conic_c4) * q;
    if (swapped) r = conic_half_pi - r;
    if (u < 0) r = conic_pi - r;
    if (v < 0) r = -r;
    float w = (r - start) * conic_inverse_two_pi + 2;
    if (w >= 2) w = w - 2;
    if (w >= 1) w = w - 1;
    return w;
}

static void linear_shade_scalar(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    for (size_t i = 0; i < count; i++, t += dt) out[i] = table[t >> 16];
}

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

static void conic_shade_scalar(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                               float a, float b, float u0, float v0, float start) {
    const float top = (float)(size - 1);
    for (size_t i = 0; i < count; i++, px += 1) {
        out[i] = table[table_index(conic_position(px, a, b, u0, v0, start), top, size - 1)];
    }
}

// The Swift sweep's coverage of a running sum: min(|sum|, 1) as Swift's min orders it (1 < a ? 1 : a)
// for the non-zero rule; for even-odd |sum| modulo 2, folded to its distance from an even integer.
static inline float sweep_cover(float sum, int even_odd) {
    float a = __builtin_fabsf(sum);
    if (even_odd) {
        float m = __builtin_fmodf(a, 2.0f);
        return m > 1 ? 2 - m : m;
    }
    return 1 < a ? 1.0f : a;
}

static void sweep_rows_scalar(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                              float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                              float threshold, int even_odd) {
    float sums[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = blocks[w]; bits; bits &= bits - 1) {
            size_t b = w * 64 + (size_t)__builtin_ctzll(bits);
            float *c = cells + b * column_stride;
            long visible = (long)visible_width - (long)(b * 8);
            uint8_t mask = 0;
            for (int r = 0; r < 8; r++) {
                float *out = coverage + (size_t)r * coverage_stride + b * 8;
                for (int j = 0; j < 8; j++) {
                    sums[r] += c[8 * r + j];
                    c[8 * r + j] = 0;
                    float v = sweep_cover(sums[r], even_odd);
                    out[j] = v;
                    if (j < visible && v > threshold) mask |= (uint8_t)(1 << r);
                }
            }
            live[b] = mask;
        }
    }
}

#if defined(__x86_64__)
// Even bytes (R, B) and odd bytes (G, A) go through 16-bit lanes separately: t = c * k + 128
// fits 16 bits (255 * 255 + 128), and the high half of t * 257 is (t + (t >> 8)) >> 8, which is
// c * k / 255 rounded (no multiple of 256 lies between t + (t >> 8) and t + t / 256).
// `k` holds each pixel's factor in both of its lanes.
static inline __m128i scale_sse2(__m128i p, __m128i k) {
    const __m128i low = _mm_set1_epi16(0x00FF), half = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    __m128i lo = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_and_si128(p, low), k), half), m257);
    __m128i hi = _mm_mulhi_epu16(_mm_add_epi16(_mm_mullo_epi16(_mm_srli_epi16(p, 8), k), half), m257);
    return _mm_or_si128(lo, _mm_slli_epi16(hi, 8));
}

__attribute__((target("avx2")))
static inline __m256i scale_avx2(__m256i p, __m256i k) {
    const __m256i low = _mm256_set1_epi16(0x00FF), half = _mm256_set1_epi16(128), m257 = _mm256_set1_epi16(257);
    __m256i lo = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low), k), half), m257);
    __m256i hi = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), k), half), m257);
    return _mm256_or_si256(lo, _mm256_slli_epi16(hi, 8));
}

static void over_constant_sse2(uint32_t s, uint32_t *row, size_t count) {
    const __m128i keep = _mm_set1_epi16((short)(255 - (s >> 24)));
    const __m128i src = _mm_set1_epi32((int)s);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i d = _mm_loadu_si128((const __m128i *)(row + i));
        _mm_storeu_si128((__m128i *)(row + i), _mm_add_epi8(scale_sse2(d, keep), src));
    }
    over_constant_scalar(s, row + i, count - i);
}

static inline __m128i weights_sse2(__m128 c, __m128 scale) {
    __m128 clamped = _mm_and_ps(c, _mm_cmpgt_ps(c, _mm_setzero_ps()));
    __m128 over = _mm_cmpgt_ps(clamped, _mm_set1_ps(1));
    clamped = _mm_or_ps(_mm_andnot_ps(over, clamped), _mm_and_ps(over, _mm_set1_ps(1)));
    __m128 v = _mm_add_ps(_mm_mul_ps(clamped, scale), _mm_set1_ps(8388608.0f));
    return _mm_and_si128(_mm_castps_si128(v), _mm_set1_epi32(0x1FF));
}

// Source-over of premultiplied pixels already scaled by their coverage.
static inline __m128i over_sse2(__m128i s, __m128i d) {
    __m128i keep = _mm_sub_epi32(_mm_set1_epi32(255), _mm_srli_epi32(s, 24));
    return _mm_add_epi8(s, scale_sse2(d, _mm_or_si128(keep, _mm_slli_epi32(keep, 16))));
}

// Gradient positions times `top`, clamped to the table (NaN to its end) and rounded to indices.
static inline __m128i table_indices_sse2(__m128 t, __m128 top, __m128i mask) {
    __m128 s = _mm_mul_ps(t, top);
    __m128 below = _mm_cmplt_ps(s, top);
    s = _mm_or_ps(_mm_and_ps(below, s), _mm_andnot_ps(below, top));
    s = _mm_and_ps(s, _mm_cmpgt_ps(s, _mm_setzero_ps()));
    return _mm_and_si128(_mm_castps_si128(_mm_add_ps(s, _mm_set1_ps(8388608.0f))), mask);
}

__attribute__((target("avx2")))
static inline __m256i weights_avx2(__m256 c, __m256 scale) {
    const __m256 one = _mm256_set1_ps(1);
    __m256 clamped = _mm256_and_ps(c, _mm256_cmp_ps(c, _mm256_setzero_ps(), _CMP_GT_OQ));
    __m256 over = _mm256_cmp_ps(clamped, one, _CMP_GT_OQ);
    clamped = _mm256_or_ps(_mm256_andnot_ps(over, clamped), _mm256_and_ps(over, one));
    __m256 v = _mm256_add_ps(_mm256_mul_ps(clamped, scale), _mm256_set1_ps(8388608.0f));
    return _mm256_and_si256(_mm256_castps_si256(v), _mm256_set1_epi32(0x1FF));
}

__attribute__((target("avx2")))
static inline __m256i over_avx2(__m256i s, __m256i d) {
    __m256i keep = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(s, 24));
    return _mm256_add_epi8(s, scale_avx2(d, _mm256_or_si256(keep, _mm256_slli_epi32(keep, 16))));
}

__attribute__((target("avx2")))
static inline __m256i table_indices_avx2(__m256 t, __m256 top, __m256i mask) {
    __m256 s = _mm256_mul_ps(t, top);
    __m256 below = _mm256_cmp_ps(s, top, _CMP_LT_OQ);
    s = _mm256_or_ps(_mm256_and_ps(below, s), _mm256_andnot_ps(below, top));
    s = _mm256_and_ps(s, _mm256_cmp_ps(s, _mm256_setzero_ps(), _CMP_GT_OQ));
    return _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(s, _mm256_set1_ps(8388608.0f))), mask);
}

static void over_constant_coverage_sse2(uint32_t c, uint32_t *row, const float *coverage, float scale, size_t count) {
    const __m128i color = _mm_set1_epi32((int)c);
    const __m128 scale4 = _mm_set1_ps(scale);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i k = weights_sse2(_mm_loadu_ps(coverage + i), scale4);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(k, _mm_setzero_si128())) == 0xFFFF) continue;
        __m128i s = scale_sse2(color, _mm_or_si128(k, _mm_slli_epi32(k, 16)));
        _mm_storeu_si128((__m128i *)(row + i), over_sse2(s, _mm_loadu_si128((const __m128i *)(row + i))));
    }
    over_constant_coverage_scalar(c, row + i, coverage + i, scale, count - i);
}

__attribute__((target("avx2")))
static void over_constant_coverage_avx2(uint32_t c, uint32_t *row, const float *coverage, float scale, size_t count) {
    const __m256i color = _mm256_set1_epi32((int)c);
    const __m256 scale8 = _mm256_set1_ps(scale);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i k = weights_avx2(_mm256_loadu_ps(coverage + i), scale8);
        if (_mm256_testz_si256(k, k)) continue;
        __m256i s = scale_avx2(color, _mm256_or_si256(k, _mm256_slli_epi32(k, 16)));
        _mm256_storeu_si256((__m256i *)(row + i), over_avx2(s, _mm256_loadu_si256((const __m256i *)(row + i))));
    }
    over_constant_coverage_sse2(c, row + i, coverage + i, scale, count - i);
}

static void over_coverage_sse2(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    const __m128 opacity4 = _mm_set1_ps(opacity), full = _mm_set1_ps(255);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128i k = weights_sse2(_mm_mul_ps(_mm_loadu_ps(coverage + i), opacity4), full);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(k, _mm_setzero_si128())) == 0xFFFF) continue;
        __m128i s = scale_sse2(_mm_loadu_si128((const __m128i *)(src + i)), _mm_or_si128(k, _mm_slli_epi32(k, 16)));
        _mm_storeu_si128((__m128i *)(row + i), over_sse2(s, _mm_loadu_si128((const __m128i *)(row + i))));
    }
    over_coverage_scalar(src + i, row + i, coverage + i, opacity, count - i);
}

__attribute__((target("avx2")))
static void over_coverage_avx2(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    const __m256 opacity8 = _mm256_set1_ps(opacity), full = _mm256_set1_ps(255);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i k = weights_avx2(_mm256_mul_ps(_mm256_loadu_ps(coverage + i), opacity8), full);
        if (_mm256_testz_si256(k, k)) continue;
        __m256i s = scale_avx2(_mm256_loadu_si256((const __m256i *)(src + i)), _mm256_or_si256(k, _mm256_slli_epi32(k, 16)));
        _mm256_storeu_si256((__m256i *)(row + i), over_avx2(s, _mm256_loadu_si256((const __m256i *)(row + i))));
    }
    over_coverage_sse2(src + i, row + i, coverage + i, opacity, count - i);
}

static void radial_shade_sse2(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                              float a, float b, float u0, float v0, float r0, float scale) {
    const __m128 top = _mm_set1_ps((float)(size - 1));
    const __m128 a4 = _mm_set1_ps(a), b4 = _mm_set1_ps(b), u04 = _mm_set1_ps(u0), v04 = _mm_set1_ps(v0);
    const __m128 r04 = _mm_set1_ps(r0), scale4 = _mm_set1_ps(scale);
    const __m128i mask = _mm_set1_epi32((int)(size - 1));
    __m128 p = _mm_add_ps(_mm_set1_ps(px), _mm_setr_ps(0, 1, 2, 3));
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128 u = _mm_add_ps(_mm_mul_ps(p, a4), u04), v = _mm_add_ps(_mm_mul_ps(p, b4), v04);
        __m128 t = _mm_mul_ps(_mm_sub_ps(_mm_sqrt_ps(_mm_add_ps(_mm_mul_ps(u, u), _mm_mul_ps(v, v))), r04), scale4);
        uint32_t index[4];
        _mm_storeu_si128((__m128i *)index, table_indices_sse2(t, top, mask));
        out[i] = table[index[0]]; out[i + 1] = table[index[1]]; out[i + 2] = table[index[2]]; out[i + 3] = table[index[3]];
        p = _mm_add_ps(p, _mm_set1_ps(4));
    }
    radial_shade_scalar(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, r0, scale);
}

__attribute__((target("avx2")))
static void radial_shade_avx2(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                              float a, float b, float u0, float v0, float r0, float scale) {
    const __m256 top = _mm256_set1_ps((float)(size - 1));
    const __m256 a8 = _mm256_set1_ps(a), b8 = _mm256_set1_ps(b), u08 = _mm256_set1_ps(u0), v08 = _mm256_set1_ps(v0);
    const __m256 r08 = _mm256_set1_ps(r0), scale8 = _mm256_set1_ps(scale);
    const __m256i mask = _mm256_set1_epi32((int)(size - 1));
    __m256 p = _mm256_add_ps(_mm256_set1_ps(px), _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7));
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 u = _mm256_add_ps(_mm256_mul_ps(p, a8), u08), v = _mm256_add_ps(_mm256_mul_ps(p, b8), v08);
        __m256 t = _mm256_mul_ps(_mm256_sub_ps(_mm256_sqrt_ps(_mm256_add_ps(_mm256_mul_ps(u, u), _mm256_mul_ps(v, v))), r08), scale8);
        __m256i index = table_indices_avx2(t, top, mask);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_i32gather_epi32((const int *)table, index, 4));
        p = _mm256_add_ps(p, _mm256_set1_ps(8));
    }
    radial_shade_scalar(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, r0, scale);
}

static void linear_shade_sse2(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    __m128i position = _mm_add_epi32(_mm_set1_epi32(t), _mm_setr_epi32(0, dt, 2 * dt, 3 * dt));
    const __m128i step = _mm_set1_epi32(4 * dt);
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        uint32_t index[4];
        _mm_storeu_si128((__m128i *)index, _mm_srai_epi32(position, 16));
        out[i] = table[index[0]]; out[i + 1] = table[index[1]]; out[i + 2] = table[index[2]]; out[i + 3] = table[index[3]];
        position = _mm_add_epi32(position, step);
    }
    linear_shade_scalar(table, out + i, count - i, t + (int32_t)i * dt, dt);
}

__attribute__((target("avx2")))
static void linear_shade_avx2(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    __m256i position = _mm256_add_epi32(_mm256_set1_epi32(t), _mm256_mullo_epi32(_mm256_set1_epi32(dt),
                                                                                 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
    const __m256i step = _mm256_set1_epi32(8 * dt);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i index = _mm256_srai_epi32(position, 16);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_i32gather_epi32((const int *)table, index, 4));
        position = _mm256_add_epi32(position, step);
    }
    linear_shade_scalar(table, out + i, count - i, t + (int32_t)i * dt, dt);
}

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

// `conic_position` on four lanes: selects written as and/andnot/or.
static inline __m128 select_sse2(__m128 mask, __m128 yes, __m128 no) {
    return _mm_or_ps(_mm_and_ps(mask, yes), _mm_andnot_ps(mask, no));
}

static void conic_shade_sse2(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                             float a, float b, float u0, float v0, float start) {
    const __m128 top = _mm_set1_ps((float)(size - 1)), zero = _mm_setzero_ps(), sign = _mm_set1_ps(-0.0f);
    const __m128 a4 = _mm_set1_ps(a), b4 = _mm_set1_ps(b), u04 = _mm_set1_ps(u0), v04 = _mm_set1_ps(v0);
    const __m128i mask = _mm_set1_epi32((int)(size - 1));
    __m128 p = _mm_add_ps(_mm_set1_ps(px), _mm_setr_ps(0, 1, 2, 3));
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        __m128 u = _mm_add_ps(_mm_mul_ps(p, a4), u04), v = _mm_add_ps(_mm_mul_ps(p, b4), v04);
        __m128 uNegative = _mm_cmplt_ps(u, zero), vNegative = _mm_cmplt_ps(v, zero);
        __m128 au = select_sse2(uNegative, _mm_xor_ps(u, sign), u), av = select_sse2(vNegative, _mm_xor_ps(v, sign), v);
        __m128 swapped = _mm_cmpgt_ps(av, au);
        __m128 hi = select_sse2(swapped, av, au), lo = select_sse2(swapped, au, av);
        __m128 q = _mm_andnot_ps(_mm_cmpeq_ps(hi, zero), _mm_div_ps(lo, hi));
        __m128 s = _mm_mul_ps(q, q);
        __m128 r = _mm_sub_ps(_mm_mul_ps(_mm_set1_ps(conic_c0), s), _mm_set1_ps(conic_c1));
        r = _mm_add_ps(_mm_mul_ps(r, s), _mm_set1_ps(conic_c2));
        r = _mm_sub_ps(_mm_mul_ps(r, s), _mm_set1_ps(conic_c3));
        r = _mm_add_ps(_mm_mul_ps(r, s), _mm_set1_ps(conic_c4));
        r = _mm_mul_ps(r, q);
        r = select_sse2(swapped, _mm_sub_ps(_mm_set1_ps(conic_half_pi), r), r);
        r = select_sse2(uNegative, _mm_sub_ps(_mm_set1_ps(conic_pi), r), r);
        r = select_sse2(vNegative, _mm_xor_ps(r, sign), r);
        __m128 w = _mm_add_ps(_mm_mul_ps(_mm_sub_ps(r, _mm_set1_ps(start)), _mm_set1_ps(conic_inverse_two_pi)), _mm_set1_ps(2));
        w = select_sse2(_mm_cmpge_ps(w, _mm_set1_ps(2)), _mm_sub_ps(w, _mm_set1_ps(2)), w);
        w = select_sse2(_mm_cmpge_ps(w, _mm_set1_ps(1)), _mm_sub_ps(w, _mm_set1_ps(1)), w);
        uint32_t index[4];
        _mm_storeu_si128((__m128i *)index, table_indices_sse2(w, top, mask));
        out[i] = table[index[0]]; out[i + 1] = table[index[1]]; out[i + 2] = table[index[2]]; out[i + 3] = table[index[3]];
        p = _mm_add_ps(p, _mm_set1_ps(4));
    }
    conic_shade_scalar(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, start);
}

__attribute__((target("avx2")))
static void conic_shade_avx2(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                             float a, float b, float u0, float v0, float start) {
    const __m256 top = _mm256_set1_ps((float)(size - 1)), zero = _mm256_setzero_ps(), sign = _mm256_set1_ps(-0.0f);
    const __m256 a8 = _mm256_set1_ps(a), b8 = _mm256_set1_ps(b), u08 = _mm256_set1_ps(u0), v08 = _mm256_set1_ps(v0);
    const __m256i mask = _mm256_set1_epi32((int)(size - 1));
    __m256 p = _mm256_add_ps(_mm256_set1_ps(px), _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7));
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 u = _mm256_add_ps(_mm256_mul_ps(p, a8), u08), v = _mm256_add_ps(_mm256_mul_ps(p, b8), v08);
        __m256 uNegative = _mm256_cmp_ps(u, zero, _CMP_LT_OQ), vNegative = _mm256_cmp_ps(v, zero, _CMP_LT_OQ);
        __m256 au = _mm256_blendv_ps(u, _mm256_xor_ps(u, sign), uNegative);
        __m256 av = _mm256_blendv_ps(v, _mm256_xor_ps(v, sign), vNegative);
        __m256 swapped = _mm256_cmp_ps(av, au, _CMP_GT_OQ);
        __m256 hi = _mm256_blendv_ps(au, av, swapped), lo = _mm256_blendv_ps(av, au, swapped);
        __m256 q = _mm256_andnot_ps(_mm256_cmp_ps(hi, zero, _CMP_EQ_OQ), _mm256_div_ps(lo, hi));
        __m256 s = _mm256_mul_ps(q, q);
        __m256 r = _mm256_sub_ps(_mm256_mul_ps(_mm256_set1_ps(conic_c0), s), _mm256_set1_ps(conic_c1));
        r = _mm256_add_ps(_mm256_mul_ps(r, s), _mm256_set1_ps(conic_c2));
        r = _mm256_sub_ps(_mm256_mul_ps(r, s), _mm256_set1_ps(conic_c3));
        r = _mm256_add_ps(_mm256_mul_ps(r, s), _mm256_set1_ps(conic_c4));
        r = _mm256_mul_ps(r, q);
        r = _mm256_blendv_ps(r, _mm256_sub_ps(_mm256_set1_ps(conic_half_pi), r), swapped);
        r = _mm256_blendv_ps(r, _mm256_sub_ps(_mm256_set1_ps(conic_pi), r), uNegative);
        r = _mm256_blendv_ps(r, _mm256_xor_ps(r, sign), vNegative);
        __m256 w = _mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(r, _mm256_set1_ps(start)), _mm256_set1_ps(conic_inverse_two_pi)),
                                 _mm256_set1_ps(2));
        w = _mm256_blendv_ps(w, _mm256_sub_ps(w, _mm256_set1_ps(2)), _mm256_cmp_ps(w, _mm256_set1_ps(2), _CMP_GE_OQ));
        w = _mm256_blendv_ps(w, _mm256_sub_ps(w, _mm256_set1_ps(1)), _mm256_cmp_ps(w, _mm256_set1_ps(1), _CMP_GE_OQ));
        __m256i index = table_indices_avx2(w, top, mask);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_i32gather_epi32((const int *)table, index, 4));
        p = _mm256_add_ps(p, _mm256_set1_ps(8));
    }
    conic_shade_scalar(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, start);
}

__attribute__((target("avx2")))
static void over_constant_avx2(uint32_t s, uint32_t *row, size_t count) {
    const __m256i keep = _mm256_set1_epi16((short)(255 - (s >> 24)));
    const __m256i src = _mm256_set1_epi32((int)s);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i d = _mm256_loadu_si256((const __m256i *)(row + i));
        _mm256_storeu_si256((__m256i *)(row + i), _mm256_add_epi8(scale_avx2(d, keep), src));
    }
    over_constant_sse2(s, row + i, count - i);
}

// AVX-512 (F and BW): sixteen pixels a step, the same integer and float operations as AVX2.
#define AK_AVX512 __attribute__((target("avx512f,avx512bw")))

AK_AVX512 static inline __m512i scale_avx512(__m512i p, __m512i k) {
    const __m512i low = _mm512_set1_epi16(0x00FF), half = _mm512_set1_epi16(128), m257 = _mm512_set1_epi16(257);
    __m512i lo = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(p, low), k), half), m257);
    __m512i hi = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(p, 8), k), half), m257);
    return _mm512_or_si512(lo, _mm512_slli_epi16(hi, 8));
}

AK_AVX512 static void over_constant_avx512(uint32_t s, uint32_t *row, size_t count) {
    const __m512i keep = _mm512_set1_epi16((short)(255 - (s >> 24)));
    const __m512i src = _mm512_set1_epi32((int)s);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m512i d = _mm512_loadu_si512((const void *)(row + i));
        _mm512_storeu_si512((void *)(row + i), _mm512_add_epi8(scale_avx512(d, keep), src));
    }
    over_constant_avx2(s, row + i, count - i);
}

// Coverage clamped to 0...1 (NaN to 0), times `scale`, rounded (as weights_avx2).
AK_AVX512 static inline __m512i weights_avx512(__m512 c, __m512 scale) {
    const __m512 one = _mm512_set1_ps(1);
    __m512 clamped = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(c, _mm512_setzero_ps(), _CMP_GT_OQ), c);
    clamped = _mm512_mask_mov_ps(clamped, _mm512_cmp_ps_mask(clamped, one, _CMP_GT_OQ), one);
    __m512 v = _mm512_add_ps(_mm512_mul_ps(clamped, scale), _mm512_set1_ps(8388608.0f));
    return _mm512_and_si512(_mm512_castps_si512(v), _mm512_set1_epi32(0x1FF));
}

AK_AVX512 static inline __m512i over_avx512(__m512i s, __m512i d) {
    __m512i keep = _mm512_sub_epi32(_mm512_set1_epi32(255), _mm512_srli_epi32(s, 24));
    return _mm512_add_epi8(s, scale_avx512(d, _mm512_or_si512(keep, _mm512_slli_epi32(keep, 16))));
}

AK_AVX512 static void over_constant_coverage_avx512(uint32_t c, uint32_t *row, const float *coverage, float scale, size_t count) {
    const __m512i color = _mm512_set1_epi32((int)c);
    const __m512 scale16 = _mm512_set1_ps(scale);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m512i k = weights_avx512(_mm512_loadu_ps(coverage + i), scale16);
        if (_mm512_test_epi32_mask(k, k) == 0) continue;
        __m512i s = scale_avx512(color, _mm512_or_si512(k, _mm512_slli_epi32(k, 16)));
        _mm512_storeu_si512((void *)(row + i), over_avx512(s, _mm512_loadu_si512((const void *)(row + i))));
    }
    over_constant_coverage_avx2(c, row + i, coverage + i, scale, count - i);
}

AK_AVX512 static inline __m512i table_indices_avx512(__m512 t, __m512 top, __m512i mask) {
    __m512 s = _mm512_mul_ps(t, top);
    s = _mm512_mask_mov_ps(top, _mm512_cmp_ps_mask(s, top, _CMP_LT_OQ), s);
    s = _mm512_maskz_mov_ps(_mm512_cmp_ps_mask(s, _mm512_setzero_ps(), _CMP_GT_OQ), s);
    return _mm512_and_si512(_mm512_castps_si512(_mm512_add_ps(s, _mm512_set1_ps(8388608.0f))), mask);
}

AK_AVX512 static void radial_shade_avx512(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                          float a, float b, float u0, float v0, float r0, float scale) {
    const __m512 top = _mm512_set1_ps((float)(size - 1));
    const __m512 a16 = _mm512_set1_ps(a), b16 = _mm512_set1_ps(b), u016 = _mm512_set1_ps(u0), v016 = _mm512_set1_ps(v0);
    const __m512 r016 = _mm512_set1_ps(r0), scale16 = _mm512_set1_ps(scale);
    const __m512i mask = _mm512_set1_epi32((int)(size - 1));
    __m512 p = _mm512_add_ps(_mm512_set1_ps(px), _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        __m512 u = _mm512_add_ps(_mm512_mul_ps(p, a16), u016), v = _mm512_add_ps(_mm512_mul_ps(p, b16), v016);
        __m512 t = _mm512_mul_ps(_mm512_sub_ps(_mm512_sqrt_ps(_mm512_add_ps(_mm512_mul_ps(u, u), _mm512_mul_ps(v, v))), r016), scale16);
        __m512i index = table_indices_avx512(t, top, mask);
        _mm512_storeu_si512((void *)(out + i), _mm512_i32gather_epi32(index, (const void *)table, 4));
        p = _mm512_add_ps(p, _mm512_set1_ps(16));
    }
    radial_shade_avx2(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, r0, scale);
}

AK_AVX512 static inline __m512 negate_where_avx512(__m512 x, __mmask16 where) {
    __m512i bits = _mm512_castps_si512(x);
    return _mm512_castsi512_ps(_mm512_mask_xor_epi32(bits, where, bits, _mm512_set1_epi32((int)0x80000000u)));
}

AK_AVX512 static void conic_shade_avx512(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                         float a, float b, float u0, float v0, float start) {
    const __m512 top = _mm512_set1_ps((float)(size - 1)), zero = _mm512_setzero_ps();
    const __m512 a16 = _mm512_set1_ps(a), b16 = _mm512_set1_ps(b), u016 = _mm512_set1_ps(u0), v016 = _mm512_set1_ps(v0);
    const __m512i mask = _mm512_set1_epi32((int)(size - 1));
    __m512 p = _mm512_add_ps(_mm512_set1_ps(px), _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        // The operations of conic_shade_avx2, with mask registers for its blends.
        __m512 u = _mm512_add_ps(_mm512_mul_ps(p, a16), u016), v = _mm512_add_ps(_mm512_mul_ps(p, b16), v016);
        __mmask16 uNegative = _mm512_cmp_ps_mask(u, zero, _CMP_LT_OQ), vNegative = _mm512_cmp_ps_mask(v, zero, _CMP_LT_OQ);
        __m512 au = negate_where_avx512(u, uNegative), av = negate_where_avx512(v, vNegative);
        __mmask16 swapped = _mm512_cmp_ps_mask(av, au, _CMP_GT_OQ);
        __m512 hi = _mm512_mask_blend_ps(swapped, au, av), lo = _mm512_mask_blend_ps(swapped, av, au);
        __m512 q = _mm512_maskz_mov_ps((__mmask16)~_mm512_cmp_ps_mask(hi, zero, _CMP_EQ_OQ), _mm512_div_ps(lo, hi));
        __m512 s = _mm512_mul_ps(q, q);
        __m512 r = _mm512_sub_ps(_mm512_mul_ps(_mm512_set1_ps(conic_c0), s), _mm512_set1_ps(conic_c1));
        r = _mm512_add_ps(_mm512_mul_ps(r, s), _mm512_set1_ps(conic_c2));
        r = _mm512_sub_ps(_mm512_mul_ps(r, s), _mm512_set1_ps(conic_c3));
        r = _mm512_add_ps(_mm512_mul_ps(r, s), _mm512_set1_ps(conic_c4));
        r = _mm512_mul_ps(r, q);
        r = _mm512_mask_sub_ps(r, swapped, _mm512_set1_ps(conic_half_pi), r);
        r = _mm512_mask_sub_ps(r, uNegative, _mm512_set1_ps(conic_pi), r);
        r = negate_where_avx512(r, vNegative);
        __m512 w = _mm512_add_ps(_mm512_mul_ps(_mm512_sub_ps(r, _mm512_set1_ps(start)), _mm512_set1_ps(conic_inverse_two_pi)),
                                 _mm512_set1_ps(2));
        w = _mm512_mask_sub_ps(w, _mm512_cmp_ps_mask(w, _mm512_set1_ps(2), _CMP_GE_OQ), w, _mm512_set1_ps(2));
        w = _mm512_mask_sub_ps(w, _mm512_cmp_ps_mask(w, _mm512_set1_ps(1), _CMP_GE_OQ), w, _mm512_set1_ps(1));
        __m512i index = table_indices_avx512(w, top, mask);
        _mm512_storeu_si512((void *)(out + i), _mm512_i32gather_epi32(index, (const void *)table, 4));
        p = _mm512_add_ps(p, _mm512_set1_ps(16));
    }
    conic_shade_avx2(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, start);
}

AK_AVX512 static void linear_shade_avx512(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    __m512i position = _mm512_add_epi32(_mm512_set1_epi32(t), _mm512_mullo_epi32(_mm512_set1_epi32(dt),
        _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)));
    const __m512i step = _mm512_set1_epi32(16 * dt);
    size_t i = 0;
    for (; i + 16 <= count; i += 16) {
        _mm512_storeu_si512((void *)(out + i), _mm512_i32gather_epi32(_mm512_srai_epi32(position, 16), (const void *)table, 4));
        position = _mm512_add_epi32(position, step);
    }
    linear_shade_avx2(table, out + i, count - i, t + (int32_t)i * dt, dt);
}

// The sweep with one row a lane: a block's 4x4 (SSE2) or 8x8 (AVX2) tiles of cells are transposed
// so that each vector holds one column of the rows, summed column after column (each row's sum
// takes its cells in order, as the scalar path does), and the coverage transposed back.
static inline __m128 sweep_cover_sse2(__m128 sum, int even_odd) {
    const __m128 one = _mm_set1_ps(1);
    __m128 a = _mm_andnot_ps(_mm_set1_ps(-0.0f), sum);
    if (even_odd) {
        // a - 2 * trunc(a / 2) is exact (Sterbenz), so it equals fmod(a, 2); halves from 2^23 up are
        // integers already (and NaN and infinity stay themselves).
        const __m128 two = _mm_set1_ps(2);
        __m128 h = _mm_mul_ps(a, _mm_set1_ps(0.5f));
        __m128 small = _mm_cmplt_ps(h, _mm_set1_ps(8388608.0f));
        __m128 t = _mm_cvtepi32_ps(_mm_cvttps_epi32(h));
        __m128 k = _mm_or_ps(_mm_and_ps(small, t), _mm_andnot_ps(small, h));
        __m128 m = _mm_sub_ps(a, _mm_mul_ps(k, two));
        __m128 over = _mm_cmpgt_ps(m, one);
        return _mm_or_ps(_mm_and_ps(over, _mm_sub_ps(two, m)), _mm_andnot_ps(over, m));
    }
    return _mm_min_ps(one, a);  // one < a ? one : a
}

static void sweep_rows_sse2(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                            float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                            float threshold, int even_odd) {
    const __m128 limit = _mm_set1_ps(threshold), zero = _mm_setzero_ps();
    __m128 sums[2] = {zero, zero};
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = blocks[w]; bits; bits &= bits - 1) {
            size_t b = w * 64 + (size_t)__builtin_ctzll(bits);
            long visible = (long)visible_width - (long)(b * 8);
            int mask = 0;
            for (int half = 0; half < 2; half++) {
                float *c = cells + b * column_stride + 32 * half;
                __m128 v[8];
                for (int r = 0; r < 4; r++) {
                    v[r] = _mm_loadu_ps(c + 8 * r);
                    v[4 + r] = _mm_loadu_ps(c + 8 * r + 4);
                    _mm_storeu_ps(c + 8 * r, zero);
                    _mm_storeu_ps(c + 8 * r + 4, zero);
                }
                _MM_TRANSPOSE4_PS(v[0], v[1], v[2], v[3]);
                _MM_TRANSPOSE4_PS(v[4], v[5], v[6], v[7]);
                __m128 any = zero;
                for (int j = 0; j < 8; j++) {
                    sums[half] = _mm_add_ps(sums[half], v[j]);
                    v[j] = sweep_cover_sse2(sums[half], even_odd);
                    if (j < visible) any = _mm_or_ps(any, _mm_cmpgt_ps(v[j], limit));
                }
                mask |= _mm_movemask_ps(any) << (4 * half);
                _MM_TRANSPOSE4_PS(v[0], v[1], v[2], v[3]);
                _MM_TRANSPOSE4_PS(v[4], v[5], v[6], v[7]);
                for (int r = 0; r < 4; r++) {
                    float *out = coverage + (size_t)(4 * half + r) * coverage_stride + b * 8;
                    _mm_storeu_ps(out, v[r]);
                    _mm_storeu_ps(out + 4, v[4 + r]);
                }
            }
            live[b] = (uint8_t)mask;
        }
    }
}

__attribute__((target("avx2")))
static inline void transpose8_avx2(__m256 v[8]) {
    __m256 t0 = _mm256_unpacklo_ps(v[0], v[1]), t1 = _mm256_unpackhi_ps(v[0], v[1]);
    __m256 t2 = _mm256_unpacklo_ps(v[2], v[3]), t3 = _mm256_unpackhi_ps(v[2], v[3]);
    __m256 t4 = _mm256_unpacklo_ps(v[4], v[5]), t5 = _mm256_unpackhi_ps(v[4], v[5]);
    __m256 t6 = _mm256_unpacklo_ps(v[6], v[7]), t7 = _mm256_unpackhi_ps(v[6], v[7]);
    __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
    __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
    __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
    __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
    v[0] = _mm256_permute2f128_ps(s0, s4, 0x20);
    v[1] = _mm256_permute2f128_ps(s1, s5, 0x20);
    v[2] = _mm256_permute2f128_ps(s2, s6, 0x20);
    v[3] = _mm256_permute2f128_ps(s3, s7, 0x20);
    v[4] = _mm256_permute2f128_ps(s0, s4, 0x31);
    v[5] = _mm256_permute2f128_ps(s1, s5, 0x31);
    v[6] = _mm256_permute2f128_ps(s2, s6, 0x31);
    v[7] = _mm256_permute2f128_ps(s3, s7, 0x31);
}

__attribute__((target("avx2")))
static inline __m256 sweep_cover_avx2(__m256 sum, int even_odd) {
    const __m256 one = _mm256_set1_ps(1);
    __m256 a = _mm256_andnot_ps(_mm256_set1_ps(-0.0f), sum);
    if (even_odd) {
        // Exact, as in sweep_cover_sse2.
        const __m256 two = _mm256_set1_ps(2);
        __m256 k = _mm256_round_ps(_mm256_mul_ps(a, _mm256_set1_ps(0.5f)), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
        __m256 m = _mm256_sub_ps(a, _mm256_mul_ps(k, two));
        return _mm256_blendv_ps(m, _mm256_sub_ps(two, m), _mm256_cmp_ps(m, one, _CMP_GT_OQ));
    }
    return _mm256_min_ps(one, a);  // one < a ? one : a
}

__attribute__((target("avx2")))
static void sweep_rows_avx2(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                            float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                            float threshold, int even_odd) {
    const __m256 limit = _mm256_set1_ps(threshold), zero = _mm256_setzero_ps();
    __m256 sums = zero;
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = blocks[w]; bits; bits &= bits - 1) {
            size_t b = w * 64 + (size_t)__builtin_ctzll(bits);
            float *c = cells + b * column_stride;
            __m256 v[8];
            for (int r = 0; r < 8; r++) {
                v[r] = _mm256_loadu_ps(c + 8 * r);
                _mm256_storeu_ps(c + 8 * r, zero);
            }
            transpose8_avx2(v);
            __m256 any = zero;
            for (int j = 0; j < 8; j++) {
                sums = _mm256_add_ps(sums, v[j]);
                v[j] = sweep_cover_avx2(sums, even_odd);
            }
            long visible = (long)visible_width - (long)(b * 8);
            int columns = visible < 0 ? 0 : visible > 8 ? 8 : (int)visible;
            for (int j = 0; j < columns; j++) any = _mm256_or_ps(any, _mm256_cmp_ps(v[j], limit, _CMP_GT_OQ));
            live[b] = (uint8_t)_mm256_movemask_ps(any);
            transpose8_avx2(v);
            for (int r = 0; r < 8; r++) _mm256_storeu_ps(coverage + (size_t)r * coverage_stride + b * 8, v[r]);
        }
    }
}
#endif

static inline __attribute__((always_inline)) void mark_touched(const ak_cell_rows *rows, long row, long c0, long c1) {
    long b0 = c0 >> 3, b1 = c1 >> 3;
    uint64_t *words = rows->touched + (size_t)(row - rows->first_row) * rows->words_per_row;
    if (b0 == b1) {
        words[b0 >> 6] |= (uint64_t)1 << (b0 & 63);
        return;
    }
    for (long b = b0; b <= b1;) {
        long bit = b & 63, span = b1 - b + 1;
        if (span > 64 - bit) span = 64 - bit;
        uint64_t mask = span == 64 ? ~(uint64_t)0 : (((uint64_t)1 << span) - 1) << bit;
        words[b >> 6] |= mask;
        b += span;
    }
}

static inline double area_integral(double t) {
    return t <= 0 ? 0 : (t < 1 ? 0.5 * t * t : t - 0.5);
}

/// One row of an edge spanning [ax, bx] horizontally and d (signed) vertically: pixel i gains
/// d * A(i), A(i) the share of its width right of the edge averaged over the edge.
static inline __attribute__((always_inline)) void accumulate_row(const ak_cell_rows *rows, long row, double ax, double bx, float d) {
    double xa = bx < ax ? bx : ax, xb = bx >= ax ? bx : ax;  // Swift's min and max
    long i0 = (long)xa, i1 = (long)xb;
    float *row_cells = rows->cells + (size_t)(row - rows->first_row) * 8;
    size_t columns = rows->column_stride;
#define AK_CELL(i) (row_cells + (size_t)((i) >> 3) * columns + ((i) & 7))
    mark_touched(rows, row, i0, i1 + 1);
    if (i0 == i1 || xb - xa < 1e-9) {
        float a = (float)((double)(i0 + 1) - 0.5 * (xa + xb));
        *AK_CELL(i0) += d * a;
        *AK_CELL(i0 + 1) += d * (1 - a);
        return;
    }
    double inv = 1 / (xb - xa);
    float previous = 0;
    for (long i = i0; i <= i1; i++) {
        double edge = (double)(i + 1);
        float a = (float)((area_integral(edge - xa) - area_integral(edge - xb)) * inv);
        *AK_CELL(i) += d * (a - previous);
        previous = a;
    }
    *AK_CELL(i1 + 1) += d * (1 - previous);
#undef AK_CELL
}

void ak_mark_touched(const ak_cell_rows *rows, long row, long from, long to) {
    mark_touched(rows, row, from, to);
}

void ak_accumulate_edge(const ak_cell_rows *rows, double x0, double y0, double x1, double y1, float sign,
                        long first, long last, long top, long bottom) {
    double dxdy = (x1 - x0) / (y1 - y0);
    // Every row boundary, the end too, is x0 + (y - y0) * dxdy: the cells do not depend on how
    // the edge was split into rows or which rows come first.
    double x_end = x0 + (y1 - y0) * dxdy;
    if (first == last) {
        accumulate_row(rows, first, x0, x_end, sign * (float)(y1 - y0));
        return;
    }
    double xa;
    if (top == first) {
        double first_bottom = (double)(first + 1);
        xa = x0 + (first_bottom - y0) * dxdy;
        accumulate_row(rows, first, x0, xa, sign * (float)(first_bottom - y0));
    } else {
        xa = x0 + ((double)top - y0) * dxdy;
    }
    long last_whole = bottom < last - 1 ? bottom : last - 1;
    for (long row = top > first + 1 ? top : first + 1; row <= last_whole; row++) {
        double xb = x0 + ((double)(row + 1) - y0) * dxdy;
        accumulate_row(rows, row, xa, xb, sign);
        xa = xb;
    }
    if (bottom == last) accumulate_row(rows, last, xa, x_end, sign * (float)(y1 - (double)last));
}

int ak_available_paths(void) {
#if defined(__x86_64__)
    int paths = AK_PATH_SCALAR | AK_PATH_SSE2;  // SSE2 is part of x86-64
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) paths |= AK_PATH_AVX2;
    if ((paths & AK_PATH_AVX2) && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")) paths |= AK_PATH_AVX512;
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
        path = (paths & AK_PATH_AVX512) ? AK_PATH_AVX512 : (paths & AK_PATH_AVX2) ? AK_PATH_AVX2
             : (paths & AK_PATH_SSE2) ? AK_PATH_SSE2 : AK_PATH_SCALAR;
        atomic_store_explicit(&chosen, path, memory_order_relaxed);
    }
    return path;
}

int ak_uses_avx2(void) {
    int path = ak_current_path();
    return path == AK_PATH_AVX2 || path == AK_PATH_AVX512;
}

int ak_use_path(int path) {
    if ((path != AK_PATH_SCALAR && path != AK_PATH_SSE2 && path != AK_PATH_AVX2 && path != AK_PATH_AVX512)
        || !(ak_available_paths() & path)) return 0;
    atomic_store_explicit(&chosen, path, memory_order_relaxed);
    return 1;
}

void ak_over_constant_coverage(uint32_t c, uint32_t *row, const float *coverage, float opacity, size_t count) {
    float scale = opacity * 255;
    switch (ak_current_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX512: over_constant_coverage_avx512(c, row, coverage, scale, count); break;
    case AK_PATH_AVX2: over_constant_coverage_avx2(c, row, coverage, scale, count); break;
    case AK_PATH_SSE2: over_constant_coverage_sse2(c, row, coverage, scale, count); break;
#endif
    default: over_constant_coverage_scalar(c, row, coverage, scale, count); break;
    }
}

void ak_fill(uint32_t c, uint32_t *row, size_t count) {
    // wchar_t is 32 bits here: the C library's wmemset picks the widest stores the CPU has.
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t is not 32 bits");
    wmemset((wchar_t *)row, (wchar_t)c, count);
}

void ak_over_coverage(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    switch (ak_current_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX512:
    case AK_PATH_AVX2: over_coverage_avx2(src, row, coverage, opacity, count); break;
    case AK_PATH_SSE2: over_coverage_sse2(src, row, coverage, opacity, count); break;
#endif
    default: over_coverage_scalar(src, row, coverage, opacity, count); break;
    }
}

void ak_radial_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                     float a, float b, float u0, float v0, float r0, float scale) {
    // Pixel centres are integers plus a half: exact in float (below 2^23), however they are reached.
    float px = (float)x + 0.5f;
#if defined(__x86_64__)
    switch (ak_current_path()) {
    case AK_PATH_AVX512: radial_shade_avx512(table, size, out, count, px, a, b, u0, v0, r0, scale); return;
    case AK_PATH_AVX2: radial_shade_avx2(table, size, out, count, px, a, b, u0, v0, r0, scale); return;
    case AK_PATH_SSE2: radial_shade_sse2(table, size, out, count, px, a, b, u0, v0, r0, scale); return;
    }
#endif
    radial_shade_scalar(table, size, out, count, px, a, b, u0, v0, r0, scale);
}

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

void ak_linear_shade(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
#if defined(__x86_64__)
    switch (ak_current_path()) {
    case AK_PATH_AVX512: linear_shade_avx512(table, out, count, t, dt); return;
    case AK_PATH_AVX2: linear_shade_avx2(table, out, count, t, dt); return;
    case AK_PATH_SSE2: linear_shade_sse2(table, out, count, t, dt); return;
    }
#endif
    linear_shade_scalar(table, out, count, t, dt);
}

void ak_conic_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                    float a, float b, float u0, float v0, float start) {
    float px = (float)x + 0.5f;
#if defined(__x86_64__)
    switch (ak_current_path()) {
    case AK_PATH_AVX512: conic_shade_avx512(table, size, out, count, px, a, b, u0, v0, start); return;
    case AK_PATH_AVX2: conic_shade_avx2(table, size, out, count, px, a, b, u0, v0, start); return;
    case AK_PATH_SSE2: conic_shade_sse2(table, size, out, count, px, a, b, u0, v0, start); return;
    }
#endif
    conic_shade_scalar(table, size, out, count, px, a, b, u0, v0, start);
}

void ak_over_constant(uint32_t s, uint32_t *row, size_t count) {
    switch (ak_current_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX512: over_constant_avx512(s, row, count); break;
    case AK_PATH_AVX2: over_constant_avx2(s, row, count); break;
    case AK_PATH_SSE2: over_constant_sse2(s, row, count); break;
#endif
    default: over_constant_scalar(s, row, count); break;
    }
}

void ak_sweep_rows(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                   float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                   float threshold, int even_odd) {
    switch (ak_current_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX512:
    case AK_PATH_AVX2:
        sweep_rows_avx2(cells, column_stride, blocks, words, coverage, coverage_stride, live, visible_width, threshold, even_odd);
        break;
    case AK_PATH_SSE2:
        sweep_rows_sse2(cells, column_stride, blocks, words, coverage, coverage_stride, live, visible_width, threshold, even_odd);
        break;
#endif
    default:
        sweep_rows_scalar(cells, column_stride, blocks, words, coverage, coverage_stride, live, visible_width, threshold, even_odd);
        break;
    }
}
