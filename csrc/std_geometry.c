/* The standard kernels that move pixels between color spaces and positions: ColorConvert,
 * ScaleImage, HalfScaleGaussian, GaussianPyramid (the warps and Remap: std_warp.c). ColorConvert and ScaleImage in
 * exact integer arithmetic (BT.709's four-decimal coefficients scaled by 10000, sampling positions
 * as fractions of the output size), results rounded half up and clamped. */
#include "pvx.h"
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
 * RGB <-> RGBX, RGB to YUV (two rows at a time for 2x2 chroma blocks), YUV to RGB, YUV to YUV
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
        else if (!is_rgb(fi))
            rows->yuv_to_rgb(src, ci[0].step, channel_byte(in, &ci[1], 0, y), channel_byte(in, &ci[2], 0, y),
                             ci[1].step, ci[1].sub_x, dst, co[0].step, w);
        else if (co[1].sub_y == 1)
            rows->rgb_to_yuv(src, ci[0].step, dst, channel_byte(out, &co[1], 0, y), channel_byte(out, &co[2], 0, y), w);
        else if (y % 2 == 1)
            rows->rgb_to_yuv420(channel_byte(in, &ci[0], 0, y - 1), src, ci[0].step,
                                channel_byte(out, &co[0], 0, y - 1), dst, channel_byte(out, &co[1], 0, y),
                                channel_byte(out, &co[2], 0, y), co[1].step, w);
    }
    return 1;
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
    int subsampled = sx * sy > 1;
    for (uint32_t y = 0; y < h; y += sy)
        for (uint32_t x = 0; x < w; x += sx) {
            int64_t chroma[2] = {0, 0};
            for (uint32_t py = y; py < y + sy; py++)
                for (uint32_t px = x; px < x + sx; px++) {
                    int64_t c[3], o[3];
                    for (uint32_t k = 0; k < 3; k++) c[k] = (int64_t)*channel_byte(in, &ci[k], px, py) * UNIT;
                    if (is_rgb(fi) == is_rgb(fo))
                        o[0] = c[0], o[1] = c[1], o[2] = c[2];
                    else if (is_rgb(fi))
                        rgb_to_yuv(c, o);
                    else
                        yuv_to_rgb(c, o);
                    for (uint32_t k = 0; k < 3; k++)
                        if (k == 0 || !subsampled)
                            *channel_byte(out, &co[k], px, py) = rounded_u8(o[k], UNIT);
                    chroma[0] += o[1], chroma[1] += o[2];
                    if (fo == VX_DF_IMAGE_RGBX)
                        *channel_byte(out, &co[3], px, py) = 255;
                }
            for (uint32_t k = 1; subsampled && k < 3; k++)
                *channel_byte(out, &co[k], x, y) = rounded_u8(chroma[k - 1], (int64_t)(sx * sy) * UNIT);
        }
    return VX_SUCCESS;
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

vx_status pvx_std_scale_image(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[1], &out)))
        return s;
    vx_enum type = p[2] != NULL ? scalar_enum(p[2]) : VX_INTERPOLATION_BILINEAR;
    const vx_border_t *b = border_of(node);
    const pvx_rows *rows = pvx_rows_in_use();
    if (rows->half_mean != NULL && in.width == 2 * out.width && in.height == 2 * out.height) {
        /* exactly half: every sample inside; BILINEAR and AREA both average 2x2 pixels (the centre
         * falls between them), NEAREST_NEIGHBOR takes the lower right one */
        for (uint32_t y = 0; y < out.height; y++) {
            const uint8_t *r0 = row_of(&in, 2 * y), *r1 = row_of(&in, 2 * y + 1);
            uint8_t *o = row_of(&out, y);
            if (type == VX_INTERPOLATION_NEAREST_NEIGHBOR)
                for (uint32_t x = 0; x < out.width; x++) o[x] = r1[2 * x + 1];
            else
                rows->half_mean(r0, r1, o, out.width);
        }
        return VX_SUCCESS;
    }
    for (uint32_t y = 0; y < out.height; y++) {
        uint8_t *o = row_of(&out, y);
        for (uint32_t x = 0; x < out.width; x++) o[x] = scale_pixel(&in, x, y, out.width, out.height, type, b);
    }
    return VX_SUCCESS;
}

/* -- HalfScaleGaussian ----------------------------------------------------------------------------- */

/* Output pixel (x, y) is the Gaussian of radius r ([1], [1 2 1], [1 4 6 4 1] in both directions,
 * the sum shifted right, as Gaussian3x3) centred on input (2x, 2y), or with `nearest` on the input
 * pixel nearest the output pixel's centre (halves up: (2x + 1) W / 2w, as NEAREST_NEIGHBOR
 * scaling), outside pixels per the border. */
static void gaussian_scaled_plain(const plane *in, const plane *out, int32_t r, const vx_border_t *b, int nearest)
{
    static const int32_t weights[3][5] = {{1}, {1, 2, 1}, {1, 4, 6, 4, 1}};
    static const int shifts[3] = {0, 4, 8};
    const int32_t *w = weights[r];
    for (uint32_t y = 0; y < out->height; y++) {
        uint8_t *o = row_of(out, y);
        int64_t cy = nearest ? (2 * (int64_t)y + 1) * in->height / (2 * (int64_t)out->height) : 2 * (int64_t)y;
        for (uint32_t x = 0; x < out->width; x++) {
            int64_t cx = nearest ? (2 * (int64_t)x + 1) * in->width / (2 * (int64_t)out->width) : 2 * (int64_t)x;
            int32_t sum = 0;
            for (int32_t dy = -r; dy <= r; dy++)
                for (int32_t dx = -r; dx <= r; dx++)
                    sum += w[dy + r] * w[dx + r] * sample(in, cx + dx, cy + dy, b);
            o[x] = (uint8_t)(sum >> shifts[r]);
        }
    }
}

/* The same at even pixels, separated: per output row the column sums of the 2r + 1 source rows (rows outside per
 * the border: the edge row, or a constant row), padded by r columns each side, then the row taps at
 * even columns. */
static int halfscale_rows(const plane *in, const plane *out, int32_t r, const vx_border_t *b)
{
    const pvx_rows *rows = pvx_rows_in_use();
    if (rows->gauss_columns == NULL || r < 1 || r > 2)
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
    uint16_t edge = (uint16_t)(b->constant_value.U8 * (r == 1 ? 4 : 16));     /* a constant column's sum */
    for (uint32_t y = 0; y < out->height; y++) {
        const uint8_t *src[5];
        for (int32_t k = 0; k < (int32_t)taps; k++) {
            int64_t yy = 2 * (int64_t)y - r + k;
            src[k] = yy >= 0 && yy < h ? row_of(in, (uint32_t)yy) : constant ? outside : row_of(in, yy < 0 ? 0 : h - 1);
        }
        rows->gauss_columns(src, taps, col + r, w);
        for (uint32_t x = 0; x < (uint32_t)r; x++)             /* columns left of 0 */
            col[x] = constant ? edge : col[r];
        for (uint32_t x = r + w; x < pw + 1; x++)              /* right of w - 1 */
            col[x] = constant ? edge : col[r + w - 1];
        rows->gauss_decimate(col, taps, row_of(out, y), out->width);
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
