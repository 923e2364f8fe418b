// Gradient: table colours along a row for linear, radial and conic gradients, padded, repeated or
// mirrored. Positions are float arithmetic in a fixed order (the linear inside in fixed point);
// a position becomes a table index by `ak_table_index`, and the vector kernels look the indices
// up once a run is done.
#ifndef AK_ISA
#include "Dispatch.h"

// ---- The reference.

// Swift's Float.pi is pi rounded toward zero (0x40490FDA), not to nearest as (float)M_PI; the
// conic gradient's angles were defined with it, and with pi / 2 and 1 / (2 pi) computed from it.
static const float conic_pi = 0x1.921fb4p+1f;
static const float conic_half_pi = 0x1.921fb4p+0f;
static const float conic_inverse_two_pi = 0x1.45f308p-3f;
// Minimax coefficients of atan(q) / q on [0, 1] in s = q * q, as Swift rounds the decimal literals.
static const float conic_c0 = 0x1.555cbep-6f, conic_c1 = 0x1.5cb46cp-4f, conic_c2 = 0x1.70edc4p-3f,
                   conic_c3 = 0x1.523a08p-2f, conic_c4 = 0x1.ffee7p-1f;

// Position t folded by the spread: repeated (t - floor(t)) or mirrored (a triangle wave of
// period 2); padding is left to the index, which clamps.
static inline float spread_position(float t, int spread) {
    if (spread == AK_SPREAD_REPEAT) return t - __builtin_floorf(t);
    if (spread == AK_SPREAD_MIRROR) {
        float u = t - 2 * __builtin_floorf(t * 0.5f);
        return u > 1 ? 2 - u : u;
    }
    return t;
}

static void radial_spread_shade_scalar(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                       float a, float b, float u0, float v0, float r0, float scale, int spread) {
    const float top = (float)(size - 1);
    for (size_t i = 0; i < count; i++, px += 1) {
        float u = px * a + u0, v = px * b + v0;
        float t = (__builtin_sqrtf(u * u + v * v) - r0) * scale;
        out[i] = table[ak_table_index(spread_position(t, spread), top, size - 1)];
    }
}

// Padded, the common case (a full-frame background), as its own loop.
static void radial_shade_scalar(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                float a, float b, float u0, float v0, float r0, float scale) {
    radial_spread_shade_scalar(table, size, out, count, px, a, b, u0, v0, r0, scale, AK_SPREAD_PAD);
}

static void linear_spread_shade_scalar(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                       float a, float t0, int spread) {
    const float top = (float)(size - 1);
    for (size_t i = 0; i < count; i++, px += 1) out[i] = table[ak_table_index(spread_position(px * a + t0, spread), top, size - 1)];
}

static void linear_shade_scalar(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    for (size_t i = 0; i < count; i++, t += dt) out[i] = table[t >> 16];
}

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

static void conic_shade_scalar(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                               float a, float b, float u0, float v0, float start) {
    const float top = (float)(size - 1);
    for (size_t i = 0; i < count; i++, px += 1) {
        out[i] = table[ak_table_index(conic_position(px, a, b, u0, v0, start), top, size - 1)];
    }
}

// Table colours for `count` indices written in place of them. The vector kernels store indices
// and look them up here afterwards: one load a pixel from a table in L1 is quicker than a gather.
static __attribute__((noinline)) void look_up_in_place(uint32_t *out, const uint32_t *table, size_t count) {
#pragma clang loop vectorize(disable)
    for (size_t i = 0; i < count; i++) out[i] = table[out[i]];
}

#define AK_STAGE_FILE "Gradient.c"
#include "Targets.h"

// ---- Entry points. Pixel centres are integers plus a half: exact in float (below 2^23),
// however they are reached.

void ak_radial_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                     float a, float b, float u0, float v0, float r0, float scale, int spread) {
    float px = (float)x + 0.5f;
    if (spread != AK_SPREAD_PAD) {
        AK_DISPATCH(radial_spread_shade, table, size, out, count, px, a, b, u0, v0, r0, scale, spread);
    }
    AK_DISPATCH(radial_shade, table, size, out, count, px, a, b, u0, v0, r0, scale);
}

