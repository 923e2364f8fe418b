// Coverage: a rasterizer's cells, filled by its edges (one path for every CPU: double and float
// operations in a fixed order) and swept into per-pixel coverage eight rows at a time.
#ifndef AK_ISA
#include "Dispatch.h"

// ---- The reference.

// The coverage of a running sum: min(|sum|, 1) as Swift's min orders it (1 < a ? 1 : a) for the
// non-zero rule; for even-odd |sum| modulo 2, folded to its distance from an even integer.
static inline float sweep_cover(float sum, int even_odd) {
    float a = __builtin_fabsf(sum);
    if (even_odd) {
        float m = __builtin_fmodf(a, 2.0f);
        return m > 1 ? 2 - m : m;
    }
    return 1 < a ? 1.0f : a;
}

// One row's eight cells of a block added to its running sum `sum`, one after another, and cleared;
// `cover` gets the coverage after each. Returns whether one of the first `visible` is above
// `threshold`.
static inline int sweep_block_row(float *c, float *sum, float *cover, long visible, float threshold, int even_odd) {
    int live = 0;
    for (int j = 0; j < 8; j++) {
        *sum += c[j];
        c[j] = 0;
        cover[j] = sweep_cover(*sum, even_odd);
        if (j < visible && cover[j] > threshold) live = 1;
    }
    return live;
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
                int any = sweep_block_row(c + 8 * r, sums + r, coverage + (size_t)r * coverage_stride + b * 8, visible,
                                          threshold, even_odd);
                mask |= (uint8_t)(any << r);
            }
            live[b] = mask;
        }
    }
}

// The blocks of the write record that pixels x..<x+count of row y lie in, stamped.
static inline void stamp_written(const ak_solid_over *t, long y, long x, long count) {
    uint32_t *blocks = t->written + (size_t)(y >> 1) * t->blocks_per_pair;
    for (long b = x / AK_WRITTEN_BLOCK_WIDTH, last = (x + count - 1) / AK_WRITTEN_BLOCK_WIDTH; b <= last; b++)
        blocks[b] = t->epoch;
}

// Pixels x..<x+count of row y at one coverage: the colour weighed once, then a fill or a blend.
static void over_held(const ak_solid_over *t, long y, long x, long count, float cover) {
    uint32_t k = ak_weight(cover, t->factor);
    if (k == 0) return;
    stamp_written(t, y, x, count);
    uint32_t *row = t->pixels + (size_t)y * t->width + (size_t)x;
    if (k == 255 && t->color >> 24 == 255) {
        ak_fill(t->color, row, (size_t)count);
    } else {
        ak_over_constant(k == 255 ? t->color : ak_scale(t->color, k), row, (size_t)count);
    }
}

// Pixels x..<x+count of row y, each at its own coverage.
static inline void over_each(const ak_solid_over *t, long y, long x, const float *cover, long count) {
    ak_over_constant_weighted(t->color, t->pixels + (size_t)y * t->width + (size_t)x, cover, t->factor, (size_t)count);
}

// Every row's pixels from `x` to the next block, or the surface's end, at the row's held coverage.
static inline void over_gaps(const ak_solid_over *t, long first_row, int first_lane, int last_lane, long x, long end,
                             const float *held, float threshold) {
    long w = (long)t->width;
    if (end > w) end = w;
    if (x >= end) return;
    for (int r = first_lane; r <= last_lane; r++) {
        if (held[r] > threshold) over_held(t, first_row + r, x, end - x, held[r]);
    }
}

static void sweep_over_scalar(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                              long first_row, int first_lane, int last_lane, float threshold, int even_odd,
                              const ak_solid_over *t) {
    float sums[8] = {0, 0, 0, 0, 0, 0, 0, 0}, held[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    long x = 0;
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = blocks[w]; bits; bits &= bits - 1) {
            long b = (long)(w * 64) + __builtin_ctzll(bits), bx = b * 8;
            over_gaps(t, first_row, first_lane, last_lane, x, bx, held, threshold);
            long visible = (long)t->width - bx;
            if (visible > 8) visible = 8;
            float *c = cells + (size_t)b * column_stride;
            for (int r = 0; r < 8; r++) {
                float cover[8];
                int live = sweep_block_row(c + 8 * r, sums + r, cover, visible, threshold, even_odd);
                held[r] = cover[7];
                if (live && r >= first_lane && r <= last_lane) {
                    stamp_written(t, first_row + r, bx, visible);
                    over_each(t, first_row + r, bx, cover, visible);
                }
            }
            x = bx + 8;
        }
    }
    over_gaps(t, first_row, first_lane, last_lane, x, (long)t->width, held, threshold);
}

#define AK_STAGE_FILE "Coverage.c"
#include "Targets.h"

// ---- Entry points.

