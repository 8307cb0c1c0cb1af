/* Graph execution and verification cost, beside plain C.
 *
 *  chain_64x48:    10 user-kernel nodes (U8 -> U8, out = in + 1; each queries and maps its images)
 *                  run by vxProcessGraph, beside the same 10 kernel functions called directly:
 *                  the difference is the graph manager's per-run cost (reported per node too)
 *  chain_1920x1080 the same chain on full-HD frames, beside a plain-C loop doing the pixel work
 *  verify_1000     vxVerifyGraph of a 1000-node chain with virtual intermediates (validators set
 *                  meta formats); no plain-C equivalent: plain_c_ns is 0 */
#include <VX/vx.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define CHAIN 10

static vx_status VX_CALLBACK inc_validate(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    vx_uint32 w, h;
    vx_df_image f;
    vxQueryImage((vx_image)p[0], VX_IMAGE_WIDTH, &w, sizeof w);
    vxQueryImage((vx_image)p[0], VX_IMAGE_HEIGHT, &h, sizeof h);
    vxQueryImage((vx_image)p[0], VX_IMAGE_FORMAT, &f, sizeof f);
    vxSetMetaFormatAttribute(m[1], VX_IMAGE_WIDTH, &w, sizeof w);
    vxSetMetaFormatAttribute(m[1], VX_IMAGE_HEIGHT, &h, sizeof h);
    return vxSetMetaFormatAttribute(m[1], VX_IMAGE_FORMAT, &f, sizeof f);
}

static void inc_pixels(const vx_uint8 *in, vx_int32 in_stride, vx_uint8 *out, vx_int32 out_stride, vx_uint32 w,
                       vx_uint32 h)
{
    for (vx_uint32 y = 0; y < h; y++) {
        const vx_uint8 *a = in + (size_t)y * in_stride;
        vx_uint8 *b = out + (size_t)y * out_stride;
        for (vx_uint32 x = 0; x < w; x++)
            b[x] = (vx_uint8)(a[x] + 1);
    }
}

static vx_status VX_CALLBACK inc(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_image in = (vx_image)p[0], out = (vx_image)p[1];
    vx_uint32 w, h;
    vxQueryImage(in, VX_IMAGE_WIDTH, &w, sizeof w);
    vxQueryImage(in, VX_IMAGE_HEIGHT, &h, sizeof h);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_imagepatch_addressing_t ai, ao;
    vx_map_id mi, mo;
    void *pi = NULL, *po = NULL;
    vx_status s = vxMapImagePatch(in, &rect, 0, &mi, &ai, &pi, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (s != VX_SUCCESS)
        return s;
    s = vxMapImagePatch(out, &rect, 0, &mo, &ao, &po, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
    if (s != VX_SUCCESS)
        return s;
    inc_pixels(pi, ai.stride_y, po, ao.stride_y, w, h);
    vxUnmapImagePatch(in, mi);
    return vxUnmapImagePatch(out, mo);
}

static vx_kernel inc_kernel(vx_context ctx)
{
    vx_enum id;
    vxAllocateUserKernelId(ctx, &id);
    vx_kernel k = vxAddUserKernel(ctx, "bench.inc", id, inc, 2, inc_validate, NULL, NULL);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxFinalizeKernel(k);
    return k;
}

/* A chain of `len` nodes from a new input to a new output, intermediates virtual or not. */
static vx_graph chain(vx_context ctx, vx_kernel k, int len, vx_uint32 w, vx_uint32 h, int virtual_mid,
                      vx_image *imgs, vx_node *nodes)
{
    vx_graph g = vxCreateGraph(ctx);
    for (int i = 0; i <= len; i++)
        imgs[i] = (i == 0 || i == len || !virtual_mid) ? vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8)
                                                        : vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    for (int i = 0; i < len; i++) {
        nodes[i] = vxCreateGenericNode(g, k);
        vxSetParameterByIndex(nodes[i], 0, (vx_reference)imgs[i]);
        vxSetParameterByIndex(nodes[i], 1, (vx_reference)imgs[i + 1]);
    }
    return g;
}

static void release_chain(vx_graph *g, int len, vx_image *imgs, vx_node *nodes)
{
    for (int i = 0; i < len; i++)
        vxReleaseNode(&nodes[i]);
    for (int i = 0; i <= len; i++)
        vxReleaseImage(&imgs[i]);
    vxReleaseGraph(g);
}

static int run_chain(vx_context ctx, vx_kernel k, vx_uint32 w, vx_uint32 h, int iters, int first)
{
    vx_image imgs[CHAIN + 1];
    vx_node nodes[CHAIN];
    vx_graph g = chain(ctx, k, CHAIN, w, h, 0, imgs, nodes);
    if (vxVerifyGraph(g) != VX_SUCCESS || vxProcessGraph(g) != VX_SUCCESS)
        return 1;
    vx_reference params[CHAIN][2];
    for (int i = 0; i < CHAIN; i++) {
        params[i][0] = (vx_reference)imgs[i];
        params[i][1] = (vx_reference)imgs[i + 1];
    }
    double graph_ns, direct_ns, plain_ns;
    BENCH_NS(graph_ns, 7, iters, vxProcessGraph(g));
    BENCH_NS(direct_ns, 7, iters, for (int n = 0; n < CHAIN; n++) inc(nodes[n], params[n], 2));
    vx_uint8 *buf[CHAIN + 1];
    for (int i = 0; i <= CHAIN; i++)
        buf[i] = calloc((size_t)w * h, 1);
    BENCH_NS(plain_ns, 7, iters, for (int n = 0; n < CHAIN; n++) inc_pixels(buf[n], w, buf[n + 1], w, w, h));
    bench_sink += buf[CHAIN][0];
    for (int i = 0; i <= CHAIN; i++)
        free(buf[i]);
    char name[96];
    snprintf(name, sizeof name, "chain_%ux%u: vxProcessGraph vs direct kernel calls", w, h);
    bench_row(first, name, graph_ns, direct_ns);
    snprintf(name, sizeof name, "chain_%ux%u: per node, vxProcessGraph vs direct", w, h);
    bench_row(0, name, graph_ns / CHAIN, direct_ns / CHAIN);
    snprintf(name, sizeof name, "chain_%ux%u: vxProcessGraph vs plain C pixels", w, h);
    bench_row(0, name, graph_ns, plain_ns);
    release_chain(&g, CHAIN, imgs, nodes);
    return 0;
}

static int verify_chain(vx_context ctx, vx_kernel k, int len)
{
    vx_image *imgs = calloc(len + 1, sizeof *imgs);
    vx_node *nodes = calloc(len, sizeof *nodes);
    vx_graph g = chain(ctx, k, len, 64, 48, 1, imgs, nodes);
    double t0 = bench_now_ns();
    vx_status s = vxVerifyGraph(g);
    double dt = bench_now_ns() - t0;
    char name[64];
    snprintf(name, sizeof name, "verify_%d: vxVerifyGraph (no plain-C equivalent)", len);
    bench_row(0, name, dt, 0);
    release_chain(&g, len, imgs, nodes);
    free(imgs);
    free(nodes);
    return s != VX_SUCCESS;
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_kernel k = inc_kernel(ctx);
    bench_begin("graph_chain");
    int bad = run_chain(ctx, k, 64, 48, 2000, 1);
    bad |= run_chain(ctx, k, 1920, 1080, 20, 0);
    bad |= verify_chain(ctx, k, 1000);
    bench_end();
    vxRemoveKernel(k);
    vxReleaseContext(&ctx);
    return bad;
}
