/* The standard kernels that move pixels between color spaces and positions: ColorConvert,
 * ScaleImage, HalfScaleGaussian, GaussianPyramid (the warps and Remap: warp.c). ColorConvert and ScaleImage in
 * exact integer arithmetic (BT.709's four-decimal coefficients scaled by 10000, sampling positions
 * as fractions of the output size), results rounded half up and clamped. */
#include "kernels.h"
#include "rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* round(num / den) for den > 0, clamped to 0..255. */
static uint8_t rounded_u8(int64_t num, int64_t den)
{
    int64_t twice = 2 * num + den, q = twice >= 0 ? twice / (2 * den) : -((-twice + 2 * den - 1) / (2 * den));
    return (uint8_t)(q < 0 ? 0 : q > 255 ? 255 : q);
}

/* -- ColorConvert --------------------------------------------------------------------------------- */

/* Byte of a channel (`c`: where it lies) of pixel (x, y) in the planes of an image (subsampled
 * chroma: the element its block shares). */
static uint8_t *channel_byte(const plane *pl, const channel_loc *c, uint32_t x, uint32_t y)
{
    return (uint8_t *)row_of(&pl[c->plane], y / c->sub_y) + c->offset + (x / c->sub_x) * c->step;
}

static int is_rgb(vx_df_image f)
{
    return f == VX_DF_IMAGE_RGB || f == VX_DF_IMAGE_RGBX;
}

enum { UNIT = 10000 };                  /* the BT.709 coefficients' scale */

/* c -> o, both in units of 1/UNIT: BT.709, Y full range, chroma offset by 128. */
static void rgb_to_yuv(const int64_t *c, int64_t *o)
{
    o[0] = (2126 * c[0] + 7152 * c[1] + 722 * c[2]) / UNIT;
    o[1] = (-1146 * c[0] - 3854 * c[1] + 5000 * c[2]) / UNIT + 128 * UNIT;
    o[2] = (5000 * c[0] - 4542 * c[1] - 458 * c[2]) / UNIT + 128 * UNIT;
}

static void yuv_to_rgb(const int64_t *c, int64_t *o)
{
    int64_t u = c[1] - 128 * UNIT, v = c[2] - 128 * UNIT;
    o[0] = c[0] + 15748 * v / UNIT;
    o[1] = c[0] - (1873 * u + 4681 * v) / UNIT;
    o[2] = c[0] + 18556 * u / UNIT;
}

/* The same with the row loops of the SIMD level (rows.h, exactly the same values), row by row:
 * RGB <-> RGBX, RGB to YUV and YUV to RGB (two rows at a time for 2x2 chroma blocks), YUV to YUV
 * (Y moved, chroma copied, averaged over two rows or widened). 0: PVX_SIMD=plain. */
static int color_rows(const plane *in, const plane *out, const channel_loc *ci, const channel_loc *co, vx_df_image fi,
                      vx_df_image fo, uint32_t w, uint32_t h)
{
    const pvx_rows *rows = pvx_rows_in_use();
    if (rows->rgb_repack == NULL)
        return 0;
    for (uint32_t y = 0; y < h; y++) {
        uint8_t *src = channel_byte(in, &ci[0], 0, y), *dst = channel_byte(out, &co[0], 0, y);
        if (!is_rgb(fi) && !is_rgb(fo)) {
            rows->step_row(src, ci[0].step, dst, w, 1);
            for (uint32_t k = 1; k < 3 && y % co[1].sub_y == 0; k++)      /* the block's rows y, y + sub_y - 1 */
                rows->chroma_resample(channel_byte(in, &ci[k], 0, y), channel_byte(in, &ci[k], 0, y + co[1].sub_y - 1),
                                      ci[k].step, channel_byte(out, &co[k], 0, y), co[k].step,
                                      ci[k].sub_x / co[k].sub_x, w / ci[k].sub_x);
        } else if (is_rgb(fi) && is_rgb(fo))
            rows->rgb_repack(src, ci[0].step, dst, co[0].step, w);
        else if (!is_rgb(fi)) {
            int pair = ci[1].sub_y == 2;                    /* 4:2:0: both rows of a chroma row at once */
            if (y % ci[1].sub_y == 0)
                rows->yuv_to_rgb(src, pair ? channel_byte(in, &ci[0], 0, y + 1) : NULL, ci[0].step,
                                 channel_byte(in, &ci[1], 0, y), channel_byte(in, &ci[2], 0, y), ci[1].step,
                                 ci[1].sub_x, dst, pair ? channel_byte(out, &co[0], 0, y + 1) : NULL, co[0].step, w);
        } else if (co[1].sub_y == 1)
            rows->rgb_to_yuv(src, ci[0].step, dst, channel_byte(out, &co[1], 0, y), channel_byte(out, &co[2], 0, y), w);
        else if (y % 2 == 1)
            rows->rgb_to_yuv420(channel_byte(in, &ci[0], 0, y - 1), src, ci[0].step,
                                channel_byte(out, &co[0], 0, y - 1), dst, channel_byte(out, &co[1], 0, y),
                                channel_byte(out, &co[2], 0, y), co[1].step, w);
    }
    return 1;
}

