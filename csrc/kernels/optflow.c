/* OpticalFlowPyrLK: pyramidal Lucas-Kanade in fixed point. Per point, from the coarsest level down,
 * a window of n x n samples (any n >= 3, even ones too: sample j at offset j - (n - 1) / 2 from the
 * point) is taken on the old level once and on the new level at every iteration; all samples of a
 * window share the fraction of its first one's position, quantised to 1/128 pixel a side, so its
 * bilinear weights are four integers summing to 2^14. On the old level: the values (times 32) and
 * the Scharr gradients (the integer Scharr sums, i.e. the derivatives times 32; replicated borders)
 * interpolated at the samples, rounded; on the new level the values the same way. The sums of the
 * gradient matrix G and of the mismatch vector b (old value minus new, times the gradients) are
 * exact integers; each iteration adds G^-1 b (in double) to the flow, up to num_iterations
 * (ITERATIONS, BOTH) or 100 (EPSILON) of them, stopping early once |G^-1 b| <= epsilon (EPSILON,
 * BOTH); the guess doubles from level to level. Only the finest level decides whether a point is
 * lost (tracking_status 0): where its window's smallest gradient eigenvalue per pixel is below 1e-4,
 * or it leaves the image; at a coarser level either only ends that level's iterations (the flow
 * found so far kept). x and y are rounded (half away from zero), strength, scale and orientation
 * kept, error 0. The SIMD loops (optflow.inc) give the same integers where the window lies inside. */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

enum {
    EPSILON_ONLY_ITERATIONS = 100,
    FRAC_BITS = 7,                             /* of a window's position, a side */
    W_BITS = 2 * FRAC_BITS,                    /* of the bilinear weights */
    V_FRAC = 5,                                /* fractional bits of the values: the Scharr sums' scale */
    PITCH_ALIGN = 16,                          /* a window row's int16 samples, padded with zeros */
    PATCH_COLS = 32 + 3                        /* at most, of patch(): 31 samples a window row (features.py) */
};
/* Bounds (int32 lanes of optflow.inc): values 0..255 * 32, gradients within +-16 * 255 = 4080, so a
 * pair of mismatch products is within 2 * 8160 * 4080 < 2^31 / 32: 32 pairs a lane are exact. */

typedef struct level {
    plane old, new;
} level;

/* A window's first sample (x, y) and its weights: top left, top right, bottom left, bottom right. */
typedef struct lk_window {
    int64_t x, y;
    int32_t w[4];
    int32_t n, chunks;                         /* chunks: of LANES samples a row (optflow.inc) */
} lk_window;

/* The old window's samples: value, x and y gradient; n rows of `pitch` (zeros past n); keep: -1
 * for the first n of a row, 0 after. */
typedef struct lk_samples {
    int16_t *i, *ix, *iy, *keep;
    int32_t pitch;
} lk_samples;

/* Per call: the Scharr grid of optflow.inc's window and pixels copied around a window near an edge. */
typedef struct lk_scratch {
    int16_t *grid;
    uint8_t *pixels;
} lk_scratch;

/* floor(v) for |v| < 2^62 without a libm call */
static inline double floor_of(double v)
{
    double t = (double)(int64_t)v;
    return t > v ? t - 1 : t;
}

/* The window whose first sample lies at (sx, sy). */
static lk_window window_at(double sx, double sy, int32_t n, int32_t lanes)
{
    double fx = floor_of(sx), fy = floor_of(sy);
    int32_t ax = (int32_t)((sx - fx) * (1 << FRAC_BITS) + 0.5), ay = (int32_t)((sy - fy) * (1 << FRAC_BITS) + 0.5);
    int32_t one = 1 << FRAC_BITS;
    return (lk_window){(int64_t)fx, (int64_t)fy, {(one - ax) * (one - ay), ax * (one - ay), (one - ax) * ay, ax * ay},
                       n, (n + lanes - 1) / lanes};
}

static inline int32_t descale(int32_t v, int shift)
{
    return (v + (1 << (shift - 1))) >> shift;
}

static inline int32_t pixel(const plane *p, int64_t x, int64_t y)
{
    x = x < 0 ? 0 : x >= p->width ? p->width - 1 : x;
    y = y < 0 ? 0 : y >= p->height ? p->height - 1 : y;
    return ((const uint8_t *)row_of(p, (uint32_t)y))[x];
}