void ak_sweep_rows(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                   float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                   float threshold, int even_odd) {
    switch (ak_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX512:  // eight rows fill an AVX2 register: the widest the sweep uses
    case AK_PATH_AVX2:
        sweep_rows_avx2(cells, column_stride, blocks, words, coverage, coverage_stride, live, visible_width, threshold, even_odd);
        return;
    case AK_PATH_SSE2:
        sweep_rows_sse2(cells, column_stride, blocks, words, coverage, coverage_stride, live, visible_width, threshold, even_odd);
        return;
#endif
    default:
        sweep_rows_scalar(cells, column_stride, blocks, words, coverage, coverage_stride, live, visible_width, threshold, even_odd);
        return;
    }
}

void ak_sweep_over_constant(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                            long first_row, int first_lane, int last_lane, float threshold, int even_odd,
                            const ak_solid_over *target) {
    switch (ak_path()) {
#if defined(__x86_64__)
    case AK_PATH_AVX512:  // a block's row is eight pixels: an AVX2 register
    case AK_PATH_AVX2:
        sweep_over_avx2(cells, column_stride, blocks, words, first_row, first_lane, last_lane, threshold, even_odd, target);
        return;
    case AK_PATH_SSE2:
        sweep_over_sse2(cells, column_stride, blocks, words, first_row, first_lane, last_lane, threshold, even_odd, target);
        return;
#endif
    default:
        sweep_over_scalar(cells, column_stride, blocks, words, first_row, first_lane, last_lane, threshold, even_odd, target);
        return;
    }
}

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
    // A(i) = (I(i + 1 - xa) - I(i + 1 - xb)) / (xb - xa), where I(t) is 0 for t <= 0, t^2 / 2
    // below 1 and t - 1/2 from there, with each pixel's branch taken by where it lies: the first
    // pixel's right side is within one pixel right of xa and not right of xb, the inner pixels'
    // more than a pixel right of xa and not right of xb (their second term is 0), the last
    // pixel's within one pixel right of xb. At t = 1 both branches give 1/2.
    double inv = 1 / (xb - xa);
    double first_right = (double)(i0 + 1) - xa;
    float previous = (float)((0.5 * first_right * first_right) * inv);
    *AK_CELL(i0) += d * previous;
    for (long i = i0 + 1; i < i1; i++) {
        float a = (float)((((double)(i + 1) - xa) - 0.5) * inv);
        *AK_CELL(i) += d * (a - previous);
        previous = a;
    }
    double last_right = (double)(i1 + 1) - xb;
    float a = (float)(((((double)(i1 + 1) - xa) - 0.5) - 0.5 * last_right * last_right) * inv);
    *AK_CELL(i1) += d * (a - previous);
    *AK_CELL(i1 + 1) += d * (1 - a);
#undef AK_CELL
}

void ak_mark_touched(const ak_cell_rows *rows, long row, long from, long to) {
    mark_touched(rows, row, from, to);
}

