/* The standard kernels that sample an image at computed points: WarpAffine, WarpPerspective, Remap.
 *
 * Precision (the same for the plain loops, the reference, and the SIMD loops, bit for bit): a
 * point is computed in float32 from the float32 matrix or map, in the order written below, then
 * held in fixed point with FRAC_BITS = 7 fraction bits (1/128 pixel, rounded to nearest even);
 * bilinear weights are products of 7-bit fractions (sum 2^14), the sum rounded half up. Points
 * beyond +-FAR (or not a number) are far outside. The conformance tests accept any neighbour within
 * 1.5 pixels for NEAREST_NEIGHBOR and +-1 of a double-precision bilinear value (on 90% of the
 * pixels): 1/256 pixel of position error stays well inside that (OpenCV uses 1/32). */
#include "kernels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* Intrinsics and the plain loops must agree to the bit: no fused multiply-add anywhere. */
#pragma GCC optimize("fp-contract=off")

enum { FRAC_BITS = 7, ONE = 1 << FRAC_BITS, CHUNK = 256, TILE_W = 256, TILE_H = 32 };
#define FAR 4194304.0f                 /* 2^22 pixels: 2^22 * ONE still fits an int32 */

static const vx_border_t *border_of(vx_node node)
{
    return &((pvx_node *)((pvx_ref *)node)->desc)->border;
}

/* round to nearest even, as the SIMD conversion does (default rounding mode) */
static inline int32_t round_even(float v)
{
#if defined(__x86_64__)
    return _mm_cvtss_si32(_mm_set_ss(v));
#else
    return (int32_t)lrintf(v);
#endif
}

/* A coordinate in fixed point: clamped to [-FAR, FAR] (as maxps/minps: not a number -> -FAR). */
static inline int32_t fixed(float v)
{
    v = v > -FAR ? v : -FAR;
    v = v < FAR ? v : FAR;
    return round_even(v * ONE);
}

/* The U8 pixel (x, y), possibly outside: the constant, or the nearest edge pixel (REPLICATE, and
 * UNDEFINED, where the value is never defined anyway). */
static int32_t sample(const plane *p, int32_t x, int32_t y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || (uint32_t)x >= p->width || (uint32_t)y >= p->height) {
        if (b->mode == VX_BORDER_CONSTANT)
            return b->constant_value.U8;
        x = x < 0 ? 0 : (uint32_t)x >= p->width ? (int32_t)p->width - 1 : x;
        y = y < 0 ? 0 : (uint32_t)y >= p->height ? (int32_t)p->height - 1 : y;
    }
    return ((const uint8_t *)row_of(p, (uint32_t)y))[x];
}

/* The input at fixed point (X, Y), pixel centres at integers: NEAREST_NEIGHBOR the pixel nearest
 * (halves up), BILINEAR its four neighbours weighed; outside pixels per the border. */
static uint8_t interpolate(const plane *in, int32_t X, int32_t Y, int bilinear, const vx_border_t *b)
{
    if (!bilinear)
        return (uint8_t)sample(in, (X + ONE / 2) >> FRAC_BITS, (Y + ONE / 2) >> FRAC_BITS, b);
    int32_t x = X >> FRAC_BITS, y = Y >> FRAC_BITS, fx = X & (ONE - 1), fy = Y & (ONE - 1);
    int32_t p00, p10, p01, p11;
    if (x >= 0 && y >= 0 && (uint32_t)x + 1 < in->width && (uint32_t)y + 1 < in->height) {     /* inside */
        const uint8_t *r0 = (const uint8_t *)row_of(in, (uint32_t)y) + x, *r1 = r0 + in->stride;
        p00 = r0[0], p10 = r0[1], p01 = r1[0], p11 = r1[1];
    } else {
        p00 = sample(in, x, y, b), p10 = sample(in, x + 1, y, b);
        p01 = sample(in, x, y + 1, b), p11 = sample(in, x + 1, y + 1, b);
    }
    int32_t v = (ONE - fy) * ((ONE - fx) * p00 + fx * p10) + fy * ((ONE - fx) * p01 + fx * p11);
    return (uint8_t)((v + (1 << (2 * FRAC_BITS - 1))) >> (2 * FRAC_BITS));
}

/* -- where a run of output pixels samples -------------------------------------------------------- */

/* What maps output (x, y) to an input point: a matrix (m: vx_float32 m[3][2] or m[3][3],
 * m[row][column], perspective when it has 9) or a remap's row of points; (ox, oy) the input's
 * valid origin, subtracted. */
typedef struct mapping {
    const vx_float32 *m;
    int perspective;
    const vx_coordinates2df_t *points;    /* Remap: the output row's points */
    float ox, oy;
} mapping;

/* Per row, the parts that do not depend on x (float: c[0] x-, c[1] y-, c[2] z-offset). */
static void row_terms(const mapping *mp, uint32_t y, float *c)
{
    const vx_float32 *m = mp->m;
    float fy = (float)y;
    if (mp->perspective)
        c[0] = m[3] * fy + m[6], c[1] = m[4] * fy + m[7], c[2] = m[5] * fy + m[8];
    else
        c[0] = m[2] * fy + m[4] - mp->ox, c[1] = m[3] * fy + m[5] - mp->oy;
}

