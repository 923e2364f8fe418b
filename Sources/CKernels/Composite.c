// Composite: source-over of premultiplied RGBA8, one colour or a row of colours, with or without
// per-pixel coverage; and solid fills.
#ifndef AK_ISA
#include "Dispatch.h"
#include <wchar.h>

// ---- The reference: one pixel at a time, in the public header's arithmetic.

static void over_constant_coverage_scalar(uint32_t c, uint32_t *row, const float *coverage, float factor, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t k = ak_weight(coverage[i], factor);
        if (k == 0) continue;
        uint32_t s = k == 255 ? c : ak_scale(c, k);
        row[i] = s + ak_scale(row[i], 255 - (s >> 24));
    }
}

static void over_coverage_scalar(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t k = ak_weight(coverage[i] * opacity, 255);
        if (k == 0) continue;
        uint32_t s = k == 255 ? src[i] : ak_scale(src[i], k);
        row[i] = s + ak_scale(row[i], 255 - (s >> 24));
    }
}

// Levels painted in one colour `c` (`colors` NULL) or in a colour per pixel.
static inline void over_levels_scalar(uint32_t c, const uint32_t *colors, uint32_t *row, const uint8_t *levels, float factor,
                                      size_t count) {
    for (size_t i = 0; i < count; i++) {
        if (levels[i] == 0) continue;
        uint32_t k = ak_weight((float)levels[i] * (1.0f / 255.0f), factor);
        if (k == 0) continue;
        uint32_t color = colors ? colors[i] : c;
        uint32_t s = k == 255 ? color : ak_scale(color, k);
        row[i] = s + ak_scale(row[i], 255 - (s >> 24));
    }
}

static void over_constant_levels_scalar(uint32_t c, uint32_t *row, const uint8_t *levels, float factor, size_t count) {
    over_levels_scalar(c, NULL, row, levels, factor, count);
}

static void over_colors_levels_scalar(const uint32_t *colors, uint32_t *row, const uint8_t *levels, float factor, size_t count) {
    over_levels_scalar(0, colors, row, levels, factor, count);
}

static void over_constant_scalar(uint32_t s, uint32_t *row, size_t count) {
    uint32_t keep = 255 - (s >> 24);
    for (size_t i = 0; i < count; i++) row[i] = s + ak_scale(row[i], keep);
}

#define AK_STAGE_FILE "Composite.c"
#include "Targets.h"

// ---- Entry points.

void ak_over_constant(uint32_t s, uint32_t *row, size_t count) {
    AK_DISPATCH(over_constant, s, row, count);
}

void ak_over_constant_coverage(uint32_t c, uint32_t *row, const float *coverage, float opacity, size_t count) {
    ak_over_constant_weighted(c, row, coverage, opacity * 255, count);
}

void ak_over_constant_weighted(uint32_t c, uint32_t *row, const float *coverage, float factor, size_t count) {
    AK_DISPATCH(over_constant_coverage, c, row, coverage, factor, count);
}

void ak_over_constant_levels(uint32_t c, uint32_t *row, const uint8_t *levels, float opacity, size_t count) {
    float scale = opacity * 255;
    AK_DISPATCH(over_constant_levels, c, row, levels, scale, count);
}

void ak_over_colors_levels(const uint32_t *colors, uint32_t *row, const uint8_t *levels, float opacity, size_t count) {
    float scale = opacity * 255;
    AK_DISPATCH(over_colors_levels, colors, row, levels, scale, count);
}

void ak_levels_to_coverage(const uint8_t *levels, float *coverage, size_t count) {
    for (size_t i = 0; i < count; i++) coverage[i] = (float)levels[i] * (1.0f / 255.0f);
}

static inline void add_levels(uint8_t *sum, const uint8_t *levels, long count) {
    for (long i = 0; i < count; i++) {
        unsigned v = (unsigned)sum[i] + levels[i];
        sum[i] = (uint8_t)(v > 255 ? 255 : v);
    }
}

