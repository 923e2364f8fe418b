// The vector operations the kernels are written in, for the instruction set AK_ISA (Targets.h
// includes each stage once per set, with this header before it). A stage writes its arithmetic
// once in these names; each name is one instruction, or the shortest sequence the set has for it.
// No include guard: every pass undefines the previous set's names and defines its own.
//
//   vf, vi, vmask      float lanes, 32-bit integer lanes, a float comparison's result
//   AK_LANES           lanes per vector: 4 (SSE2), 8 (AVX2), 16 (AVX-512 F+BW)
//   AK_FN(name)        name_sse2, name_avx2, name_avx512: this pass's function of a stage
//   AK_NARROWER(name)  the function one set down (AVX-512 -> AVX2 -> SSE2 -> scalar), for tails
//   AK_SHORTER(name)   the same, but AVX2 -> scalar: for kernels whose set-up costs more than an
//                      SSE2 step would save on a tail of under eight pixels (the gradients)
//   AK_TARGET          the target attribute every function of the pass carries
//   vi_load_u8(p)      AK_LANES bytes from p, each widened to a 32-bit lane
//   vf_from_vi(v)      32-bit integer lanes converted to floats

#undef AK_LANES
#undef AK_TARGET
#undef AK_SUFFIX
#undef AK_NARROWER_SUFFIX
#undef AK_SHORTER_SUFFIX
#undef vf
#undef vi
#undef vmask

#if AK_ISA == AK_ISA_SSE2
#define AK_LANES 4
#define AK_TARGET
#define AK_SUFFIX sse2
#define AK_NARROWER_SUFFIX scalar
#define AK_SHORTER_SUFFIX scalar
#define vf __m128
#define vi __m128i
#define vmask __m128
#elif AK_ISA == AK_ISA_AVX2
#define AK_LANES 8
#define AK_TARGET __attribute__((target("avx2")))
#define AK_SUFFIX avx2
#define AK_NARROWER_SUFFIX sse2
#define AK_SHORTER_SUFFIX scalar
#define vf __m256
#define vi __m256i
#define vmask __m256
#elif AK_ISA == AK_ISA_AVX512
#define AK_LANES 16
#define AK_TARGET __attribute__((target("avx512f,avx512bw")))
#define AK_SUFFIX avx512
#define AK_NARROWER_SUFFIX avx2
#define AK_SHORTER_SUFFIX avx2
#define vf __m512
#define vi __m512i
#define vmask __mmask16
#else
#error "AK_ISA names no instruction set"
#endif

#define AK_PASTE_(a, b) a##_##b
#define AK_PASTE(a, b) AK_PASTE_(a, b)
#define AK_FN(name) AK_PASTE(name, AK_SUFFIX)
#define AK_NARROWER(name) AK_PASTE(name, AK_NARROWER_SUFFIX)
#define AK_SHORTER(name) AK_PASTE(name, AK_SHORTER_SUFFIX)
// One helper per pass: static, inlined into the pass's kernels.
#define AK_INLINE AK_TARGET static inline

#undef vf_set1
#undef vf_zero
#undef vf_ramp
#undef vf_load
#undef vf_store
#undef vf_add
#undef vf_sub
#undef vf_mul
#undef vf_div
#undef vf_sqrt
#undef vf_min
#undef vf_gt
#undef vf_lt
#undef vf_ge
#undef vf_eq
#undef vf_select
#undef vf_keep
#undef vf_drop
#undef vf_xor
#undef vf_abs
#undef vf_trunc
#undef vf_floor
#undef vf_bits
#undef vmask_none
#undef vmask_or
#undef vmask_bits
#undef vi_set1
#undef vi_set1_16
#undef vi_zero
#undef vi_ramp
#undef vi_load
#undef vi_store
#undef vi_add
#undef vi_sub
#undef vi_and
#undef vi_or
#undef vi_srl
#undef vi_sll
#undef vi_sra
#undef vi_add8
#undef vi_add16
#undef vi_mullo16
#undef vi_mulhi_u16
#undef vi_srl16
#undef vi_sll16
#undef vi_none
#undef vi_float
#undef vi_load_u8
#undef vf_from_vi
#undef vf_transpose