/* X[k], Y[k] for output pixels x0 + k, k < n, in fixed point: affine m[0] x + c[0], m[1] x + c[1];
 * perspective (m[0] x + c[0]) r - ox, (m[1] x + c[1]) r - oy with r = 1 / (m[2] x + c[2]); Remap
 * the point's x - ox, y - oy. */
static void points_plain(const mapping *mp, const float *c, uint32_t x0, uint32_t n, int32_t *X, int32_t *Y)
{
    const vx_float32 *m = mp->m;
    for (uint32_t k = 0; k < n; k++) {
        float x = (float)(x0 + k), sx, sy;
        if (mp->points != NULL)
            sx = mp->points[x0 + k].x - mp->ox, sy = mp->points[x0 + k].y - mp->oy;
        else if (mp->perspective) {
            float r = 1.0f / (m[2] * x + c[2]);
            sx = (m[0] * x + c[0]) * r - mp->ox, sy = (m[1] * x + c[1]) * r - mp->oy;
        } else
            sx = m[0] * x + c[0], sy = m[1] * x + c[1];
        X[k] = fixed(sx), Y[k] = fixed(sy);
    }
}

static void sample_plain(const plane *in, const int32_t *X, const int32_t *Y, uint32_t n, uint8_t *out, int bilinear,
                         const vx_border_t *b)
{
    for (uint32_t k = 0; k < n; k++) out[k] = interpolate(in, X[k], Y[k], bilinear, b);
}

#if defined(__x86_64__)
/* -- SSE2: 4 points, 8 pixels at a time ------------------------------------------------------------ */

static inline __m128i fixed_sse2(__m128 v)
{
    v = _mm_min_ps(_mm_max_ps(v, _mm_set1_ps(-FAR)), _mm_set1_ps(FAR));
    return _mm_cvtps_epi32(_mm_mul_ps(v, _mm_set1_ps((float)ONE)));
}

static void points_sse2(const mapping *mp, const float *c, uint32_t x0, uint32_t n, int32_t *X, int32_t *Y)
{
    const vx_float32 *m = mp->m;
    uint32_t k = 0;
    __m128 ox = _mm_set1_ps(mp->ox), oy = _mm_set1_ps(mp->oy), step = _mm_set1_ps(4.0f);
    __m128 x = _mm_cvtepi32_ps(_mm_add_epi32(_mm_set1_epi32((int32_t)x0), _mm_setr_epi32(0, 1, 2, 3)));
    __m128 m0 = _mm_set1_ps(m != NULL ? m[0] : 0), m1 = _mm_set1_ps(m != NULL ? m[1] : 0);
    __m128 m2 = _mm_set1_ps(m != NULL ? m[2] : 0), c0 = _mm_set1_ps(c[0]), c1 = _mm_set1_ps(c[1]);
    __m128 c2 = _mm_set1_ps(c[2]);
    for (; k + 4 <= n; k += 4, x = _mm_add_ps(x, step)) {     /* x stays exact below 2^24 */
        __m128 sx, sy;
        if (mp->points != NULL) {
            __m128 a = _mm_loadu_ps(&mp->points[x0 + k].x), b = _mm_loadu_ps(&mp->points[x0 + k + 2].x);
            sx = _mm_sub_ps(_mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0)), ox);
            sy = _mm_sub_ps(_mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1)), oy);
        } else if (mp->perspective) {
            __m128 r = _mm_div_ps(_mm_set1_ps(1.0f), _mm_add_ps(_mm_mul_ps(m2, x), c2));
            sx = _mm_sub_ps(_mm_mul_ps(_mm_add_ps(_mm_mul_ps(m0, x), c0), r), ox);
            sy = _mm_sub_ps(_mm_mul_ps(_mm_add_ps(_mm_mul_ps(m1, x), c1), r), oy);
        } else {
            sx = _mm_add_ps(_mm_mul_ps(m0, x), c0);
            sy = _mm_add_ps(_mm_mul_ps(m1, x), c1);
        }
        _mm_storeu_si128((__m128i *)(X + k), fixed_sse2(sx));
        _mm_storeu_si128((__m128i *)(Y + k), fixed_sse2(sy));
    }
    points_plain(mp, c, x0 + k, n - k, X + k, Y + k);
}

/* lanes lo <= v < hi (signed), as a mask */
static inline __m128i within(__m128i v, int32_t lo, int32_t hi)
{
    return _mm_and_si128(_mm_cmpgt_epi32(v, _mm_set1_epi32(lo - 1)), _mm_cmplt_epi32(v, _mm_set1_epi32(hi)));
}

/* The bilinear blend of 8 footprints, top row (p00, p10) and bottom row (p01, p11) as byte pairs in
 * 16-bit lanes, by pmaddwd with the weight pairs (w00, w10), (w01, w11) (each < 2^15). */
