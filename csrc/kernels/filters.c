/* The standard filters over neighbourhoods larger than 3x3: each output row is made from the
 * padded source rows of its window (padded_row applies the node's border). */
#include "kernels.h"
#include "rows.h"

#pragma GCC optimize("O3")

#include <stdlib.h>
#include <string.h>

/* A window's reach from its output pixel on each side: a mask's origin need not be its centre
 * (NonLinearFilter). Under UNDEFINED an output loses that many columns and rows on each side; the
 * window rows are padded by the larger reach of each axis (rx, ry) on both sides. */
typedef struct {
    uint32_t left, top, right, bottom;
} reach;

static reach centred(uint32_t rx, uint32_t ry)
{
    return (reach){rx, ry, rx, ry};
}

static uint32_t larger(uint32_t a, uint32_t b)
{
    return a > b ? a : b;
}

/* The 2 ry + 1 padded rows (width + 2 rx each) centred on output row y, of the input and of an
 * optional second image of the same size (`second`, else NULL); `op` makes the output row. Under
 * UNDEFINED the outer columns and rows the reach loses are left as they are. */
typedef void (*window_f)(const void *ctx, int32_t *const *window, int32_t *const *second, int32_t *out, uint32_t w);

static vx_status filter_window(vx_node node, vx_reference in_ref, vx_reference second_ref, vx_reference out_ref,
                               reach r, window_f op, const void *ctx, int saturate)
{
    plane in, out, second;
    vx_status s;
    if ((s = plane_of(in_ref, &in)) || (s = plane_of(out_ref, &out)) ||
        (second_ref != NULL && (s = plane_of(second_ref, &second))))
        return s;
    int two = second_ref != NULL ? 2 : 1;
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    uint32_t rx = larger(r.left, r.right), ry = larger(r.top, r.bottom);
    uint32_t w = in.width, h = in.height, pw = w + 2 * rx, k = 2 * ry + 1;
    int undefined = border->mode == VX_BORDER_UNDEFINED;
    if (undefined && (w <= r.left + r.right || h <= r.top + r.bottom))
        return VX_SUCCESS;                     /* no pixel is defined */
    uint32_t first = undefined ? r.top : 0, end = undefined ? h - r.bottom : h;
    uint32_t left = undefined ? r.left : 0, right = undefined ? r.right : 0;
    int32_t *rows = buffers(pw, two * k + 1);
    int32_t **window = malloc(sizeof *window * two * k);
    if (rows == NULL || window == NULL) {
        free(rows), free(window);
        return VX_ERROR_NO_MEMORY;
    }
    int32_t *result = rows + (size_t)two * k * pw;
    for (uint32_t y = first; y < end; y++) {
        for (uint32_t i = 0; i < k; i++) {     /* row y - ry + i lives in slot (y + i) % k */
            int fresh = i == k - 1 || y == first;
            for (int t = 0; t < two; t++) {
                window[t * k + i] = rows + (size_t)(t * k + (y + i) % k) * pw;
                if (fresh)
                    padded_row(t ? &second : &in, (int64_t)y - ry + i, rx, border, window[t * k + i]);
            }
        }
        if (undefined) {
            load_row(&out, y, result);
            int32_t *kept = malloc(sizeof *kept * (left + right));
            if (kept == NULL && left + right > 0) {
                free(rows), free(window);
                return VX_ERROR_NO_MEMORY;
            }
            memcpy(kept, result, sizeof *kept * left), memcpy(kept + left, result + w - right, sizeof *kept * right);
            op(ctx, window, two > 1 ? window + k : NULL, result, w);
            memcpy(result, kept, sizeof *kept * left), memcpy(result + w - right, kept + left, sizeof *kept * right);
            free(kept);
        } else
            op(ctx, window, two > 1 ? window + k : NULL, result, w);
        store_row(&out, y, result, saturate);
    }
    free(rows), free(window);
    return VX_SUCCESS;
}

typedef struct convolution_ctx {
    const int16_t *c;                          /* coefficients, row-major */
    uint32_t columns, rows, scale;
} convolution_ctx;

/* sum over the window of input * coefficient, the coefficients rotated by 180 degrees (a
 * convolution, not a correlation), divided by the scale (truncated), saturated by store_row. */
static void convolve_row(const void *ctx, int32_t *const *window, int32_t *const *unused, int32_t *out, uint32_t w)
{
    const convolution_ctx *cv = ctx;
    uint32_t n = cv->columns * cv->rows;
    for (uint32_t x = 0; x < w; x++) {
        int64_t sum = 0;
        for (uint32_t i = 0; i < cv->rows; i++)
            for (uint32_t j = 0; j < cv->columns; j++)
                sum += (int64_t)window[i][x + j] * cv->c[n - 1 - (i * cv->columns + j)];
        sum /= (int64_t)cv->scale;
        out[x] = sum > INT32_MAX ? INT32_MAX : sum < INT32_MIN ? INT32_MIN : (int32_t)sum;
    }
}

/* The same window over U8 input and output rows (U8 or S16) for the row loops of rows.h: the
 * window's source rows padded by rx bytes each side per the border (UNDEFINED: replicated, never
 * stored) in a ring of 2 ry + 1 slots; `op` makes output pixels [x0, x0 + n) of a row from
 * window[i] (source row y - ry + i), output x read at window[i][x + j] for column j. */