/* c -> o for the pair of formats (units of 1/UNIT). */
static void convert_pixel(vx_df_image fi, vx_df_image fo, const int64_t *c, int64_t *o)
{
    if (is_rgb(fi) == is_rgb(fo))
        o[0] = c[0], o[1] = c[1], o[2] = c[2];
    else if (is_rgb(fi))
        rgb_to_yuv(c, o);
    else
        yuv_to_rgb(c, o);
}

/* One row of an output without subsampled chroma, pixel by pixel (the plain loop): `in` the row of
 * each input plane that holds the output row's pixels, `out` each output plane's row. */
static void plain_row(const uint8_t *const *in, const channel_loc *ci, uint8_t *const *out, const channel_loc *co,
                      vx_df_image fi, vx_df_image fo, uint32_t w)
{
    for (uint32_t x = 0; x < w; x++) {
        int64_t c[3], o[3];
        for (uint32_t k = 0; k < 3; k++)
            c[k] = (int64_t)in[ci[k].plane][ci[k].offset + (x / ci[k].sub_x) * ci[k].step] * UNIT;
        convert_pixel(fi, fo, c, o);
        for (uint32_t k = 0; k < 3; k++) out[co[k].plane][co[k].offset + x * co[k].step] = rounded_u8(o[k], UNIT);
        if (fo == VX_DF_IMAGE_RGBX)
            out[0][co[3].offset + x * co[3].step] = 255;
    }
}

/* One row of sx x sy blocks of an output with subsampled chroma (the plain loop): `in[d * 3 + q]`
 * the row of input plane q that holds output row y + d's pixels, `out[d * 3 + q]` output plane q's
 * row holding row y + d (its chroma: d = 0). */
static void plain_block_row(const uint8_t *const *in, const channel_loc *ci, uint8_t *const *out,
                            const channel_loc *co, vx_df_image fi, vx_df_image fo, uint32_t w, uint32_t sx,
                            uint32_t sy)
{
    for (uint32_t x = 0; x < w; x += sx) {
        int64_t chroma[2] = {0, 0};
        for (uint32_t d = 0; d < sy; d++)
            for (uint32_t px = x; px < x + sx; px++) {
                int64_t c[3], o[3];
                for (uint32_t k = 0; k < 3; k++)
                    c[k] = (int64_t)in[d * 3 + ci[k].plane][ci[k].offset + (px / ci[k].sub_x) * ci[k].step] * UNIT;
                convert_pixel(fi, fo, c, o);
                out[d * 3 + co[0].plane][co[0].offset + px * co[0].step] = rounded_u8(o[0], UNIT);
                chroma[0] += o[1], chroma[1] += o[2];
            }
        /* from YUV: the truncated mean of the block's samples (4:2:2 rows (a + b) >> 1, as the
         * conformance tests compute it); from RGB: the rounded mean of its unrounded values */
        int64_t n = (int64_t)(sx * sy) * UNIT;
        for (uint32_t k = 1; k < 3; k++)
            out[co[k].plane][co[k].offset + (x / co[k].sub_x) * co[k].step] =
                is_rgb(fi) ? rounded_u8(chroma[k - 1], n) : (uint8_t)(chroma[k - 1] / n);
    }
}

/* Each output pixel from the input pixel at its place (subsampled input chroma: its block's); a
 * subsampled output chroma value is the mean of its block's unrounded values; X is 255. */
vx_status pvx_std_color_convert(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in[3], out[3];
    const pvx_image *ii = ((pvx_ref *)p[0])->desc, *oi = ((pvx_ref *)p[1])->desc;
    vx_df_image fi = ii->format, fo = oi->format;
    vx_status s;
    for (uint32_t k = 0; k < 3; k++)
        if ((k < ii->planes && (s = plane_at(p[0], k, &in[k]))) || (k < oi->planes && (s = plane_at(p[1], k, &out[k]))))
            return s;
    channel_loc ci[3], co[4];            /* channels R, G, B (Y, U, V), and X */
    for (uint32_t k = 0; k < 4; k++) {
        co[k] = channel_of(fo, k);
        if (k < 3)
            ci[k] = channel_of(fi, k);
    }
    uint32_t w = oi->width, h = oi->height, sx = co[1].sub_x, sy = co[1].sub_y;
    if (color_rows(in, out, ci, co, fi, fo, w, h))
        return VX_SUCCESS;
    if (sx * sy == 1) {
        for (uint32_t y = 0; y < h; y++) {
            const uint8_t *ir[3];
            uint8_t *orow[3];
            for (uint32_t k = 0; k < 3; k++) {
                ir[ci[k].plane] = row_of(&in[ci[k].plane], y / ci[k].sub_y);
                orow[co[k].plane] = row_of(&out[co[k].plane], y);
            }
            plain_row(ir, ci, orow, co, fi, fo, w);
        }
        return VX_SUCCESS;
    }
    for (uint32_t y = 0; y < h; y += sy) {
        const uint8_t *ir[2 * 3];
        uint8_t *orow[2 * 3];
        for (uint32_t d = 0; d < sy; d++)
            for (uint32_t k = 0; k < 3; k++) {
                ir[d * 3 + ci[k].plane] = row_of(&in[ci[k].plane], (y + d) / ci[k].sub_y);
                orow[d * 3 + co[k].plane] = row_of(&out[co[k].plane], (y + d) / co[k].sub_y);
            }
        plain_block_row(ir, ci, orow, co, fi, fo, w, sx, sy);
    }
    return VX_SUCCESS;
}