static inline void blend8_sse2(__m128i top, __m128i bottom, __m128i fx, __m128i fy, uint8_t *out)
{
    __m128i one = _mm_set1_epi16(ONE), zero = _mm_setzero_si128();
    __m128i ax = _mm_sub_epi16(one, fx), ay = _mm_sub_epi16(one, fy);
    __m128i w00 = _mm_mullo_epi16(ax, ay), w10 = _mm_mullo_epi16(fx, ay);
    __m128i w01 = _mm_mullo_epi16(ax, fy), w11 = _mm_mullo_epi16(fx, fy);
    __m128i half = _mm_set1_epi32(1 << (2 * FRAC_BITS - 1));
    __m128i lo = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(top, zero), _mm_unpacklo_epi16(w00, w10)),
                               _mm_madd_epi16(_mm_unpacklo_epi8(bottom, zero), _mm_unpacklo_epi16(w01, w11)));
    __m128i hi = _mm_add_epi32(_mm_madd_epi16(_mm_unpackhi_epi8(top, zero), _mm_unpackhi_epi16(w00, w10)),
                               _mm_madd_epi16(_mm_unpackhi_epi8(bottom, zero), _mm_unpackhi_epi16(w01, w11)));
    lo = _mm_srai_epi32(_mm_add_epi32(lo, half), 2 * FRAC_BITS);
    hi = _mm_srai_epi32(_mm_add_epi32(hi, half), 2 * FRAC_BITS);
    __m128i v = _mm_packs_epi32(lo, hi);
    _mm_storel_epi64((__m128i *)out, _mm_packus_epi16(v, v));
}

/* 8 bilinear pixels whose 2x2 footprints all lie inside. */
static inline void bilinear8_sse2(const plane *in, const int32_t *X, const int32_t *Y, __m128i fx, __m128i fy,
                                  uint8_t *out)
{
    __m128i top = _mm_setzero_si128(), bottom = top;
    const uint8_t *base = in->ptr;
    ptrdiff_t stride = in->stride;
#define PAIR(k)                                                                                            \
    do {                                                                                                   \
        const uint8_t *p = base + (ptrdiff_t)(Y[k] >> FRAC_BITS) * stride + (X[k] >> FRAC_BITS);          \
        uint16_t t, u;                                                                                     \
        memcpy(&t, p, 2), memcpy(&u, p + stride, 2);                                                       \
        top = _mm_insert_epi16(top, t, k), bottom = _mm_insert_epi16(bottom, u, k);                        \
    } while (0)
    PAIR(0); PAIR(1); PAIR(2); PAIR(3); PAIR(4); PAIR(5); PAIR(6); PAIR(7);
#undef PAIR
    blend8_sse2(top, bottom, fx, fy, out);
}

/* lanes of v clamped to [0, last] (SSE2 has no 32-bit min/max) */
static inline __m128i clamp_sse2(__m128i v, int32_t last)
{
    __m128i hi = _mm_set1_epi32(last);
    v = _mm_andnot_si128(_mm_cmplt_epi32(v, _mm_setzero_si128()), v);
    __m128i above = _mm_cmpgt_epi32(v, hi);
    return _mm_or_si128(_mm_and_si128(above, hi), _mm_andnot_si128(above, v));
}

/* UNDEFINED, REPLICATE: 8 pixels whose taps are moved to the nearest edge pixel each, as sample()
 * does (ix, iy: the taps' top left, or the nearest pixel), then the same blend. */
static inline void edge8_sse2(const plane *in, __m128i ix0, __m128i ix1, __m128i iy0, __m128i iy1, __m128i fx,
                              __m128i fy, int bilinear, uint8_t *out)
{
    int32_t xa[8], xb[8], ya[8], yb[8], lx = (int32_t)in->width - 1, ly = (int32_t)in->height - 1;
    __m128i next = _mm_set1_epi32(1);
    _mm_storeu_si128((__m128i *)xa, clamp_sse2(ix0, lx)), _mm_storeu_si128((__m128i *)(xa + 4), clamp_sse2(ix1, lx));
    _mm_storeu_si128((__m128i *)ya, clamp_sse2(iy0, ly)), _mm_storeu_si128((__m128i *)(ya + 4), clamp_sse2(iy1, ly));
    const uint8_t *base = in->ptr;
    ptrdiff_t stride = in->stride;
    if (!bilinear) {
        for (int k = 0; k < 8; k++)
            out[k] = base[(ptrdiff_t)ya[k] * stride + xa[k]];
        return;
    }
    _mm_storeu_si128((__m128i *)xb, clamp_sse2(_mm_add_epi32(ix0, next), lx));
    _mm_storeu_si128((__m128i *)(xb + 4), clamp_sse2(_mm_add_epi32(ix1, next), lx));
    _mm_storeu_si128((__m128i *)yb, clamp_sse2(_mm_add_epi32(iy0, next), ly));
    _mm_storeu_si128((__m128i *)(yb + 4), clamp_sse2(_mm_add_epi32(iy1, next), ly));
    __m128i top = _mm_setzero_si128(), bottom = top;
#define TAPS(k)                                                                                            \
    do {                                                                                                   \
        const uint8_t *a = base + (ptrdiff_t)ya[k] * stride, *b = base + (ptrdiff_t)yb[k] * stride;       \
        top = _mm_insert_epi16(top, a[xa[k]] | a[xb[k]] << 8, k);                                          \
        bottom = _mm_insert_epi16(bottom, b[xa[k]] | b[xb[k]] << 8, k);                                    \
    } while (0)
    TAPS(0); TAPS(1); TAPS(2); TAPS(3); TAPS(4); TAPS(5); TAPS(6); TAPS(7);
#undef TAPS
    blend8_sse2(top, bottom, fx, fy, out);
}