#if AK_ISA == AK_ISA_SSE2
#define vf_set1 _mm_set1_ps
#define vf_zero _mm_setzero_ps
#define vf_ramp() _mm_setr_ps(0, 1, 2, 3)
#define vf_load _mm_loadu_ps
#define vf_store _mm_storeu_ps
#define vf_add _mm_add_ps
#define vf_sub _mm_sub_ps
#define vf_mul _mm_mul_ps
#define vf_div _mm_div_ps
#define vf_sqrt _mm_sqrt_ps
#define vf_min _mm_min_ps
#define vf_gt _mm_cmpgt_ps
#define vf_lt _mm_cmplt_ps
#define vf_ge _mm_cmpge_ps
#define vf_eq _mm_cmpeq_ps
#define vf_xor _mm_xor_ps
#define vf_bits _mm_castps_si128
#define vi_float _mm_castsi128_ps
#define vi_load_u8(p) ak_load_u8_sse2(p)
#define vf_from_vi _mm_cvtepi32_ps
#define vf_select(m, yes, no) ak_select_sse2(m, yes, no)
#define vf_keep(m, x) _mm_and_ps(m, x)
#define vf_drop(m, x) _mm_andnot_ps(m, x)
#define vf_abs(x) _mm_andnot_ps(_mm_set1_ps(-0.0f), x)
#define vf_trunc(x) ak_trunc_sse2(x)
#define vf_floor(x) ak_floor_sse2(x)
#define vmask_none _mm_setzero_ps
#define vmask_or _mm_or_ps
#define vmask_bits _mm_movemask_ps
#define vi_set1 _mm_set1_epi32
#define vi_set1_16 _mm_set1_epi16
#define vi_zero _mm_setzero_si128
#define vi_ramp(t, dt) _mm_add_epi32(_mm_set1_epi32(t), _mm_setr_epi32(0, (dt), 2 * (dt), 3 * (dt)))
#define vi_load(p) _mm_loadu_si128((const __m128i *)(p))
#define vi_store(p, v) _mm_storeu_si128((__m128i *)(p), v)
#define vi_add _mm_add_epi32
#define vi_sub _mm_sub_epi32
#define vi_and _mm_and_si128
#define vi_or _mm_or_si128
#define vi_srl _mm_srli_epi32
#define vi_sll _mm_slli_epi32
#define vi_sra _mm_srai_epi32
#define vi_add8 _mm_add_epi8
#define vi_add16 _mm_add_epi16
#define vi_mullo16 _mm_mullo_epi16
#define vi_mulhi_u16 _mm_mulhi_epu16
#define vi_srl16 _mm_srli_epi16
#define vi_sll16 _mm_slli_epi16
#define vi_none(v) (_mm_movemask_epi8(_mm_cmpeq_epi32(v, _mm_setzero_si128())) == 0xFFFF)
#define vf_transpose(p) _MM_TRANSPOSE4_PS((p)[0], (p)[1], (p)[2], (p)[3])

#ifndef AK_SSE2_HELPERS
#define AK_SSE2_HELPERS
static inline __m128 ak_select_sse2(__m128 m, __m128 yes, __m128 no) {
    return _mm_or_ps(_mm_and_ps(m, yes), _mm_andnot_ps(m, no));
}
// Toward zero through a 32-bit conversion where |x| < 2^23 (beyond, x is an integer, infinity or
// NaN already), with x's sign kept (trunc(-0.5) is -0).
static inline __m128 ak_trunc_sse2(__m128 x) {
    const __m128 sign = _mm_set1_ps(-0.0f);
    __m128 small = _mm_cmplt_ps(_mm_andnot_ps(sign, x), _mm_set1_ps(8388608.0f));
    __m128 t = _mm_or_ps(_mm_cvtepi32_ps(_mm_cvttps_epi32(x)), _mm_and_ps(x, sign));
    return ak_select_sse2(small, t, x);
}
static inline __m128 ak_floor_sse2(__m128 x) {
    __m128 t = ak_trunc_sse2(x);
    return _mm_sub_ps(t, _mm_and_ps(_mm_cmpgt_ps(t, x), _mm_set1_ps(1)));
}
// Four bytes widened: SSE2 has no zero-extending load.
static inline __m128i ak_load_u8_sse2(const uint8_t *p) {
    int32_t four;
    memcpy(&four, p, 4);
    const __m128i zero = _mm_setzero_si128();
    return _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128(four), zero), zero);
}
#endif

#elif AK_ISA == AK_ISA_AVX2
#define vf_set1 _mm256_set1_ps
#define vf_zero _mm256_setzero_ps
#define vf_ramp() _mm256_setr_ps(0, 1, 2, 3, 4, 5, 6, 7)
#define vf_load _mm256_loadu_ps
#define vf_store _mm256_storeu_ps
#define vf_add _mm256_add_ps
#define vf_sub _mm256_sub_ps
#define vf_mul _mm256_mul_ps
#define vf_div _mm256_div_ps
#define vf_sqrt _mm256_sqrt_ps
#define vf_min _mm256_min_ps
#define vf_gt(a, b) _mm256_cmp_ps(a, b, _CMP_GT_OQ)
#define vf_lt(a, b) _mm256_cmp_ps(a, b, _CMP_LT_OQ)
#define vf_ge(a, b) _mm256_cmp_ps(a, b, _CMP_GE_OQ)
#define vf_eq(a, b) _mm256_cmp_ps(a, b, _CMP_EQ_OQ)
#define vf_xor _mm256_xor_ps
#define vf_bits _mm256_castps_si256
#define vi_float _mm256_castsi256_ps
#define vi_load_u8(p) _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(p)))
#define vf_from_vi _mm256_cvtepi32_ps
#define vf_select(m, yes, no) _mm256_blendv_ps(no, yes, m)
#define vf_keep(m, x) _mm256_and_ps(m, x)
#define vf_drop(m, x) _mm256_andnot_ps(m, x)
#define vf_abs(x) _mm256_andnot_ps(_mm256_set1_ps(-0.0f), x)
#define vf_trunc(x) _mm256_round_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define vf_floor(x) _mm256_round_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define vmask_none _mm256_setzero_ps
#define vmask_or _mm256_or_ps
#define vmask_bits _mm256_movemask_ps
#define vi_set1 _mm256_set1_epi32
#define vi_set1_16 _mm256_set1_epi16
#define vi_zero _mm256_setzero_si256
#define vi_ramp(t, dt) _mm256_add_epi32(_mm256_set1_epi32(t), \
    _mm256_mullo_epi32(_mm256_set1_epi32(dt), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)))
