/* FastCorners (FAST-9): the segment test on the Bresenham circle of radius 3, the strength of each
 * corner, and the optional 3x3 non-maximum suppression. Keypoints go into the output array up to its
 * capacity; the optional count scalar gets every corner found. */
#include "pvx.h"

#include <stdlib.h>

/* The 16 pixels of the Bresenham circle of radius 3, clockwise from the top, as (dx, dy). */
static const int8_t circle[16][2] = {{0, -3}, {1, -3}, {2, -2}, {3, -1}, {3, 0}, {3, 1}, {2, 2}, {1, 3},
                                     {0, 3}, {-1, 3}, {-2, 2}, {-3, 1}, {-3, 0}, {-3, -1}, {-2, -2}, {-1, -3}};

/* The largest t for which 9 contiguous circle pixels are all > p + t or all < p - t, or -1 when
 * none is for t = 0: over every arc of 9, the smallest difference of one sign, minus one. */
static int32_t fast9_strength(const uint8_t *centre, int32_t stride)
{
    int32_t d[16], best = 0;
    for (int k = 0; k < 16; k++) d[k] = (int32_t)centre[circle[k][1] * stride + circle[k][0]] - centre[0];
    for (int start = 0; start < 16; start++) {
        int32_t bright = 255, dark = 255;
        for (int k = 0; k < 9; k++) {
            int32_t v = d[(start + k) % 16];
            bright = v < bright ? v : bright;
            dark = -v < dark ? -v : dark;
        }
        best = bright > best ? bright : best;
        best = dark > best ? dark : best;
    }
    return best - 1;
}

/* FAST-9 outside the 3-pixel border, the threshold truncated to an integer; with non-maximum
 * suppression a corner is kept when its strength is >= the corners' before it in raster order
 * among its 8 neighbours and > those after it (as NonMaxSuppression breaks ties). */
vx_status pvx_std_fast_corners(vx_node node, const vx_reference *p, vx_uint32 n)
{
    plane in;
    vx_status s;
    if ((s = plane_of(p[0], &in)))
        return s;
    int32_t t = (int32_t)*(const vx_float32 *)scalar_value(p[1]);
    int nonmax = *(const vx_bool *)scalar_value(p[2]) == vx_true_e;
    pvx_array *corners = ((pvx_ref *)p[3])->desc;
    if (pvx_memory_storage(&corners->mem) == NULL)
        return VX_ERROR_NO_MEMORY;
    corners->num_items = 0;
    uint32_t w = in.width, h = in.height;
    vx_size found = 0;
    if (w < 7 || h < 7) {
        store_count(p[4], 0);
        return VX_SUCCESS;
    }
    int32_t *strength = calloc((size_t)w * h, sizeof *strength);   /* -1 or less: not a corner */
    if (strength == NULL)
        return VX_ERROR_NO_MEMORY;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            int inside = x >= 3 && y >= 3 && x < w - 3 && y < h - 3;
            int32_t v = inside ? fast9_strength((const uint8_t *)row_of(&in, y) + x, in.stride) : -1;
            strength[(size_t)y * w + x] = v >= t ? v : -1;
        }
    for (uint32_t y = 3; y < h - 3; y++)
        for (uint32_t x = 3; x < w - 3; x++) {
            int32_t v = strength[(size_t)y * w + x];
            int kept = v >= 0;
            for (int dy = -1; dy <= 1 && kept && nonmax; dy++)
                for (int dx = -1; dx <= 1 && kept; dx++) {
                    int32_t o = strength[(size_t)(y + dy) * w + x + dx];
                    int before = dy < 0 || (dy == 0 && dx < 0);
                    if (dx || dy)
                        kept = before ? v >= o : v > o;
                }
            if (kept)
                found++, add_keypoint(corners, (int32_t)x, (int32_t)y, (float)v);
        }
    free(strength);
    store_count(p[4], found);
    return VX_SUCCESS;
}

