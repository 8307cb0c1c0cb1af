/* demo: loads the user-kernel module libpyopenvx_samples.so with vxLoadKernels, builds
 * input -> invert -> (virtual) -> hblur3 -> output, verifies, runs, checks the pixels and the
 * valid rectangle, and prints the graph's performance. */
#include <VX/vx.h>
#include <stdio.h>
#include <stdlib.h>

#define W 64
#define H 48
#define TRY(expr)                                                                        \
    do {                                                                                 \
        vx_status s_ = (expr);                                                           \
        if (s_ != VX_SUCCESS) {                                                          \
            fprintf(stderr, "%s:%d: %s failed: %d\n", __FILE__, __LINE__, #expr, (int)s_); \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

static void VX_CALLBACK on_log(vx_context c, vx_reference r, vx_status s, const vx_char text[])
{
    (void)c; (void)r;
    fprintf(stderr, "log (%d): %s\n", s, text);
}

static vx_node node(vx_graph g, vx_context ctx, const char *name, vx_image in, vx_image out)
{
    vx_kernel k = vxGetKernelByName(ctx, name);
    TRY(vxGetStatus((vx_reference)k));
    vx_node n = vxCreateGenericNode(g, k);
    TRY(vxGetStatus((vx_reference)n));
    TRY(vxSetParameterByIndex(n, 0, (vx_reference)in));
    TRY(vxSetParameterByIndex(n, 1, (vx_reference)out));
    TRY(vxReleaseKernel(&k));
    return n;
}

int main(int argc, char **argv)
{
    const char *module = argc > 1 ? argv[1] : "pyopenvx_samples";
    vx_context ctx = vxCreateContext();
    TRY(vxGetStatus((vx_reference)ctx));
    vxRegisterLogCallback(ctx, on_log, vx_false_e);
    TRY(vxDirective((vx_reference)ctx, VX_DIRECTIVE_ENABLE_PERFORMANCE));
    TRY(vxLoadKernels(ctx, module));

    vx_image in = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_graph graph = vxCreateGraph(ctx);
    vx_image mid = vxCreateVirtualImage(graph, 0, 0, VX_DF_IMAGE_VIRT);
    vx_node n1 = node(graph, ctx, "pyopenvx.samples.invert", in, mid);
    vx_node n2 = node(graph, ctx, "pyopenvx.samples.hblur3", mid, out);

    /* input: a horizontal ramp */
    vx_rectangle_t rect = {0, 0, W, H};
    vx_imagepatch_addressing_t addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    vx_uint8 pixels[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            pixels[y][x] = (vx_uint8)(x * 3);
    TRY(vxCopyImagePatch(in, &rect, 0, &addr, pixels, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));

    TRY(vxVerifyGraph(graph));
    for (int i = 0; i < 10; i++)
        TRY(vxProcessGraph(graph));

    TRY(vxCopyImagePatch(out, &rect, 0, &addr, pixels, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    int errors = 0;
    for (int y = 0; y < H; y++)
        for (int x = 1; x + 1 < W; x++)
            errors += pixels[y][x] != 255 - 3 * x;        /* mean of 255-3(x-1), 255-3x, 255-3(x+1) */
    vx_rectangle_t valid;
    TRY(vxGetValidRegionImage(out, &valid));
    vx_perf_t perf;
    TRY(vxQueryGraph(graph, VX_GRAPH_PERFORMANCE, &perf, sizeof perf));
    printf("output: %s (%d wrong pixels), valid rectangle (%u, %u)-(%u, %u)\n", errors ? "WRONG" : "correct", errors,
           valid.start_x, valid.start_y, valid.end_x, valid.end_y);
    printf("graph performance over %llu runs: avg %.1f us, min %.1f us, max %.1f us\n", (unsigned long long)perf.num,
           perf.avg / 1e3, perf.min / 1e3, perf.max / 1e3);

    TRY(vxReleaseNode(&n1));
    TRY(vxReleaseNode(&n2));
    TRY(vxReleaseImage(&mid));
    TRY(vxReleaseGraph(&graph));
    TRY(vxReleaseImage(&in));
    TRY(vxReleaseImage(&out));
    TRY(vxUnloadKernels(ctx, module));
    TRY(vxReleaseContext(&ctx));
    return errors || valid.start_x != 1 || valid.end_x != W - 1 ? 1 : 0;
}
