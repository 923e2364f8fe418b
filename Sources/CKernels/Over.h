// Source-over in the vector operations of Vector.h, for the instruction set of the pass that
// includes it (no include guard: each pass defines its own). Composite.c blends rows of pixels
// with it; Coverage.c blends the tiles its sweep computes.

// p * k / 255 per channel, exactly rounded. Even bytes (R, B) and odd bytes (G, A) go through
// 16-bit lanes separately: t = c * k + 128 fits 16 bits (255 * 255 + 128), and the high half of
// t * 257 is (t + (t >> 8)) >> 8, which is c * k / 255 rounded (no multiple of 256 lies between
// t + (t >> 8) and t + t / 256). `k` holds each pixel's factor in both of its 16-bit lanes.
AK_INLINE vi AK_FN(scale)(vi p, vi k) {
    const vi low = vi_set1_16(0x00FF), half = vi_set1_16(128), m257 = vi_set1_16(257);
    vi lo = vi_mulhi_u16(vi_add16(vi_mullo16(vi_and(p, low), k), half), m257);
    vi hi = vi_mulhi_u16(vi_add16(vi_mullo16(vi_srl16(p, 8), k), half), m257);
    return vi_or(lo, vi_sll16(hi, 8));
}

// Per-pixel factors (one per 32-bit lane) in both 16-bit halves.
AK_INLINE vi AK_FN(pairs)(vi k) { return vi_or(k, vi_sll(k, 16)); }

// Coverage clamped to 0...1 (NaN to 0) times `factor`, rounded: adding 2^23 leaves the rounded
// integer in the low mantissa bits (`ak_weight`).
AK_INLINE vi AK_FN(weights)(vf c, vf factor) {
    const vf one = vf_set1(1);
    vf clamped = vf_keep(vf_gt(c, vf_zero()), c);
    clamped = vf_select(vf_gt(clamped, one), one, clamped);
    vf v = vf_add(vf_mul(clamped, factor), vf_set1(8388608.0f));
    return vi_and(vf_bits(v), vi_set1(0x1FF));
}

// Source-over of premultiplied pixels already scaled by their coverage (byte-wise add: the sums
// of premultiplied channels never pass 255).
AK_INLINE vi AK_FN(over)(vi s, vi d) {
    vi keep = vi_sub(vi_set1(255), vi_srl(s, 24));
    return vi_add8(s, AK_FN(scale)(d, AK_FN(pairs)(keep)));
}
