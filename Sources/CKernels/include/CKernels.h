#ifndef ANIMATE_CKERNELS_H
#define ANIMATE_CKERNELS_H

// Pixel kernels compiled for several instruction sets and picked at run time by CPU feature.
// Every path gives the same bytes as the others, and as the golden frames. One file per pipeline
// stage (Composite.c, Gradient.c, Coverage.c, YUV.c; Dispatch.c picks the path), each kernel's
// arithmetic written once in the operations of Vector.h and built per instruction set; the scalar
// version of each is the reference the others are tested against.

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// `p * k / 255` for every channel of a packed RGBA8 pixel, exactly rounded; `k` in 0...255.
static inline uint32_t ak_scale(uint32_t p, uint32_t k) {
    uint32_t rb = (p & 0x00FF00FFu) * k + 0x00800080u;
    rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
    uint32_t ag = ((p >> 8) & 0x00FF00FFu) * k + 0x00800080u;
    ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
    return rb | ag;
}

/// A coverage (0...1; below 0 and NaN as 0, above 1 as 1) times `factor` (0...255), rounded to
/// nearest: adding 2^23 leaves the rounded integer in the low mantissa bits.
static inline uint32_t ak_weight(float c, float factor) {
    float clamped = c > 0 ? c : 0;
    if (clamped > 1) clamped = 1;
    float v = clamped * factor + 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return bits & 0x1FF;
}

/// The table index of gradient position t: t * top clamped to 0...top (NaN to top), rounded;
/// `mask` is the table's size minus one (a power of two minus one).
static inline uint32_t ak_table_index(float t, float top, uint32_t mask) {
    float s = t * top;
    s = s < top ? s : top;
    s = s > 0 ? s : 0;
    float v = s + 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &v, 4);
    return bits & mask;
}

/// Instruction-set paths.
enum {
    AK_PATH_SCALAR = 1,
    AK_PATH_SSE2 = 2,
    AK_PATH_AVX2 = 4,
    /// AVX-512 (F and BW) in the kernels that have it, AVX2 in the others.
    AK_PATH_AVX512 = 8,
};

/// The paths this CPU can run (a mask of AK_PATH_*).
int ak_available_paths(void);

/// The path kernels called on this thread run: the best available, or the one of an open
/// `ak_scope_path` on this thread.
int ak_current_path(void);

/// Whether the path in use runs the AVX2 kernels (AVX2, or AVX-512 where a kernel has no
/// AVX-512 version).
int ak_uses_avx2(void);

/// Runs the kernels called on this thread (and only this one) on `path` until `ak_end_scope`;
/// returns what to pass to `ak_end_scope`, or -1 (and changes nothing) when this CPU cannot run it.
int ak_scope_path(int path);

/// Closes the scope `ak_scope_path` opened, with the value it returned.
void ak_end_scope(int previous);

/// How a gradient continues past its ends.
enum {
    /// The end colours extend.
    AK_SPREAD_PAD = 0,
    /// The gradient repeats: position t - floor(t).
    AK_SPREAD_REPEAT = 1,
    /// The gradient mirrors: u = t - 2 * floor(t * 0.5), then 2 - u where u > 1.
    AK_SPREAD_MIRROR = 2,
};

/// Source-over of one premultiplied RGBA8 colour `s` (R in the low byte) onto `count` pixels:
/// each becomes s + d * (255 - alpha(s)) / 255, exactly rounded per channel.
void ak_over_constant(uint32_t s, uint32_t *row, size_t count);

/// Source-over of one premultiplied colour `c` onto `count` pixels, each with its own coverage
/// (0...1, NaN as 0) times `opacity * 255` rounded to a weight k: the pixel becomes
/// c * k / 255 + d * (255 - its alpha) / 255, exactly rounded per channel.
void ak_over_constant_coverage(uint32_t c, uint32_t *row, const float *coverage, float opacity, size_t count);

/// `ak_over_constant_coverage` with coverage given as levels: pixel i's coverage is
/// levels[i] * (1 / 255), one float multiply.
void ak_over_constant_levels(uint32_t c, uint32_t *row, const uint8_t *levels, float opacity, size_t count);
/// As `ak_over_constant_levels`, with each pixel's own colour: `colors[i]` (premultiplied) painted over
/// `row[i]` at coverage `levels[i] / 255` times `opacity` (a line of text in several colours at once).
void ak_over_colors_levels(const uint32_t *colors, uint32_t *row, const uint8_t *levels, float opacity, size_t count);

/// Coverage of levels: coverage[i] = levels[i] * (1 / 255), as `ak_over_constant_levels` takes it.
void ak_levels_to_coverage(const uint8_t *levels, float *coverage, size_t count);

