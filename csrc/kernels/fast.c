/* FastCorners (FAST-9): the segment test on the Bresenham circle of radius 3, the strength of each
 * corner, and the optional 3x3 non-maximum suppression. Keypoints go into the output array up to its
 * capacity; the optional count scalar gets every corner found. */
#include "kernels.h"

#include <stdlib.h>
#include <string.h>

/* The 16 pixels of the Bresenham circle of radius 3, clockwise from the top, as (dx, dy). */
static const int8_t circle[16][2] = {{0, -3}, {1, -3}, {2, -2}, {3, -1}, {3, 0}, {3, 1}, {2, 2}, {1, 3},
                                     {0, 3}, {-1, 3}, {-2, 2}, {-3, 1}, {-3, 0}, {-3, -1}, {-2, -2}, {-1, -3}};

/* The largest t for which 9 contiguous circle pixels are all > p + t or all < p - t, or -1 when
 * none is for t = 0: over every arc of 9, the smallest difference of one sign, minus one. */
static int32_t fast9_strength(const uint8_t *centre, int32_t stride)
{
    int32_t d[16], best = 0;
    for (int k = 0; k < 16; k++) d[k] = (int32_t)centre[circle[k][1] * stride + circle[k][0]] - centre[0];
    for (int start = 0; start < 16; start++) {
        int32_t bright = 255, dark = 255;
        for (int k = 0; k < 9; k++) {
            int32_t v = d[(start + k) % 16];
            bright = v < bright ? v : bright;
            dark = -v < dark ? -v : dark;
        }
        best = bright > best ? bright : best;
        best = dark > best ? dark : best;
    }
    return best - 1;
}

#if defined(__x86_64__)
#include <immintrin.h>

/* SSE2: 16 centres a step */
#define V __m128i
#define NV 16
#define ALL 0xFFFFu
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define SET1(x) _mm_set1_epi8((char)(x))
#define ZERO() _mm_setzero_si128()
#define SUBS _mm_subs_epu8
#define ADDS _mm_adds_epu8
#define MIN _mm_min_epu8
#define MAX _mm_max_epu8
#define CMPEQ _mm_cmpeq_epi8
#define ANDNOT _mm_andnot_si128
#define MASK(v) ((uint32_t)_mm_movemask_epi8(v))
#define FN(name) name##_sse2
#include "fast.inc"
#undef V
#undef NV
#undef ALL
#undef LOADU
#undef STOREU
#undef SET1
#undef ZERO
#undef SUBS
#undef ADDS
#undef MIN
#undef MAX
#undef CMPEQ
#undef ANDNOT
#undef MASK
#undef FN

/* AVX2: 32 centres a step */
#pragma GCC push_options
#pragma GCC target("avx2")
#define V __m256i
#define NV 32
#define ALL 0xFFFFFFFFu
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define SET1(x) _mm256_set1_epi8((char)(x))
#define ZERO() _mm256_setzero_si256()
#define SUBS _mm256_subs_epu8
#define ADDS _mm256_adds_epu8
#define MIN _mm256_min_epu8
#define MAX _mm256_max_epu8
#define CMPEQ _mm256_cmpeq_epi8
#define ANDNOT _mm256_andnot_si256
#define MASK(v) ((uint32_t)_mm256_movemask_epi8(v))
#define FN(name) name##_avx2
#include "fast.inc"
#pragma GCC pop_options

/* One SIMD level's row operations (fast.inc) and its lane count. */
typedef struct fast_rows {
    int (*score_row)(const uint8_t *c, const ptrdiff_t *off, uint32_t n, uint8_t t, uint8_t *out);
    void (*keep_row)(const uint8_t *u, const uint8_t *m, const uint8_t *d, uint32_t x0, uint32_t x1, uint32_t y,
                     int nonmax, pvx_array *corners, vx_size *found);
    uint32_t lanes;
} fast_rows;

static const fast_rows rows_sse2 = {score_row_sse2, keep_row_sse2, 16},
                       rows_avx2 = {score_row_avx2, keep_row_avx2, 32};

/* The score row (strength + 1 where >= t, else 0) of the centres 0 <= x < n of image row c; whether
 * it holds a corner. */
