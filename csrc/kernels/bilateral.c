/* BilateralFilter on a U8 or S16 tensor of [width, height] or [channels (1 to 3), width, height]:
 * each value becomes the average of the window's values weighted by
 * exp(-(dx^2 + dy^2) / (2 sigmaSpace^2)) * exp(-|t - tau|^2 / (2 sigmaValues^2)), |t - tau| the
 * sum of the channels' absolute differences (the conformance tests' reference: a colour pixel's
 * distance is |b - b0| + |g - g0| + |r - r0|), over the pixels of the window within its
 * radius (diameter / 2), in double, rounded half up and saturated. The source is first copied
 * into a padded plane of int32 per the node's border (UNDEFINED reads as REPLICATE). */
#include "kernels.h"
#include "rows.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>

/* Channel c of source row y, w elements, into to[0], to[step], ... A pixel of a [channels, width,
 * height] tensor has three channels whatever its channel count, the values from its first on in
 * the tensor's element order (the next pixel's first when it has one channel; past the last
 * element, the last): the conformance tests' reference reads a colour at the first dimension's
 * stride so, and their three-channel cases are tensors of [1, width, height]. */
static void source_row(const pvx_tensor *t, const uint8_t *base, uint32_t c, uint32_t y, int dims3, uint32_t w,
                       int32_t *to, uint32_t step)
{
    size_t d0 = dims3 ? t->dims[0] : 1, last = d0 * w * t->dims[dims3 + 1] - 1;
    for (uint32_t x = 0; x < w; x++) {
        size_t f = ((size_t)y * w + x) * d0 + c, pixel;
        f = f < last ? f : last, pixel = f / d0;
        const uint8_t *p = base + (dims3 ? (f % d0) * t->strides[0] + (pixel % w) * t->strides[1] + pixel / w * t->strides[2]
                                         : (pixel % w) * t->strides[0] + pixel / w * t->strides[1]);
        to[(size_t)x * step] = t->data_type == VX_TYPE_UINT8 ? *p : *(const int16_t *)(const void *)p;
    }
}

