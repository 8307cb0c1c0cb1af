/* HOGCells and HOGFeatures as the conformance tests' reference computes them (their check wants
 * every value within 5%, so small values exactly), where the spec's words leave room or differ:
 * - cells: the gradient (I(x+1, y) - I(x-1, y), I(x, y+1) - I(x, y-1), replicated borders) in
 *   float, magnitude sqrtf(gx^2 + gy^2), signed orientation atan2f(gy, gx (or 1e-14 for 0)) in
 *   degrees over [0, 360), bin floor(orientation num_bins / 360); each pixel (raster order) adds
 *   magnitude / (cell_width cell_height) to its cell's magnitude and to its bin, each sum kept as
 *   an int16 truncated after every addition; the values as they are (the tensors' fixed point
 *   position ignored);
 * - features: windows at window_stride apart, as many as whole windows fit (width /
 *   window_width); per block (block_stride apart, raster order) its cells' bins (cells in raster
 *   order, bins in order) over the root of the sum of the block's squared cell magnitudes,
 *   clipped to the threshold, times 2^8 truncated to int16, then renormalised by the root of the
 *   sum of their squares (in units of 2^-8), times 2^8 truncated again;
 * - the values in the order the reference lists them (cells: bins fastest; features: windows,
 *   blocks, cells, bins), laid into the tensors' elements in their memory order (dims[0] fastest). */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>

static const pvx_tensor *tensor_of(vx_reference ref)
{
    return ((pvx_ref *)ref)->desc;
}

static size_t elements(const pvx_tensor *t)
{
    size_t n = 1;
    for (vx_size d = 0; d < t->num_dims; d++) n *= t->dims[d];
    return n;
}

/* The INT16 element i of a tensor in its memory order (dims[0] fastest). */
static int16_t *linear(const pvx_tensor *t, size_t i)
{
    uint8_t *at = pvx_memory_storage((pvx_memory *)&t->mem);
    for (vx_size d = 0; d < t->num_dims; d++) {
        at += (i % t->dims[d]) * t->strides[d];
        i /= t->dims[d];
    }
    return (int16_t *)at;
}

/* v truncated to int16, saturated (NaN: 0) */
static int16_t truncated(float v)
{
    return v >= 32767.0f ? INT16_MAX : v <= -32768.0f ? INT16_MIN : v == v ? (int16_t)v : 0;
}

/* v += add, truncated to int16 (the reference's `int16 += float`) */
static void accumulate(int16_t *v, float add)
{
    *v = truncated((float)*v + add);
}

