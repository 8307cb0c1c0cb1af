/* Exports the edge graph (Gaussian3x3 -> Sobel3x3 -> Magnitude -> ConvertDepth (shift 1) ->
 * Threshold (binary, 40)) for W x H U8 frames as a vx_khr_ix blob, as a C application would hand
 * it to `python -m pyopenvx run`: graph parameter 0 the input image, 1 the output image.
 * Usage: ix_export_edges WIDTH HEIGHT BLOB_PATH */
#include <stdio.h>
#include <stdlib.h>
#include <VX/vx.h>
#include <VX/vx_khr_ix.h>
#include "check.h"

static void add_parameter(vx_graph g, vx_node node, vx_uint32 index)
{
    vx_parameter p = vxGetParameterByIndex(node, index);
    CHECK_OK(vxAddParameterToGraph(g, p));
    CHECK_OK(vxReleaseParameter(&p));
}

int main(int argc, char **argv)
{
    CHECK(argc == 4);
    vx_uint32 w = (vx_uint32)atoi(argv[1]), h = (vx_uint32)atoi(argv[2]);
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_graph g = vxCreateGraph(ctx);
    vx_image in = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, w, h, VX_DF_IMAGE_U8);
    vx_image v[5];
    for (int i = 0; i < 5; i++)
        v[i] = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_VIRT);
    vx_threshold t = vxCreateThresholdForImage(ctx, VX_THRESHOLD_TYPE_BINARY, VX_DF_IMAGE_U8, VX_DF_IMAGE_U8);
    vx_pixel_value_t value = {{0}};
    value.U8 = 40;
    CHECK_OK(vxCopyThresholdValue(t, &value, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_int32 one = 1;
    vx_scalar shift = vxCreateScalar(ctx, VX_TYPE_INT32, &one);
    vx_node n[5];
    n[0] = vxGaussian3x3Node(g, in, v[0]);
    n[1] = vxSobel3x3Node(g, v[0], v[1], v[2]);
    n[2] = vxMagnitudeNode(g, v[1], v[2], v[3]);
    n[3] = vxConvertDepthNode(g, v[3], v[4], VX_CONVERT_POLICY_SATURATE, shift);
    n[4] = vxThresholdNode(g, v[4], t, out);
    add_parameter(g, n[0], 0);
    add_parameter(g, n[4], 2);

    vx_reference refs[] = {(vx_reference)g, (vx_reference)in, (vx_reference)out};
    vx_enum uses[] = {VX_IX_USE_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES, VX_IX_USE_NO_EXPORT_VALUES};
    const vx_uint8 *blob = NULL;
    vx_size length = 0;
    CHECK_OK(vxExportObjectsToMemory(ctx, 3, refs, uses, &blob, &length));
    FILE *f = fopen(argv[3], "wb");
    CHECK(f != NULL && fwrite(blob, 1, length, f) == length && fclose(f) == 0);
    CHECK_OK(vxReleaseExportedMemory(ctx, &blob));

    for (int i = 0; i < 5; i++) {
        CHECK_OK(vxReleaseNode(&n[i]));
        CHECK_OK(vxReleaseImage(&v[i]));
    }
    CHECK_OK(vxReleaseScalar(&shift));
    CHECK_OK(vxReleaseThreshold(&t));
    CHECK_OK(vxReleaseImage(&in));
    CHECK_OK(vxReleaseImage(&out));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK_OK(vxReleaseContext(&ctx));
    return 0;
}