static inline __attribute__((always_inline)) void accumulate_edge(const ak_cell_rows *rows, double x0, double y0, double x1,
                                                                   double y1, double dxdy, float sign, long first, long last,
                                                                   long top, long bottom) {
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

void ak_accumulate_edge(const ak_cell_rows *rows, double x0, double y0, double x1, double y1, float sign,
                        long first, long last, long top, long bottom) {
    accumulate_edge(rows, x0, y0, x1, y1, (x1 - x0) / (y1 - y0), sign, first, last, top, bottom);
}

void ak_accumulate_edges(const ak_cell_rows *rows, const ak_edge *edges, size_t count, long top, long bottom,
                         ak_reach *reach) {
    ak_reach r = *reach;
    for (const ak_edge *e = edges, *end = edges + count; e < end; e++) {
        long first = e->first_row, last = e->last_row;
        long t = first > top ? first : top, b = last < bottom ? last : bottom;
        if (t > b) continue;
        if (t < r.top) r.top = t;
        if (b > r.bottom) r.bottom = b;
        accumulate_edge(rows, e->x0, e->y0, e->x1, e->y1, e->dxdy, e->sign, first, last, t, b);
    }
    *reach = r;
}


#elif AK_LANES <= 8
// ---- The vector sweep, written once (Vector.h): one row a lane, AK_LANES rows a group. A
// block's rows x 8 cells are loaded as square tiles, transposed so that each vector holds one
// column of the group's rows, summed column after column (each row adds its cells in order, as
// the reference does), and the coverage transposed back.

AK_INLINE vf AK_FN(sweep_cover)(vf sum, int even_odd) {
    const vf one = vf_set1(1);
    vf a = vf_abs(sum);
    if (even_odd) {
        // a - 2 * trunc(a / 2) is exact (Sterbenz), so it equals fmod(a, 2).
        const vf two = vf_set1(2);
        vf m = vf_sub(a, vf_mul(vf_trunc(vf_mul(a, vf_set1(0.5f))), two));
        return vf_select(vf_gt(m, one), vf_sub(two, m), m);
    }
    return vf_min(one, a);  // one < a ? one : a
}

// The AK_LANES rows of a block at `c` (row r's eight cells at 8r), loaded as square tiles and
// cleared, transposed so that v[j] holds column j of every row, and summed column after column
// into `sum` (each row adds its cells in order, as the reference does): v[j] becomes the coverage
// after column j. Returns the rows (a bit each) with a pixel among the first `columns` above `limit`.
AK_INLINE int AK_FN(sweep_tile)(float *c, vf *sum, vf v[8], int columns, vf limit, int even_odd) {
    enum { groups = 8 / AK_LANES };
    const vf zero = vf_zero();
    for (int r = 0; r < AK_LANES; r++) {
        for (int k = 0; k < groups; k++) {
            v[AK_LANES * k + r] = vf_load(c + 8 * r + AK_LANES * k);
            vf_store(c + 8 * r + AK_LANES * k, zero);
        }
    }
    for (int k = 0; k < groups; k++) vf_transpose(v + AK_LANES * k);
    for (int j = 0; j < 8; j++) {
        *sum = vf_add(*sum, v[j]);
        v[j] = AK_FN(sweep_cover)(*sum, even_odd);
    }
    vmask any = vmask_none();
    for (int j = 0; j < columns; j++) any = vmask_or(any, vf_gt(v[j], limit));
    return vmask_bits(any);
}

AK_TARGET static void AK_FN(sweep_rows)(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                                        float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                                        float threshold, int even_odd) {
    enum { groups = 8 / AK_LANES };
    const vf limit = vf_set1(threshold), zero = vf_zero();
    vf sums[groups];
    for (int g = 0; g < groups; g++) sums[g] = zero;
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = blocks[w]; bits; bits &= bits - 1) {
            size_t b = w * 64 + (size_t)__builtin_ctzll(bits);
            long visible = (long)visible_width - (long)(b * 8);
            int columns = visible < 0 ? 0 : visible > 8 ? 8 : (int)visible;
            int mask = 0;
            for (int g = 0; g < groups; g++) {
                vf v[8];
                mask |= AK_FN(sweep_tile)(cells + b * column_stride + 8 * AK_LANES * g, sums + g, v, columns, limit, even_odd)
                        << (AK_LANES * g);
                for (int k = 0; k < groups; k++) vf_transpose(v + AK_LANES * k);
                for (int r = 0; r < AK_LANES; r++) {
                    float *out = coverage + (size_t)(AK_LANES * g + r) * coverage_stride + b * 8;
                    for (int k = 0; k < groups; k++) vf_store(out + AK_LANES * k, v[AK_LANES * k + r]);
                }
            }
            live[b] = (uint8_t)mask;
        }
    }
}

#include "Over.h"

// `sweep_rows` blending each block's rows as they come out of the transpose, instead of storing
// them: the running sums, the coverage and the live test are the same operations.
AK_TARGET static void AK_FN(sweep_over)(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                                        long first_row, int first_lane, int last_lane, float threshold, int even_odd,
                                        const ak_solid_over *t) {
    enum { groups = 8 / AK_LANES };
    const vf limit = vf_set1(threshold), zero = vf_zero(), factor = vf_set1(t->factor);
    const vi color = vi_set1((int)t->color);
    vf sums[groups];
    for (int g = 0; g < groups; g++) sums[g] = zero;
    float held[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    long x = 0;
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = blocks[w]; bits; bits &= bits - 1) {
            long b = (long)(w * 64) + __builtin_ctzll(bits), bx = b * 8;
            over_gaps(t, first_row, first_lane, last_lane, x, bx, held, threshold);
            long visible = (long)t->width - bx;
            int columns = visible < 0 ? 0 : visible > 8 ? 8 : (int)visible;
            for (int g = 0; g < groups; g++) {
                vf v[8];
                int live = AK_FN(sweep_tile)(cells + (size_t)b * column_stride + 8 * AK_LANES * g, sums + g, v, columns, limit,
                                             even_odd);
                vf_store(held + AK_LANES * g, v[7]);
                if (!live) continue;
                for (int k = 0; k < groups; k++) vf_transpose(v + AK_LANES * k);
                for (int r = 0; r < AK_LANES; r++) {
                    int lane = AK_LANES * g + r;
                    if (!((live >> r) & 1) || lane < first_lane || lane > last_lane) continue;
                    long y = first_row + lane;
                    stamp_written(t, y, bx, columns);
                    uint32_t *row = t->pixels + (size_t)y * t->width + (size_t)bx;
                    if (columns == 8) {
                        for (int k = 0; k < groups; k++) {
                            vi weights = AK_FN(weights)(v[AK_LANES * k + r], factor);
                            if (vi_none(weights)) continue;
                            vi source = AK_FN(scale)(color, AK_FN(pairs)(weights));
                            vi_store(row + AK_LANES * k, AK_FN(over)(source, vi_load(row + AK_LANES * k)));
                        }
                    } else {
                        float cover[8];
                        for (int k = 0; k < groups; k++) vf_store(cover + AK_LANES * k, v[AK_LANES * k + r]);
                        over_each(t, y, bx, cover, columns);
                    }
                }
            }
            x = bx + 8;
        }
    }
    over_gaps(t, first_row, first_lane, last_lane, x, (long)t->width, held, threshold);
}
#endif
