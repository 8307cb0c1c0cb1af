/* LaplacianPyramid and LaplacianReconstruct (VX_SCALE_PYRAMID_HALF), on int32 rows (level 0's
 * through a ring, the smaller levels' as grids), every step with replicated borders whatever the
 * node's border (as the spec says of the Gaussian pyramid):
 * - half(G): the 5x5 Gaussian ([1 4 6 4 1] both ways) at the even pixels, shifted right by 8
 *   (floor), to ceil(w / 2) x ceil(h / 2);
 * - up(G) to w x h: G's pixels at the even positions of a zero image of w x h (G replicated past
 *   its borders before the zeros go in), that image convolved with the same Gaussian (shifted
 *   right by 8, floor), times 4: the conformance tests' reference (a convolution of scale 256,
 *   then times 4), so a multiple of 4;
 * - the pyramid: L_i = G_i - up(G_{i+1}) saturated to S16, the output G_N in the input's format;
 * - the reconstruction: I_N = input, I_i = up(I_{i+1}) + L_i saturated to the output's format at
 *   every level (the tests' reference holds each level in it); so reconstructing a pyramid of an
 *   image gives the image back exactly. */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <stdlib.h>

typedef struct grid {
    int32_t *v;
    uint32_t w, h;
} grid;

static const int32_t gauss5[5] = {1, 4, 6, 4, 1};

static uint32_t clamped(int64_t v, uint32_t n)
{
    return (uint32_t)(v < 0 ? 0 : v >= n ? n - 1 : v);
}

/* out[x] = sum over k of gauss5[k] p[x + k] for x < w: the row taps, p padded by 2 each side */
static inline __attribute__((always_inline)) void row_taps(const int32_t *restrict p, int32_t *restrict out, uint32_t w, uint32_t step)
{
    for (size_t x = 0; x < w; x++)
        out[x] = p[step * x] + 4 * p[step * x + 1] + 6 * p[step * x + 2] + 4 * p[step * x + 3] + p[step * x + 4];
}

static vx_status make(grid *g, uint32_t w, uint32_t h)
{
    g->w = w, g->h = h;
    g->v = malloc(sizeof(int32_t) * ((size_t)w * h + 1));
    return g->v == NULL ? VX_ERROR_NO_MEMORY : VX_SUCCESS;
}

static vx_status load(vx_reference image, grid *g)
{
    plane p;
    vx_status s;
    if ((s = plane_of(image, &p)) || (s = make(g, p.width, p.height)))
        return s;
    for (uint32_t y = 0; y < p.height; y++)
        load_row(&p, y, g->v + (size_t)y * p.width);
    return VX_SUCCESS;
}

static vx_status store(const grid *g, vx_reference image)
{
    plane p;
    vx_status s;
    if ((s = plane_of(image, &p)))
        return s;
    for (uint32_t y = 0; y < p.height; y++)
        store_row(&p, y, g->v + (size_t)y * p.width, 1);
    return VX_SUCCESS;
}

/* out[x] = the column taps of the five rows r at x (restrict: a loop the vectorizer takes) */
static inline __attribute__((always_inline)) void column_taps(const int32_t *const *r, int32_t *restrict out, uint32_t w)
{
    const int32_t *restrict a = r[0], *restrict b = r[1], *restrict c = r[2], *restrict d = r[3], *restrict e = r[4];
    for (size_t x = 0; x < w; x++)
        out[x] = a[x] + 4 * b[x] + 6 * c[x] + 4 * d[x] + e[x];
}

/* The rows of a level: a grid's, or an image's (level 0, never loaded whole: an 8 MB int32 grid at
 * 1080p misses the cache) loaded on demand into a ring of RING rows, enough for the 5 rows of a
 * window. */
enum { RING = 8 };

typedef struct source {
    const grid *g;              /* NULL: the plane p */
    plane p;
    int32_t *ring;
    uint32_t held[RING];        /* the row in each slot, plus 1 (0: none) */
    uint32_t w, h;
} source;

static const int32_t *row_at(source *s, uint32_t y)
{
    if (s->g != NULL)
        return s->g->v + (size_t)y * s->w;
    int32_t *r = s->ring + (size_t)(y % RING) * s->w;
    if (s->held[y % RING] != y + 1)
        load_row(&s->p, y, r), s->held[y % RING] = y + 1;
    return r;
}