static int score_row(const fast_rows *r, const uint8_t *c, int32_t stride, const ptrdiff_t *off, uint32_t n,
                     uint8_t t, uint8_t *out)
{
    if (n >= r->lanes)
        return r->score_row(c, off, n, t, out);
    int any = 0;
    for (uint32_t x = 0; x < n; x++) {
        int32_t v = fast9_strength(c + x, stride);
        out[x] = (uint8_t)(v >= t ? v + 1 : 0);
        any |= v >= t;
    }
    return any;
}

/* FAST-9 row by row: three score rows in a ring (zero beyond the centres, padded for the last
 * step's reads), the corners of the middle one kept. */
static vx_status fast_simd(const fast_rows *r, const plane *in, int32_t t, int nonmax, pvx_array *corners,
                           vx_size *found)
{
    uint32_t w = in->width, h = in->height;
    size_t rw = (size_t)w + r->lanes + 1;
    uint8_t *ring = calloc(3, rw);
    if (ring == NULL)
        return VX_ERROR_NO_MEMORY;
    ptrdiff_t off[16];
    for (int k = 0; k < 16; k++) off[k] = (ptrdiff_t)circle[k][1] * in->stride + circle[k][0];
    uint8_t tt = (uint8_t)(t > 255 ? 255 : t);
    int any[3] = {0, 0, 0};                    /* whether ring row k holds a corner */
    for (uint32_t y = 3; y < h - 2; y++) {     /* scores of row y (none at h - 3), corners of y - 1 */
        uint8_t *now = ring + (y % 3) * rw;
        if (y < h - 3)
            any[y % 3] = score_row(r, (const uint8_t *)row_of(in, y) + 3, in->stride, off, w - 6, tt, now + 3);
        else
            memset(now, 0, rw), any[y % 3] = 0;
        if (y > 3 && any[(y - 1) % 3])
            r->keep_row(ring + ((y - 2) % 3) * rw, ring + ((y - 1) % 3) * rw, now, 3, w - 3, y - 1, nonmax, corners,
                        found);
    }
    free(ring);
    return VX_SUCCESS;
}
#endif

/* FAST-9 outside the 3-pixel border, the threshold truncated to an integer; with non-maximum
 * suppression a corner is kept when its strength is >= the corners' before it in raster order
 * among its 8 neighbours and > those after it (as NonMaxSuppression breaks ties). */
vx_status pvx_std_fast_corners(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    int32_t t = (int32_t)*(const vx_float32 *)scalar_value(p[1]);
    int nonmax = *(const vx_bool *)scalar_value(p[2]) == vx_true_e;
    pvx_array *corners = ((pvx_ref *)p[3])->desc;
    if (pvx_memory_storage(&corners->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    corners->num_items = 0;
    uint32_t w = in.width, h = in.height;
    vx_size found = 0;
    if (w < 7 || h < 7) {
        store_count(p[4], 0);
        return VX_SUCCESS;
    }
#if defined(__x86_64__)
    if (pvx_simd() != PVX_SIMD_PLAIN) {
        s = fast_simd(pvx_simd() >= PVX_SIMD_AVX2 ? &rows_avx2 : &rows_sse2, &in, t, nonmax, corners, &found);
        store_count(p[4], found);
        return s;
    }
#endif
    int32_t *strength = calloc((size_t)w * h, sizeof *strength);   /* -1 or less: not a corner */
    if (strength == NULL)
        return VX_ERROR_NO_MEMORY;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            int inside = x >= 3 && y >= 3 && x < w - 3 && y < h - 3;
            int32_t v = inside ? fast9_strength((const uint8_t *)row_of(&in, y) + x, in.stride) : -1;
            strength[(size_t)y * w + x] = v >= t ? v : -1;
        }
    for (uint32_t y = 3; y < h - 3; y++)
        for (uint32_t x = 3; x < w - 3; x++) {
            int32_t v = strength[(size_t)y * w + x];
            int kept = v >= 0;
            for (int dy = -1; dy <= 1 && kept && nonmax; dy++)
                for (int dx = -1; dx <= 1 && kept; dx++) {
                    int32_t o = strength[(size_t)(y + dy) * w + x + dx];
                    int before = dy < 0 || (dy == 0 && dx < 0);
                    if (dx || dy)
                        kept = before ? v >= o : v > o;
                }
            if (kept)
                found++, add_keypoint(corners, (int32_t)x, (int32_t)y, (float)v);
        }
    free(strength);
    store_count(p[4], found);
    return VX_SUCCESS;
}