/* Runs of 8: all footprints inside -> the SIMD blend (or direct loads for NEAREST_NEIGHBOR); all
 * wholly outside under CONSTANT -> the constant (the weights sum to 2^14); UNDEFINED and REPLICATE
 * -> the taps moved to the edge (edge8_sse2); else (CONSTANT, touching) pixel by pixel. */
static void sample_sse2(const plane *in, const int32_t *X, const int32_t *Y, uint32_t n, uint8_t *out, int bilinear,
                        const vx_border_t *b)
{
    int32_t w = (int32_t)in->width, h = (int32_t)in->height, constant = b->mode == VX_BORDER_CONSTANT;
    __m128i frac = _mm_set1_epi32(ONE - 1), round = _mm_set1_epi32(bilinear ? 0 : ONE / 2);
    uint32_t k = 0;
    for (; k + 8 <= n; k += 8) {
        __m128i x0 = _mm_loadu_si128((const __m128i *)(X + k)), x1 = _mm_loadu_si128((const __m128i *)(X + k + 4));
        __m128i y0 = _mm_loadu_si128((const __m128i *)(Y + k)), y1 = _mm_loadu_si128((const __m128i *)(Y + k + 4));
        __m128i ix0 = _mm_srai_epi32(_mm_add_epi32(x0, round), FRAC_BITS);
        __m128i ix1 = _mm_srai_epi32(_mm_add_epi32(x1, round), FRAC_BITS);
        __m128i iy0 = _mm_srai_epi32(_mm_add_epi32(y0, round), FRAC_BITS);
        __m128i iy1 = _mm_srai_epi32(_mm_add_epi32(y1, round), FRAC_BITS);
        int32_t reach = bilinear;                     /* the footprint's extent right and down */
        __m128i in0 = _mm_and_si128(within(ix0, 0, w - reach), within(iy0, 0, h - reach));
        __m128i in1 = _mm_and_si128(within(ix1, 0, w - reach), within(iy1, 0, h - reach));
        if (_mm_movemask_epi8(_mm_and_si128(in0, in1)) == 0xFFFF) {
            if (bilinear)
                bilinear8_sse2(in, X + k, Y + k, _mm_packs_epi32(_mm_and_si128(x0, frac), _mm_and_si128(x1, frac)),
                               _mm_packs_epi32(_mm_and_si128(y0, frac), _mm_and_si128(y1, frac)), out + k);
            else
                for (uint32_t j = k; j < k + 8; j++)
                    out[j] = in->ptr[(ptrdiff_t)((Y[j] + ONE / 2) >> FRAC_BITS) * in->stride + ((X[j] + ONE / 2) >> FRAC_BITS)];
            continue;
        }
        if (constant) {                                  /* touching: the footprint reaches -reach .. w - 1 */
            __m128i t0 = _mm_and_si128(within(ix0, -reach, w), within(iy0, -reach, h));
            __m128i t1 = _mm_and_si128(within(ix1, -reach, w), within(iy1, -reach, h));
            if (_mm_movemask_epi8(_mm_or_si128(t0, t1)) == 0) {
                memset(out + k, b->constant_value.U8, 8);
                continue;
            }
            sample_plain(in, X + k, Y + k, 8, out + k, bilinear, b);
        } else
            edge8_sse2(in, ix0, ix1, iy0, iy1, _mm_packs_epi32(_mm_and_si128(x0, frac), _mm_and_si128(x1, frac)),
                       _mm_packs_epi32(_mm_and_si128(y0, frac), _mm_and_si128(y1, frac)), bilinear, out + k);
    }
    sample_plain(in, X + k, Y + k, n - k, out + k, bilinear, b);
}
/* -- AVX2: 8 points, 8 pixels at a time, from the points to the stored pixels in registers -------- */

#pragma GCC push_options
#pragma GCC target("avx2")
static inline __m256i fixed_avx2(__m256 v)
{
    v = _mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(-FAR)), _mm256_set1_ps(FAR));
    return _mm256_cvtps_epi32(_mm256_mul_ps(v, _mm256_set1_ps((float)ONE)));
}