/* Both steps separated (integer sums: the same values as the 5x5 window): per output row the
 * column taps into a row padded by 2 replicated pixels each side, then the row taps. */
static inline __attribute__((always_inline)) vx_status half_rows(source *g, grid *out)
{
    vx_status s = make(out, (g->w + 1) / 2, (g->h + 1) / 2);
    int32_t *pad = s == VX_SUCCESS ? malloc(sizeof *pad * (g->w + 4)) : NULL;
    if (s == VX_SUCCESS && pad == NULL)
        s = VX_ERROR_NO_MEMORY;
    for (uint32_t y = 0; s == VX_SUCCESS && y < out->h; y++) {
        const int32_t *r[5];
        for (int k = 0; k < 5; k++) r[k] = row_at(g, clamped(2 * (int64_t)y + k - 2, g->h));
        column_taps(r, pad + 2, g->w);
        pad[0] = pad[1] = pad[2], pad[g->w + 2] = pad[g->w + 3] = pad[g->w + 1];
        int32_t *o = out->v + (size_t)y * out->w;
        row_taps(pad, o, out->w, 2);
        for (uint32_t x = 0; x < out->w; x++) o[x] >>= 8;
    }
    free(pad);
    return s;
}

/* Where the zero-inserted image's position c (outside too) takes a pixel of the smaller level (n
 * of them): even positions, its pixel c / 2 replicated past its borders (so a border pixel weighs
 * as much as any other, as in the conformance tests' reference); -1 at odd ones (zeros). */
static int64_t source_of(int64_t c, uint32_t n)
{
    return c & 1 ? -1 : (int64_t)clamped(c / 2, n);
}

/* Output x of a row of the zero-inserted image (the column taps `cols` of the smaller level's n
 * columns) through the row taps, before the shift. */
static int32_t up_tap(const int32_t *cols, uint32_t n, uint32_t x)
{
    int32_t sum = 0;
    for (int k = 0; k < 5; k++) {
        int64_t j = source_of((int64_t)x + k - 2, n);
        if (j >= 0)
            sum += gauss5[k] * cols[j];
    }
    return sum;
}

/* The upsampled value of a convolved sum: 4 floor(sum / 256) */
static inline int32_t up_value(int32_t sum)
{
    return (sum >> 8) * 4;
}

/* Row y of the zero-inserted image of w x h (source_of: g's pixels at its even positions, g
 * replicated past its borders) convolved: a column tap weighs g's row source_of(y + k - 2). The row
 * taps by phase away from the borders (x = 2j: cols j - 1, j, j + 1 weighted 1 6 1; x = 2j + 1:
 * cols j, j + 1 weighted 4 4), up_tap at the two pixels of each border. cols (g->w): scratch. */
static inline __attribute__((always_inline)) void up_row_taps(const grid *g, uint32_t w, uint32_t y,
                                                              int32_t *restrict cols, int32_t *restrict o)
{
    int64_t base = ((int64_t)y - 2) >> 1;               /* the even taps are at g's rows base .. base + 2 */
    int32_t wt[3] = {0, 0, 0};
    for (int k = 0; k < 5; k++)
        if ((((int64_t)y + k - 2) & 1) == 0)
            wt[(((int64_t)y + k - 2) >> 1) - base] += gauss5[k];
    const int32_t *restrict r0 = g->v + (size_t)clamped(base, g->h) * g->w,
                  *restrict r1 = g->v + (size_t)clamped(base + 1, g->h) * g->w,
                  *restrict r2 = g->v + (size_t)clamped(base + 2, g->h) * g->w;
    for (uint32_t j = 0; j < g->w; j++) cols[j] = wt[0] * r0[j] + wt[1] * r1[j] + wt[2] * r2[j];
    if (w >= 5) {
        size_t pairs = (w - 4) / 2;             /* x = 2j, 2j + 1 for j in [1, pairs] */
        for (size_t j = 1; j <= pairs; j++) {
            o[2 * j] = up_value(cols[j - 1] + 6 * cols[j] + cols[j + 1]);
            o[2 * j + 1] = up_value(4 * cols[j] + 4 * cols[j + 1]);
        }
        if (w % 2)
            o[w - 3] = up_value(cols[pairs] + 6 * cols[pairs + 1] + cols[pairs + 2]);
    }
    for (uint32_t x = 0; x < w; x++) {
        o[x] = up_value(up_tap(cols, g->w, x));
        if (x == 1 && w >= 5)
            x = w - 3;                          /* to the last two */
    }
}