/* Fused (graph/fusion.py): every conversion; outputs of 4:2:0 chroma (NV12, IYUV) by pairs of rows
 * (row map 2, 0, 1: the stage's row y is rows 2y, 2y + 1 and chroma row y), others row by row. The
 * runtime gives the input's rows of each plane and the output's rows of each plane (fusion.h); the
 * row loops are the node's (color_rows, plain_row, plain_block_row), so the same values. */
vx_status pvx_fuse_color_convert_prepare(pvx_fused_stage *s)
{
    s->border = s->node->border;
    s->first = 0, s->last = s->height;
    s->in_format[0] = ((pvx_image *)((pvx_ref *)s->params[0])->desc)->format;
    s->out_format[0] = ((pvx_image *)((pvx_ref *)s->params[1])->desc)->format;
    return channel_of(s->out_format[0], 1).sub_y == s->factor ? VX_SUCCESS : VX_ERROR_NOT_SUPPORTED;
}

void pvx_fuse_color_convert_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out,
                                int32_t *scratch)
{
    (void)scratch;
    vx_df_image fi = s->in_format[0], fo = s->out_format[0];
    channel_loc ci[3], co[4];
    for (uint32_t k = 0; k < 4; k++) {
        co[k] = channel_of(fo, k);
        if (k < 3)
            ci[k] = channel_of(fi, k);
    }
    /* rows d < sy (the stage's factor) of each plane q: in[q * sy + d]; out[d] of the first plane,
     * out[sy + q - 1] of plane q > 0 (the one row holding them) */
    uint32_t w = s->width, sy = s->factor;
    const uint8_t *ir[2 * 3];
    uint8_t *orow[2 * 3];
    for (uint32_t d = 0; d < sy; d++)
        for (uint32_t k = 0; k < 3; k++) {
            ir[d * 3 + ci[k].plane] = in[ci[k].plane * sy + d];
            orow[d * 3 + co[k].plane] = co[k].plane == 0 ? out[d] : out[sy + co[k].plane - 1];
        }
    const pvx_rows *rows = pvx_rows_in_use();
    const uint8_t *src = ir[ci[0].plane] + ci[0].offset;
    uint8_t *dst = orow[co[0].plane] + co[0].offset, *u = orow[co[1].plane] + co[1].offset;
    uint8_t *v = orow[co[2].plane] + co[2].offset;
    if (rows->rgb_repack == NULL) {
        if (co[1].sub_x * co[1].sub_y == 1)
            plain_row(ir, ci, orow, co, fi, fo, w);
        else
            plain_block_row(ir, ci, orow, co, fi, fo, w, co[1].sub_x, sy);
    } else if (!is_rgb(fi) && !is_rgb(fo)) {
        for (uint32_t d = 0; d < sy; d++)
            rows->step_row((uint8_t *)ir[d * 3 + ci[0].plane] + ci[0].offset, ci[0].step,
                           orow[d * 3 + co[0].plane] + co[0].offset, w, 1);
        for (uint32_t k = 1; k < 3; k++)      /* the block's rows 0 and sy - 1 */
            rows->chroma_resample(ir[ci[k].plane] + ci[k].offset, ir[(sy - 1) * 3 + ci[k].plane] + ci[k].offset,
                                  ci[k].step, orow[co[k].plane] + co[k].offset, co[k].step, ci[k].sub_x / co[k].sub_x,
                                  w / ci[k].sub_x);
    } else if (is_rgb(fi) && is_rgb(fo))
        rows->rgb_repack(src, ci[0].step, dst, co[0].step, w);
    else if (!is_rgb(fi))
        rows->yuv_to_rgb(src, NULL, ci[0].step, ir[ci[1].plane] + ci[1].offset, ir[ci[2].plane] + ci[2].offset,
                         ci[1].step, ci[1].sub_x, dst, NULL, co[0].step, w);
    else if (sy == 1)
        rows->rgb_to_yuv(src, ci[0].step, dst, u, v, w);
    else
        rows->rgb_to_yuv420(src, ir[3 + ci[0].plane] + ci[0].offset, ci[0].step, dst,
                            orow[3 + co[0].plane] + co[0].offset, u, v, co[1].step, w);
}

/* -- sampling with the node's border ------------------------------------------------------------- */

/* The U8 pixel (x, y), possibly outside: the constant, or the nearest edge pixel (REPLICATE, and
 * UNDEFINED, where the value is never defined anyway). */
static int32_t sample(const plane *p, int64_t x, int64_t y, const vx_border_t *b)
{
    if (x < 0 || y < 0 || x >= p->width || y >= p->height) {
        if (b->mode == VX_BORDER_CONSTANT)
            return b->constant_value.U8;
        x = x < 0 ? 0 : x >= p->width ? p->width - 1 : x;
        y = y < 0 ? 0 : y >= p->height ? p->height - 1 : y;
    }
    return ((const uint8_t *)row_of(p, (uint32_t)y))[x];
}

static const vx_border_t *border_of(vx_node node)
{
    return &((pvx_node *)((pvx_ref *)node)->desc)->border;
}

/* -- ScaleImage ----------------------------------------------------------------------------------- */