/// A coverage mask placed on a surface: `height` rows of levels `stride` bytes apart (a multiple
/// of 16, zero past `width`), its top-left pixel at (`x`, `y`).
typedef struct {
    const uint8_t *levels;
    long stride;
    long width;
    long height;
    long x;
    long y;
} ak_mask_placement;

/// Adds the rows `top..<end` of every placement, clipped to columns `0..<width`, to rows of
/// sums (row r of the strip at `sums + (r - top) * sum_stride`, `sum_stride` at least `width`
/// plus 16), each sum saturating at 255; widens each strip row's span `[left, right)` to the
/// columns added to it.
void ak_accumulate_masks(uint8_t *sums, size_t sum_stride, long width, long top, long end,
                         const ak_mask_placement *placements, size_t count, long *left, long *right);

/// Sets `count` pixels to `c`.
void ak_fill(uint32_t c, uint32_t *row, size_t count);

/// Source-over of `count` premultiplied colours `src` onto `row`, pixel i weighted by
/// coverage[i] * opacity (one float multiply) clamped to 0...1 (NaN as 0) times 255 rounded to k:
/// the pixel becomes src * k / 255 + d * (255 - its alpha) / 255, exactly rounded per channel.
void ak_over_coverage(const uint32_t *src, uint32_t *row, const float *coverage, float opacity, size_t count);

/// A radial gradient along a row: for pixel centres px = x + 0.5, x + 1.5, ...,
/// u = px * a + u0, v = px * b + v0, t = (sqrt(u * u + v * v) - r0) * scale, each operation
/// rounded to float, folded by `spread` (AK_SPREAD_*); the table's colour at
/// `ak_table_index(t, size - 1, size - 1)` is written. `size` is a power of two.
void ak_radial_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                     float a, float b, float u0, float v0, float r0, float scale, int spread);

/// A linear gradient that repeats or mirrors, along a row: for pixel centres px as in
/// `ak_radial_shade`, t = px * a + t0 folded by `spread`, and the table's colour at t.
void ak_linear_spread_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                            float a, float t0, int spread);

/// The inside of a linear gradient along a row: pixel j gets table[(t + j * dt) >> 16], the
/// position in table entries with 16 fractional bits; every position must lie in the table.
void ak_linear_shade(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt);

/// A conic (angular) gradient along a row: for pixel centres px as in `ak_radial_shade`,
/// u = px * a + u0, v = px * b + v0, the angle of (u, v) from a degree-9 odd minimax polynomial
/// for atan on [0, 1] (Horner's rule, each operation rounded to float) folded into the quadrant,
/// t = (angle - start) / 2pi wrapped into 0..<1, and the table's colour at t. The constants pi,
/// pi / 2 and 1 / 2pi are those of Swift's `Float.pi` (pi rounded toward zero), which the golden
/// frames were drawn with.
void ak_conic_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                    float a, float b, float u0, float v0, float start);

/// BT.709 limited-range luma of `count` pixels (premultiplied RGBA8 read as RGB, R in the low
/// byte): (R * 11966 + G * 40254 + B * 4064 + (16 << 16 | 1 << 15)) >> 16 (`YUVConversion`).
void ak_luma(const uint32_t *src, uint8_t *dst, size_t count);

/// 4:2:0 chroma of `pairs` 2x2 blocks (pixels 2i, 2i+1 of rows `s0` and `s1`): with R, G, B the
/// sums of the four pixels' channels, Cb = (B * 28784 + (R ^ 1023) * 6596 + (G ^ 1023) * 22189
/// + (128 << 18 | 1 << 17) - 1023 * (6596 + 22189)) >> 18 and Cr likewise (`YUVConversion`), in
/// wrapping 32-bit arithmetic, clamped to 0...255.
void ak_chroma420(const uint32_t *s0, const uint32_t *s1, uint8_t *u, uint8_t *v, size_t pairs);

/// The fixed-point (16 fractional bits) terms of a Y'CbCr to RGB conversion (`YCbCrToRGBA`).
typedef struct {
    int32_t y_offset, cy, rv, gu, gv, bu;
} ak_ycbcr_coefficients;

/// `count` pixels of 8-bit Y'CbCr to straight RGBA8 (R in the low byte, alpha 255): chroma sample
/// `i >> chroma_shift` for pixel i; with Y = (y - y_offset) * cy and u, v the chroma less 128,
/// R = (Y + rv v + 32768) >> 16, G = (Y + 32768 - gu u - gv v) >> 16, B = (Y + bu u + 32768) >> 16,
/// each clamped to 0...255, in 32-bit arithmetic.
void ak_ycbcr_row(const uint8_t *y, const uint8_t *u, const uint8_t *v, int chroma_shift,
                  uint32_t *out, size_t count, const ak_ycbcr_coefficients *k);