void ak_linear_spread_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                            float a, float t0, int spread) {
    float px = (float)x + 0.5f;
    AK_DISPATCH(linear_spread_shade, table, size, out, count, px, a, t0, spread);
}

void ak_linear_shade(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    AK_DISPATCH(linear_shade, table, out, count, t, dt);
}

void ak_conic_shade(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, int x,
                    float a, float b, float u0, float v0, float start) {
    float px = (float)x + 0.5f;
    AK_DISPATCH(conic_shade, table, size, out, count, px, a, b, u0, v0, start);
}

#else
// ---- The vector kernels, written once (Vector.h), AK_LANES pixels a step.

// Positions times `top`, clamped to the table (NaN to its end) and rounded to indices (`ak_table_index`).
AK_INLINE vi AK_FN(table_indices)(vf t, vf top, vi mask) {
    vf s = vf_mul(t, top);
    s = vf_select(vf_lt(s, top), s, top);
    s = vf_keep(vf_gt(s, vf_zero()), s);
    return vi_and(vf_bits(vf_add(s, vf_set1(8388608.0f))), mask);
}

// `spread_position` on every lane.
__attribute__((always_inline)) AK_INLINE vf AK_FN(spread_positions)(vf t, int spread) {
    if (spread == AK_SPREAD_REPEAT) return vf_sub(t, vf_floor(t));
    if (spread == AK_SPREAD_MIRROR) {
        const vf one = vf_set1(1), two = vf_set1(2);
        vf u = vf_sub(t, vf_mul(two, vf_floor(vf_mul(t, vf_set1(0.5f)))));
        return vf_select(vf_gt(u, one), vf_sub(two, u), u);
    }
    return t;
}

__attribute__((always_inline)) AK_INLINE size_t AK_FN(radial_run)(const uint32_t *table, uint32_t size, uint32_t *out, size_t count,
                                                                 float px, float a, float b, float u0, float v0, float r0, float scale,
                                                                 int spread) {
    const vf top = vf_set1((float)(size - 1));
    const vf av = vf_set1(a), bv = vf_set1(b), u0v = vf_set1(u0), v0v = vf_set1(v0), r0v = vf_set1(r0), factor = vf_set1(scale);
    const vi mask = vi_set1((int)(size - 1));
    vf p = vf_add(vf_set1(px), vf_ramp());
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vf u = vf_add(vf_mul(p, av), u0v), v = vf_add(vf_mul(p, bv), v0v);
        vf t = vf_mul(vf_sub(vf_sqrt(vf_add(vf_mul(u, u), vf_mul(v, v))), r0v), factor);
        vi_store(out + i, AK_FN(table_indices)(AK_FN(spread_positions)(t, spread), top, mask));
        p = vf_add(p, vf_set1(AK_LANES));
    }
    look_up_in_place(out, table, i);
    return i;
}

AK_TARGET static void AK_FN(radial_shade)(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                          float a, float b, float u0, float v0, float r0, float scale) {
    size_t i = AK_FN(radial_run)(table, size, out, count, px, a, b, u0, v0, r0, scale, AK_SPREAD_PAD);
    AK_SHORTER(radial_shade)(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, r0, scale);
}

AK_TARGET static void AK_FN(radial_spread_shade)(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                                 float a, float b, float u0, float v0, float r0, float scale, int spread) {
    size_t i = spread == AK_SPREAD_MIRROR ? AK_FN(radial_run)(table, size, out, count, px, a, b, u0, v0, r0, scale, AK_SPREAD_MIRROR)
             : AK_FN(radial_run)(table, size, out, count, px, a, b, u0, v0, r0, scale, AK_SPREAD_REPEAT);
    AK_SHORTER(radial_spread_shade)(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, r0, scale, spread);
}

__attribute__((always_inline)) AK_INLINE size_t AK_FN(linear_spread_run)(const uint32_t *table, uint32_t size, uint32_t *out,
                                                                        size_t count, float px, float a, float t0, int spread) {
    const vf top = vf_set1((float)(size - 1)), av = vf_set1(a), t0v = vf_set1(t0);
    const vi mask = vi_set1((int)(size - 1));
    vf p = vf_add(vf_set1(px), vf_ramp());
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vi_store(out + i, AK_FN(table_indices)(AK_FN(spread_positions)(vf_add(vf_mul(p, av), t0v), spread), top, mask));
        p = vf_add(p, vf_set1(AK_LANES));
    }
    look_up_in_place(out, table, i);
    return i;
}