/* lanes lo <= v < hi (signed) */
static inline __m256i within8(__m256i v, int32_t lo, int32_t hi)
{
    return _mm256_and_si256(_mm256_cmpgt_epi32(v, _mm256_set1_epi32(lo - 1)), _mm256_cmpgt_epi32(_mm256_set1_epi32(hi), v));
}

/* lanes 0 <= v <= last, as unsigned: min(v, last) == v */
static inline __m256i below8(__m256i v, __m256i last)
{
    return _mm256_cmpeq_epi32(_mm256_min_epu32(v, last), v);
}

/* The low byte of each 32-bit lane, in order, as 8 bytes. */
static inline void store_low_bytes(__m256i v, uint8_t *out)
{
    const __m256i pick = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
                                          0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
    v = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, pick), _mm256_setr_epi32(0, 4, 1, 1, 1, 1, 1, 1));
    _mm_storel_epi64((__m128i *)out, _mm256_castsi256_si128(v));
}

/* Lane j of 8 offsets (register extracts: a store and 32-bit reloads stall on store forwarding). */
#define LANE(lo, hi, j) ((j) < 4 ? _mm_extract_epi32(lo, (j) & 3) : _mm_extract_epi32(hi, (j) & 3))

/* The bytes p[off_j], p[off_j + 1] as 16-bit lanes j (scalar loads: gathers are slower on some CPUs). */
static inline __m128i pairs8(const uint8_t *p, __m128i lo, __m128i hi)
{
    __m128i v = _mm_setzero_si128();
#define PAIR(j)                                                                                            \
    do {                                                                                                   \
        uint16_t t;                                                                                        \
        memcpy(&t, p + LANE(lo, hi, j), 2);                                                                \
        v = _mm_insert_epi16(v, t, j);                                                                     \
    } while (0)
    PAIR(0); PAIR(1); PAIR(2); PAIR(3); PAIR(4); PAIR(5); PAIR(6); PAIR(7);
#undef PAIR
    return v;
}

/* The bytes p[a_j], p[b_j] as 16-bit lanes j, low and high byte: a footprint's row whose two taps
 * were moved apart to the edge. */
static inline __m128i taps8(const uint8_t *p, __m256i a, __m256i b)
{
    __m128i alo = _mm256_castsi256_si128(a), ahi = _mm256_extracti128_si256(a, 1);
    __m128i blo = _mm256_castsi256_si128(b), bhi = _mm256_extracti128_si256(b, 1);
    __m128i v = _mm_setzero_si128();
#define TAP(j) v = _mm_insert_epi16(v, p[LANE(alo, ahi, j)] | p[LANE(blo, bhi, j)] << 8, j)
    TAP(0); TAP(1); TAP(2); TAP(3); TAP(4); TAP(5); TAP(6); TAP(7);
#undef TAP
    return v;
}

/* Bilinear blend of 8 footprints, top and bottom rows as (left, right) byte pairs, into out. */
static inline void blend8(__m128i top_pairs, __m128i bottom_pairs, __m256i fx, __m256i fy, uint8_t *out)
{
    __m256i frac = _mm256_set1_epi32(ONE - 1), one = _mm256_set1_epi32(ONE), half = _mm256_set1_epi32(1 << (2 * FRAC_BITS - 1));
    __m256i top = _mm256_cvtepu8_epi16(top_pairs), bottom = _mm256_cvtepu8_epi16(bottom_pairs);
    __m256i ax = _mm256_and_si256(fx, frac), ay = _mm256_and_si256(fy, frac);
    __m256i bx = _mm256_sub_epi32(one, ax), by = _mm256_sub_epi32(one, ay);
    /* (w00, w10) and (w01, w11) as 16-bit pairs: each product < 2^15 */
    __m256i wt = _mm256_or_si256(_mm256_mullo_epi16(bx, by), _mm256_slli_epi32(_mm256_mullo_epi16(ax, by), 16));
    __m256i wb = _mm256_or_si256(_mm256_mullo_epi16(bx, ay), _mm256_slli_epi32(_mm256_mullo_epi16(ax, ay), 16));
    __m256i v = _mm256_add_epi32(_mm256_madd_epi16(top, wt), _mm256_madd_epi16(bottom, wb));
    store_low_bytes(_mm256_srai_epi32(_mm256_add_epi32(v, half), 2 * FRAC_BITS), out);
}

/* The row's points as points_sse2 computes them; where all 8 footprints lie inside, the pixels by
 * scalar loads and the blend in registers; wholly outside under CONSTANT the constant; under
 * UNDEFINED and REPLICATE the taps moved to the edge, then the same blend; else pixel by pixel. (Planes narrower than 2^22 pixels.) */