/* Along one axis of W input and w output pixels, output pixel x is centred on input
 * ((2x + 1) W - w) / 2w. NEAREST_NEIGHBOR takes the pixel holding that centre, BILINEAR weighs
 * its four neighbours, AREA averages the input over [x W / w, (x + 1) W / w), each pixel weighted
 * by how much of it is covered. */
typedef struct axis {
    int64_t first;                        /* BILINEAR: the left (upper) neighbour */
    int64_t frac;                         /* its partner's weight, in units of 1 / den */
    int64_t den;
} axis;

static axis centre(uint32_t x, uint32_t in, uint32_t out)
{
    int64_t num = (2 * (int64_t)x + 1) * in - out, den = 2 * (int64_t)out;
    int64_t first = num >= 0 ? num / den : -((-num + den - 1) / den);
    return (axis){first, num - first * den, den};
}

/* Covered part of input pixel i by output pixel x, in units of 1 / out. */
static int64_t cover(int64_t i, uint32_t x, uint32_t in, uint32_t out)
{
    int64_t lo = (int64_t)x * in, hi = (int64_t)(x + 1) * in, plo = i * out, phi = (i + 1) * out;
    int64_t c = (hi < phi ? hi : phi) - (lo > plo ? lo : plo);
    return c > 0 ? c : 0;
}

static uint8_t scale_pixel(const plane *in, uint32_t x, uint32_t y, uint32_t ow, uint32_t oh, vx_enum type,
                           const vx_border_t *b)
{
    uint32_t iw = in->width, ih = in->height;
    if (type == VX_INTERPOLATION_NEAREST_NEIGHBOR)
        return (uint8_t)sample(in, (2 * (int64_t)x + 1) * iw / (2 * (int64_t)ow),
                               (2 * (int64_t)y + 1) * ih / (2 * (int64_t)oh), b);
    if (type == VX_INTERPOLATION_BILINEAR) {
        axis ax = centre(x, iw, ow), ay = centre(y, ih, oh);
        int64_t top = (ax.den - ax.frac) * sample(in, ax.first, ay.first, b) + ax.frac * sample(in, ax.first + 1, ay.first, b);
        int64_t bottom = (ax.den - ax.frac) * sample(in, ax.first, ay.first + 1, b) +
                         ax.frac * sample(in, ax.first + 1, ay.first + 1, b);
        return rounded_u8((ay.den - ay.frac) * top + ay.frac * bottom, ax.den * ay.den);
    }
    int64_t sum = 0;
    for (int64_t i = (int64_t)y * ih / oh; i * oh < (int64_t)(y + 1) * ih; i++) {
        int64_t cy = cover(i, y, ih, oh), row = 0;
        for (int64_t j = (int64_t)x * iw / ow; j * ow < (int64_t)(x + 1) * iw; j++)
            row += cover(j, x, iw, ow) * sample(in, j, i, b);
        sum += cy * row;
    }
    return rounded_u8(sum, (int64_t)iw * ih);
}

/* -- the same separated (the SIMD levels): NEAREST_NEIGHBOR through a table of columns;
 * BILINEAR and AREA as taps along each axis whose integer weights are the fractions of `centre`
 * and `cover` over gcd(in, out), so each row and column sum is exact in float and the rounding of
 * a sum v of weight D = Dx Dy is (2 v + D + 1/2) / 2D truncated: exact while that is at least
 * 1 / 4D from an integer, more than the product's error (256 x 2^-23) for D < 8192. */