typedef void (*window_u8_f)(const void *ctx, const pvx_rows *loops, uint8_t *const *window, void *out, uint32_t x0,
                            uint32_t n);

static vx_status filter_window_u8(vx_node node, const plane *in, const plane *out, reach r, window_u8_f op,
                                  const void *ctx, const pvx_rows *loops)
{
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    uint32_t rx = larger(r.left, r.right), ry = larger(r.top, r.bottom);
    uint32_t w = in->width, h = in->height, pw = w + 2 * rx, k = 2 * ry + 1;
    int undefined = border->mode == VX_BORDER_UNDEFINED, constant = border->mode == VX_BORDER_CONSTANT;
    if (undefined && (w <= r.left + r.right || h <= r.top + r.bottom))
        return VX_SUCCESS;                     /* no pixel is defined */
    uint8_t *ring = malloc((size_t)pw * k), **window = malloc(sizeof *window * k);
    if (ring == NULL || window == NULL) {
        free(ring), free(window);
        return VX_ERROR_NO_MEMORY;
    }
    uint8_t fill = border->constant_value.U8;
    uint32_t x0 = undefined ? r.left : 0, x1 = undefined ? w - r.right : w, first = undefined ? r.top : 0;
    for (uint32_t y = first; y < (undefined ? h - r.bottom : h); y++) {
        for (uint32_t i = 0; i < k; i++) {     /* source row y - ry + i lives in slot (y + i) % k */
            uint8_t *dst = window[i] = ring + (size_t)((y + i) % k) * pw;
            int64_t yy = (int64_t)y - ry + i;
            if (i != k - 1 && y != first)
                continue;                      /* still there from the row before */
            if (constant && (yy < 0 || yy >= h)) {
                memset(dst, fill, pw);
                continue;
            }
            const uint8_t *src = row_of(in, (uint32_t)(yy < 0 ? 0 : yy >= h ? h - 1 : yy));
            memcpy(dst + rx, src, w);
            memset(dst, constant ? fill : src[0], rx);
            memset(dst + rx + w, constant ? fill : src[w - 1], rx);
        }
        op(ctx, loops, window, (uint8_t *)row_of(out, y) + (size_t)x0 * out->pixel_bytes, x0, x1 - x0);
    }
    free(ring), free(window);
    return VX_SUCCESS;
}

/* U8 input: the non-zero coefficients as taps (rows.h dot), rotated by 180 degrees. */
typedef struct {
    uint32_t taps, shift, columns, s16;
    int16_t c[256];
    uint16_t at[256];                          /* row * columns + column of each tap in the window */
} dot_ctx;

static void convolve_dot_row(const void *ctx, const pvx_rows *loops, uint8_t *const *window, void *out, uint32_t x0,
                             uint32_t n)
{
    const dot_ctx *d = ctx;
    const uint8_t *r[256];
    for (uint32_t t = 0; t < d->taps; t++)
        r[t] = window[d->at[t] / d->columns] + d->at[t] % d->columns + x0;
    loops->dot(r, d->c, d->taps, out, n, d->shift, (int)d->s16);
}
/* The taps of a convolution (at most 256 coefficients; the scale a power of two). */
static void dot_of(const convolution_ctx *cv, int s16, dot_ctx *d)
{
    uint32_t n_c = cv->columns * cv->rows;
    *d = (dot_ctx){0, (uint32_t)__builtin_ctz(cv->scale), cv->columns, (uint32_t)s16, {0}, {0}};
    for (uint32_t t = 0; t < n_c; t++)
        if (cv->c[n_c - 1 - t] != 0)
            d->c[d->taps] = cv->c[n_c - 1 - t], d->at[d->taps++] = (uint16_t)t;
    if (d->taps == 0)                          /* all zero: one zero tap */
        d->at[d->taps++] = (uint16_t)(n_c / 2);
}

static const int16_t *coefficients(vx_reference ref, convolution_ctx *cv)
{
    const pvx_convolution *conv = ((pvx_ref *)ref)->desc;
    *cv = (convolution_ctx){(const int16_t *)pvx_memory_storage((pvx_memory *)&conv->mem), (uint32_t)conv->columns,
                            (uint32_t)conv->rows, conv->scale};
    return cv->c;
}

vx_status pvx_std_convolve(vx_node node, const vx_reference *p, vx_uint32 n)
{
    convolution_ctx cv;
    if (coefficients(p[1], &cv) == NULL)
        return VX_ERROR_NO_MEMORY;
    const pvx_rows *loops = pvx_rows_in_use();
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[2], &out)))
        return s;
    if (loops->dot != NULL && in.format == VX_DF_IMAGE_U8 && cv.columns * cv.rows <= 256) {
        dot_ctx d;
        dot_of(&cv, out.format == VX_DF_IMAGE_S16, &d);
        return filter_window_u8(node, &in, &out, centred(cv.columns / 2, cv.rows / 2), convolve_dot_row, &d, loops);
    }
    return filter_window(node, p[0], NULL, p[2], centred(cv.columns / 2, cv.rows / 2), convolve_row, &cv, 1);
}

