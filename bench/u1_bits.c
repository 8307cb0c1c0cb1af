/* The bit operations on 1-bit images (issue 22): And, Or, Xor, Not of two 1080p U1 images as graph
 * nodes (verified once, vxProcessGraph timed), each beside a plain-C byte loop over the packed
 * bits; then one row per operation whose "plain C" column is our U8 node on 1080p U8 images, so
 * its ratio is U1 time / U8 time (the goal: at most 1/6).
 *
 *  and_u1 / or_u1 / xor_u1 / not_u1              ours beside the plain packed loop
 *  and_u1_over_u8 / ... / not_u1_over_u8         ours U1 beside ours U8 */
#include <VX/vx.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

enum { W = 1920, H = 1080, OPS = 4 };

static vx_node node_of(vx_graph g, int op, vx_image a, vx_image b, vx_image o)
{
    return op == 0 ? vxAndNode(g, a, b, o) : op == 1 ? vxOrNode(g, a, b, o) : op == 2 ? vxXorNode(g, a, b, o)
                                                                                 : vxNotNode(g, a, o);
}

static vx_image filled(vx_context ctx, vx_df_image f, uint32_t seed)
{
    vx_image img = vxCreateImage(ctx, W, H, f);
    vx_rectangle_t r = {0, 0, W, H};
    vx_imagepatch_addressing_t addr;
    vx_map_id id;
    void *ptr;
    vxMapImagePatch(img, &r, 0, &id, &addr, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
    for (long y = 0; y < H; y++) {
        uint8_t *row = (uint8_t *)ptr + y * addr.stride_y;
        for (long k = 0; k < (f == VX_DF_IMAGE_U1 ? W / 8 : W); k++) row[k] = (uint8_t)((seed = seed * 1664525u + 1013904223u) >> 24);
    }
    vxUnmapImagePatch(img, id);
    return img;
}

/* ns per vxProcessGraph of a one-node graph (the best of 15 means of 50 runs, as BENCH_NS). */
static double graph_ns(vx_context ctx, int op, vx_df_image f)
{
    vx_image a = filled(ctx, f, 1), b = filled(ctx, f, 2), o = vxCreateImage(ctx, W, H, f);
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = node_of(g, op, a, b, o);
    vxVerifyGraph(g);
    double ns;
    BENCH_NS(ns, 15, 50, vxProcessGraph(g));
    vxReleaseNode(&n), vxReleaseGraph(&g);
    vxReleaseImage(&a), vxReleaseImage(&b), vxReleaseImage(&o);
    return ns;
}

/* 64 pixels a step (the rows of a 1920-wide U1 image are 240 bytes: whole words) */
static void plain_bits(int op, const uint64_t *restrict a, const uint64_t *restrict b, uint64_t *restrict o, long n)
{
    switch (op) {
    case 0: for (long k = 0; k < n; k++) o[k] = a[k] & b[k]; break;
    case 1: for (long k = 0; k < n; k++) o[k] = a[k] | b[k]; break;
    case 2: for (long k = 0; k < n; k++) o[k] = a[k] ^ b[k]; break;
    default: for (long k = 0; k < n; k++) o[k] = ~a[k]; break;
    }
}

int main(void)
{
    static const char *names[OPS] = {"and", "or", "xor", "not"};
    vx_context ctx = vxCreateContext();
    long words = (long)W / 64 * H;
    uint64_t *a = malloc(8 * words), *b = malloc(8 * words), *o = malloc(8 * words);
    for (long k = 0; k < words; k++) a[k] = (uint64_t)k * 0x9E3779B97F4A7C15u, b[k] = (uint64_t)k * 0xC2B2AE3D27D4EB4Fu;
    double u1[OPS], u8[OPS];
    bench_begin("u1_bits");
    for (int op = 0; op < OPS; op++) {
        double plain;
        BENCH_NS(plain, 15, 50, plain_bits(op, a, b, o, words); bench_sink += (long)o[op]);
        u1[op] = graph_ns(ctx, op, VX_DF_IMAGE_U1);
        u8[op] = graph_ns(ctx, op, VX_DF_IMAGE_U8);
        char name[32];
        snprintf(name, sizeof name, "%s_u1", names[op]);
        bench_row(op == 0, name, u1[op], plain);
    }
    for (int op = 0; op < OPS; op++) {
        char name[32];
        snprintf(name, sizeof name, "%s_u1_over_u8", names[op]);
        bench_row(0, name, u1[op], u8[op]);
    }
    bench_end();
    free(a), free(b), free(o);
    vxReleaseContext(&ctx);
    return 0;
}
