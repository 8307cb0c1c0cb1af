/* HOGCells and HOGFeatures. Cells: the gradient (I(x+1, y) - I(x-1, y), I(x, y+1) - I(x, y-1)),
 * replicated borders) of each pixel votes its magnitude into the bin of its unsigned orientation
 * (atan2 folded into [0, pi), num_bins equal bins); each cell's average magnitude and bins (sums
 * over the cell divided by its area). Features: per window position (window_stride apart), per
 * block in the window (block_stride apart, raster order), the block's cells' bins (cells in raster
 * order, bins in order) normalised L2-Hys (by the L2 norm, clipped to the threshold, by the L2 norm
 * again). INT16 tensors hold values times 2^(fixed point position), truncated and saturated. */
#include "kernels.h"

#pragma GCC optimize("O3")

#include <math.h>
#include <stdlib.h>

static const pvx_tensor *tensor_of(vx_reference ref)
{
    return ((pvx_ref *)ref)->desc;
}

static int16_t *element(const pvx_tensor *t, size_t i, size_t j, size_t k)
{
    uint8_t *base = pvx_memory_storage((pvx_memory *)&t->mem);
    return (int16_t *)(base + i * t->strides[0] + j * t->strides[1] + (t->num_dims > 2 ? k * t->strides[2] : 0));
}

static int16_t fixed(double v, int8_t q)
{
    double r = trunc(ldexp(v, q));
    return (int16_t)(r >= INT16_MAX ? INT16_MAX : r <= INT16_MIN ? INT16_MIN : r);
}

static double real(int16_t v, int8_t q)
{
    return ldexp((double)v, -q);
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
    double *sums = calloc((size_t)cells_x * ((size_t)bins + 1), sizeof *sums);   /* a row of cells */
    if (sums == NULL)
        return VX_ERROR_NO_MEMORY;
    const double pi = 3.14159265358979323846, area = (double)cw * ch;
    for (uint32_t y = 0; y < cells_y * (uint32_t)ch; y++) {
        const uint8_t *row = row_of(&in, y), *up = row_of(&in, y ? y - 1 : 0);
        const uint8_t *down = row_of(&in, y + 1 < in.height ? y + 1 : y);
        for (uint32_t x = 0; x < cells_x * (uint32_t)cw; x++) {
            double gx = (double)row[x + 1 < in.width ? x + 1 : x] - row[x ? x - 1 : 0], gy = (double)down[x] - up[x];
            double m = sqrt(gx * gx + gy * gy), t = atan2(gy, gx);
            t = t < 0 ? t + pi : t;
            t = t >= pi ? t - pi : t;
            int32_t b = (int32_t)(t * bins / pi);
            double *cell = sums + (size_t)(x / (uint32_t)cw) * (bins + 1);
            cell[0] += m, cell[1 + (b < bins ? b : bins - 1)] += m;
        }
        if ((y + 1) % (uint32_t)ch == 0) {       /* a row of cells done */
            uint32_t cy = y / (uint32_t)ch;
            for (uint32_t cx = 0; cx < cells_x; cx++) {
                double *cell = sums + (size_t)cx * (bins + 1);
                *element(mags, cx, cy, 0) = fixed(cell[0] / area, mags->fixed_point_position);
                for (int32_t b = 0; b < bins; b++)
                    *element(hist, cx, cy, (size_t)b) = fixed(cell[1 + b] / area, hist->fixed_point_position);
                for (int32_t b = 0; b <= bins; b++) cell[b] = 0;
            }
        }
    }
    free(sums);
    return VX_SUCCESS;
}

/* The normalised block at each cell (blocks start on whole cells), computed once, then copied
 * into every window holding it. */
vx_status pvx_std_hog_features(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_tensor *hist = tensor_of(p[2]), *feat = tensor_of(p[5]);
    const vx_hog_t *h = (const vx_hog_t *)pvx_memory_storage(&((pvx_array *)((pvx_ref *)p[3])->desc)->mem);
    if (h == NULL || pvx_memory_storage((pvx_memory *)&hist->mem) == NULL ||
        pvx_memory_storage((pvx_memory *)&feat->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    uint32_t cells_x = (uint32_t)(h->block_width / h->cell_width), cells_y = (uint32_t)(h->block_height / h->cell_height);
    uint32_t per_block = cells_x * cells_y * (uint32_t)h->num_bins;
    uint32_t blocks_x = (uint32_t)((h->window_width - h->block_width) / h->block_stride + 1);
    uint32_t blocks_y = (uint32_t)((h->window_height - h->block_height) / h->block_stride + 1);
    size_t grid_x = hist->dims[0] - cells_x + 1, grid_y = hist->dims[1] - cells_y + 1;
    int16_t *blocks = malloc(sizeof(int16_t) * grid_x * grid_y * per_block);
    double *v = malloc(sizeof(double) * per_block);
    if (blocks == NULL || v == NULL) {
        free(blocks), free(v);
        return VX_ERROR_NO_MEMORY;
    }
    for (size_t c0y = 0; c0y < grid_y; c0y++)
        for (size_t c0x = 0; c0x < grid_x; c0x++) {
            uint32_t k = 0;
            for (uint32_t j = 0; j < cells_y; j++)
                for (uint32_t i = 0; i < cells_x; i++)
                    for (int32_t b = 0; b < h->num_bins; b++)
                        v[k++] = real(*element(hist, c0x + i, c0y + j, (size_t)b), hist->fixed_point_position);
            for (int pass = 0; pass < 2; pass++) {   /* normalise, clip, normalise */
                double norm = 0;
                for (k = 0; k < per_block; k++) norm += v[k] * v[k];
                norm = sqrt(norm);
                for (k = 0; norm > 0 && k < per_block; k++) {
                    v[k] /= norm;
                    v[k] = pass == 0 && v[k] > h->threshold ? h->threshold : v[k];
                }
            }
            int16_t *out = blocks + (c0y * grid_x + c0x) * per_block;
            for (k = 0; k < per_block; k++) out[k] = fixed(v[k], feat->fixed_point_position);
        }
    /* in the features' memory order (dims[0], the window's x, fastest): strides are whole cells */
    uint8_t *base = pvx_memory_storage((pvx_memory *)&feat->mem);
    size_t wstep_x = (size_t)(h->window_stride / h->cell_width), wstep_y = (size_t)(h->window_stride / h->cell_height);
    size_t bstep_x = (size_t)(h->block_stride / h->cell_width), bstep_y = (size_t)(h->block_stride / h->cell_height);
    for (size_t wy = 0; wy < feat->dims[1]; wy++)
        for (uint32_t by = 0; by < blocks_y; by++)
            for (uint32_t bx = 0; bx < blocks_x; bx++) {
                const int16_t *first = blocks + ((wy * wstep_y + by * bstep_y) * grid_x + bx * bstep_x) * per_block;
                for (uint32_t k = 0; k < per_block; k++) {
                    uint8_t *row = base + wy * feat->strides[1] + (((size_t)by * blocks_x + bx) * per_block + k) *
                                   feat->strides[2];
                    for (size_t wx = 0; wx < feat->dims[0]; wx++)
                        *(int16_t *)(row + wx * feat->strides[0]) = first[wx * wstep_x * per_block + k];
                }
            }
    free(blocks), free(v);
    return VX_SUCCESS;
}