static inline __attribute__((always_inline)) void row_avx2_of(const plane *in, const mapping *mp, const float *c,
                                                               uint32_t x0, uint32_t x1, uint8_t *out, int bilinear,
                                                               const vx_border_t *b, int remap, int perspective)
{
    const vx_float32 *m = mp->m;
    int32_t iw = (int32_t)in->width, ih = (int32_t)in->height, reach = bilinear, constant = b->mode == VX_BORDER_CONSTANT;
    const uint8_t *base = in->ptr;
    __m256 ox = _mm256_set1_ps(mp->ox), oy = _mm256_set1_ps(mp->oy), step = _mm256_set1_ps(8.0f);
    int shifted = mp->ox != 0 || mp->oy != 0;           /* v - 0 is v, not-a-number included */
    __m256 x = _mm256_cvtepi32_ps(_mm256_add_epi32(_mm256_set1_epi32((int32_t)x0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
    __m256 m0 = _mm256_set1_ps(m != NULL ? m[0] : 0), m1 = _mm256_set1_ps(m != NULL ? m[1] : 0);
    __m256 m2 = _mm256_set1_ps(m != NULL ? m[2] : 0), c0 = _mm256_set1_ps(c[0]), c1 = _mm256_set1_ps(c[1]);
    __m256 c2 = _mm256_set1_ps(c[2]);
    __m256i stride = _mm256_set1_epi32(in->stride), round = _mm256_set1_epi32(bilinear ? 0 : ONE / 2);
    __m256i last_x = _mm256_set1_epi32(iw - 1 - reach), last_y = _mm256_set1_epi32(ih - 1 - reach);
    __m256 scale = _mm256_set1_ps((float)ONE);
    int room = iw > reach && ih > reach;              /* a footprint fits inside */
    __m256i far = _mm256_set1_epi32(INT32_MIN);         /* what the conversion gives beyond 2^31 */
    uint32_t k = x0;
    int32_t X[8], Y[8];
    for (; k + 8 <= x1; k += 8, x = _mm256_add_ps(x, step)) {
        __m256 sx, sy;
        if (remap) {
            __m256 p = _mm256_loadu_ps(&mp->points[k].x), q = _mm256_loadu_ps(&mp->points[k + 4].x);
            sx = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(p, q, _MM_SHUFFLE(2, 0, 2, 0))),
                                                        _MM_SHUFFLE(3, 1, 2, 0)));
            sy = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(_mm256_shuffle_ps(p, q, _MM_SHUFFLE(3, 1, 3, 1))),
                                                        _MM_SHUFFLE(3, 1, 2, 0)));
            if (shifted)
                sx = _mm256_sub_ps(sx, ox), sy = _mm256_sub_ps(sy, oy);
        } else if (perspective) {
            __m256 r = _mm256_div_ps(_mm256_set1_ps(1.0f), _mm256_add_ps(_mm256_mul_ps(m2, x), c2));
            sx = _mm256_mul_ps(_mm256_add_ps(_mm256_mul_ps(m0, x), c0), r);
            sy = _mm256_mul_ps(_mm256_add_ps(_mm256_mul_ps(m1, x), c1), r);
            if (shifted)
                sx = _mm256_sub_ps(sx, ox), sy = _mm256_sub_ps(sy, oy);
        } else {
            sx = _mm256_add_ps(_mm256_mul_ps(m0, x), c0);
            sy = _mm256_add_ps(_mm256_mul_ps(m1, x), c1);
        }
        /* unclamped: a point beyond +-2^24 (or not a number) becomes INT_MIN, far outside like its
         * clamped self, so the tests below decide the same (pixel by pixel clamps) */
        __m256i fx = _mm256_cvtps_epi32(_mm256_mul_ps(sx, scale)), fy = _mm256_cvtps_epi32(_mm256_mul_ps(sy, scale));
        __m256i ix = _mm256_srai_epi32(_mm256_add_epi32(fx, round), FRAC_BITS);
        __m256i iy = _mm256_srai_epi32(_mm256_add_epi32(fy, round), FRAC_BITS);
        __m256i overflow = _mm256_or_si256(_mm256_cmpeq_epi32(fx, far), _mm256_cmpeq_epi32(fy, far));
        if (!bilinear && _mm256_testz_si256(overflow, overflow)) {
            /* NEAREST_NEIGHBOR: the pixel at the point moved to the nearest edge (the edge's pixel as
             * UNDEFINED takes it), then the constant where it moved (CONSTANT) */
            __m256i cx = _mm256_min_epi32(_mm256_max_epi32(ix, _mm256_setzero_si256()), last_x);
            __m256i cy = _mm256_min_epi32(_mm256_max_epi32(iy, _mm256_setzero_si256()), last_y);
            __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(cy, stride), cx);
            __m128i lo = _mm256_castsi256_si128(off), hi = _mm256_extracti128_si256(off, 1);
            uint8_t *d = out + k;
            d[0] = base[LANE(lo, hi, 0)], d[1] = base[LANE(lo, hi, 1)], d[2] = base[LANE(lo, hi, 2)];
            d[3] = base[LANE(lo, hi, 3)], d[4] = base[LANE(lo, hi, 4)], d[5] = base[LANE(lo, hi, 5)];
            d[6] = base[LANE(lo, hi, 6)], d[7] = base[LANE(lo, hi, 7)];
            if (constant) {
                __m256i moved = _mm256_or_si256(_mm256_xor_si256(cx, ix), _mm256_xor_si256(cy, iy));
                int outside = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(moved, _mm256_setzero_si256())));
                for (int j = 0; outside != 0xFF && j < 8; j++)
                    if (!(outside >> j & 1))
                        d[j] = b->constant_value.U8;
            }
            continue;
        }
        if (room && _mm256_movemask_epi8(_mm256_and_si256(below8(ix, last_x), below8(iy, last_y))) == -1) {
            __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(iy, stride), ix);
            __m128i lo = _mm256_castsi256_si128(off), hi = _mm256_extracti128_si256(off, 1);
            blend8(pairs8(base, lo, hi), pairs8(base + in->stride, lo, hi), fx, fy, out + k);
            continue;
        }
        if (constant && _mm256_testz_si256(_mm256_and_si256(within8(ix, -reach, iw), within8(iy, -reach, ih)),
                                           _mm256_set1_epi32(-1))) {
            memset(out + k, b->constant_value.U8, 8);
            continue;
        }
        if (!constant && _mm256_testz_si256(overflow, overflow)) {
            /* UNDEFINED, REPLICATE: each tap moved to the nearest edge pixel, as sample() does; a
             * point beyond FAR (clamped there by plain) has both taps of a row on the same pixel,
             * whose weights sum to ONE, so the fraction it keeps here changes nothing */
            __m256i zero = _mm256_setzero_si256(), next = _mm256_set1_epi32(1);
            __m256i ex = _mm256_set1_epi32(iw - 1), ey = _mm256_set1_epi32(ih - 1);
            __m256i xa = _mm256_min_epi32(_mm256_max_epi32(ix, zero), ex);
            __m256i xb = _mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(ix, next), zero), ex);
            __m256i ra = _mm256_mullo_epi32(_mm256_min_epi32(_mm256_max_epi32(iy, zero), ey), stride);
            __m256i rb = _mm256_mullo_epi32(_mm256_min_epi32(_mm256_max_epi32(_mm256_add_epi32(iy, next), zero), ey), stride);
            blend8(taps8(base, _mm256_add_epi32(ra, xa), _mm256_add_epi32(ra, xb)),
                   taps8(base, _mm256_add_epi32(rb, xa), _mm256_add_epi32(rb, xb)), fx, fy, out + k);
            continue;
        }
        _mm256_storeu_si256((__m256i *)X, fixed_avx2(sx)), _mm256_storeu_si256((__m256i *)Y, fixed_avx2(sy));
        sample_plain(in, X, Y, 8, out + k, bilinear, b);
    }
    for (; k < x1; k += 8) {                     /* the last 1..7 */
        uint32_t n = x1 - k < 8 ? x1 - k : 8;
        points_plain(mp, c, k, n, X, Y);
        sample_plain(in, X, Y, n, out + k, bilinear, b);
    }
}
/* One loop per kind and interpolation, the choices constant inside (fewer live registers). */
static void row_avx2(const plane *in, const mapping *mp, const float *c, uint32_t x0, uint32_t x1, uint8_t *out, int bilinear,
                     const vx_border_t *b)
{
    int kind = mp->points != NULL ? 2 : mp->perspective;
    switch (kind * 2 + bilinear) {
    case 0: row_avx2_of(in, mp, c, x0, x1, out, 0, b, 0, 0); break;
    case 1: row_avx2_of(in, mp, c, x0, x1, out, 1, b, 0, 0); break;
    case 2: row_avx2_of(in, mp, c, x0, x1, out, 0, b, 0, 1); break;
    case 3: row_avx2_of(in, mp, c, x0, x1, out, 1, b, 0, 1); break;
    case 4: row_avx2_of(in, mp, c, x0, x1, out, 0, b, 1, 0); break;
    default: row_avx2_of(in, mp, c, x0, x1, out, 1, b, 1, 0); break;
    }
}
#pragma GCC pop_options
#endif

