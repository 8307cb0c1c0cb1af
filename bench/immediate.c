/* Immediate mode's overhead: vxuAdd (U8 + U8 -> U8, saturate) on a 64x48 image beside the plain-C
 * loop: the same call repeated (the kept one-node graph runs from C); two policies alternating
 * (two kept graphs); six outputs in turn, more than the graphs kept per function (each call
 * builds, verifies, runs and keeps a graph, replacing the oldest). */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

enum { W = 64, H = 48 };

static void plain_add(const uint8_t *a, const uint8_t *b, uint8_t *o)
{
    for (long i = 0; i < (long)W * H; i++)
        o[i] = a[i] + b[i] > 255 ? 255 : (uint8_t)(a[i] + b[i]);
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_image a = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), b = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image o = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), outs[6];
    for (int k = 0; k < 6; k++)
        outs[k] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_pixel_value_t v = {{0}};
    v.U8 = 100;
    vxSetImagePixelValues(a, &v);
    vxSetImagePixelValues(b, &v);
    if (vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, o) != VX_SUCCESS)
        return 1;
    uint8_t *pa = malloc(W * H), *pb = malloc(W * H), *po = malloc(W * H);
    memset(pa, 100, W * H), memset(pb, 100, W * H);
    double same_ns, alternating_ns, rotating_ns, plain_ns;
    BENCH_NS(same_ns, 5, 2000, vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, o));
    BENCH_NS(alternating_ns, 5, 50, vxuAdd(ctx, a, b, i_ % 2 ? VX_CONVERT_POLICY_SATURATE : VX_CONVERT_POLICY_WRAP, o));
    BENCH_NS(rotating_ns, 5, 30, vxuAdd(ctx, a, b, VX_CONVERT_POLICY_SATURATE, outs[i_ % 6]));
    BENCH_NS(plain_ns, 5, 2000, plain_add(pa, pb, po); bench_sink += po[i_ % (W * H)]);
    bench_begin("immediate");
    bench_row(1, "vxuAdd_u8_64x48_same_call", same_ns, plain_ns);
    bench_row(0, "vxuAdd_u8_64x48_two_policies_alternating", alternating_ns, plain_ns);
    bench_row(0, "vxuAdd_u8_64x48_six_outputs_in_turn_new_graph", rotating_ns, plain_ns);
    bench_end();
    free(pa), free(pb), free(po);
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&o);
    for (int k = 0; k < 6; k++)
        vxReleaseImage(&outs[k]);
    vxReleaseContext(&ctx);
    return 0;
}