/* The Scharr sum at pixel (x, y), `vertical` for y, replicated borders. */
static int32_t scharr(const plane *p, int64_t x, int64_t y, int vertical)
{
    if (vertical)
        return 3 * (pixel(p, x - 1, y + 1) - pixel(p, x - 1, y - 1)) + 10 * (pixel(p, x, y + 1) - pixel(p, x, y - 1)) +
               3 * (pixel(p, x + 1, y + 1) - pixel(p, x + 1, y - 1));
    return 3 * (pixel(p, x + 1, y - 1) - pixel(p, x - 1, y - 1)) + 10 * (pixel(p, x + 1, y) - pixel(p, x - 1, y)) +
           3 * (pixel(p, x + 1, y + 1) - pixel(p, x - 1, y + 1));
}

/* The same at q, whose neighbours lie inside. */
static inline int32_t scharr_inside(const uint8_t *q, int32_t st, int vertical)
{
    if (vertical)
        return 3 * (q[st - 1] - q[-st - 1]) + 10 * (q[st] - q[-st]) + 3 * (q[st + 1] - q[-st + 1]);
    return 3 * (q[-st + 1] - q[-st - 1]) + 10 * (q[1] - q[-1]) + 3 * (q[st + 1] - q[st - 1]);
}

static inline int32_t lerp(const int32_t *w, int32_t a, int32_t b, int32_t c, int32_t d, int shift)
{
    return descale(w[0] * a + w[1] * b + w[2] * c + w[3] * d, shift);
}

/* The old window: the definition (every read clamped); g: G's sums of x x, x y and y y. */
static void window_plain(const plane *p, const lk_window *w, lk_samples *out, int64_t *g)
{
    g[0] = g[1] = g[2] = 0;
    for (int32_t i = 0; i < w->n; i++)
        for (int32_t j = 0; j < out->pitch; j++) {
            int64_t x = w->x + j, y = w->y + i;
            size_t k = (size_t)(i * out->pitch + j);
            if (j >= w->n) {
                out->i[k] = out->ix[k] = out->iy[k] = 0;
                continue;
            }
            out->i[k] = (int16_t)lerp(w->w, pixel(p, x, y), pixel(p, x + 1, y), pixel(p, x, y + 1), pixel(p, x + 1, y + 1),
                                      W_BITS - V_FRAC);
            for (int v = 0; v < 2; v++) {
                int32_t d = lerp(w->w, scharr(p, x, y, v), scharr(p, x + 1, y, v), scharr(p, x, y + 1, v),
                                 scharr(p, x + 1, y + 1, v), W_BITS);
                (v ? out->iy : out->ix)[k] = (int16_t)d;
            }
            int32_t dx = out->ix[k], dy = out->iy[k];
            g[0] += dx * dx, g[1] += dx * dy, g[2] += dy * dy;
        }
}

/* b of the new window: the sums over the samples of (old value - new value) times the gradients. */
static void sums_plain(const plane *p, const lk_window *w, const lk_samples *s, int64_t *bx, int64_t *by)
{
    int64_t sx = 0, sy = 0;
    for (int32_t i = 0; i < w->n; i++)
        for (int32_t j = 0; j < w->n; j++) {
            int64_t x = w->x + j, y = w->y + i;
            size_t k = (size_t)(i * s->pitch + j);
            int32_t d = s->i[k] - lerp(w->w, pixel(p, x, y), pixel(p, x + 1, y), pixel(p, x, y + 1), pixel(p, x + 1, y + 1),
                                       W_BITS - V_FRAC);
            sx += (int64_t)d * s->ix[k], sy += (int64_t)d * s->iy[k];
        }
    *bx = sx, *by = sy;
}

#if defined(__x86_64__)
#include <immintrin.h>