static uint32_t gcd_of(uint32_t a, uint32_t b)
{
    while (b != 0) {
        uint32_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* One axis: output x sums taps input pixels from start[x] - 1 (-1 and `in`: the border's) */
typedef struct axis_taps {
    int32_t *start;                        /* + 1: in a row padded by one pixel at the left */
    float *wt;                             /* [tap][output] */
    uint32_t taps, den;                    /* the weights of an output sum to den */
} axis_taps;

static int taps_of(axis_taps *a, vx_enum type, uint32_t in, uint32_t out)
{
    uint32_t g = gcd_of(in, out);
    int bilinear = type == VX_INTERPOLATION_BILINEAR;
    a->taps = bilinear ? 2 : (in + out - 1) / out + 1, a->den = bilinear ? 2 * out / g : in / g;
    a->start = malloc(sizeof *a->start * out), a->wt = calloc((size_t)a->taps * out, sizeof *a->wt);
    if (a->start == NULL || a->wt == NULL)
        return 0;
    for (uint32_t x = 0; x < out; x++)
        if (bilinear) {
            axis c = centre(x, in, out);
            a->start[x] = (int32_t)c.first + 1;
            a->wt[x] = (float)((c.den - c.frac) / g), a->wt[out + x] = (float)(c.frac / g);
        } else {
            int64_t j = (int64_t)x * in / out;
            a->start[x] = (int32_t)j + 1;
            for (uint32_t t = 0; t < a->taps && (j + t) * out < (int64_t)(x + 1) * in; t++)
                a->wt[(size_t)t * out + x] = (float)(cover(j + t, x, in, out) / g);
        }
    return 1;
}

/* Source row i (outside: the constant row, or the nearest) through the column taps into h. */
static void taps_of_row(const pvx_rows *rows, const plane *in, int64_t i, const axis_taps *ax, const vx_border_t *b,
                        float *padded, float *h, uint32_t w)
{
    uint32_t iw = in->width;
    int constant = b->mode == VX_BORDER_CONSTANT;
    float c = b->constant_value.U8;
    if ((i < 0 || i >= in->height) && constant)
        for (uint32_t x = 0; x < iw + 2; x++) padded[x] = c;
    else {
        const uint8_t *r = row_of(in, (uint32_t)(i < 0 ? 0 : i >= in->height ? in->height - 1 : i));
        for (uint32_t x = 0; x < iw; x++) padded[x + 1] = r[x];
        padded[0] = constant ? c : r[0], padded[iw + 1] = constant ? c : r[iw - 1];
    }
    rows->taps_row(padded, ax->start, ax->wt, ax->taps, h, w);
}

/* Two taps along a row in 16 bits (pair_row): the byte pairs of each block of 8 outputs lie within
 * 16 bytes of its first (scaling down at most about 2:1), weights below 128. Source rows are
 * copied padded by the border's pixel each side and 16 bytes more for the blocks' loads. */
typedef struct pair_plan {
    uint32_t blocks, iw;
    int32_t *base;
    int8_t *shuf, *wts;
    uint8_t *padded;
} pair_plan;

static void free_plan(pair_plan *pp)
{
    free(pp->base), free(pp->shuf), free(pp->wts), free(pp->padded);
}

/* From the taps of one axis (0: the taps do not fit) */
static int plan_of(pair_plan *pp, const axis_taps *ax, uint32_t w, uint32_t iw)
{
    uint32_t blocks = (w + 7) / 8;
    *pp = (pair_plan){blocks, iw, NULL, NULL, NULL, NULL};
    if (ax->taps != 2 || ax->den >= 128)
        return 0;
    for (uint32_t k = 0; k < blocks; k++)
        if (ax->start[(8 * k + 7 < w ? 8 * k + 7 : w - 1)] - ax->start[8 * k] > 14)
            return 0;
    pp->base = malloc(sizeof *pp->base * blocks);
    pp->shuf = calloc((size_t)blocks * 16, 1), pp->wts = calloc((size_t)blocks * 16, 1);
    pp->padded = calloc((size_t)iw + 2 + 16, 1);
    if (pp->base == NULL || pp->shuf == NULL || pp->wts == NULL || pp->padded == NULL) {
        free_plan(pp);
        return 0;
    }
    for (uint32_t x = 0; x < w; x++) {
        uint32_t k = x / 8, j = 16 * k + 2 * (x % 8);
        pp->base[k] = ax->start[8 * k];
        pp->shuf[j] = (int8_t)(ax->start[x] - pp->base[k]), pp->shuf[j + 1] = (int8_t)(pp->shuf[j] + 1);
        pp->wts[j] = (int8_t)ax->wt[x], pp->wts[j + 1] = (int8_t)ax->wt[w + x];
    }
    return 1;
}

/* The columns of source row i (outside: the constant row, or the nearest) into h */
static void plan_row(const pvx_rows *rows, const pair_plan *pp, const plane *in, int64_t i, const vx_border_t *b,
                     int16_t *h)
{
    uint32_t iw = pp->iw;
    uint8_t c = b->constant_value.U8, *padded = pp->padded;
    int constant = b->mode == VX_BORDER_CONSTANT;
    if ((i < 0 || i >= in->height) && constant)
        memset(padded, c, iw + 2);
    else {
        const uint8_t *src = row_of(in, (uint32_t)(i < 0 ? 0 : i >= in->height ? in->height - 1 : i));
        memcpy(padded + 1, src, iw);
        padded[0] = constant ? c : src[0], padded[iw + 1] = constant ? c : src[iw - 1];
    }
    rows->pair_row(padded, pp->base, pp->shuf, pp->wts, pp->blocks, h);
}

/* NEAREST_NEIGHBOR: the pairs (input pixel, weight 1; its right neighbour, weight 0) */
static int nearest_rows(const plane *in, const plane *out, const vx_border_t *b)
{
    const pvx_rows *rows = pvx_rows_in_use();
    uint32_t w = out->width;
    axis_taps ax = {malloc(sizeof(int32_t) * w), calloc((size_t)2 * w, sizeof(float)), 2, 1};
    pair_plan pp = {0};
    int16_t *h = NULL;
    for (uint32_t x = 0; ax.start != NULL && ax.wt != NULL && x < w; x++)
        ax.start[x] = (int32_t)((2 * (uint64_t)x + 1) * in->width / (2 * (uint64_t)w)) + 1, ax.wt[x] = 1;
    int ok = ax.start != NULL && ax.wt != NULL && plan_of(&pp, &ax, w, in->width) &&
             (h = malloc(sizeof *h * pp.blocks * 8)) != NULL;
    for (uint32_t y = 0, last = UINT32_MAX; ok && y < out->height; y++) {
        uint32_t sy = (uint32_t)((2 * (uint64_t)y + 1) * in->height / (2 * (uint64_t)out->height));
        if (sy == last)                                 /* scaling up: the row above again */
            memcpy(row_of(out, y), row_of(out, y - 1), w);
        else {
            plan_row(rows, &pp, in, sy, b, h);
            rows->narrow(h, row_of(out, y), w, 0, 0);
        }
        last = sy;
    }
    free(ax.start), free(ax.wt), free(h), free_plan(&pp);
    return ok;
}

/* BILINEAR, AREA scaling up: two taps on both axes, the columns of each source row computed once,
 * kept for the next output row */
static int pair_rows(const plane *in, const plane *out, const axis_taps *ax, const axis_taps *ay, const vx_border_t *b)
{
    const pvx_rows *rows = pvx_rows_in_use();
    uint32_t w = out->width;
    pair_plan pp;
    if (ay->taps != 2 || !plan_of(&pp, ax, w, in->width))
        return 0;
    int16_t *h = malloc(sizeof *h * pp.blocks * 8 * 2);
    int64_t id[2] = {INT64_MIN, INT64_MIN};            /* the source row of each row of h */
    float d = (float)(ax->den * ay->den), inv = 1.0f / (2 * d);
    for (uint32_t y = 0; h != NULL && y < out->height; y++) {
        int64_t first = (int64_t)ay->start[y] - 1;
        int16_t *r[2];
        for (int t = 0; t < 2; t++) {
            int64_t i = first + t, other = first + 1 - t;      /* kept: the row needed, not the other one */
            int k = id[0] == i ? 0 : id[1] == i ? 1 : id[0] == other ? 1 : 0;
            r[t] = h + (size_t)k * pp.blocks * 8;
            if (id[k] != i)
                plan_row(rows, &pp, in, i, b, r[t]), id[k] = i;
        }
        rows->pair_blend(r[0], r[1], ay->wt[y], ay->wt[out->height + y], d + 0.5f, inv, row_of(out, y), w);
    }
    free(h), free_plan(&pp);
    return h != NULL;
}

static int separable_rows(const plane *in, const plane *out, vx_enum type, const vx_border_t *b)
{
    const pvx_rows *rows = pvx_rows_in_use();
    axis_taps ax = {NULL, NULL, 0, 0}, ay = {NULL, NULL, 0, 0};
    int ok = taps_of(&ax, type, in->width, out->width) && taps_of(&ay, type, in->height, out->height) &&
             (uint64_t)ax.den * ay.den < 8192;
    if (ok && pair_rows(in, out, &ax, &ay, b)) {
        free(ax.start), free(ax.wt), free(ay.start), free(ay.wt);
        return 1;
    }
    uint32_t w = out->width, n = ay.taps;
    float *padded = ok ? calloc((size_t)in->width + 2 + ax.taps, sizeof *padded) : NULL;
    float *h = ok ? malloc(sizeof *h * w * n) : NULL;
    int64_t *id = ok ? malloc(sizeof *id * n) : NULL;       /* the source row in each of the n rows of h */
    ok = ok && padded != NULL && h != NULL && id != NULL;
    float d = (float)(ax.den * ay.den), inv = 1.0f / (2 * d);
    for (uint32_t k = 0; ok && k < n; k++) id[k] = INT64_MIN;
    for (uint32_t y = 0; ok && y < out->height; y++) {
        const float *r[n];
        float wt[n];
        int64_t first = (int64_t)ay.start[y] - 1;
        for (uint32_t t = 0; t < n; t++) {
            uint32_t k = 0;
            while (k < n && id[k] != first + t) k++;
            if (k == n)                          /* a row of h no longer needed */
                for (k = 0; id[k] >= first && id[k] < first + n; k++) {}
            if (id[k] != first + t)
                taps_of_row(rows, in, first + t, &ax, b, padded, h + (size_t)k * w, w), id[k] = first + t;
            r[t] = h + (size_t)k * w, wt[t] = ay.wt[(size_t)t * out->height + y];
        }
        rows->blend_rows(r, wt, n, d + 0.5f, inv, row_of(out, y), w);
    }
    free(ax.start), free(ax.wt), free(ay.start), free(ay.wt), free(padded), free(h), free(id);
    return ok;
}

static void scale_u8(const plane *in, const plane *out, vx_enum type, const vx_border_t *b)
{
    const pvx_rows *rows = pvx_rows_in_use();
    if (rows->half_mean != NULL && in->width == 2 * out->width && in->height == 2 * out->height &&
        type != VX_INTERPOLATION_NEAREST_NEIGHBOR) {
        /* exactly half: every sample inside; BILINEAR and AREA both average 2x2 pixels (the centre
         * falls between them) */
        for (uint32_t y = 0; y < out->height; y++)
            rows->half_mean(row_of(in, 2 * y), row_of(in, 2 * y + 1), row_of(out, y), out->width);
        return;
    }
    if (rows->taps_row != NULL &&
        (type == VX_INTERPOLATION_NEAREST_NEIGHBOR ? nearest_rows(in, out, b) : separable_rows(in, out, type, b)))
        return;
    for (uint32_t y = 0; y < out->height; y++) {
        uint8_t *o = row_of(out, y);
        for (uint32_t x = 0; x < out->width; x++) o[x] = scale_pixel(in, x, y, out->width, out->height, type, b);
    }
}

/* U1: the U8 loops on 0 and 1 */
vx_status pvx_std_scale_image(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out, in8, out8;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    vx_enum type = p[2] != NULL ? scalar_enum(p[2]) : VX_INTERPOLATION_BILINEAR;
    vx_border_t b = u8_border(border_of(node), in.format);
    if (in.format != VX_DF_IMAGE_U1) {
        scale_u8(&in, &out, type, &b);
        return VX_SUCCESS;
    }
    if ((s = u1_to_u8(&in, &in8)))
        return s;
    if ((s = u1_to_u8(&out, &out8)) == VX_SUCCESS) {
        scale_u8(&in8, &out8, type, &b);
        s = u8_to_u1(&out8, &out);
        free(out8.ptr);
    }
    free(in8.ptr);
    return s;
}

/* -- HalfScaleGaussian ----------------------------------------------------------------------------- */

/* Output pixel (x, y) is the Gaussian of radius r ([1], [1 2 1], [1 4 6 4 1] in both directions,
 * the sum shifted right, as Gaussian3x3) centred on input (2x, 2y), or with `nearest` on the input
 * pixel nearest the output pixel's centre (halves up: (2x + 1) W / 2w, as NEAREST_NEIGHBOR
 * scaling), outside pixels per the border. */
/* One output row of it from the source rows src[0..2r] around its centre row (a row outside the
 * image: the edge row, or NULL for the constant), columns outside per the border. */
static void gaussian_scaled_row(const uint8_t *const *src, uint32_t in_w, int32_t r, const vx_border_t *b, int nearest,
                                uint8_t *o, uint32_t out_w)
{
    static const int32_t weights[3][5] = {{1}, {1, 2, 1}, {1, 4, 6, 4, 1}};
    static const int shifts[3] = {0, 4, 8};
    const int32_t *w = weights[r];
    int32_t constant = b->constant_value.U8;
    for (uint32_t x = 0; x < out_w; x++) {
        int64_t cx = nearest ? (2 * (int64_t)x + 1) * in_w / (2 * (int64_t)out_w) : 2 * (int64_t)x;
        int32_t sum = 0;
        for (int32_t dy = -r; dy <= r; dy++)
            for (int32_t dx = -r; dx <= r; dx++) {
                int64_t xx = cx + dx;
                const uint8_t *row = src[dy + r];
                int32_t v = row == NULL ? constant
                          : xx >= 0 && xx < in_w ? row[xx]
                          : b->mode == VX_BORDER_CONSTANT ? constant : row[xx < 0 ? 0 : in_w - 1];
                sum += w[dy + r] * w[dx + r] * v;
            }
        o[x] = (uint8_t)(sum >> shifts[r]);
    }
}

static void gaussian_scaled_plain(const plane *in, const plane *out, int32_t r, const vx_border_t *b, int nearest)
{
    uint32_t h = in->height;
    for (uint32_t y = 0; y < out->height; y++) {
        int64_t cy = nearest ? (2 * (int64_t)y + 1) * h / (2 * (int64_t)out->height) : 2 * (int64_t)y;
        const uint8_t *src[5];
        for (int32_t dy = -r; dy <= r; dy++) {
            int64_t yy = cy + dy;
            src[dy + r] = yy >= 0 && yy < h ? row_of(in, (uint32_t)yy)
                        : b->mode == VX_BORDER_CONSTANT ? NULL : row_of(in, yy < 0 ? 0 : h - 1);
        }
        gaussian_scaled_row(src, in->width, r, b, nearest, row_of(out, y), out->width);
    }
}

/* The same at even pixels, separated: per output row the column sums of the 2r + 1 source rows (rows outside per
 * the border: the edge row, or a constant row), padded by r columns each side, then the row taps at
 * even columns. */
static int halfscale_fast(int32_t r)
{
    return pvx_rows_in_use()->gauss_columns != NULL && r >= 1 && r <= 2;
}

/* One output row from the 2r + 1 source rows src (rows outside already resolved), `col` holding
 * 2 out_w + 2r + 1 column sums. */
static void halfscale_row(const uint8_t *const *src, int32_t r, const vx_border_t *b, uint32_t w, uint16_t *col,
                          uint8_t *out, uint32_t out_w)
{
    const pvx_rows *rows = pvx_rows_in_use();
    uint32_t taps = 2 * (uint32_t)r + 1, pw = 2 * out_w + 2 * (uint32_t)r;
    int constant = b->mode == VX_BORDER_CONSTANT;
    uint16_t edge = (uint16_t)(b->constant_value.U8 * (r == 1 ? 4 : 16));     /* a constant column's sum */
    rows->gauss_columns(src, taps, col + r, w);
    for (uint32_t x = 0; x < (uint32_t)r; x++)             /* columns left of 0 */
        col[x] = constant ? edge : col[r];
    for (uint32_t x = r + w; x < pw + 1; x++)              /* right of w - 1 */
        col[x] = constant ? edge : col[r + w - 1];
    rows->gauss_decimate(col, taps, out, out_w);
}

static int halfscale_rows(const plane *in, const plane *out, int32_t r, const vx_border_t *b)
{
    if (!halfscale_fast(r))
        return 0;
    uint32_t w = in->width, h = in->height, taps = 2 * (uint32_t)r + 1, pw = 2 * out->width + 2 * (uint32_t)r;
    int constant = b->mode == VX_BORDER_CONSTANT;
    uint16_t *col = malloc(sizeof *col * (pw + 1));
    uint8_t *outside = constant ? malloc(w) : NULL;
    if (col == NULL || (constant && outside == NULL)) {
        free(col), free(outside);
        return 0;
    }
    if (constant)
        memset(outside, b->constant_value.U8, w);
    for (uint32_t y = 0; y < out->height; y++) {
        const uint8_t *src[5];
        for (int32_t k = 0; k < (int32_t)taps; k++) {
            int64_t yy = 2 * (int64_t)y - r + k;
            src[k] = yy >= 0 && yy < h ? row_of(in, (uint32_t)yy) : constant ? outside : row_of(in, yy < 0 ? 0 : h - 1);
        }
        halfscale_row(src, r, b, w, col, row_of(out, y), out->width);
    }
    free(col), free(outside);
    return 1;
}

static void gaussian_scaled(const plane *in, const plane *out, int32_t r, const vx_border_t *b, int nearest)
{
    if (nearest || !halfscale_rows(in, out, r, b))
        gaussian_scaled_plain(in, out, r, b, nearest);
}

vx_status pvx_std_halfscale_gaussian(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    gaussian_scaled(&in, &out, p[2] != NULL ? *(const vx_int32 *)scalar_value(p[2]) / 2 : 1, border_of(node), 0);
    return VX_SUCCESS;
}

/* Fused (runtime/fusion.h): args[1] r, the kernel size / 2 (a scalar: read per run); the row map
 * gives the five rows 2y - 2 .. 2y + 2, of which the 2r + 1 middle ones are read. */
vx_status pvx_fuse_halfscale_prepare(pvx_fused_stage *s)
{
    s->border = s->node->border;
    s->first = 0, s->last = s->height;
    s->args[1] = s->params[2] != NULL ? *(const vx_int32 *)scalar_value(s->params[2]) / 2 : 1;
    return VX_SUCCESS;
}

void pvx_fuse_halfscale_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out, int32_t *scratch)
{
    int32_t r = s->args[1];
    if (halfscale_fast(r))
        halfscale_row(in + 2 - r, r, &s->border, s->in_width, (uint16_t *)scratch, out[0], s->width);
    else
        gaussian_scaled_row(in + 2 - r, s->in_width, r, &s->border, 0, out[0], s->width);
}

/* ScaleImage to exactly half (graph/fusion.py fuses no other): args[1] the interpolation, per run.
 * NEAREST_NEIGHBOR takes input (2x + 1, 2y + 1), BILINEAR and AREA the rounded mean of the 2x2
 * pixels (the values scale_pixel and half_mean give there); every sample is inside. */
vx_status pvx_fuse_half_scale_prepare(pvx_fused_stage *s)
{
    s->border = s->node->border;
    s->first = 0, s->last = s->height;
    s->args[1] = s->params[2] != NULL ? scalar_enum(s->params[2]) : VX_INTERPOLATION_BILINEAR;
    return VX_SUCCESS;
}

void pvx_fuse_half_scale_row(const pvx_fused_stage *s, const uint8_t *const *in, uint8_t *const *out,
                             int32_t *scratch)
{
    const pvx_rows *rows = pvx_rows_in_use();
    uint8_t *o = out[0];
    if (s->args[1] == VX_INTERPOLATION_NEAREST_NEIGHBOR)
        for (uint32_t x = 0; x < s->width; x++) o[x] = in[1][2 * x + 1];
    else if (rows->half_mean != NULL)
        rows->half_mean(in[0], in[1], o, s->width);
    else
        for (uint32_t x = 0; x < s->width; x++)
            o[x] = (uint8_t)((in[0][2 * x] + in[0][2 * x + 1] + in[1][2 * x] + in[1][2 * x + 1] + 2) >> 2);
}

/* -- GaussianPyramid (VX_SCALE_PYRAMID_HALF and _ORB) ---------------------------------------------- */

/* Level 0 is the input; level i + 1 is the 5x5 Gaussian of level i at its even pixels (HALF) or
 * at the pixels nearest its own pixels' centres (ORB). The levels are images the pyramid owns,
 * reached through the API (held only during the run). */
vx_status pvx_std_gaussian_pyramid(vx_node node, const vx_reference *p, vx_uint32 n)
{
    vx_pyramid pyramid = (vx_pyramid)p[1];
    vx_size levels = 0;
    vx_float32 scale = 0;
    vx_status s = vxQueryPyramid(pyramid, VX_PYRAMID_LEVELS, &levels, sizeof levels);
    if (s == VX_SUCCESS)
        s = vxQueryPyramid(pyramid, VX_PYRAMID_SCALE, &scale, sizeof scale);
    vx_reference previous = p[0];
    vx_image level = NULL;
    for (vx_uint32 i = 0; s == VX_SUCCESS && i < levels; i++) {
        plane in, out;
        vx_image next = vxGetPyramidLevel(pyramid, i);
        if ((s = vxGetStatus((vx_reference)next)) || (s = plane_of(previous, &in)) ||
            (s = plane_of((vx_reference)next, &out))) {
            vxReleaseImage(&next);
            break;
        }
        if (i == 0)
            for (uint32_t y = 0; y < out.height; y++) memcpy(row_of(&out, y), row_of(&in, y), out.width);
        else
            gaussian_scaled(&in, &out, 2, border_of(node), scale != VX_SCALE_PYRAMID_HALF);
        if (level != NULL)
            vxReleaseImage(&level);
        level = next;
        previous = (vx_reference)level;
    }
    if (level != NULL)
        vxReleaseImage(&level);
    return s;
}