/* Fused rows of window filters (row map 1, 2, 2: the middle 2 ry + 1 of the five rows `in` the
 * stage gets), padded by rx columns each side as filter_window_u8 (bytes) or filter_window (int32)
 * pads them, the rows in `scratch`. */
static void fused_window_u8(const pvx_fused_stage *s, const uint8_t *const *in, uint32_t rx, uint32_t ry,
                            uint8_t *scratch, uint8_t **window)
{
    uint32_t w = s->width, pw = w + 2 * rx;
    int constant = s->border.mode == VX_BORDER_CONSTANT;
    uint8_t fill = s->border.constant_value.U8;
    for (uint32_t i = 0; i < 2 * ry + 1; i++) {
        const uint8_t *row = in[2 - ry + i];
        window[i] = scratch + (size_t)i * pw;
        memcpy(window[i] + rx, row, w);
        memset(window[i], constant ? fill : row[0], rx);
        memset(window[i] + rx + w, constant ? fill : row[w - 1], rx);
    }
}

static void fused_window(const pvx_fused_stage *s, const uint8_t *const *in, uint32_t rx, uint32_t ry,
                         int32_t *scratch, int32_t **window)
{
    uint32_t w = s->width, pw = w + 2 * rx;
    int constant = s->border.mode == VX_BORDER_CONSTANT;
    uint8_t fill = s->border.constant_value.U8;
    for (uint32_t i = 0; i < 2 * ry + 1; i++) {
        window[i] = scratch + (size_t)i * pw;
        plane row = {(uint8_t *)in[2 - ry + i], 0, VX_DF_IMAGE_U8, w, 1, 1};
        load_row(&row, 0, window[i] + rx);
        for (uint32_t x = 0; x < rx; x++)
            window[i][x] = constant ? fill : window[i][rx], window[i][rx + w + x] = constant ? fill : window[i][rx + w - 1];
    }
}

/* The rows a window filter computes, per its border: under UNDEFINED the outer columns and rows
 * its reach loses are not written (none when the image is not larger than the window); `edge`, the
 * columns a ring row keeps zeroed on both sides, is the larger reach (the row writes over the rest). */
static void fused_window_rows(pvx_fused_stage *s, reach r)
{
    s->border = s->node->border;
    s->first = 0, s->last = s->height, s->edge = 0;
    if (s->border.mode == VX_BORDER_UNDEFINED) {
        int none = s->width <= r.left + r.right || s->height <= r.top + r.bottom;
        s->first = r.top, s->last = none ? r.top : s->height - r.bottom, s->edge = larger(r.left, r.right);
    }
}

/* The columns [*x0, *x1) a fused window row writes. */
static void fused_columns(const pvx_fused_stage *s, reach r, uint32_t *x0, uint32_t *x1)
{
    int undefined = s->border.mode == VX_BORDER_UNDEFINED;
    *x0 = undefined ? r.left : 0, *x1 = s->width - (undefined ? r.right : 0);
}

/* Fused convolutions (graph/fusion.py: of at most 5x5): the node's row functions. */
vx_status pvx_fuse_convolve_prepare(pvx_fused_stage *s)
{
    convolution_ctx cv;
    if (coefficients(s->params[1], &cv) == NULL)
        return VX_ERROR_NO_MEMORY;
    uint32_t rx = cv.columns / 2, ry = cv.rows / 2;
    if (rx > 2 || ry > 2)
        return VX_ERROR_NOT_SUPPORTED;
    fused_window_rows(s, centred(rx, ry));
    s->out_format[0] = ((pvx_image *)((pvx_ref *)s->params[2])->desc)->format;
    return VX_SUCCESS;
}

void pvx_fuse_convolve_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    convolution_ctx cv;
    coefficients(s->params[1], &cv);
    uint32_t w = s->width, rx = cv.columns / 2, ry = cv.rows / 2, k = 2 * ry + 1, pw = w + 2 * rx;
    uint32_t x0, x1, bytes = s->out_format[0] == VX_DF_IMAGE_U8 ? 1 : 2;
    fused_columns(s, centred(rx, ry), &x0, &x1);
    const pvx_rows *loops = pvx_rows_in_use();
    if (loops->dot != NULL) {
        uint8_t *window[5];
        fused_window_u8(s, in, rx, ry, (uint8_t *)scratch, window);
        dot_ctx d;
        dot_of(&cv, bytes == 2, &d);
        convolve_dot_row(&d, loops, window, out[0] + (size_t)x0 * bytes, x0, x1 - x0);
        return;
    }
    int32_t *window[5], *result = scratch + (size_t)k * pw;
    fused_window(s, in, rx, ry, scratch, window);
    convolve_row(&cv, window, NULL, result, w);
    plane o = {out[0] + (size_t)x0 * bytes, 0, s->out_format[0], x1 - x0, 1, bytes};
    store_row(&o, 0, result + x0, 1);
}

typedef struct nms_ctx {
    uint32_t size;                             /* of the window, odd */
    int32_t suppressed;                        /* 0, or INT16_MIN for S16 */
} nms_ctx;

/* A pixel is kept if not below the window's pixels before it in raster order and above those after
 * it; pixels whose mask is non-zero are neither suppressed nor compared with. */