/* o = a - u saturated to S16 */
static inline __attribute__((always_inline)) void difference_row(const int32_t *restrict a, const int32_t *restrict u,
                                                                 int16_t *restrict o, uint32_t w)
{
    for (size_t x = 0; x < w; x++) {
        int32_t d = a[x] - u[x];
        d = d < -32768 ? -32768 : d;
        o[x] = (int16_t)(d > 32767 ? 32767 : d);
    }
}

/* half and up_row compiled for the baseline and, on x86-64, for AVX2 (the same integer sums, so
 * the same values); the SIMD level in use (base/simd.c) picks, plain taking the baseline. */
static vx_status half(source *g, grid *out)
{
    return half_rows(g, out);
}

static void difference(const int32_t *restrict a, const int32_t *restrict u, int16_t *restrict o, uint32_t w)
{
    difference_row(a, u, o, w);
}

/* u = u + the S16 level's row l, saturated to [lo, hi] (the reconstruction) */
static inline __attribute__((always_inline)) void add_level_row(const int16_t *restrict l, int32_t *restrict u, uint32_t w,
                                                                int32_t lo, int32_t hi)
{
    for (size_t x = 0; x < w; x++) {
        int32_t v = u[x] + l[x];
        v = v < lo ? lo : v;
        u[x] = v > hi ? hi : v;
    }
}

static void add_level(const int16_t *restrict l, int32_t *restrict u, uint32_t w, int32_t lo, int32_t hi)
{
    add_level_row(l, u, w, lo, hi);
}

static void up_row(const grid *g, uint32_t w, uint32_t y, int32_t *restrict cols, int32_t *restrict o)
{
    up_row_taps(g, w, y, cols, o);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) static vx_status half_avx2(source *g, grid *out)
{
    return half_rows(g, out);
}

__attribute__((target("avx2"))) static void up_row_avx2(const grid *g, uint32_t w, uint32_t y,
                                                        int32_t *restrict cols, int32_t *restrict o)
{
    up_row_taps(g, w, y, cols, o);
}

__attribute__((target("avx2"))) static void difference_avx2(const int32_t *restrict a, const int32_t *restrict u,
                                                            int16_t *restrict o, uint32_t w)
{
    difference_row(a, u, o, w);
}

__attribute__((target("avx2"))) static void add_level_avx2(const int16_t *restrict l, int32_t *restrict u, uint32_t w,
                                                           int32_t lo, int32_t hi)
{
    add_level_row(l, u, w, lo, hi);
}
#endif

typedef struct steps {
    vx_status (*half)(source *, grid *);
    void (*up_row)(const grid *, uint32_t, uint32_t, int32_t *restrict, int32_t *restrict);
    void (*difference)(const int32_t *restrict, const int32_t *restrict, int16_t *restrict, uint32_t);
    void (*add_level)(const int16_t *restrict, int32_t *restrict, uint32_t, int32_t, int32_t);
} steps;

static steps steps_in_use(void)
{
#if defined(__x86_64__)
    if (pvx_simd() >= PVX_SIMD_AVX2)
        return (steps){half_avx2, up_row_avx2, difference_avx2, add_level_avx2};
#endif
    return (steps){half, up_row, difference, add_level};
}

/* The scratch rows of up_row and one row of output for images up to w wide */
typedef struct rows_of {
    int32_t *cols, *row;
} rows_of;

static vx_status scratch(rows_of *r, uint32_t w)
{
    r->cols = malloc(sizeof(int32_t) * (w / 2 + 1)), r->row = malloc(sizeof(int32_t) * (w + 1));
    return r->cols != NULL && r->row != NULL ? VX_SUCCESS : VX_ERROR_NO_MEMORY;
}

static void free_scratch(rows_of *r)
{
    free(r->cols), free(r->row);
}

/* Level i of a pyramid, held by the caller until released. */
static vx_image level_of(vx_reference pyramid, vx_uint32 i, vx_status *s)
{
    vx_image level = vxGetPyramidLevel((vx_pyramid)pyramid, i);
    *s = vxGetStatus((vx_reference)level);
    return level;
}

static vx_size levels_of(vx_reference pyramid, vx_status *s)
{
    vx_size levels = 0;
    *s = vxQueryPyramid((vx_pyramid)pyramid, VX_PYRAMID_LEVELS, &levels, sizeof levels);
    return levels;
}

