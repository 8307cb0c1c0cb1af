/* BilateralFilter on a U8 or S16 tensor of [width, height] or [channels (1 or 2), width, height]:
 * each value becomes the average of the window's values weighted by
 * exp(-(dx^2 + dy^2) / (2 sigmaSpace^2)) * exp(-|t - tau|^2 / (2 sigmaValues^2)), |t - tau| the
 * Euclidean distance of the pixels' channel vectors, over the pixels of the window within its
 * radius (diameter / 2), in double, rounded half up and saturated. The source is first copied
 * into a padded plane of int32 per the node's border (UNDEFINED reads as REPLICATE). */
#include "pvx.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>

static int32_t element(const pvx_tensor *t, const uint8_t *base, uint32_t c, uint32_t x, uint32_t y, int dims3)
{
    const uint8_t *p = base + (dims3 ? c * t->strides[0] + x * t->strides[1] + y * t->strides[2]
                                     : x * t->strides[0] + y * t->strides[1]);
    return t->data_type == VX_TYPE_UINT8 ? *p : *(const int16_t *)p;
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
    uint32_t ch = dims3 ? (uint32_t)src->dims[0] : 1, w = (uint32_t)src->dims[dims3], h = (uint32_t)src->dims[dims3 + 1];
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
    for (uint32_t y = 0; y < ph; y++)
        for (uint32_t x = 0; x < pw; x++) {
            int64_t sx = (int64_t)x - r, sy = (int64_t)y - r;
            int outside = sx < 0 || sy < 0 || sx >= w || sy >= h;
            sx = sx < 0 ? 0 : sx >= w ? w - 1 : sx, sy = sy < 0 ? 0 : sy >= h ? h - 1 : sy;
            for (uint32_t c = 0; c < ch; c++)
                pad[((size_t)y * pw + x) * ch + c] = outside && border->mode == VX_BORDER_CONSTANT
                                                         ? constant : element(src, in, c, (uint32_t)sx, (uint32_t)sy, dims3);
        }
    for (int32_t dy = -r; dy <= r; dy++)         /* the window's taps: within the radius */
        for (int32_t dx = -r; dx <= r; dx++)
            if (dx * dx + dy * dy <= r * r) {
                offsets[taps] = (dy * (int32_t)pw + dx) * (int32_t)ch;
                space[taps++] = exp(-(double)(dx * dx + dy * dy) / (2.0 * sigma_space * sigma_space));
            }
    for (uint32_t d = 0; d < range; d++)
        values[d] = exp(-((double)d * d) / (2.0 * sigma_values * sigma_values));
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            const int32_t *centre = pad + ((size_t)(y + r) * pw + x + r) * ch;
            double weights = 0.0, sums[2] = {0.0, 0.0};
            for (uint32_t k = 0; k < taps; k++) {
                const int32_t *q = centre + offsets[k];
                double wk;
                if (ch == 1) {
                    wk = space[k] * values[abs(q[0] - centre[0])];
                } else {
                    double d0 = q[0] - centre[0], d1 = q[1] - centre[1];
                    wk = space[k] * exp(-(d0 * d0 + d1 * d1) / (2.0 * sigma_values * sigma_values));
                }
                weights += wk;
                for (uint32_t c = 0; c < ch; c++)
                    sums[c] += wk * q[c];
            }
            for (uint32_t c = 0; c < ch; c++) {
                double v = floor(sums[c] / weights + 0.5);
                uint8_t *o = out + (dims3 ? c * dst->strides[0] + x * dst->strides[1] + y * dst->strides[2]
                                          : x * dst->strides[0] + y * dst->strides[1]);
                if (u8)
                    *o = (uint8_t)(v < 0 ? 0 : v > UINT8_MAX ? UINT8_MAX : v);
                else
                    *(int16_t *)o = (int16_t)(v < INT16_MIN ? INT16_MIN : v > INT16_MAX ? INT16_MAX : v);
            }
        }
    free(pad), free(offsets), free(space), free(values);
    return VX_SUCCESS;
}
