/* Standard kernels on 1080p frames, beside a plain-C loop doing the same pixel work.
 *
 *  add_u8_s16_graph   vxAddNode (U8 + U8 -> S16, saturate) run by vxProcessGraph on a verified graph
 *  add_u8_s16_vxu     vxuAdd: a one-node graph made, verified, run and released per call
 *  and_u8_graph       vxAndNode (U8 & U8 -> U8) run by vxProcessGraph
 *  sub_u8_sat_graph   vxSubtractNode (U8 - U8 -> U8, saturate) run by vxProcessGraph
 *  box3x3_graph       vxBox3x3Node (U8, REPLICATE border) run by vxProcessGraph */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

enum { W = 1920, H = 1080 };

static void plain_add(const uint8_t *a, const uint8_t *b, int16_t *o)
{
    for (long i = 0; i < (long)W * H; i++)
        o[i] = (int16_t)(a[i] + b[i]);
}

static void plain_and(const uint8_t *a, const uint8_t *b, uint8_t *o)
{
    for (long i = 0; i < (long)W * H; i++)
        o[i] = a[i] & b[i];
}

static void plain_sub_sat(const uint8_t *a, const uint8_t *b, uint8_t *o)
{
    for (long i = 0; i < (long)W * H; i++)
        o[i] = a[i] > b[i] ? a[i] - b[i] : 0;
}

/* Replicated border at the edges, the plain inner loop elsewhere. */
static void plain_box(const uint8_t *in, uint8_t *out)
{
    for (long y = 0; y < H; y++)
        for (long x = 0; x < W; x++) {
            int s = 0;
            if (y > 0 && y < H - 1 && x > 0 && x < W - 1) {
                const uint8_t *r = in + (y - 1) * W + x - 1;
                s = r[0] + r[1] + r[2] + r[W] + r[W + 1] + r[W + 2] + r[2 * W] + r[2 * W + 1] + r[2 * W + 2];
            } else
                for (int k = 0; k < 9; k++)
                    s += bench_pixel(in, W, H, x + k % 3 - 1, y + k / 3 - 1);
            out[y * W + x] = (uint8_t)(s / 9);
        }
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_image a = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image sum = vxCreateImage(ctx, W, H, VX_DF_IMAGE_S16), box = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image u8 = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_pixel_value_t v = {{0}};
    v.U8 = 100;
    vxSetImagePixelValues(a, &v);
    vxSetImagePixelValues(b, &v);
    vx_graph g = vxCreateGraph(ctx), gb = vxCreateGraph(ctx), ga = vxCreateGraph(ctx), gs = vxCreateGraph(ctx);
    vx_node n = vxAddNode(g, a, b, VX_CONVERT_POLICY_SATURATE, sum), nb = vxBox3x3Node(gb, a, box);
    vx_node na = vxAndNode(ga, a, b, u8), ns = vxSubtractNode(gs, a, b, VX_CONVERT_POLICY_SATURATE, u8);
    vx_border_t replicate = {VX_BORDER_REPLICATE, {{0}}};
    vxSetNodeAttribute(nb, VX_NODE_BORDER, &replicate, sizeof replicate);
    if (vxVerifyGraph(g) != VX_SUCCESS || vxProcessGraph(g) != VX_SUCCESS || vxVerifyGraph(gb) != VX_SUCCESS ||
        vxProcessGraph(gb) != VX_SUCCESS || vxVerifyGraph(ga) != VX_SUCCESS ||
        vxProcessGraph(ga) != VX_SUCCESS || vxVerifyGraph(gs) != VX_SUCCESS || vxProcessGraph(gs) != VX_SUCCESS ||
        vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, sum) != VX_SUCCESS)
        return 1;
    uint8_t *pa = calloc(W * H, 1), *pb = calloc(W * H, 1), *pbox = calloc(W * H, 1), *pu8 = calloc(W * H, 1);
    int16_t *ps = calloc(W * H, 2);
    memset(pa, 100, W * H), memset(pb, 100, W * H);     /* real pages, as the images have */
    double graph_ns, vxu_ns, plain_ns, box_ns, plain_box_ns, and_ns, plain_and_ns, sub_ns, plain_sub_ns;
    BENCH_NS(graph_ns, 5, 10, vxProcessGraph(g));
    BENCH_NS(vxu_ns, 5, 10, vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, sum));
    BENCH_NS(plain_ns, 5, 10, plain_add(pa, pb, ps); bench_sink += ps[i_]);
    BENCH_NS(and_ns, 5, 10, vxProcessGraph(ga));
    BENCH_NS(plain_and_ns, 5, 10, plain_and(pa, pb, pu8); bench_sink += pu8[i_]);
    BENCH_NS(sub_ns, 5, 10, vxProcessGraph(gs));
    BENCH_NS(plain_sub_ns, 5, 10, plain_sub_sat(pa, pb, pu8); bench_sink += pu8[i_]);
    BENCH_NS(box_ns, 5, 5, vxProcessGraph(gb));
    BENCH_NS(plain_box_ns, 5, 5, plain_box(pa, pbox); bench_sink += pbox[i_]);
    bench_begin("std_kernels");
    bench_row(1, "add_u8_s16_graph_1920x1080", graph_ns, plain_ns);
    bench_row(0, "add_u8_s16_vxu_1920x1080", vxu_ns, plain_ns);
    bench_row(0, "and_u8_graph_1920x1080", and_ns, plain_and_ns);
    bench_row(0, "sub_u8_saturate_graph_1920x1080", sub_ns, plain_sub_ns);
    bench_row(0, "box3x3_replicate_graph_1920x1080", box_ns, plain_box_ns);
    bench_end();
    free(pa), free(pb), free(pbox), free(ps), free(pu8);
    vxReleaseNode(&n), vxReleaseNode(&nb), vxReleaseNode(&na), vxReleaseNode(&ns);
    vxReleaseGraph(&g), vxReleaseGraph(&gb), vxReleaseGraph(&ga), vxReleaseGraph(&gs);
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&sum), vxReleaseImage(&box), vxReleaseImage(&u8);
    vxReleaseContext(&ctx);
    return 0;
}