/* Each level row by row: G_i's row minus the row of up(G_{i+1}), saturated into the level; G_0 the
 * input's rows through a ring. */
vx_status pvx_std_laplacian_pyramid(vx_node node, const vx_reference *p, vx_uint32 n)
{
    grid g = {NULL, 0, 0}, next = {NULL, 0, 0};
    source src = {NULL};
    rows_of r = {NULL, NULL};
    steps step = steps_in_use();
    vx_status s;
    vx_size levels = levels_of(p[1], &s);
    if (s == VX_SUCCESS && (s = plane_of(p[0], &src.p)) == VX_SUCCESS) {
        src.w = src.p.width, src.h = src.p.height;
        src.ring = malloc(sizeof(int32_t) * RING * src.w);
        s = src.ring == NULL ? VX_ERROR_NO_MEMORY : scratch(&r, src.w);
    }
    for (vx_uint32 i = 0; s == VX_SUCCESS && i < levels; i++) {
        plane lp;
        vx_image level = NULL;
        if ((s = step.half(&src, &next)) == VX_SUCCESS)
            level = level_of(p[1], i, &s);
        if (s == VX_SUCCESS)
            s = plane_of((vx_reference)level, &lp);
        for (uint32_t y = 0; s == VX_SUCCESS && y < src.h; y++) {
            const int32_t *gy = row_at(&src, y);
            step.up_row(&next, src.w, y, r.cols, r.row);
            step.difference(gy, r.row, row_of(&lp, y), src.w);    /* the level is S16 */
        }
        if (level != NULL)
            vxReleaseImage(&level);
        free(g.v);
        g = next, next.v = NULL;
        src.g = &g, src.w = g.w, src.h = g.h;
    }
    if (s == VX_SUCCESS)
        s = src.g != NULL ? store(&g, p[2]) : VX_ERROR_INVALID_PARAMETERS;
    free(g.v), free(next.v), free(src.ring), free_scratch(&r);
    return s;
}

/* I_i row by row: the row of up(I_{i+1}) plus level i's row, saturated to the output's format;
 * I_0 straight into the output. */
vx_status pvx_std_laplacian_reconstruct(vx_node node, const vx_reference *p, vx_uint32 n)
{
    grid image = {NULL, 0, 0}, u = {NULL, 0, 0};
    rows_of r = {NULL, NULL};
    steps step = steps_in_use();
    int32_t *sum = NULL;
    uint32_t width = 0;
    plane out = {0};
    vx_status s;
    vx_size levels = levels_of(p[0], &s);
    if (s == VX_SUCCESS && (s = plane_of(p[2], &out)) == VX_SUCCESS)
        s = load(p[1], &image);
    int u8 = out.format == VX_DF_IMAGE_U8;
    int32_t lo = u8 ? 0 : INT16_MIN, hi = u8 ? UINT8_MAX : INT16_MAX;
    for (vx_size i = levels; s == VX_SUCCESS && i-- > 0;) {
        plane lp;
        vx_image level = level_of(p[0], (vx_uint32)i, &s);
        if (s == VX_SUCCESS && (s = plane_of((vx_reference)level, &lp)) == VX_SUCCESS && lp.width > width) {
            free_scratch(&r), free(sum);                /* wider than the level before */
            s = scratch(&r, width = lp.width);
            if (s == VX_SUCCESS && (sum = malloc(sizeof(int32_t) * (width + 1))) == NULL)
                s = VX_ERROR_NO_MEMORY;
        }
        if (s == VX_SUCCESS && i > 0)
            s = make(&u, lp.width, lp.height);
        for (uint32_t y = 0; s == VX_SUCCESS && y < lp.height; y++) {
            int32_t *uy = i > 0 ? u.v + (size_t)y * lp.width : sum;
            step.up_row(&image, lp.width, y, r.cols, uy);
            step.add_level(row_of(&lp, y), uy, lp.width, lo, hi);    /* the levels are S16 */
            if (i == 0)
                store_row(&out, y, uy, 1);
        }
        vxReleaseImage(&level);
        if (i > 0)
            free(image.v), image = u, u.v = NULL;
    }
    if (s == VX_SUCCESS && levels == 0)
        s = store(&image, p[2]);
    free(image.v), free(u.v), free(sum), free_scratch(&r);
    return s;
}
