/* LBP against plain C: the standard, modified and uniform forms at 3x3 and 5x5, every border
 * mode, as a node and through vxu, on an odd size with many equal neighbours. Then refusals. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdlib.h>

#include "check.h"
#include "std_images.h"

enum { W = 21, H = 15, MARK = 250 };

static int32_t pixel(const int32_t *in, int x, int y, const vx_border_t *b)
{
    return bordered_pixel(in, W, H, x, y, b, VX_DF_IMAGE_U8);
}

/* The spec's definitions, written out per form. */
static int32_t reference(const int32_t *in, vx_enum format, int size, int x, int y, const vx_border_t *b)
{
    int32_t g[8], c = pixel(in, x, y, b);
    if (format == VX_MLBP) {
        int32_t d[8] = {pixel(in, x - 2, y - 2, b), pixel(in, x, y - 2, b), pixel(in, x + 2, y - 2, b),
                        pixel(in, x + 2, y, b), pixel(in, x + 2, y + 2, b), pixel(in, x, y + 2, b),
                        pixel(in, x - 2, y + 2, b), pixel(in, x - 2, y, b)};
        int32_t avg = (d[0] + d[1] + d[2] + d[3] + d[4] + d[5] + d[6] + d[7] + 1) / 8, v = 0;
        for (int p = 0; p < 8; p++) v += (d[p] > avg) * (1 << p);
        return v;
    }
    int k = size == 5 ? 2 : 1;                 /* the edge neighbours are k away, the corners 1 */
    g[0] = pixel(in, x - 1, y - 1, b), g[1] = pixel(in, x, y - k, b), g[2] = pixel(in, x + 1, y - 1, b);
    g[3] = pixel(in, x + k, y, b), g[4] = pixel(in, x + 1, y + 1, b), g[5] = pixel(in, x, y + k, b);
    g[6] = pixel(in, x - 1, y + 1, b), g[7] = pixel(in, x - k, y, b);
    int32_t v = 0, u = 0;
    for (int p = 0; p < 8; p++) {
        v += (g[p] >= c) * (1 << p);
        u += abs((g[p] >= c) - (g[(p + 7) % 8] >= c));
    }
    return format == VX_ULBP && u > 2 ? 9 : v;
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static int32_t in_values[W * H], marks[W * H], got[W * H];
    uint32_t seed = 5;
    for (int k = 0; k < W * H; k++) {
        seed = seed * 1664525u + 1013904223u;
        in_values[k] = k % 3 ? (int32_t)(seed >> 24) : (int32_t)(seed >> 30) * 85;   /* ties and spread */
        marks[k] = MARK;
    }
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    copy_image(in, in_values, VX_WRITE_ONLY);
    vx_border_t borders[3] = {{VX_BORDER_UNDEFINED, {{0}}}, {VX_BORDER_CONSTANT, {{0}}}, {VX_BORDER_REPLICATE, {{0}}}};
    borders[1].constant_value.U8 = 170;
    const struct { vx_enum format; vx_int8 size; } forms[] = {
        {VX_LBP, 3}, {VX_LBP, 5}, {VX_MLBP, 5}, {VX_ULBP, 3}, {VX_ULBP, 5}};
    int nines = 0;
    for (int f = 0; f < 5; f++)
        for (int b = 0; b < 3; b++)
            for (int immediate = 0; immediate < 2; immediate++) {
                vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
                copy_image(out, marks, VX_WRITE_ONLY);
                CHECK_OK(vxSetContextAttribute(ctx, VX_CONTEXT_IMMEDIATE_BORDER, &borders[b], sizeof borders[b]));
                vx_node n = NULL;
                vx_status st = immediate ? vxuLBP(ctx, in, forms[f].format, forms[f].size, out)
                                         : (graph_ = vxCreateGraph(ctx),
                                            n = vxLBPNode(graph_, in, forms[f].format, forms[f].size, out),
                                            vxSetNodeAttribute(n, VX_NODE_BORDER, &borders[b], sizeof borders[b]),
                                            run_graph_node(n));
                CHECK_OK(st);
                read_image(out, got);
                int r = borders[b].mode == VX_BORDER_UNDEFINED ? forms[f].size / 2 : 0;
                for (int y = 0; y < H; y++)
                    for (int x = 0; x < W; x++) {
                        int inside = x >= r && x < W - r && y >= r && y < H - r;
                        int32_t want = inside ? reference(in_values, forms[f].format, forms[f].size, x, y, &borders[b])
                                              : MARK;
                        nines += inside && forms[f].format == VX_ULBP && want == 9;
                        if (got[y * W + x] != want) {
                            fprintf(stderr, "form %d border %#x immediate %d (%d, %d): %d, expected %d\n", f,
                                    borders[b].mode, immediate, x, y, got[y * W + x], want);
                            return 1;
                        }
                    }
                vx_rectangle_t rect;
                CHECK_OK(vxGetValidRegionImage(out, &rect));
                CHECK(rect.start_x == (vx_uint32)r && rect.start_y == (vx_uint32)r && rect.end_x == (vx_uint32)(W - r) &&
                      rect.end_y == (vx_uint32)(H - r));
                CHECK_OK(vxReleaseImage(&out));
            }
    CHECK(nines > 0);                          /* non-uniform patterns were seen */

    /* refusals */
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), s16 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16);
    vx_image tiny = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8), tiny_out = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    CHECK_REFUSED(vxuLBP(ctx, s16, VX_LBP, 3, out), VX_ERROR_INVALID_FORMAT);
    CHECK_REFUSED(vxuLBP(ctx, in, VX_MLBP, 3, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuLBP(ctx, in, VX_LBP, 7, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuLBP(ctx, in, VX_LBP + 7, 3, out), VX_ERROR_INVALID_VALUE);
    CHECK_REFUSED(vxuLBP(ctx, tiny, VX_LBP, 5, tiny_out), VX_ERROR_INVALID_DIMENSION);
    vxReleaseImage(&out), vxReleaseImage(&s16), vxReleaseImage(&tiny), vxReleaseImage(&tiny_out);
    vxReleaseImage(&in);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