vx_status pvx_std_hog_cells(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    int32_t cw = *(const vx_int32 *)scalar_value(p[1]), ch = *(const vx_int32 *)scalar_value(p[2]);
    int32_t bins = *(const vx_int32 *)scalar_value(p[3]);
    const pvx_tensor *mags = tensor_of(p[4]), *hist = tensor_of(p[5]);
    if (pvx_memory_storage((pvx_memory *)&mags->mem) == NULL || pvx_memory_storage((pvx_memory *)&hist->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    uint32_t cells_x = in.width / (uint32_t)cw, cells_y = in.height / (uint32_t)ch;
    size_t nm = elements(mags), nh = elements(hist);
    for (size_t i = 0; i < nm; i++) *linear(mags, i) = 0;
    for (size_t i = 0; i < nh; i++) *linear(hist, i) = 0;
    float per_bin = (float)bins / 360.0f, area = (float)(cw * ch);
    for (uint32_t y = 0; y < cells_y * (uint32_t)ch; y++) {
        const uint8_t *row = row_of(&in, y), *up = row_of(&in, y ? y - 1 : 0);
        const uint8_t *down = row_of(&in, y + 1 < in.height ? y + 1 : y);
        for (uint32_t x = 0; x < cells_x * (uint32_t)cw; x++) {
            float gx = (float)(row[x + 1 < in.width ? x + 1 : x] - row[x ? x - 1 : 0]), gy = (float)(down[x] - up[x]);
            float m = sqrtf(gx * gx + gy * gy);
            float t = (float)fmod((double)atan2f(gy, (float)(gx + 1e-14)) * (180 / 3.14159265), 360);
            t = t < 0 ? t + 360 : t;
            int32_t b = (int32_t)floor(t * per_bin);
            b = b < bins ? b : bins - 1;               /* (a float 360: the last bin) */
            size_t c = (size_t)(y / (uint32_t)ch) * cells_x + x / (uint32_t)cw;
            if (c < nm)
                accumulate(linear(mags, c), m / area);
            if (c * (size_t)bins + (size_t)b < nh)
                accumulate(linear(hist, c * (size_t)bins + (size_t)b), m / area);
        }
    }
    return VX_SUCCESS;
}

vx_status pvx_std_hog_features(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    const pvx_tensor *mags = tensor_of(p[1]), *hist = tensor_of(p[2]), *feat = tensor_of(p[5]);
    const vx_hog_t *h = (const vx_hog_t *)pvx_memory_storage(&((pvx_array *)((pvx_ref *)p[3])->desc)->mem);
    if (h == NULL || pvx_memory_storage((pvx_memory *)&mags->mem) == NULL ||
        pvx_memory_storage((pvx_memory *)&hist->mem) == NULL || pvx_memory_storage((pvx_memory *)&feat->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    int32_t cw = h->cell_width, chh = h->cell_height, nb = h->num_bins, n_cells_x = (int32_t)in.width / cw;
    int32_t cells_bw = h->block_width / cw, cells_bh = h->block_height / chh;
    int32_t blocks_x = (h->window_width - h->block_width) / h->block_stride + 1;
    int32_t blocks_y = (h->window_height - h->block_height) / h->block_stride + 1;
    int32_t windows_x = (int32_t)in.width / h->window_width, windows_y = (int32_t)in.height / h->window_height;
    size_t nm = elements(mags), nh = elements(hist), nf = elements(feat), out = 0;
    for (size_t i = 0; i < nf; i++) *linear(feat, i) = 0;
    for (int32_t wy = 0; wy < windows_y; wy++)
        for (int32_t wx = 0; wx < windows_x; wx++)
            for (int32_t by = 0; by < blocks_y; by++)
                for (int32_t bx = 0; bx < blocks_x; bx++) {
                    /* the block's first cell (the reference's index arithmetic) */
                    int64_t first = (int64_t)wy * (n_cells_x * h->window_stride / chh) + wx * (h->window_stride / cw) +
                                    (int64_t)by * (n_cells_x * h->block_stride / chh) + bx * h->block_stride / chh;
                    float sum = 0;
                    for (int32_t y = 0; y < cells_bh; y++)
                        for (int32_t x = 0; x < cells_bw; x++) {
                            size_t c = (size_t)(first + (int64_t)y * n_cells_x + x);
                            float m = c < nm ? *linear(mags, c) : 0;
                            sum += m * m;
                        }
                    sum = sqrtf(sum + 1e-14f);
                    size_t start = out;
                    for (int32_t y = 0; y < cells_bh; y++)
                        for (int32_t x = 0; x < cells_bw; x++)
                            for (int32_t k = 0; k < nb; k++, out++) {
                                size_t b = (size_t)(first + (int64_t)y * n_cells_x + x) * (size_t)nb + (size_t)k;
                                float v = (b < nh ? *linear(hist, b) : 0) / sum;
                                v = v < h->threshold ? v : h->threshold;
                                if (out < nf)
                                    *linear(feat, out) = truncated(v * 256.0f);
                            }
                    float renorm = 0;
                    for (size_t i = start; i < out && i < nf; i++) {
                        float f = *linear(feat, i) / 256.0f;
                        renorm += f * f;
                    }
                    renorm = sqrtf(renorm + 1e-14f);
                    for (size_t i = start; i < out && i < nf; i++)
                        *linear(feat, i) = truncated((*linear(feat, i) / 256.0f / renorm) * 256.0f);
                }
    return VX_SUCCESS;
}
