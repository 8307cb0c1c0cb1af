/* Seed 004: a 10-node in-place chain of virtual 1080p U8 images, with and without alias hints:
 * heap bytes the graph's first run allocates (mallinfo2) and time per run, beside plain C doing
 * the same inversions in one buffer (in place) and through ten buffers. */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

#include <VX/vx.h>
#include <VX/vx_khr_buffer_aliasing.h>

#include "bench.h"

enum { W = 1920, H = 1080, STEPS = 10 };

/* The pixel work, shared by the kernel and the plain-C reference so only the framework differs. */
static void invert_rows(const vx_uint8 *in, size_t in_stride, vx_uint8 *out, size_t out_stride)
{
    for (size_t y = 0; y < H; y++) {
        const vx_uint8 *a = in + y * in_stride;
        vx_uint8 *b = out + y * out_stride;
        for (size_t x = 0; x < W; x++)
            b[x] = (vx_uint8)~a[x];
    }
}

static vx_status VX_CALLBACK invert(vx_node node, const vx_reference *p, vx_uint32 n)
{
    (void)node; (void)n;
    vx_rectangle_t all = {0, 0, W, H};
    vx_imagepatch_addressing_t a, b;
    vx_map_id ia, ib;
    vx_uint8 *in, *out;
    if (vxMapImagePatch((vx_image)p[0], &all, 0, &ia, &a, (void **)&in, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0) ||
        vxMapImagePatch((vx_image)p[1], &all, 0, &ib, &b, (void **)&out, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0))
        return VX_FAILURE;
    invert_rows(in, (size_t)a.stride_y, out, (size_t)b.stride_y);
    vxUnmapImagePatch((vx_image)p[1], ib);
    vxUnmapImagePatch((vx_image)p[0], ia);
    return VX_SUCCESS;
}

static vx_status VX_CALLBACK like_input(vx_node node, const vx_reference p[], vx_uint32 n, vx_meta_format m[])
{
    (void)node; (void)n;
    return vxSetMetaFormatFromReference(m[1], p[0]);
}

static vx_kernel kernel(vx_context ctx, const char *name, int hinted)
{
    vx_enum id;
    vxAllocateUserKernelId(ctx, &id);
    vx_kernel k = vxAddUserKernel(ctx, name, id, invert, 2, like_input, NULL, NULL);
    vxAddParameterToKernel(k, 0, VX_INPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_IMAGE, VX_PARAMETER_STATE_REQUIRED);
    if (hinted)
        vxAliasParameterIndexHint(k, 0, 1, VX_BUFFER_ALIASING_PROCESSING_TYPE_DENSE);
    vxFinalizeKernel(k);
    return k;
}

static size_t heap_bytes(void)
{
    struct mallinfo2 mi = mallinfo2();
    return mi.uordblks + mi.hblkhd;
}

/* Builds the chain in -> 10 nodes (9 virtual images) -> out; returns the first run's heap bytes,
 * and the time per run in *ns. */
static size_t chain(vx_context ctx, vx_kernel k, double *ns)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image img[STEPS + 1];
    vx_pixel_value_t zero = {{0}};
    vxSetImagePixelValues(in, &zero);
    vxSetImagePixelValues(out, &zero);
    img[0] = in;
    img[STEPS] = out;
    for (int i = 1; i < STEPS; i++)
        img[i] = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    for (int i = 0; i < STEPS; i++) {
        vx_node n = vxCreateGenericNode(g, k);
        vxSetParameterByIndex(n, 0, (vx_reference)img[i]);
        vxSetParameterByIndex(n, 1, (vx_reference)img[i + 1]);
        vxReleaseNode(&n);
    }
    size_t before = heap_bytes();
    if (vxProcessGraph(g) != VX_SUCCESS)
        exit(1);
    size_t used = heap_bytes() - before;
    BENCH_NS(*ns, 5, 5, vxProcessGraph(g));
    for (int i = 0; i <= STEPS; i++)
        vxReleaseImage(&img[i]);
    vxReleaseGraph(&g);
    return used;
}

static void plain(vx_uint8 **bufs, int nbufs)
{
    for (int s = 0; s < STEPS; s++)
        invert_rows(bufs[s % nbufs], W, bufs[(s + 1) % nbufs], W);
    bench_sink += bufs[0][0];
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_kernel hinted = kernel(ctx, "bench.alias.hinted", 1), unhinted = kernel(ctx, "bench.alias.unhinted", 0);
    double ns_hinted, ns_unhinted, ns_one, ns_many;
    size_t mem_hinted = chain(ctx, hinted, &ns_hinted), mem_unhinted = chain(ctx, unhinted, &ns_unhinted);
    vx_uint8 *bufs[STEPS + 1];
    for (int i = 0; i <= STEPS; i++)
        bufs[i] = calloc(1, (size_t)W * H);
    vx_uint8 *one[2] = {bufs[0], bufs[0]};
    BENCH_NS(ns_one, 5, 5, plain(one, 1));
    BENCH_NS(ns_many, 5, 5, plain(bufs, STEPS + 1));
    bench_begin("aliasing");
    bench_row(1, "chain10_1080p_hinted_vs_plain_in_place", ns_hinted, ns_one);
    bench_row(0, "chain10_1080p_unhinted_vs_plain_buffers", ns_unhinted, ns_many);
    printf("\n], \"memory_bytes\": {\"hinted\": %zu, \"unhinted\": %zu, \"image\": %d}}\n", mem_hinted, mem_unhinted,
           W * H);
    for (int i = 0; i <= STEPS; i++)
        free(bufs[i]);
    vxRemoveKernel(hinted);
    vxRemoveKernel(unhinted);
    vxReleaseContext(&ctx);
    return 0;
}