/// The coverage sweep of eight rows of a rasterizer at once: for every block b whose bit is set in
/// `blocks[0..<words]`, the 64 cells at `cells + b * column_stride` (row r's eight cells at 8r) are
/// added left to right into row r's running sum, which starts at 0 and carries from block to block,
/// and set to 0. Each sum after each cell gives that pixel's coverage, min(|sum|, 1) for the
/// non-zero rule and the distance of |sum| to the nearest even integer for even-odd, written to
/// `coverage + r * coverage_stride + 8 * b + j`. `live[b]` gets bit r set when a pixel of row r in
/// that block left of `visible_width` has coverage above `threshold`. Each row's sum takes the
/// same float additions in the same order on every path.
void ak_sweep_rows(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                   float *coverage, size_t coverage_stride, uint8_t *live, int visible_width,
                   float threshold, int even_odd);

/// Pixels along a row per block of a surface's write record (`ChangedBlocks`).
enum { AK_WRITTEN_BLOCK_WIDTH = 32 };

/// One premultiplied colour painted source-over, antialiased and unclipped, on a surface: row y
/// at `pixels + y * width`; every pixel written has its block of the write record (row pair
/// y / 2 at `written + (y / 2) * blocks_per_pair`, `AK_WRITTEN_BLOCK_WIDTH` pixels a block) set
/// to `epoch`. A coverage c weighs the colour by `ak_weight(c, factor)`.
typedef struct {
    uint32_t *pixels;
    size_t width;
    uint32_t color;
    float factor;
    uint32_t *written;
    size_t blocks_per_pair;
    uint32_t epoch;
} ak_solid_over;

/// `ak_sweep_rows` with the coverage painted as it is computed: rows `first_lane...last_lane` of
/// the eight (lane r is surface row `first_row + r`) get `target`'s colour where they have
/// coverage, left of the surface's width. A block of `blocks` is blended pixel by pixel in a
/// row when a pixel of that row in it has coverage above `threshold`; the pixels between blocks,
/// whose coverage is the row's last one before them, are blended as a run when that is above
/// `threshold`. Painting a pixel of weight 0 leaves it as it was, so the bytes are those of
/// sweeping the rows and then blending each row's runs (`ak_over_constant_coverage`, and
/// `ak_over_constant` or `ak_fill` for the runs between blocks).
void ak_sweep_over_constant(float *cells, size_t column_stride, const uint64_t *blocks, size_t words,
                            long first_row, int first_lane, int last_lane, float threshold, int even_odd,
                            const ak_solid_over *target);

/// A rasterizer's cells for a band of rows (`Rasterizer`): row r's cell of pixel i at
/// `cells + (r - first_row) * 8 + (i >> 3) * column_stride + (i & 7)`, and its touched 8-pixel
/// blocks as bits of `touched + (r - first_row) * words_per_row`.
typedef struct {
    float *cells;
    size_t column_stride;
    uint64_t *touched;
    size_t words_per_row;
    long first_row;
} ak_cell_rows;

/// Marks the 8-pixel blocks of cells `from...to` of row `row` as touched.
void ak_mark_touched(const ak_cell_rows *rows, long row, long from, long to);

/// Adds a downward edge from (x0, y0) to (x1, y1), inside the frame, to the cells of rows
/// `top...bottom` (the rows `first...last` it spans, clipped to the band), with `sign` its
/// winding: each row gets the signed area the edge sweeps in it as differences along the row,
/// and marks the blocks it touches. Double and float operations in a fixed order, none fused, so
/// the cells hold the same bits on every CPU (one path for all).
void ak_accumulate_edge(const ak_cell_rows *rows, double x0, double y0, double x1, double y1, float sign,
                        long first, long last, long top, long bottom);

/// A clipped downward edge as a shape's edge list keeps it (`EdgeList`): its end points, its
/// slope `dxdy` ((x1 - x0) / (y1 - y0)), winding `sign`, the rows it spans, and for an edge
/// that marks crossings its chains and `kind` (0 plain, 1 marking, 2 a horizontal mark).
typedef struct {
    double x0, y0, x1, y1, dxdy;
    float sign;
    int32_t first_row, last_row;
    uint16_t chain, before, after;
    uint8_t kind;
} ak_edge;

/// The rows edges accumulated reached: `top...bottom` (only widened).
typedef struct {
    long top, bottom;
} ak_reach;

/// `ak_accumulate_edge` for `count` plain edges from `edges`, each within rows `top...bottom`;
/// widens `reach` by the rows they touch.
void ak_accumulate_edges(const ak_cell_rows *rows, const ak_edge *edges, size_t count, long top, long bottom,
                         ak_reach *reach);

#endif