/* The row in CHUNK pixels at a time: the points, then the samples. */
static inline void row_in_chunks(void (*points)(const mapping *, const float *, uint32_t, uint32_t, int32_t *, int32_t *),
                                 void (*samples)(const plane *, const int32_t *, const int32_t *, uint32_t, uint8_t *,
                                                 int, const vx_border_t *),
                                 const plane *in, const mapping *mp, const float *c, uint32_t x0, uint32_t x1, uint8_t *out,
                                 int bilinear, const vx_border_t *b)
{
    int32_t X[CHUNK], Y[CHUNK];
    for (uint32_t xs = x0; xs < x1; xs += CHUNK) {
        uint32_t n = x1 - xs < CHUNK ? x1 - xs : CHUNK;
        points(mp, c, xs, n, X, Y);
        samples(in, X, Y, n, out + xs, bilinear, b);
    }
}

static void row_plain(const plane *in, const mapping *mp, const float *c, uint32_t x0, uint32_t x1, uint8_t *out, int bilinear,
                      const vx_border_t *b)
{
    row_in_chunks(points_plain, sample_plain, in, mp, c, x0, x1, out, bilinear, b);
}

#if defined(__x86_64__)
static void row_sse2(const plane *in, const mapping *mp, const float *c, uint32_t x0, uint32_t x1, uint8_t *out, int bilinear,
                     const vx_border_t *b)
{
    row_in_chunks(points_sse2, sample_sse2, in, mp, c, x0, x1, out, bilinear, b);
}
#endif