void ak_accumulate_masks(uint8_t *sums, size_t sum_stride, long width, long top, long end,
                         const ak_mask_placement *placements, size_t count, long *left, long *right) {
    for (size_t i = 0; i < count; i++) {
        const ak_mask_placement *p = placements + i;
        long y0 = p->y > top ? p->y : top, y1 = p->y + p->height < end ? p->y + p->height : end;
        long x0 = p->x > 0 ? p->x : 0, x1 = p->x + p->width < width ? p->x + p->width : width;
        if (y0 >= y1 || x0 >= x1) continue;
        const uint8_t *source = p->levels + (y0 - p->y) * p->stride;
        uint8_t *target = sums + (y0 - top) * sum_stride + x0;
        if (x0 == p->x && x1 == p->x + p->width) {
            // Whole rows, padding included (zeros, and the sums have room for them).
            for (long y = y0; y < y1; y++, source += p->stride, target += sum_stride) {
#if defined(__x86_64__)
                for (long c = 0; c < p->stride; c += 16) {
                    __m128i sum = _mm_adds_epu8(_mm_loadu_si128((const __m128i *)(target + c)), _mm_loadu_si128((const __m128i *)(source + c)));
                    _mm_storeu_si128((__m128i *)(target + c), sum);
                }
#else
                add_levels(target, source, p->stride);
#endif
            }
        } else {
            for (long y = y0; y < y1; y++, source += p->stride, target += sum_stride) add_levels(target, source + (x0 - p->x), x1 - x0);
        }
        for (long r = y0 - top; r < y1 - top; r++) {
            if (x0 < left[r]) left[r] = x0;
            if (x1 > right[r]) right[r] = x1;
        }
    }
}

void ak_over_coverage(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    AK_DISPATCH(over_coverage, src, row, coverage, opacity, count);
}

void ak_fill(uint32_t c, uint32_t *row, size_t count) {
    // wchar_t is 32 bits here: the C library's wmemset picks the widest stores the CPU has.
    _Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wchar_t is not 32 bits");
    wmemset((wchar_t *)row, (wchar_t)c, count);
}

#else
// ---- The vector kernels, written once (Vector.h), AK_LANES pixels a step.

#include "Over.h"

AK_TARGET static void AK_FN(over_constant)(uint32_t s, uint32_t *row, size_t count) {
    const vi keep = vi_set1_16((short)(255 - (s >> 24)));
    const vi src = vi_set1((int)s);
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) vi_store(row + i, vi_add8(AK_FN(scale)(vi_load(row + i), keep), src));
    AK_NARROWER(over_constant)(s, row + i, count - i);
}

AK_TARGET static void AK_FN(over_constant_coverage)(uint32_t c, uint32_t *row, const float *coverage, float scale, size_t count) {
    const vi color = vi_set1((int)c);
    const vf factor = vf_set1(scale);
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vi k = AK_FN(weights)(vf_load(coverage + i), factor);
        if (vi_none(k)) continue;
        vi_store(row + i, AK_FN(over)(AK_FN(scale)(color, AK_FN(pairs)(k)), vi_load(row + i)));
    }
    AK_NARROWER(over_constant_coverage)(c, row + i, coverage + i, scale, count - i);
}

// Levels painted in one colour `c` (`colors` NULL) or in a colour per pixel, whole steps only;
// returns how many pixels it did.
__attribute__((always_inline)) AK_INLINE size_t AK_FN(over_levels_run)(uint32_t c, const uint32_t *colors, uint32_t *row,
                                                                      const uint8_t *levels, float scale, size_t count) {
    const vi color = vi_set1((int)c);
    const vf factor = vf_set1(scale), unit = vf_set1(1.0f / 255.0f);
    // At full opacity a level is its own weight (level / 255 * 255 rounds back to the level,
    // for every level): no float arithmetic.
    const int whole = scale == 255.0f;
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vi l = vi_load_u8(levels + i);
        if (vi_none(l)) continue;
        vi k = whole ? l : AK_FN(weights)(vf_mul(vf_from_vi(l), unit), factor);
        vi source = colors ? vi_load(colors + i) : color;
        vi_store(row + i, AK_FN(over)(AK_FN(scale)(source, AK_FN(pairs)(k)), vi_load(row + i)));
    }
    return i;
}

AK_TARGET static void AK_FN(over_constant_levels)(uint32_t c, uint32_t *row, const uint8_t *levels, float scale, size_t count) {
    size_t i = AK_FN(over_levels_run)(c, NULL, row, levels, scale, count);
    AK_NARROWER(over_constant_levels)(c, row + i, levels + i, scale, count - i);
}

AK_TARGET static void AK_FN(over_colors_levels)(const uint32_t *colors, uint32_t *row, const uint8_t *levels, float scale, size_t count) {
    size_t i = AK_FN(over_levels_run)(0, colors, row, levels, scale, count);
    AK_NARROWER(over_colors_levels)(colors + i, row + i, levels + i, scale, count - i);
}

AK_TARGET static void AK_FN(over_coverage)(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count) {
    const vf factor = vf_set1(opacity), full = vf_set1(255);
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vi k = AK_FN(weights)(vf_mul(vf_load(coverage + i), factor), full);
        if (vi_none(k)) continue;
        vi_store(row + i, AK_FN(over)(AK_FN(scale)(vi_load(src + i), AK_FN(pairs)(k)), vi_load(row + i)));
    }
    AK_NARROWER(over_coverage)(src + i, row + i, coverage + i, opacity, count - i);
}
#endif
