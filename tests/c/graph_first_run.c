/* The first vxProcessGraph after vxVerifyGraph costs what the next ones do (issue 32): verification
 * gives memory, pages mapped, to the virtual images and to the application's images the nodes use
 * and it never mapped (here the output, made by vxCreateImage only). Counted in page faults during
 * the first run: its 4 MiB output would fault 1024 pages; the run may fault a few (thread stacks).
 * A uniform input, whose pixels are written as it gets its memory, keeps them (the graph reads it
 * first at verification's end, not the application). */
#include <VX/vx.h>
#include <VX/vxu.h>
#include "kernels.h"

#define W 2048
#define H 2048

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_image in = pattern_u8_image(ctx, W, H, 1, 3), out = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_image warm = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    CHECK_OK(vxuNot(ctx, in, warm));           /* the tile pool's threads start outside the count */
    vx_graph g = vxCreateGraph(ctx);
    vx_image mid = vxCreateVirtualImage(g, W, H, VX_DF_IMAGE_U8);
    vx_node a = vxNotNode(g, in, mid), b = vxNotNode(g, mid, out);
    CHECK_REF(a);
    CHECK_REF(b);
    CHECK_OK(vxVerifyGraph(g));
    long before = minor_faults();
    CHECK_OK(vxProcessGraph(g));
    long faults = minor_faults() - before;
    if (faults >= W * H / 4096 / 8) {
        fprintf(stderr, "the first run faulted %ld pages\n", faults);
        return 1;
    }
    u8_map m;
    CHECK_OK(map_u8(out, VX_READ_ONLY, &m));
    CHECK(m.p[5 * m.stride + 7] == (vx_uint8)(7 + 15));
    CHECK_OK(vxUnmapImagePatch(out, m.id));
    vx_pixel_value_t seven = {.U8 = 7};
    vx_image uniform = vxCreateUniformImage(ctx, W, H, VX_DF_IMAGE_U8, &seven);
    vx_graph g2 = vxCreateGraph(ctx);
    vx_node c = vxNotNode(g2, uniform, out);
    CHECK_REF(c);
    CHECK_OK(vxVerifyGraph(g2));
    CHECK_OK(vxProcessGraph(g2));
    CHECK_OK(map_u8(out, VX_READ_ONLY, &m));
    for (vx_uint32 y = 0; y < H; y++)
        for (vx_uint32 x = 0; x < W; x++)
            CHECK(m.p[y * m.stride + x] == 248);
    CHECK_OK(vxUnmapImagePatch(out, m.id));
    vxReleaseNode(&c);
    vxReleaseGraph(&g2);
    vxReleaseImage(&uniform);
    vxReleaseNode(&a);
    vxReleaseNode(&b);
    vxReleaseImage(&mid);
    vxReleaseGraph(&g);
    vxReleaseImage(&in);
    vxReleaseImage(&out);
    vxReleaseImage(&warm);
    vxReleaseContext(&ctx);
    puts("ok");
    return 0;
}