/* Output in tiles of TILE_W x TILE_H (a rotation's source lines stay in cache), row by row in the
 * loops of the SIMD level (AVX2's 32-bit offsets: planes under 2 GiB). */
static void warp_rows(const plane *in, const plane *out, const mapping *mp, const vx_coordinates2df_t *table,
                      vx_enum type, const vx_border_t *b)
{
    void (*row_f)(const plane *, const mapping *, const float *, uint32_t, uint32_t, uint8_t *, int,
                  const vx_border_t *) = row_plain;
#if defined(__x86_64__)
    int level = pvx_simd();
    if (level >= PVX_SIMD_AVX2 && in->stride > 0 && (uint64_t)in->stride * in->height < (1u << 31))
        row_f = row_avx2;
    else if (level >= PVX_SIMD_SSE2)
        row_f = row_sse2;
#endif
    mapping row = *mp;
    uint32_t tile_w = table != NULL ? out->width : TILE_W;    /* Remap: its map rows read straight through */
    for (uint32_t y0 = 0; y0 < out->height; y0 += TILE_H)
        for (uint32_t x0 = 0; x0 < out->width; x0 += tile_w)
            for (uint32_t y = y0; y < y0 + TILE_H && y < out->height; y++) {
                float c[3] = {0, 0, 0};
                if (table != NULL)
                    row.points = table + (size_t)y * out->width;
                else
                    row_terms(mp, y, c);
                row_f(in, &row, c, x0, out->width - x0 < tile_w ? out->width : x0 + tile_w, row_of(out, y),
                      type == VX_INTERPOLATION_BILINEAR, b);
            }
}

/* The input's valid rectangle as the plane sampled (what lies outside it is outside the image, so
 * the border applies there); (ox, oy) its origin. An empty one leaves the whole plane. */
static void valid_part(vx_reference img, plane *in, mapping *mp)
{
    vx_rectangle_t r = ((pvx_image *)((pvx_ref *)img)->desc)->valid;
    mp->ox = mp->oy = 0;
    if (r.end_x <= r.start_x || r.end_y <= r.start_y)
        return;
    in->ptr = (uint8_t *)row_of(in, r.start_y) + (size_t)r.start_x * in->pixel_bytes;
    in->width = r.end_x - r.start_x, in->height = r.end_y - r.start_y;
    mp->ox = (float)r.start_x, mp->oy = (float)r.start_y;
}

static vx_enum interpolation_of(vx_reference scalar)
{
    return scalar != NULL ? scalar_enum(scalar) : VX_INTERPOLATION_NEAREST_NEIGHBOR;
}

/* p: input, matrix or remap, interpolation, output. */
static vx_status warp(vx_node node, const vx_reference *p, int perspective, int remap)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[3], &out)))
        return s;
    mapping mp = {.perspective = perspective};
    const vx_coordinates2df_t *table = NULL;
    if (remap) {
        table = (const vx_coordinates2df_t *)pvx_memory_storage(&((pvx_remap *)((pvx_ref *)p[1])->desc)->mem);
        if (table == NULL)
            return VX_ERROR_NOT_ALLOCATED;
    } else if ((mp.m = (const vx_float32 *)pvx_memory_storage(&((pvx_matrix *)((pvx_ref *)p[1])->desc)->mem)) == NULL)
        return VX_ERROR_NOT_ALLOCATED;
    vx_border_t b = u8_border(border_of(node), in.format);
    if (in.format != VX_DF_IMAGE_U1) {
        valid_part(p[0], &in, &mp);
        warp_rows(&in, &out, &mp, table, interpolation_of(p[2]), &b);
        return VX_SUCCESS;
    }
    plane in8, out8;                           /* U1: the U8 loops on 0 and 1 */
    vx_status s8;
    if ((s8 = u1_to_u8(&in, &in8)))
        return s8;
    plane whole = in8;
    if ((s8 = u1_to_u8(&out, &out8)) == VX_SUCCESS) {
        valid_part(p[0], &in8, &mp);
        warp_rows(&in8, &out8, &mp, table, interpolation_of(p[2]), &b);
        s8 = u8_to_u1(&out8, &out);
        free(out8.ptr);
    }
    free(whole.ptr);
    return s8;
}

vx_status pvx_std_warp_affine(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return warp(node, p, 0, 0);
}

vx_status pvx_std_warp_perspective(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return warp(node, p, 1, 0);
}

/* Output (x, y) samples the remap's point for (x, y). */
vx_status pvx_std_remap(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return warp(node, p, 0, 1);
}