#define V __m128i
#define LANES 8
#define LOAD_U8(p) _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(p)), _mm_setzero_si128())
#define LOADU(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define STOREU(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)
#define SET1_16(x) _mm_set1_epi16((short)(x))
#define SET1_32(x) _mm_set1_epi32(x)
#define ZERO() _mm_setzero_si128()
#define ADD16 _mm_add_epi16
#define SUB16 _mm_sub_epi16
#define MULLO16 _mm_mullo_epi16
#define ADD32 _mm_add_epi32
#define MADD _mm_madd_epi16
#define SRAI32 _mm_srai_epi32
#define PACKS32 _mm_packs_epi32
#define UNPACKLO16 _mm_unpacklo_epi16
#define UNPACKHI16 _mm_unpackhi_epi16
#define AND _mm_and_si128
#define FN(name) name##_sse2
#include "optflow.inc"
#undef V
#undef LANES
#undef LOAD_U8
#undef LOADU
#undef STOREU
#undef SET1_16
#undef SET1_32
#undef ZERO
#undef ADD16
#undef SUB16
#undef MULLO16
#undef ADD32
#undef MADD
#undef SRAI32
#undef PACKS32
#undef UNPACKLO16
#undef UNPACKHI16
#undef AND
#undef FN

#pragma GCC push_options
#pragma GCC target("avx2")
#define V __m256i
#define LANES 16
#define LOAD_U8(p) _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p)))
#define LOADU(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STOREU(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define SET1_16(x) _mm256_set1_epi16((short)(x))
#define SET1_32(x) _mm256_set1_epi32(x)
#define ZERO() _mm256_setzero_si256()
#define ADD16 _mm256_add_epi16
#define SUB16 _mm256_sub_epi16
#define MULLO16 _mm256_mullo_epi16
#define ADD32 _mm256_add_epi32
#define MADD _mm256_madd_epi16
#define SRAI32 _mm256_srai_epi32
#define PACKS32 _mm256_packs_epi32
#define UNPACKLO16 _mm256_unpacklo_epi16
#define UNPACKHI16 _mm256_unpackhi_epi16
#define AND _mm256_and_si256
#define FN(name) name##_avx2
#include "optflow.inc"
#pragma GCC pop_options
#endif

typedef struct criteria {
    uint32_t iterations;
    int use_epsilon;
    double epsilon;
    int32_t n;                                 /* window_dimension */
    int simd;                                  /* pvx_simd() */
} criteria;

/* The pixels x - 1 .. x + cols and y - 1 .. y + rows of the plane: in place where they lie inside,
 * else copied (clamped: replicated borders) into `scratch`, stride cols + 2; *stride set. */
static const uint8_t *patch(const plane *p, int64_t x, int64_t y, int32_t cols, int32_t rows, uint8_t *scratch,
                            int32_t *stride)
{
    if (x >= 1 && y >= 1 && x + cols + 1 <= (int64_t)p->width && y + rows + 1 <= (int64_t)p->height) {
        *stride = p->stride;
        return (const uint8_t *)row_of(p, (uint32_t)y) + x;
    }
    int32_t st = cols + 2, xs[PATCH_COLS];
    int whole = x >= 1 && x + cols + 1 <= (int64_t)p->width;    /* only rows clamped */
    for (int32_t c = 0; c < st; c++) xs[c] = (int32_t)(x + c - 1 < 0 ? 0 : x + c - 1 >= p->width ? p->width - 1 : x + c - 1);
    for (int32_t r = 0; r < rows + 2; r++) {
        int64_t yy = y + r - 1 < 0 ? 0 : y + r - 1 >= p->height ? p->height - 1 : y + r - 1;
        const uint8_t *src = (const uint8_t *)row_of(p, (uint32_t)yy);
        if (whole)
            memcpy(scratch + r * st, src + x - 1, (size_t)st);
        else
            for (int32_t c = 0; c < st; c++) scratch[r * st + c] = src[xs[c]];
    }
    *stride = st;
    return scratch + st + 1;
}

/* The old window at (sx, sy): the SIMD loop on the pixels around it, or the definition. */
static void old_window(const plane *p, const criteria *c, double sx, double sy, lk_scratch *b, lk_samples *out,
                       int64_t *g)
{
    lk_window w = window_at(sx, sy, c->n, c->simd >= PVX_SIMD_AVX2 ? 16 : 8);
#if defined(__x86_64__)
    if (c->simd != PVX_SIMD_PLAIN) {
        int32_t st, span = w.chunks * (c->simd >= PVX_SIMD_AVX2 ? 16 : 8);
        const uint8_t *at = patch(p, w.x, w.y, span + 1, c->n + 1, b->pixels, &st);
        int16_t *gy = b->grid + (size_t)(c->n + 1) * (size_t)(out->pitch + 16);
        (c->simd >= PVX_SIMD_AVX2 ? window_avx2 : window_sse2)(at, st, &w, b->grid, gy, out, g);
        return;
    }
#endif
    (void)b;
    window_plain(p, &w, out, g);
}