AK_TARGET static void AK_FN(linear_spread_shade)(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                                 float a, float t0, int spread) {
    size_t i = spread == AK_SPREAD_MIRROR ? AK_FN(linear_spread_run)(table, size, out, count, px, a, t0, AK_SPREAD_MIRROR)
             : spread == AK_SPREAD_REPEAT ? AK_FN(linear_spread_run)(table, size, out, count, px, a, t0, AK_SPREAD_REPEAT)
             : AK_FN(linear_spread_run)(table, size, out, count, px, a, t0, AK_SPREAD_PAD);  // padded, for completeness
    AK_SHORTER(linear_spread_shade)(table, size, out + i, count - i, px + (float)i, a, t0, spread);
}

AK_TARGET static void AK_FN(linear_shade)(const uint32_t *table, uint32_t *out, size_t count, int32_t t, int32_t dt) {
    vi position = vi_ramp(t, dt);
    const vi step = vi_set1(AK_LANES * dt);
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vi_store(out + i, vi_sra(position, 16));
        position = vi_add(position, step);
    }
    look_up_in_place(out, table, i);
    AK_SHORTER(linear_shade)(table, out + i, count - i, t + (int32_t)i * dt, dt);
}

// `conic_position` on every lane, the selects as the instruction set has them.
AK_TARGET static void AK_FN(conic_shade)(const uint32_t *table, uint32_t size, uint32_t *out, size_t count, float px,
                                         float a, float b, float u0, float v0, float start) {
    const vf top = vf_set1((float)(size - 1)), zero = vf_zero(), sign = vf_set1(-0.0f);
    const vf av = vf_set1(a), bv = vf_set1(b), u0v = vf_set1(u0), v0v = vf_set1(v0);
    const vi mask = vi_set1((int)(size - 1));
    vf p = vf_add(vf_set1(px), vf_ramp());
    size_t i = 0;
    for (; i + AK_LANES <= count; i += AK_LANES) {
        vf u = vf_add(vf_mul(p, av), u0v), v = vf_add(vf_mul(p, bv), v0v);
        vmask uNegative = vf_lt(u, zero), vNegative = vf_lt(v, zero);
        vf au = vf_select(uNegative, vf_xor(u, sign), u), avv = vf_select(vNegative, vf_xor(v, sign), v);
        vmask swapped = vf_gt(avv, au);
        vf hi = vf_select(swapped, avv, au), lo = vf_select(swapped, au, avv);
        vf q = vf_drop(vf_eq(hi, zero), vf_div(lo, hi));
        vf s = vf_mul(q, q);
        vf r = vf_sub(vf_mul(vf_set1(conic_c0), s), vf_set1(conic_c1));
        r = vf_add(vf_mul(r, s), vf_set1(conic_c2));
        r = vf_sub(vf_mul(r, s), vf_set1(conic_c3));
        r = vf_add(vf_mul(r, s), vf_set1(conic_c4));
        r = vf_mul(r, q);
        r = vf_select(swapped, vf_sub(vf_set1(conic_half_pi), r), r);
        r = vf_select(uNegative, vf_sub(vf_set1(conic_pi), r), r);
        r = vf_select(vNegative, vf_xor(r, sign), r);
        vf w = vf_add(vf_mul(vf_sub(r, vf_set1(start)), vf_set1(conic_inverse_two_pi)), vf_set1(2));
        w = vf_select(vf_ge(w, vf_set1(2)), vf_sub(w, vf_set1(2)), w);
        w = vf_select(vf_ge(w, vf_set1(1)), vf_sub(w, vf_set1(1)), w);
        vi_store(out + i, AK_FN(table_indices)(w, top, mask));
        p = vf_add(p, vf_set1(AK_LANES));
    }
    look_up_in_place(out, table, i);
    AK_SHORTER(conic_shade)(table, size, out + i, count - i, px + (float)i, a, b, u0, v0, start);
}
#endif
