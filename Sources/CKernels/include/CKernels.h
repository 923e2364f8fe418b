#ifndef ANIMATE_CKERNELS_H
#define ANIMATE_CKERNELS_H

// Pixel kernels compiled for several instruction sets and picked at run time by CPU feature.
// Every path gives the same bytes as the others (and as the Swift code they replace).

#include <stddef.h>
#include <stdint.h>

/// Instruction-set paths.
enum {
    AK_PATH_SCALAR = 1,
    AK_PATH_SSE2 = 2,
    AK_PATH_AVX2 = 4,
};

/// The paths this CPU can run (a mask of AK_PATH_*).
int ak_available_paths(void);

/// The path in use (the best available unless `ak_use_path` chose another).
int ak_current_path(void);

/// Uses `path` from now on, for every thread (tests run each path); returns 0 when this CPU
/// cannot run it, and then keeps the current one.
int ak_use_path(int path);

/// Source-over of one premultiplied RGBA8 colour `s` (R in the low byte) onto `count` pixels:
/// each becomes s + d * (255 - alpha(s)) / 255, exactly rounded per channel.
void ak_over_constant(uint32_t s, uint32_t *row, size_t count);

/// Source-over of one premultiplied colour `c` onto `count` pixels, each with its own coverage
/// (0...1, NaN as 0) times `opacity * 255` rounded to a weight k: the pixel becomes
/// c * k / 255 + d * (255 - its alpha) / 255, exactly rounded per channel.
void ak_over_constant_coverage(uint32_t c, uint32_t *row, const float *coverage, float opacity, size_t count);

#endif