static void new_sums(const plane *p, const criteria *c, double sx, double sy, lk_scratch *b, const lk_samples *s,
                     int64_t *bx, int64_t *by)
{
    lk_window w = window_at(sx, sy, c->n, c->simd >= PVX_SIMD_AVX2 ? 16 : 8);
#if defined(__x86_64__)
    if (c->simd != PVX_SIMD_PLAIN) {
        int32_t st, span = w.chunks * (c->simd >= PVX_SIMD_AVX2 ? 16 : 8);
        const uint8_t *at = patch(p, w.x, w.y, span, c->n, b->pixels, &st);
        (c->simd >= PVX_SIMD_AVX2 ? sums_avx2 : sums_sse2)(at, st, &w, s, bx, by);
        return;
    }
#endif
    (void)b;
    sums_plain(p, &w, s, bx, by);
}

/* The flow at one level from guess (gx, gy) of the point (px, py), added to the guess; 0 when the
 * point is lost at this level (the flow found before that still added). */
static int track(const level *lv, const criteria *c, double px, double py, double *gx, double *gy, lk_scratch *b,
                 lk_samples *s)
{
    int32_t n = c->n;
    double half = (n - 1) / 2.0;
    int64_t a[3];
    old_window(&lv->old, c, px - half, py - half, b, s, a);
    double gxx = (double)a[0], gxy = (double)a[1], gyy = (double)a[2];   /* times 32^2 */
    double det = gxx * gyy - gxy * gxy;
    double min_eigen = (gxx + gyy - sqrt((gxx - gyy) * (gxx - gyy) + 4 * gxy * gxy)) / (2.0 * n * n * 1024);
    if (min_eigen < 1e-4 || det == 0)
        return 0;
    double vx = 0, vy = 0;
    int kept = 1;
    for (uint32_t it = 0; it < c->iterations; it++) {
        double qx = px + *gx + vx, qy = py + *gy + vy;
        if (!(qx >= 0 && qy >= 0 && qx <= lv->new.width - 1 && qy <= lv->new.height - 1)) {
            kept = 0;
            break;
        }
        int64_t bx, by;                        /* times 32^2, as G: the scales cancel */
        new_sums(&lv->new, c, qx - half, qy - half, b, s, &bx, &by);
        double ex = (gyy * (double)bx - gxy * (double)by) / det, ey = (gxx * (double)by - gxy * (double)bx) / det;
        vx += ex, vy += ey;
        if (c->use_epsilon && ex * ex + ey * ey <= c->epsilon * c->epsilon)
            break;
    }
    *gx += vx, *gy += vy;
    return kept;
}

static vx_status levels_of(vx_reference old_pyr, vx_reference new_pyr, level *lv, vx_size count, vx_image *held)
{
    vx_status s = VX_SUCCESS;
    for (vx_uint32 i = 0; s == VX_SUCCESS && i < count; i++) {
        held[2 * i] = vxGetPyramidLevel((vx_pyramid)old_pyr, i);
        held[2 * i + 1] = vxGetPyramidLevel((vx_pyramid)new_pyr, i);
        if ((s = vxGetStatus((vx_reference)held[2 * i])) || (s = vxGetStatus((vx_reference)held[2 * i + 1])) ||
            (s = plane_of((vx_reference)held[2 * i], &lv[i].old)) || (s = plane_of((vx_reference)held[2 * i + 1], &lv[i].new)))
            break;
    }
    return s;
}

