/* Large blocks are kept when freed, pages still mapped (csrc/objects/memory.c, issue 32): images of
 * the size of ones just released get their memory without a page fault, zeroed. Three 4K images
 * are written and released, three more of that size read: the first three's writes fault their
 * pages (2,025 each in 4 KiB pages, 4 in huge ones), the reads of the next three none. */
#include <VX/vx.h>
#include "kernels.h"

#define W 3840
#define H 2160
#define N 3

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_image img[N];
    u8_map m[N];
    long written = 0, read = 0;
    for (int i = 0; i < N; i++) {
        img[i] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        CHECK_OK(map_u8(img[i], VX_WRITE_ONLY, &m[i]));
        long before = minor_faults();
        for (vx_uint32 y = 0; y < H; y++)
            memset(m[i].p + (size_t)y * m[i].stride, 0xa5, W);
        written += minor_faults() - before;
        CHECK_OK(vxUnmapImagePatch(img[i], m[i].id));
    }
    for (int i = 0; i < N; i++)
        CHECK_OK(vxReleaseImage(&img[i]));
    for (int i = 0; i < N; i++) {
        img[i] = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
        CHECK_OK(map_u8(img[i], VX_READ_ONLY, &m[i]));
        long before = minor_faults();
        for (vx_uint32 y = 0; y < H; y++)
            for (vx_uint32 x = 0; x < W; x++)
                CHECK(m[i].p[(size_t)y * m[i].stride + x] == 0);
        read += minor_faults() - before;
        CHECK_OK(vxUnmapImagePatch(img[i], m[i].id));
    }
    if (read * 8 >= written) {
        fprintf(stderr, "the second images' reads faulted %ld pages, the first ones' writes %ld\n", read, written);
        return 1;
    }
    for (int i = 0; i < N; i++)
        CHECK_OK(vxReleaseImage(&img[i]));
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