/* name(c, window, out, w): `body` compiled for the baseline and (x86-64) for AVX2, the copy of the
 * level in use run; 0 (nothing done) under PVX_SIMD=plain, where the per-pixel loops run. */
#if defined(__x86_64__)
#define ROWS_AVX2(name, ctx_t, body)                                                                 \
    __attribute__((target("avx2"))) static void name##_avx2(const ctx_t *c, int32_t *const *window, \
                                                            int32_t *out, uint32_t w)              \
    {                                                                                              \
        body(c, window, out, w);                                                                   \
    }
#define RUN_AVX2(name) (pvx_simd() >= PVX_SIMD_AVX2 ? (name##_avx2(c, window, out, w), 1) : 0)
#else
#define ROWS_AVX2(name, ctx_t, body)
#define RUN_AVX2(name) 0
#endif
#define ROWS_PER_LEVEL(name, ctx_t, body)                                                          \
    static void name##_base(const ctx_t *c, int32_t *const *window, int32_t *out, uint32_t w)      \
    {                                                                                              \
        body(c, window, out, w);                                                                   \
    }                                                                                              \
    ROWS_AVX2(name, ctx_t, body)                                                                   \
    static int name(const ctx_t *c, int32_t *const *window, int32_t *out, uint32_t w)              \
    {                                                                                              \
        if (pvx_simd() == PVX_SIMD_PLAIN)                                                          \
            return 0;                                                                              \
        if (!RUN_AVX2(name))                                                                       \
            name##_base(c, window, out, w);                                                        \
        return 1;                                                                                  \
    }

/* Without a mask, row by row over blocks of columns (loops the compiler vectorizes): the largest
 * pixel before each one and the largest after it, then the comparison. The result of nms_row. */
#define NMS_BLOCK 256
static inline __attribute__((always_inline)) void nms_rows_body(const nms_ctx *c, int32_t *const *window,
                                                                int32_t *out, uint32_t w)
{
    uint32_t r = c->size / 2;
    int32_t before[NMS_BLOCK], after[NMS_BLOCK];
    for (uint32_t x0 = 0; x0 < w; x0 += NMS_BLOCK) {
        uint32_t n = w - x0 < NMS_BLOCK ? w - x0 : NMS_BLOCK;
        for (uint32_t x = 0; x < n; x++) before[x] = after[x] = INT32_MIN;
        for (uint32_t i = 0; i < c->size; i++)
            for (uint32_t j = 0; j < c->size; j++) {
                if (i == r && j == r)
                    continue;
                int32_t *m = i < r || (i == r && j < r) ? before : after;
                const int32_t *row = window[i] + x0 + j;
                for (uint32_t x = 0; x < n; x++) m[x] = row[x] > m[x] ? row[x] : m[x];
            }
        const int32_t *centre = window[r] + x0 + r;
        for (uint32_t x = 0; x < n; x++)
            out[x0 + x] = centre[x] >= before[x] && centre[x] > after[x] ? centre[x] : c->suppressed;
    }
}

ROWS_PER_LEVEL(nms_rows, nms_ctx, nms_rows_body)

static void nms_row(const void *ctx, int32_t *const *window, int32_t *const *mask, int32_t *out, uint32_t w)
{
    const nms_ctx *c = ctx;
    uint32_t r = c->size / 2;
    if (mask == NULL && nms_rows(c, window, out, w))
        return;
    for (uint32_t x = 0; x < w; x++) {
        int32_t v = window[r][x + r];
        int kept = 1;
        if (mask == NULL || mask[r][x + r] == 0)
            for (uint32_t i = 0; i < c->size && kept; i++)
                for (uint32_t j = 0; j < c->size && kept; j++) {
                    int before = i < r || (i == r && j < r);
                    if ((i == r && j == r) || (mask != NULL && mask[i][x + j] != 0))
                        continue;
                    kept = before ? v >= window[i][x + j] : v > window[i][x + j];
                }
        out[x] = kept ? v : c->suppressed;
    }
}

vx_status pvx_std_non_max_suppression(vx_node node, const vx_reference *p, vx_uint32 n)
{
    nms_ctx c = {(uint32_t)*(const vx_int32 *)scalar_value(p[2]),
                 ((pvx_image *)((pvx_ref *)p[0])->desc)->format == VX_DF_IMAGE_U8 ? 0 : INT16_MIN};
    return filter_window(node, p[0], p[1], p[3], centred(c.size / 2, c.size / 2), nms_row, &c, 0);
}

