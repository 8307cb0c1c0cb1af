/* Remap into a virtual image of size 0x0 (what stitching programs write): the output takes the
 * remap's destination size at verification, and the graph computes what a Remap into a real
 * image of that size does. A virtual output of another size, or an input not of the remap's
 * source size, is still refused. */
#include <VX/vx.h>
#include <string.h>

#include "check.h"

enum { IW = 40, IH = 30, OW = 23, OH = 17 };

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    vx_image src = vxCreateImage(ctx, IW, IH, VX_DF_IMAGE_U8);
    vx_image direct = vxCreateImage(ctx, OW, OH, VX_DF_IMAGE_U8), copied = vxCreateImage(ctx, OW, OH, VX_DF_IMAGE_U8);
    static vx_uint8 pixels[IH][IW], a[OH][OW], b[OH][OW];
    for (int y = 0; y < IH; y++)
        for (int x = 0; x < IW; x++) pixels[y][x] = (vx_uint8)(x * 7 + y * 13);
    vx_rectangle_t whole = {0, 0, IW, IH}, out_rect = {0, 0, OW, OH};
    vx_imagepatch_addressing_t in_addr = {IW, IH, 1, IW, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_imagepatch_addressing_t out_addr = {OW, OH, 1, OW, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    CHECK_OK(vxCopyImagePatch(src, &whole, 0, &in_addr, pixels, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_remap map = vxCreateRemap(ctx, IW, IH, OW, OH);
    for (vx_uint32 y = 0; y < OH; y++)
        for (vx_uint32 x = 0; x < OW; x++)
            CHECK_OK(vxSetRemapPoint(map, x, y, 1.5f * x + 0.25f, 1.25f * y + 1.0f));
    vx_graph g = vxCreateGraph(ctx);
    vx_image virt = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);
    vx_node n1 = vxRemapNode(g, src, map, VX_INTERPOLATION_BILINEAR, virt);
    vx_node n2 = vxCopyNode(g, (vx_reference)virt, (vx_reference)copied);
    vx_node n3 = vxRemapNode(g, src, map, VX_INTERPOLATION_BILINEAR, direct);
    CHECK_OK(vxVerifyGraph(g));
    CHECK_OK(vxProcessGraph(g));
    CHECK_OK(vxCopyImagePatch(direct, &out_rect, 0, &out_addr, a, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyImagePatch(copied, &out_rect, 0, &out_addr, b, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(a, b, sizeof a) == 0);
    vxReleaseNode(&n1), vxReleaseNode(&n2), vxReleaseNode(&n3), vxReleaseImage(&virt), vxReleaseGraph(&g);
    /* a virtual output of another size, an input of the wrong size: refused */
    g = vxCreateGraph(ctx);
    virt = vxCreateVirtualImage(g, OW + 1, OH, VX_DF_IMAGE_U8);
    n1 = vxRemapNode(g, src, map, VX_INTERPOLATION_BILINEAR, virt);
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    vxReleaseNode(&n1), vxReleaseImage(&virt), vxReleaseGraph(&g);
    g = vxCreateGraph(ctx);
    virt = vxCreateVirtualImage(g, 0, 0, VX_DF_IMAGE_U8);
    n1 = vxRemapNode(g, direct, map, VX_INTERPOLATION_BILINEAR, virt);
    CHECK_REFUSED(vxVerifyGraph(g), VX_ERROR_INVALID_DIMENSION);
    vxReleaseNode(&n1), vxReleaseImage(&virt), vxReleaseGraph(&g);
    vxReleaseRemap(&map), vxReleaseImage(&src), vxReleaseImage(&direct), vxReleaseImage(&copied);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
