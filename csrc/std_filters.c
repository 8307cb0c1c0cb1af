/* The standard filters over neighbourhoods larger than 3x3: each output row is made from the
 * padded source rows of its window (padded_row applies the node's border). */
#include "pvx.h"

#pragma GCC optimize("O3")

#include <stdlib.h>

/* A window of `rows` padded rows (width + 2 rx each) centred on output row y; `op` makes the output
 * row. Under UNDEFINED the outer rx columns and ry rows of the output are left as they are. */
typedef void (*window_f)(const void *ctx, int32_t *const *window, int32_t *out, uint32_t w);

static vx_status filter_window(vx_node node, vx_reference in_ref, vx_reference out_ref, uint32_t rx, uint32_t ry,
                               window_f op, const void *ctx, int saturate)
{
    plane in, out;
    vx_status s;
    if ((s = plane_of(in_ref, &in)) || (s = plane_of(out_ref, &out)))
        return s;
    const vx_border_t *border = &((pvx_node *)((pvx_ref *)node)->desc)->border;
    uint32_t w = in.width, h = in.height, pw = w + 2 * rx, k = 2 * ry + 1;
    int undefined = border->mode == VX_BORDER_UNDEFINED;
    if (undefined && (w <= 2 * rx || h <= 2 * ry))
        return VX_SUCCESS;                     /* no pixel is defined */
    int32_t *rows = buffers(pw, k + 1);
    int32_t **window = malloc(sizeof *window * k);
    if (rows == NULL || window == NULL) {
        free(rows), free(window);
        return VX_ERROR_NO_MEMORY;
    }
    int32_t *result = rows + (size_t)k * pw;
    for (uint32_t y = undefined ? ry : 0; y < (undefined ? h - ry : h); y++) {
        for (uint32_t i = 0; i < k; i++) {     /* row y - ry + i lives in slot (y + i) % k */
            window[i] = rows + (size_t)((y + i) % k) * pw;
            if (i == k - 1 || y == (undefined ? ry : 0))
                padded_row(&in, (int64_t)y - ry + i, rx, border, window[i]);
        }
        if (undefined) {
            load_row(&out, y, result);
            int32_t *kept = malloc(sizeof *kept * 2 * rx);
            if (kept == NULL && rx > 0) {
                free(rows), free(window);
                return VX_ERROR_NO_MEMORY;
            }
            for (uint32_t x = 0; x < rx; x++) kept[x] = result[x], kept[rx + x] = result[w - rx + x];
            op(ctx, window, result, w);
            for (uint32_t x = 0; x < rx; x++) result[x] = kept[x], result[w - rx + x] = kept[rx + x];
            free(kept);
        } else
            op(ctx, window, result, w);
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
static void convolve_row(const void *ctx, int32_t *const *window, int32_t *out, uint32_t w)
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

vx_status pvx_std_convolve(vx_node node, const vx_reference *p, vx_uint32 n)
{
    const pvx_convolution *conv = ((pvx_ref *)p[1])->desc;
    const int16_t *c = (const int16_t *)pvx_memory_storage((pvx_memory *)&conv->mem);
    if (c == NULL)
        return VX_ERROR_NO_MEMORY;
    convolution_ctx cv = {c, (uint32_t)conv->columns, (uint32_t)conv->rows, conv->scale};
    return filter_window(node, p[0], p[2], cv.columns / 2, cv.rows / 2, convolve_row, &cv, 1);
}