vx_status pvx_std_optical_flow_pyr_lk(vx_node node, const vx_reference *p, vx_uint32 n)
{
    pvx_array *olds = ((pvx_ref *)p[2])->desc, *estimates = ((pvx_ref *)p[3])->desc, *news = ((pvx_ref *)p[4])->desc;
    const vx_keypoint_t *old_pts = (const vx_keypoint_t *)pvx_memory_storage(&olds->mem);
    const vx_keypoint_t *est_pts = (const vx_keypoint_t *)pvx_memory_storage(&estimates->mem);
    vx_keypoint_t *new_pts = (vx_keypoint_t *)pvx_memory_storage(&news->mem);
    vx_enum termination = scalar_enum(p[5]);
    int32_t window = (int32_t)*(const vx_size *)scalar_value(p[9]);
    criteria c = {termination == VX_TERM_CRITERIA_EPSILON ? EPSILON_ONLY_ITERATIONS : *(const vx_uint32 *)scalar_value(p[7]),
                  termination != VX_TERM_CRITERIA_ITERATIONS, *(const vx_float32 *)scalar_value(p[6]), window, pvx_simd()};
    int use_estimate = *(const vx_bool *)scalar_value(p[8]) == vx_true_e;
    vx_size count = 0;
    vx_status s = vxQueryPyramid((vx_pyramid)p[0], VX_PYRAMID_LEVELS, &count, sizeof count);
    level *lv = calloc(count ? count : 1, sizeof *lv);
    vx_image *held = calloc(2 * (count ? count : 1), sizeof *held);
    int32_t pitch = (window + PITCH_ALIGN - 1) / PITCH_ALIGN * PITCH_ALIGN;
    size_t plane_size = (size_t)window * (size_t)pitch, grid_size = 2 * (size_t)(window + 1) * (size_t)(pitch + 16);
    int16_t *buf = calloc(3 * plane_size + (size_t)pitch + grid_size, sizeof *buf);
    uint8_t *pixels = malloc((size_t)(window + 3) * (size_t)(pitch + 3));
    lk_samples samples = {buf, buf + plane_size, buf + 2 * plane_size, buf + 3 * plane_size, pitch};
    lk_scratch scratch = {samples.keep + pitch, pixels};
    for (int32_t j = 0; buf != NULL && j < window; j++) samples.keep[j] = -1;
    if (s == VX_SUCCESS && (lv == NULL || held == NULL || buf == NULL || pixels == NULL || old_pts == NULL || new_pts == NULL ||
                            est_pts == NULL))
        s = VX_ERROR_NO_MEMORY;
    if (s == VX_SUCCESS && use_estimate && estimates->num_items != olds->num_items)
        s = VX_ERROR_INVALID_PARAMETERS;
    if (s == VX_SUCCESS)
        s = levels_of(p[0], p[1], lv, count, held);
    vx_size points = olds->num_items < news->capacity ? olds->num_items : news->capacity;
    for (vx_size k = 0; s == VX_SUCCESS && k < points; k++) {
        vx_keypoint_t out = old_pts[k];
        out.error = 0.0f;
        if (old_pts[k].tracking_status != 0) {
            double scale = ldexp(1.0, -(int)(count - 1));
            double gx = use_estimate ? (est_pts[k].x - old_pts[k].x) * scale : 0;
            double gy = use_estimate ? (est_pts[k].y - old_pts[k].y) * scale : 0;
            int kept = 1;
            for (vx_size l = count; l-- > 0; scale *= 2) {
                kept = track(&lv[l], &c, old_pts[k].x * scale, old_pts[k].y * scale, &gx, &gy, &scratch, &samples);
                if (l > 0)
                    gx *= 2, gy *= 2;
            }
            double fx = old_pts[k].x + gx, fy = old_pts[k].y + gy;
            kept = kept && fx >= 0 && fy >= 0 && fx <= lv[0].new.width - 1 && fy <= lv[0].new.height - 1;
            out.tracking_status = kept;
            if (kept)
                out.x = (vx_int32)lround(fx), out.y = (vx_int32)lround(fy);
        }
        new_pts[k] = out;
    }
    if (s == VX_SUCCESS)
        news->num_items = points;
    for (vx_size i = 0; held != NULL && i < count; i++) {
        if (held[2 * i] != NULL)
            vxReleaseImage(&held[2 * i]);
        if (held[2 * i + 1] != NULL)
            vxReleaseImage(&held[2 * i + 1]);
    }
    free(lv), free(held), free(buf), free(pixels);
    return s;
}