/* The eight neighbours g0..g7 of each LBP form, clockwise from the top left, as (dx, dy). */
static const int8_t lbp_3x3[8][2] = {{-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
static const int8_t lbp_5x5[8][2] = {{-1, -1}, {0, -2}, {1, -1}, {2, 0}, {1, 1}, {0, 2}, {-1, 1}, {-2, 0}};
static const int8_t mlbp_5x5[8][2] = {{-2, -2}, {0, -2}, {2, -2}, {2, 0}, {2, 2}, {0, 2}, {-2, 2}, {-2, 0}};

typedef struct lbp_ctx {
    vx_enum format;
    uint32_t r;                                /* kernel_size / 2 */
} lbp_ctx;

/* lbp_row's codes over blocks of columns, one neighbour at a time (loops the compiler vectorizes);
 * ULBP's "at most two transitions": t = code ^ code rotated has at most two bits set. */
static inline __attribute__((always_inline)) void lbp_rows_body(const lbp_ctx *c, int32_t *const *window,
                                                                int32_t *out, uint32_t w)
{
    const int8_t (*at)[2] = c->format == VX_MLBP ? mlbp_5x5 : c->r == 1 ? lbp_3x3 : lbp_5x5;
    int32_t pivot[NMS_BLOCK], code[NMS_BLOCK];
    for (uint32_t x0 = 0; x0 < w; x0 += NMS_BLOCK) {
        uint32_t n = w - x0 < NMS_BLOCK ? w - x0 : NMS_BLOCK;
        const int32_t *centre = window[c->r] + x0 + c->r;
        for (uint32_t x = 0; x < n; x++) pivot[x] = c->format == VX_MLBP ? 1 : centre[x], code[x] = 0;
        for (int p = 0; p < 8 && c->format == VX_MLBP; p++) {
            const int32_t *g = window[c->r + at[p][1]] + x0 + c->r + at[p][0];
            for (uint32_t x = 0; x < n; x++) pivot[x] += g[x];
        }
        for (uint32_t x = 0; x < n && c->format == VX_MLBP; x++) pivot[x] /= 8;
        for (int p = 0; p < 8; p++) {
            const int32_t *g = window[c->r + at[p][1]] + x0 + c->r + at[p][0];
            if (c->format == VX_MLBP)
                for (uint32_t x = 0; x < n; x++) code[x] |= (g[x] > pivot[x]) << p;
            else
                for (uint32_t x = 0; x < n; x++) code[x] |= (g[x] >= pivot[x]) << p;
        }
        for (uint32_t x = 0; x < n; x++) {
            int32_t t = (code[x] ^ (code[x] >> 1) ^ ((code[x] & 1) << 7)), u = t & (t - 1);
            out[x0 + x] = c->format != VX_ULBP || (u & (u - 1)) == 0 ? code[x] : 9;
        }
    }
}

ROWS_PER_LEVEL(lbp_rows, lbp_ctx, lbp_rows_body)

/* LBP: bit p set when g_p >= the centre; ULBP: that code if it has at most two 0/1 transitions
 * around the circle, else 9; MLBP: bit p set when g_p > the rounded mean of the eight. */
static void lbp_row(const void *ctx, int32_t *const *window, int32_t *const *unused, int32_t *out, uint32_t w)
{
    const lbp_ctx *c = ctx;
    if (lbp_rows(c, window, out, w))
        return;
    const int8_t (*at)[2] = c->format == VX_MLBP ? mlbp_5x5 : c->r == 1 ? lbp_3x3 : lbp_5x5;
    for (uint32_t x = 0; x < w; x++) {
        int32_t g[8], sum = 0, code = 0, centre = window[c->r][x + c->r];
        for (int p = 0; p < 8; p++) {
            g[p] = window[c->r + at[p][1]][x + c->r + at[p][0]];
            sum += g[p];
        }
        int32_t pivot = c->format == VX_MLBP ? (sum + 1) / 8 : centre;
        for (int p = 0; p < 8; p++)
            code |= (c->format == VX_MLBP ? g[p] > pivot : g[p] >= pivot) << p;
        if (c->format == VX_ULBP) {
            int transitions = 0;
            for (int p = 0; p < 8; p++) transitions += ((code >> p) ^ (code >> ((p + 1) % 8))) & 1;
            code = transitions <= 2 ? code : 9;
        }
        out[x] = code;
    }
}

vx_status pvx_std_lbp(vx_node node, const vx_reference *p, vx_uint32 n)
{
    lbp_ctx c = {scalar_enum(p[1]), (uint32_t)*(const vx_int8 *)scalar_value(p[2]) / 2};
    return filter_window(node, p[0], NULL, p[3], centred(c.r, c.r), lbp_row, &c, 0);
}

typedef struct non_linear_ctx {
    vx_enum function;
    uint32_t count;                            /* mask elements set */
    int32_t *dy, *dx;                          /* their offsets in the padded window */
    uint32_t leaving, entering;                /* how many of the next two lists */
    int32_t *leave_dy, *leave_dx;              /* elements gone when the window moves right */
    int32_t *enter_dy, *enter_dx;              /* elements new then (offsets from x + 1) */
} non_linear_ctx;

/* The median (the element at count / 2 once sorted: the upper one of an even count) of U8
 * values, from a histogram slid along the row: `below` counts the values under `median`, which
 * moves until `below` <= count / 2 < `below` + hist[median]. */
static void median_row(const non_linear_ctx *c, int32_t *const *window, int32_t *out, uint32_t w)
{
    uint32_t hist[256] = {0}, k = c->count / 2, below = 0;
    int32_t median = 0;
    for (uint32_t e = 0; e < c->count; e++) hist[window[c->dy[e]][c->dx[e]]]++;
    for (uint32_t x = 0;; x++) {
        while (below > k) below -= hist[--median];
        while (below + hist[median] <= k) below += hist[median++];
        out[x] = median;
        if (x + 1 == w)
            return;
        for (uint32_t e = 0; e < c->leaving; e++) {
            int32_t v = window[c->leave_dy[e]][x + c->leave_dx[e]];
            hist[v]--, below -= v < median;
        }
        for (uint32_t e = 0; e < c->entering; e++) {
            int32_t v = window[c->enter_dy[e]][x + 1 + c->enter_dx[e]];
            hist[v]++, below += v < median;
        }
    }
}

/* Median, minimum or maximum of the pixels under the mask's set elements. */
static void non_linear_row(const void *ctx, int32_t *const *window, int32_t *const *unused, int32_t *out, uint32_t w)
{
    const non_linear_ctx *c = ctx;
    if (c->function == VX_NONLINEAR_FILTER_MEDIAN) {
        median_row(c, window, out, w);
        return;
    }
    for (uint32_t x = 0; x < w; x++) {
        int32_t best = window[c->dy[0]][x + c->dx[0]];
        for (uint32_t k = 1; k < c->count; k++) {
            int32_t e = window[c->dy[k]][x + c->dx[k]];
            best = c->function == VX_NONLINEAR_FILTER_MIN ? (e < best ? e : best) : (e > best ? e : best);
        }
        out[x] = best;
    }
}

/* U8 rows (rows.h extreme, select): the mask's elements as window offsets; for the median a
 * comparator network: Batcher's odd-even merge sort of the next power of two, less the comparators
 * with an index past the count (those elements would be larger than all: such comparators never
 * swap), less those the element at `k` does not depend on (walking back from the end). */
enum { MAX_PAIRS = 1600 };                     /* Batcher's network of 128 has 1471 */

/* Minimum and maximum in two passes: the window rows with the same set columns (a group: all rows
 * of a box, the arms of a cross) reduced first into one row of `tmp`, then the groups' columns
 * (a 5x5 box: 4 + 4 operations a pixel instead of 24); groups 0: one pass over the elements. */
typedef struct {
    uint32_t n;
    uint8_t dy[PVX_SELECT_MAX];                /* the group's window rows */
} row_group;

typedef struct {
    const non_linear_ctx *c;
    uint32_t k, npairs, pw, reach;             /* reach: 2 rx, the padding of a row */
    pvx_row3_f *row3;                          /* the whole 3x3 window (fused rows): the 3x3 filters' rows */
    uint32_t groups, terms;
    int box5;                                  /* a median over a whole 5x5 box (rows.h median5x5) */
    uint32_t box_dx;                           /* its first column in the window */
    row_group group[PVX_SELECT_MAX];
    uint8_t term_group[PVX_SELECT_MAX], term_dx[PVX_SELECT_MAX];
    uint8_t pairs[MAX_PAIRS][2];
} select_ctx;

/* What a run of non_linear_u8_row reads: the context, and rows of its own (a row of pw bytes per
 * group: per band when fused). */
typedef struct {
    const select_ctx *s;
    uint8_t *tmp;
} select_run;

static void group_rows(select_ctx *s)
{
    uint32_t set[PVX_SELECT_MAX] = {0};        /* per window row: its set columns as bits (<= 9) */
    for (uint32_t e = 0; e < s->c->count; e++)
        set[s->c->dy[e]] |= 1u << s->c->dx[e];
    s->groups = s->terms = 0;
    for (uint32_t y = 0; y < PVX_SELECT_MAX; y++) {
        if (set[y] == 0)
            continue;
        uint32_t g = 0;
        while (g < s->groups && set[s->group[g].dy[0]] != set[y]) g++;
        if (g == s->groups) {
            s->group[s->groups++].n = 0;
            for (uint32_t x = 0; x < 32; x++)
                if (set[y] >> x & 1)
                    s->term_group[s->terms] = (uint8_t)g, s->term_dx[s->terms++] = (uint8_t)x;
        }
        s->group[g].dy[s->group[g].n++] = (uint8_t)y;
    }
    uint32_t ops = s->terms - 1;               /* operations a pixel in two passes */
    for (uint32_t g = 0; g < s->groups; g++)
        ops += s->group[g].n - 1;
    if (ops >= s->c->count - 1)
        s->groups = 0;                         /* no fewer than in one pass (a cross): one pass */
}

static void median_network(select_ctx *s, uint32_t count)
{
    uint32_t n = 1, total = 0;
    while (n < count) n <<= 1;
    for (uint32_t p = 1; p < n; p <<= 1)
        for (uint32_t k = p; k >= 1; k >>= 1)
            for (uint32_t j = k % p; j + k < n; j += 2 * k)
                for (uint32_t i = 0; i < k && i + j + k < count; i++)
                    if ((i + j) / (2 * p) == (i + j + k) / (2 * p))
                        s->pairs[total][0] = (uint8_t)(i + j), s->pairs[total++][1] = (uint8_t)(i + j + k);
    uint8_t needed[PVX_SELECT_MAX] = {0};
    needed[s->k] = 1;
    s->npairs = 0;
    for (uint32_t q = total; q-- > 0;) {       /* kept ones gathered at the end, in order */
        uint8_t a = s->pairs[q][0], b = s->pairs[q][1];
        if (needed[a] || needed[b]) {
            needed[a] = needed[b] = 1;
            s->npairs++;
            memcpy(s->pairs[MAX_PAIRS - s->npairs], s->pairs[q], 2);
        }
    }
    memmove(s->pairs, s->pairs[MAX_PAIRS - s->npairs], 2 * (size_t)s->npairs);
}

static void non_linear_u8_row(const void *ctx, const pvx_rows *loops, uint8_t *const *window, void *out, uint32_t x0,
                              uint32_t n)
{
    const select_ctx *s = ((const select_run *)ctx)->s;
    const uint8_t *r[PVX_SELECT_MAX];
    vx_enum function = s->c->function;
    if (s->row3 != NULL)
        s->row3(window[0] + x0, window[1] + x0, window[2] + x0, out, n);
    else if (function == VX_NONLINEAR_FILTER_MEDIAN || s->groups == 0) {
        for (uint32_t e = 0; e < s->c->count; e++)
            r[e] = window[s->c->dy[e]] + s->c->dx[e] + x0;
        if (function != VX_NONLINEAR_FILTER_MEDIAN)
            loops->extreme(r, s->c->count, function == VX_NONLINEAR_FILTER_MAX, out, n);
        else if (s->box5) {
            for (uint32_t i = 0; i < 5; i++)
                r[i] = window[s->c->dy[0] + i] + s->box_dx + x0;
            loops->median5x5(r, out, n);
        } else if (s->c->count == 25)
            loops->median25(r, out, n);
        else
            loops->select(r, s->c->count, (const uint8_t(*)[2])s->pairs, s->npairs, s->k, out, n);
    } else {
        int max = function == VX_NONLINEAR_FILTER_MAX;
        const uint8_t *base[PVX_SELECT_MAX];
        for (uint32_t g = 0; g < s->groups; g++) {
            const row_group *gr = &s->group[g];
            if (gr->n == 1) {
                base[g] = window[gr->dy[0]];
                continue;
            }
            for (uint32_t i = 0; i < gr->n; i++)
                r[i] = window[gr->dy[i]] + x0;
            uint8_t *t = ((const select_run *)ctx)->tmp + (size_t)g * s->pw;
            loops->extreme(r, gr->n, max, t + x0, n + s->reach);   /* the columns the terms read */
            base[g] = t;
        }
        for (uint32_t t = 0; t < s->terms; t++)
            r[t] = base[s->term_group[t]] + s->term_dx[t] + x0;
        loops->extreme(r, s->terms, max, out, n);
    }
}

/* A mask's elements for the rows of a run (the node's, or a fused stage's: prepare makes it, finish
 * frees it), one block: the offsets of the generic loop and, where the U8 row loops serve (`u8`),
 * their context. */
typedef struct {
    non_linear_ctx c;
    reach r;                                   /* the mask's reach from its origin */
    uint32_t rx, ry;                           /* the larger of each axis */
    int u8;
    select_ctx sel;
    int32_t lists[];                           /* c's six lists, of the mask's size each */
} non_linear_plan;

/* The window is padded by the mask's larger reach on each side of its origin (rx, ry); an
 * element leaves as the window moves right when its left neighbour in the mask is not set, one
 * enters where its right neighbour is not. */
static vx_status non_linear_plan_of(vx_reference function, vx_reference matrix, vx_df_image format, uint32_t width,
                                    non_linear_plan **out)
{
    const pvx_matrix *m = ((pvx_ref *)matrix)->desc;
    const uint8_t *mask = pvx_memory_storage((pvx_memory *)&m->mem);
    if (mask == NULL)
        return VX_ERROR_NO_MEMORY;
    uint32_t cols = (uint32_t)m->columns, rows = (uint32_t)m->rows, ox = m->origin.x, oy = m->origin.y, size = cols * rows;
    non_linear_plan *p = malloc(sizeof *p + sizeof(int32_t) * 6 * size);
    if (p == NULL)
        return VX_ERROR_NO_MEMORY;
    non_linear_ctx *c = &p->c;
    p->r = (reach){ox, oy, cols - 1 - ox, rows - 1 - oy};
    p->rx = larger(ox, cols - 1 - ox), p->ry = larger(oy, rows - 1 - oy);
    *c = (non_linear_ctx){scalar_enum(function), 0, NULL, NULL, 0, 0, NULL, NULL, NULL, NULL};
    c->dy = p->lists, c->dx = c->dy + size, c->leave_dy = c->dx + size, c->leave_dx = c->leave_dy + size;
    c->enter_dy = c->leave_dx + size, c->enter_dx = c->enter_dy + size;
    for (uint32_t i = 0; i < rows; i++)
        for (uint32_t j = 0; j < cols; j++) {
            if (!mask[i * cols + j])
                continue;
            int32_t dy = (int32_t)(p->ry - oy + i), dx = (int32_t)(p->rx - ox + j);
            c->dy[c->count] = dy, c->dx[c->count++] = dx;
            if (j == 0 || !mask[i * cols + j - 1])
                c->leave_dy[c->leaving] = dy, c->leave_dx[c->leaving++] = dx;
            if (j + 1 == cols || !mask[i * cols + j + 1])
                c->enter_dy[c->entering] = dy, c->enter_dx[c->entering++] = dx;
        }
    if (c->count == 0) {
        free(p);
        return VX_ERROR_INVALID_VALUE;
    }
    const pvx_rows *loops = pvx_rows_in_use();
    p->u8 = loops->select != NULL && format == VX_DF_IMAGE_U8 && c->count <= PVX_SELECT_MAX;
    if (p->u8) {
        select_ctx *sel = &p->sel;
        uint32_t whole3 = c->count == 9 && p->rx == 1 && p->ry == 1;      /* every element of the 3x3 window */
        sel->c = c, sel->k = c->count / 2, sel->pw = width + 2 * p->rx, sel->reach = 2 * p->rx;
        sel->row3 = !whole3 ? NULL : c->function == VX_NONLINEAR_FILTER_MEDIAN ? loops->median
                  : c->function == VX_NONLINEAR_FILTER_MIN ? loops->erode : loops->dilate;
        if (c->function == VX_NONLINEAR_FILTER_MEDIAN)
            median_network(sel, c->count);
        int32_t lo = c->dx[0], hi = c->dx[0];  /* 25 elements within 5 x 5: the whole box */
        for (uint32_t e = 0; e < c->count; e++)
            lo = c->dx[e] < lo ? c->dx[e] : lo, hi = c->dx[e] > hi ? c->dx[e] : hi;
        sel->box5 = c->count == 25 && hi - lo == 4 && c->dy[c->count - 1] - c->dy[0] == 4;   /* row-major */
        sel->box_dx = (uint32_t)lo;
        group_rows(sel);
    }
    *out = p;
    return VX_SUCCESS;
}

vx_status pvx_std_non_linear_filter(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    non_linear_plan *pl;
    vx_status s;
    if ((s = plane_of(p[1], &in)) || (s = plane_of(p[3], &out)) ||
        (s = non_linear_plan_of(p[0], p[2], in.format, in.width, &pl)))
        return s;
    if (pl->u8 && pl->sel.row3 != NULL) {
        /* the whole 3x3 window: Median3x3, Erode3x3, Dilate3x3 (their rows read the image in place) */
        const vx_reference io[2] = {p[1], p[3]};
        vx_enum function = pl->c.function;
        free(pl);
        return function == VX_NONLINEAR_FILTER_MEDIAN ? pvx_std_median_3x3(node, io, 2)
             : function == VX_NONLINEAR_FILTER_MIN    ? pvx_std_erode_3x3(node, io, 2)
                                                      : pvx_std_dilate_3x3(node, io, 2);
    }
    if (pl->u8) {
        select_run run = {&pl->sel, malloc((size_t)(in.width + 2 * pl->rx) * (2 * pl->ry + 1))};
        s = run.tmp == NULL ? VX_ERROR_NO_MEMORY
                            : filter_window_u8(node, &in, &out, pl->r, non_linear_u8_row, &run, pvx_rows_in_use());
        free(run.tmp);
    } else
        s = filter_window(node, p[1], NULL, p[3], pl->r, non_linear_row, &pl->c, 0);
    free(pl);
    return s;
}

/* Fused (graph/fusion.py: masks reaching at most 2 rows from their origin): the node's rows on
 * windows padded as the node pads them; its plan made once per run, the groups' rows in the band's
 * scratch after the window. */
static void non_linear_finish(pvx_fused_stage *s)
{
    free(s->ctx);
}

vx_status pvx_fuse_non_linear_prepare(pvx_fused_stage *s)
{
    non_linear_plan *pl;
    vx_status st = non_linear_plan_of(s->params[0], s->params[2], VX_DF_IMAGE_U8, s->width, &pl);
    if (st != VX_SUCCESS)
        return st;
    if (pl->ry > 2) {
        free(pl);
        return VX_ERROR_NOT_SUPPORTED;
    }
    s->ctx = pl, s->finish = non_linear_finish;
    size_t pw = s->width + 2 * pl->rx, k = 2 * pl->ry + 1;
    s->scratch_bytes = pl->u8 ? 2 * k * pw : sizeof(int32_t) * (k * pw + s->width);
    fused_window_rows(s, pl->r);
    return VX_SUCCESS;
}

void pvx_fuse_non_linear_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    const non_linear_plan *pl = s->ctx;
    uint32_t w = s->width, k = 2 * pl->ry + 1, pw = w + 2 * pl->rx, x0, x1;
    fused_columns(s, pl->r, &x0, &x1);
    if (pl->u8) {
        uint8_t *window[5];
        fused_window_u8(s, in, pl->rx, pl->ry, (uint8_t *)scratch, window);
        select_run run = {&pl->sel, (uint8_t *)scratch + (size_t)k * pw};
        non_linear_u8_row(&run, pvx_rows_in_use(), window, out[0] + x0, x0, x1 - x0);
        return;
    }
    int32_t *window[5], *result = scratch + (size_t)k * pw;
    fused_window(s, in, pl->rx, pl->ry, scratch, window);
    non_linear_row(&pl->c, window, NULL, result, w);
    plane o = {out[0] + x0, 0, VX_DF_IMAGE_U8, x1 - x0, 1, 1};
    store_row(&o, 0, result + x0, 0);
}
