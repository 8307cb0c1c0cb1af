/* NonMaxSuppression against plain C: U8 and S16 inputs with many ties (>= before the pixel in
 * raster order, > after it), with and without a mask, windows 1..7, every border mode, as a node
 * and through vxu, on an odd size. Then the refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 23, H = 13, MARK = 99 };

/* Pixel (x, y) of `img`, outside per the border (the mask has the same border). */
static int32_t pixel(const int32_t *img, int x, int y, const vx_border_t *b, vx_df_image f)
{
    return bordered_pixel(img, W, H, x, y, b, f);
}

static int32_t reference(const int32_t *in, vx_df_image f, const int32_t *mask, int size, int x, int y,
                         const vx_border_t *b)
{
    int32_t v = in[y * W + x];
    if (mask != NULL && mask[y * W + x] != 0)
        return v;
    int r = size / 2;
    for (int dy = -r; dy <= r; dy++)
        for (int dx = -r; dx <= r; dx++) {
            if ((dx == 0 && dy == 0) || (mask != NULL && pixel(mask, x + dx, y + dy, b, VX_DF_IMAGE_U8) != 0))
                continue;
            int32_t o = pixel(in, x + dx, y + dy, b, f);
            int before = dy < 0 || (dy == 0 && dx < 0);
            if (before ? v < o : v <= o)
                return f == VX_DF_IMAGE_U8 ? 0 : INT16_MIN;
        }
    return v;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t values[2][W * H], mask_values[W * H], marks[W * H], got[W * H];
    uint32_t seed = 7;
    for (int k = 0; k < W * H; k++) {
        seed = seed * 1664525u + 1013904223u;
        values[0][k] = (int32_t)(seed >> 29) * 36;            /* 8 levels: many ties */
        values[1][k] = (int32_t)((seed >> 26) & 7) * 9000 - 32768;
        mask_values[k] = (seed >> 8) % 5 == 0 ? (int32_t)(seed >> 16) % 255 + 1 : 0;
        marks[k] = MARK;
    }
    vx_image mask = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(mask, mask_values, VX_WRITE_ONLY);
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    const vx_df_image formats[2] = {VX_DF_IMAGE_U8, VX_DF_IMAGE_S16};
    for (int fi = 0; fi < 2; fi++) {
        vx_df_image f = formats[fi];
        vx_image in = vxCreateImage(ctx, W, H, f);
        copy_image(in, values[fi], VX_WRITE_ONLY);
        borders[1].constant_value.S16 = fi ? -5000 : 0;
        if (!fi)
            borders[1].constant_value.U8 = 120;
        for (int size = 1; size <= 7; size += 2)
            for (int b = 0; b < 3; b++)
                for (int m = 0; m < 2; m++)
                    for (int immediate = 0; immediate < 2; immediate++) {
                        vx_image out = vxCreateImage(ctx, W, H, f), mk = m ? mask : NULL;
                        copy_image(out, marks, VX_WRITE_ONLY);
                        CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &borders[b], sizeof borders[b]));
                        vx_node n = NULL;
                        vx_status st = immediate ? vxuNonMaxSuppression(ctx, in, mk, size, out)
                                                 : (graph_ = vxCreateGraph(ctx),
                                                    n = vxNonMaxSuppressionNode(graph_, in, mk, size, out),
                                                    vxSetNodeAttribute(n, VX_NODE_BORDER, &borders[b], sizeof borders[b]),
                                                    run_graph_node(n));
                        CHECK_OK(st);
                        read_image(out, got);
                        int r = borders[b].mode == VX_BORDER_UNDEFINED ? size / 2 : 0;
                        for (int y = 0; y < H; y++)
                            for (int x = 0; x < W; x++) {
                                int inside = x >= r && x < W - r && y >= r && y < H - r;
                                int32_t want = inside ? reference(values[fi], f, m ? mask_values : NULL, size, x, y,
                                                                  &borders[b])
                                                      : MARK;
                                if (got[y * W + x] != want) {
                                    fprintf(stderr, "format %d size %d border %#x mask %d immediate %d (%d, %d): %d, "
                                            "expected %d\n", fi, size, borders[b].mode, m, immediate, x, y,
                                            got[y * W + x], want);
                                    return 1;
                                }
                            }
                        vx_rectangle_t rect;
                        CHECK_OK(vxGetValidRegionImage(out, &rect));
                        CHECK(rect.start_x == (vx_uint32)r && rect.start_y == (vx_uint32)r &&
                              rect.end_x == (vx_uint32)(W - r) && rect.end_y == (vx_uint32)(H - r));
                        CHECK_OK(vxReleaseImage(&out));
                    }
        vxReleaseImage(&in);
    }

    /* refusals */
    vx_image u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image u16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U16), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image small = vxCreateImage(ctx, W - 1, H, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuNonMaxSuppression(ctx, u16, NULL, 3, out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuNonMaxSuppression(ctx, u8, s16, 3, out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuNonMaxSuppression(ctx, u8, small, 3, out), VX_ERROR_INVALID_DIMENSION);
    CHECK_REFUSED(vxuNonMaxSuppression(ctx, u8, NULL, 4, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuNonMaxSuppression(ctx, u8, NULL, H + 2, out), VX_ERROR_INVALID_VALUE);
    vxReleaseImage(&u8), vxReleaseImage(&out), vxReleaseImage(&u16), vxReleaseImage(&s16), vxReleaseImage(&small);
    vxReleaseImage(&mask);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
