/* vx_khr_ix: exporting and importing a graph (Gaussian3x3 -> virtual -> Not) whose input image
 * travels with its values, beside the plain-C floor of the same work: copying the blob's bytes
 * once. At 1920x1080 the pixels dominate; at 64x48 the per-object cost does. */
#define _POSIX_C_SOURCE 199309L
#include <VX/vx.h>
#include <VX/vx_khr_ix.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define NREFS 3

static const vx_enum uses[NREFS] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES};

static vx_status export_graph(vx_context ctx, vx_uint32 w, vx_uint32 h, vx_uint8 **blob, vx_size *length)
{
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image virt = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_pixel_value_t v = {{0}};
    v.U8 = 77;
    vxSetImagePixelValues(in, &v);
    vxGaussian3x3Node(g, in, virt);
    vxNotNode(g, virt, out);
    vx_reference refs[NREFS] = {(vx_reference)g, (vx_reference)in, (vx_reference)out};
    const vx_uint8 *ptr = NULL;
    vx_status s = vxExportObjectsToMemory(ctx, NREFS, refs, uses, &ptr, length);
    if (s == VX_SUCCESS) {
        *blob = malloc(*length);
        memcpy(*blob, ptr, *length);
        s = vxReleaseExportedMemory(ctx, &ptr);
    }
    return s;
}

static vx_status import_once(vx_context ctx, const vx_uint8 *blob, vx_size length)
{
    vx_reference refs[NREFS] = {NULL, NULL, NULL};
    vx_import import = vxImportObjectsFromMemory(ctx, NREFS, refs, uses, blob, length);
    vx_status s = vxGetStatus((vx_reference)import);
    if (s != VX_SUCCESS)
        return s;
    for (int i = 0; i < NREFS; i++)
        vxReleaseReference(&refs[i]);
    return vxReleaseImport(&import);
}

static void run(int first, vx_context ctx, vx_uint32 w, vx_uint32 h, int iters, const char *export_name,
                const char *import_name)
{
    vx_uint8 *blob = NULL;
    vx_size length = 0;
    if (export_graph(ctx, w, h, &blob, &length) != VX_SUCCESS || import_once(ctx, blob, length) != VX_SUCCESS)
        exit(1);
    vx_reference refs[NREFS] = {NULL, NULL, NULL};
    vx_import import = vxImportObjectsFromMemory(ctx, NREFS, refs, uses, blob, length);
    double ours_export, ours_import, plain;
    BENCH_NS(ours_export, 3, iters, {
        const vx_uint8 *p = NULL;
        vx_size n = 0;
        if (vxExportObjectsToMemory(ctx, NREFS, refs, uses, &p, &n) != VX_SUCCESS ||
            vxReleaseExportedMemory(ctx, &p) != VX_SUCCESS)
            exit(1);
    });
    BENCH_NS(ours_import, 3, iters, {
        if (import_once(ctx, blob, length) != VX_SUCCESS)
            exit(1);
    });
    vx_uint8 *copy = malloc(length);
    BENCH_NS(plain, 3, iters, {
        memcpy(copy, blob, length);
        bench_sink += copy[i_ % length];
    });
    bench_row(first, export_name, ours_export, plain);
    bench_row(0, import_name, ours_import, plain);
    for (int i = 0; i < NREFS; i++)
        vxReleaseReference(&refs[i]);
    vxReleaseImport(&import);
    free(copy);
    free(blob);
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    bench_begin("ix");
    run(1, ctx, 1920, 1080, 20, "export 3-node graph, 1920x1080 input", "import 3-node graph, 1920x1080 input");
    run(0, ctx, 64, 48, 200, "export 3-node graph, 64x48 input", "import 3-node graph, 64x48 input");
    bench_end();
    vxReleaseContext(&ctx);
    return 0;
}