/* The rounded value v saturated into element (c, x, y) of the output. */
static void store(const pvx_tensor *t, uint8_t *base, uint32_t c, uint32_t x, uint32_t y, int dims3, double v)
{
    uint8_t *o = base + (dims3 ? c * t->strides[0] + x * t->strides[1] + y * t->strides[2]
                               : x * t->strides[0] + y * t->strides[1]);
    if (t->data_type == VX_TYPE_UINT8)
        *o = (uint8_t)(v < 0 ? 0 : v > UINT8_MAX ? UINT8_MAX : v);
    else
        *(int16_t *)o = (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
}

/* One channel, a row at a time: the weight of tap k at difference d is space[k] times values[d],
 * for U8 from a table of those products (the SIMD levels' rows.h loop keeps 8 pixels' sums in
 * registers, adding the taps in the same order). */
static vx_status single_channel(const pvx_tensor *src, const pvx_tensor *dst, uint8_t *out, const int32_t *pad,
                                const int32_t *offsets, const double *space, const double *values, uint32_t taps,
                                int32_t r, int u8)
{
    int dims3 = src->num_dims == 3;
    uint32_t w = (uint32_t)src->dims[dims3], h = (uint32_t)src->dims[dims3 + 1], pw = w + 2 * (uint32_t)r;
    double *weights = malloc(sizeof(double) * w), *sums = malloc(sizeof(double) * w);
    double *table = u8 ? malloc(sizeof(double) * 256 * taps) : NULL;
    const pvx_rows *loops = pvx_rows_in_use();
    if (weights == NULL || sums == NULL || (u8 && table == NULL)) {
        free(weights), free(sums), free(table);
        return VX_ERROR_NO_MEMORY;
    }
    for (uint32_t k = 0; u8 && k < taps; k++)
        for (uint32_t d = 0; d < 256; d++)
            table[k * 256 + d] = space[k] * values[d];
    for (uint32_t y = 0; y < h; y++) {
        const int32_t *centre = pad + (size_t)(y + r) * pw + r;
        if (u8 && loops->bilateral_row != NULL)
            loops->bilateral_row(centre, offsets, taps, table, sums, w);    /* the results, into sums */
        else {
            for (uint32_t x = 0; x < w; x++)
                weights[x] = sums[x] = 0.0;
            for (uint32_t k = 0; k < taps; k++) {
                const int32_t *q = centre + offsets[k];
                const double *wt = u8 ? table + k * 256 : values;
                double sk = u8 ? 1.0 : space[k];
                for (uint32_t x = 0; x < w; x++) {
                    double wk = u8 ? wt[abs(q[x] - centre[x])] : sk * wt[abs(q[x] - centre[x])];
                    weights[x] += wk, sums[x] += wk * q[x];
                }
            }
            for (uint32_t x = 0; x < w; x++)
                sums[x] = floor(sums[x] / weights[x] + 0.5);
        }
        for (uint32_t x = 0; x < w; x++)
            store(dst, out, 0, x, y, dims3, sums[x]);
    }
    free(weights), free(sums), free(table);
    return VX_SUCCESS;
}

vx_status pvx_std_bilateral_filter(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *src = ((pvx_ref *)p[0])->desc, *dst = ((pvx_ref *)p[4])->desc;
    const uint8_t *in = pvx_memory_storage((pvx_memory *)&src->mem);
    uint8_t *out = pvx_memory_storage((pvx_memory *)&dst->mem);
    if (in == NULL || out == NULL)
        return VX_ERROR_NO_MEMORY;
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    int dims3 = src->num_dims == 3;
    uint32_t ch = dims3 ? 3 : 1, stored = dims3 ? (uint32_t)src->dims[0] : 1;   /* channels of a colour, of a pixel */
    uint32_t w = (uint32_t)src->dims[dims3], h = (uint32_t)src->dims[dims3 + 1];
    int32_t r = *(const vx_int32 *)scalar_value(p[1]) / 2;
    double sigma_space = *(const vx_float32 *)scalar_value(p[2]), sigma_values = *(const vx_float32 *)scalar_value(p[3]);
    int u8 = src->data_type == VX_TYPE_UINT8;
    uint32_t pw = w + 2 * (uint32_t)r, ph = h + 2 * (uint32_t)r, taps = 0, range = u8 ? 256 : 65536;
    int32_t *pad = malloc(sizeof(int32_t) * (size_t)pw * ph * ch);
    int32_t *offsets = malloc(sizeof(int32_t) * (size_t)(2 * r + 1) * (2 * r + 1));
    double *space = malloc(sizeof(double) * (size_t)(2 * r + 1) * (2 * r + 1)), *values = malloc(sizeof(double) * range);
    if (pad == NULL || offsets == NULL || space == NULL || values == NULL) {
        free(pad), free(offsets), free(space), free(values);
        return VX_ERROR_NO_MEMORY;
    }
    int32_t constant = u8 ? border->constant_value.U8 : border->constant_value.S16;
    vx_status s = VX_SUCCESS;
    int fill = border->mode == VX_BORDER_CONSTANT;
    for (uint32_t y = 0; y < ph; y++) {        /* the source row (the nearest one outside), then its sides */
        int32_t *row = pad + (size_t)y * pw * ch, sy = (int32_t)y - r;
        if (fill && (sy < 0 || sy >= (int32_t)h)) {
            for (size_t i = 0; i < (size_t)pw * ch; i++) row[i] = constant;
            continue;
        }
        sy = sy < 0 ? 0 : sy >= (int32_t)h ? (int32_t)h - 1 : sy;
        for (uint32_t c = 0; c < ch; c++) {
            source_row(src, in, c, (uint32_t)sy, dims3, w, row + (size_t)r * ch + c, ch);
            for (uint32_t x = 0; x < (uint32_t)r; x++) {
                row[(size_t)x * ch + c] = fill ? constant : row[(size_t)r * ch + c];
                row[(size_t)(r + w + x) * ch + c] = fill ? constant : row[(size_t)(r + w - 1) * ch + c];
            }
        }
    }
    for (int32_t dy = -r; dy <= r; dy++)         /* the window's taps: within the radius */
        for (int32_t dx = -r; dx <= r; dx++)
            if (dx * dx + dy * dy <= r * r) {
                offsets[taps] = (dy * (int32_t)pw + dx) * (int32_t)ch;
                space[taps++] = exp(-(double)(dx * dx + dy * dy) / (2.0 * sigma_space * sigma_space));
            }
    for (uint32_t d = 0; d < range; d++)
        values[d] = exp(-((double)d * d) / (2.0 * sigma_values * sigma_values));
    if (ch == 1)
        s = single_channel(src, dst, out, pad, offsets, space, values, taps, r, u8);
    else
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                const int32_t *centre = pad + ((size_t)(y + r) * pw + x + r) * ch;
                double weights = 0.0, sums[3] = {0.0, 0.0, 0.0};
                for (uint32_t k = 0; k < taps; k++) {
                    const int32_t *q = centre + offsets[k];
                    double d = 0.0;
                    for (uint32_t c = 0; c < ch; c++)
                        d += fabs((double)(q[c] - centre[c]));
                    double wk = space[k] * exp(-d * d / (2.0 * sigma_values * sigma_values));
                    weights += wk;
                    for (uint32_t c = 0; c < ch; c++)
                        sums[c] += wk * q[c];
                }
                for (uint32_t c = 0; c < stored; c++)
                    store(dst, out, c, x, y, 1, floor(sums[c] / weights + 0.5));
            }
    free(pad), free(offsets), free(space), free(values);
    return s;
}