#define vi_load(p) _mm256_loadu_si256((const __m256i *)(p))
#define vi_store(p, v) _mm256_storeu_si256((__m256i *)(p), v)
#define vi_add _mm256_add_epi32
#define vi_sub _mm256_sub_epi32
#define vi_and _mm256_and_si256
#define vi_or _mm256_or_si256
#define vi_srl _mm256_srli_epi32
#define vi_sll _mm256_slli_epi32
#define vi_sra _mm256_srai_epi32
#define vi_add8 _mm256_add_epi8
#define vi_add16 _mm256_add_epi16
#define vi_mullo16 _mm256_mullo_epi16
#define vi_mulhi_u16 _mm256_mulhi_epu16
#define vi_srl16 _mm256_srli_epi16
#define vi_sll16 _mm256_slli_epi16
#define vi_none(v) _mm256_testz_si256(v, v)
#define vf_transpose(v) ak_transpose8_avx2(v)

#ifndef AK_AVX2_HELPERS
#define AK_AVX2_HELPERS
__attribute__((target("avx2"))) static inline void ak_transpose8_avx2(__m256 v[8]) {
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
#endif

#elif AK_ISA == AK_ISA_AVX512
#define vf_set1 _mm512_set1_ps
#define vf_zero _mm512_setzero_ps
#define vf_ramp() _mm512_setr_ps(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
#define vf_load _mm512_loadu_ps
#define vf_store _mm512_storeu_ps
#define vf_add _mm512_add_ps
#define vf_sub _mm512_sub_ps
#define vf_mul _mm512_mul_ps
#define vf_div _mm512_div_ps
#define vf_sqrt _mm512_sqrt_ps
#define vf_min _mm512_min_ps
#define vf_gt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ)
#define vf_lt(a, b) _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ)
#define vf_ge(a, b) _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ)
#define vf_eq(a, b) _mm512_cmp_ps_mask(a, b, _CMP_EQ_OQ)
#define vf_bits _mm512_castps_si512
#define vi_float _mm512_castsi512_ps
#define vi_load_u8(p) _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i *)(p)))
#define vf_from_vi _mm512_cvtepi32_ps
#define vf_xor(a, b) _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a), _mm512_castps_si512(b)))
#define vf_select(m, yes, no) _mm512_mask_blend_ps(m, no, yes)
#define vf_keep(m, x) _mm512_maskz_mov_ps(m, x)
#define vf_drop(m, x) _mm512_maskz_mov_ps((__mmask16)~(m), x)
#define vf_abs(x) _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x7FFFFFFF)))
#define vf_trunc(x) _mm512_roundscale_ps(x, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC)
#define vf_floor(x) _mm512_roundscale_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC)
#define vmask_none() ((__mmask16)0)
#define vmask_or(a, b) ((__mmask16)((a) | (b)))
#define vmask_bits(m) ((int)(m))
#define vi_set1 _mm512_set1_epi32
#define vi_set1_16 _mm512_set1_epi16
#define vi_zero _mm512_setzero_si512
#define vi_ramp(t, dt) _mm512_add_epi32(_mm512_set1_epi32(t), _mm512_mullo_epi32(_mm512_set1_epi32(dt), \
    _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)))
#define vi_load(p) _mm512_loadu_si512((const void *)(p))
#define vi_store(p, v) _mm512_storeu_si512((void *)(p), v)
#define vi_add _mm512_add_epi32
#define vi_sub _mm512_sub_epi32
#define vi_and _mm512_and_si512
#define vi_or _mm512_or_si512
#define vi_srl _mm512_srli_epi32
#define vi_sll _mm512_slli_epi32
#define vi_sra _mm512_srai_epi32
#define vi_add8 _mm512_add_epi8
#define vi_add16 _mm512_add_epi16
#define vi_mullo16 _mm512_mullo_epi16
#define vi_mulhi_u16 _mm512_mulhi_epu16
#define vi_srl16 _mm512_srli_epi16
#define vi_sll16 _mm512_slli_epi16
#define vi_none(v) (_mm512_test_epi32_mask(v, v) == 0)
#endif
