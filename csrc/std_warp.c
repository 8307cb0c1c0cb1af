/* The standard kernels that sample an image at computed points: WarpAffine, WarpPerspective, Remap.
 * They sample at double-precision points. */
#include "pvx.h"

#include <math.h>

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

/* -- WarpAffine, WarpPerspective, Remap: sampling at a source point ------------------------------- */

/* floor(v) as an integer for |v| < 2^62: no libm call (SSE2 has no rounding instruction). */
static inline int64_t floor_int(double v)
{
    int64_t i = (int64_t)v;
    return i - (i > v);
}

/* The input at (sx, sy), pixel centres at integers: NEAREST_NEIGHBOR the pixel nearest (halves up),
 * BILINEAR its four neighbours weighed, rounded half up; outside pixels per the border (a point
 * far outside, or not a number, is outside). */

static uint8_t interpolate(const plane *in, double sx, double sy, vx_enum type, const vx_border_t *b)
{
    const double far = 1e9;
    if (!(fabs(sx) < far && fabs(sy) < far))
        sx = sy = -2.0;                           /* wholly outside */
    if (type == VX_INTERPOLATION_NEAREST_NEIGHBOR)
        return (uint8_t)sample(in, floor_int(sx + 0.5), floor_int(sy + 0.5), b);
    int64_t x = floor_int(sx), y = floor_int(sy);
    double fx = sx - (double)x, fy = sy - (double)y;
    int32_t p00, p10, p01, p11;
    if (x >= 0 && y >= 0 && x + 1 < in->width && y + 1 < in->height) {     /* inside: no border */
        const uint8_t *r0 = row_of(in, (uint32_t)y), *r1 = row_of(in, (uint32_t)y + 1);
        p00 = r0[x], p10 = r0[x + 1], p01 = r1[x], p11 = r1[x + 1];
    } else {
        p00 = sample(in, x, y, b), p10 = sample(in, x + 1, y, b);
        p01 = sample(in, x, y + 1, b), p11 = sample(in, x + 1, y + 1, b);
    }
    double v = (1 - fy) * ((1 - fx) * p00 + fx * p10) + fy * ((1 - fx) * p01 + fx * p11);
    return (uint8_t)floor_int(v + 0.5);
}

/* The input's valid rectangle as the plane sampled (what lies outside it is outside the image, so
 * the border applies there); (*x0, *y0) its origin. An empty one leaves the whole plane. */
static void valid_part(vx_reference img, plane *in, double *x0, double *y0)
{
    vx_rectangle_t r = ((pvx_image *)((pvx_ref *)img)->desc)->valid;
    *x0 = *y0 = 0;
    if (r.end_x <= r.start_x || r.end_y <= r.start_y)
        return;
    in->ptr = (uint8_t *)row_of(in, r.start_y) + (size_t)r.start_x * in->pixel_bytes;
    in->width = r.end_x - r.start_x, in->height = r.end_y - r.start_y;
    *x0 = r.start_x, *y0 = r.start_y;
}

static vx_enum interpolation_of(vx_reference scalar)
{
    return scalar != NULL ? scalar_enum(scalar) : VX_INTERPOLATION_NEAREST_NEIGHBOR;
}

/* m is the matrix's memory, vx_float32 m[3][2] (affine) or m[3][3] (perspective), m[row][column];
 * output (x, y) samples input (m[0][0] x + m[1][0] y + m[2][0], m[0][1] x + m[1][1] y + m[2][1]),
 * for the perspective one divided by m[0][2] x + m[1][2] y + m[2][2]. */
static vx_status warp(vx_node node, const vx_reference *p, int perspective)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[3], &out)))
        return s;
    const vx_float32 *m = (const vx_float32 *)pvx_memory_storage(&((pvx_matrix *)((pvx_ref *)p[1])->desc)->mem);
    if (m == NULL)
        return VX_ERROR_NOT_ALLOCATED;
    double x0, y0;
    valid_part(p[0], &in, &x0, &y0);
    vx_enum type = interpolation_of(p[2]);
    const vx_border_t *b = border_of(node);
    for (uint32_t y = 0; y < out.height; y++) {
        uint8_t *o = row_of(&out, y);
        for (uint32_t x = 0; x < out.width; x++) {
            double sx, sy;
            if (perspective) {
                double z = (double)m[2] * x + (double)m[5] * y + m[8];
                sx = ((double)m[0] * x + (double)m[3] * y + m[6]) / z;
                sy = ((double)m[1] * x + (double)m[4] * y + m[7]) / z;
            } else {
                sx = (double)m[0] * x + (double)m[2] * y + m[4];
                sy = (double)m[1] * x + (double)m[3] * y + m[5];
            }
            o[x] = interpolate(&in, sx - x0, sy - y0, type, b);
        }
    }
    return VX_SUCCESS;
}

vx_status pvx_std_warp_affine(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return warp(node, p, 0);
}

vx_status pvx_std_warp_perspective(vx_node node, const vx_reference *p, vx_uint32 n)
{
    return warp(node, p, 1);
}

/* Output (x, y) samples the remap's point for (x, y). */
vx_status pvx_std_remap(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(p[0], &in)) || (s = plane_of(p[3], &out)))
        return s;
    pvx_remap *table = ((pvx_ref *)p[1])->desc;
    const vx_coordinates2df_t *points = (const vx_coordinates2df_t *)pvx_memory_storage(&table->mem);
    if (points == NULL)
        return VX_ERROR_NOT_ALLOCATED;
    double x0, y0;
    valid_part(p[0], &in, &x0, &y0);
    vx_enum type = interpolation_of(p[2]);
    const vx_border_t *b = border_of(node);
    for (uint32_t y = 0; y < out.height; y++) {
        uint8_t *o = row_of(&out, y);
        for (uint32_t x = 0; x < out.width; x++) {
            const vx_coordinates2df_t *pt = &points[(size_t)y * out.width + x];
            o[x] = interpolate(&in, pt->x - x0, pt->y - y0, type, b);
        }
    }
    return VX_SUCCESS;
}
