/* Image access costs beside the plain-C floor of the same work, in one run:
 *   map+unmap of a resident 1920x1080 U8 image (read, write) vs taking a pointer to a buffer;
 *   map + touching every row vs the same loop over a plain buffer;
 *   vxCopyImagePatch of the whole image (both ways) vs memcpy;
 *   creating and releasing 10,000 images (vxCreateImage, vxCreateImageFromHandle) vs malloc+free of
 *   their descriptors' worth (best of 5).
 * Prints one JSON object. */
#define _POSIX_C_SOURCE 199309L
#include <VX/vx.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

enum { W = 1920, H = 1080 };

static void fail(const char *what)
{
    fprintf(stderr, "image_map bench: %s failed\n", what);
    exit(1);
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    if (vxGetStatus((vx_reference)ctx) != VX_SUCCESS)
        fail("vxCreateContext");
    vx_image img = vxCreateImage(ctx, W, H, VX_DF_IMAGE_U8);
    vx_rectangle_t rect = {0, 0, W, H};
    vx_imagepatch_addressing_t addr, user_addr = {W, H, 1, W, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_map_id id;
    void *ptr = NULL;
    uint8_t *plain = calloc(W * H, 1), *user = calloc(W * H, 1);
    uint8_t *volatile plain_ref = plain;
    if (!plain || !user)
        fail("malloc");
    /* first access allocates: keep it out of the figures */
    if (vxMapImagePatch(img, &rect, 0, &id, &addr, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0) != VX_SUCCESS ||
        vxUnmapImagePatch(img, id) != VX_SUCCESS)
        fail("first map");

    double ours, floor_;
    vx_uint32 width;
    bench_begin("image_map");
    static const struct { const char *name; vx_enum usage; } maps[] = {
        {"map_unmap_read_1080p_u8", VX_READ_ONLY}, {"map_unmap_write_1080p_u8", VX_WRITE_ONLY}};
    for (int k = 0; k < 2; k++) {
        BENCH_NS(ours, 5, 200000, {
            vxMapImagePatch(img, &rect, 0, &id, &addr, &ptr, maps[k].usage, VX_MEMORY_TYPE_HOST, 0);
            bench_sink += (long)(uintptr_t)ptr;
            vxUnmapImagePatch(img, id);
        });
        BENCH_NS(floor_, 5, 200000, { bench_sink += (long)(uintptr_t)plain_ref; });
        bench_row(k == 0, maps[k].name, ours, floor_);
    }
    BENCH_NS(ours, 5, 200000, bench_sink += vxQueryImage(img, VX_IMAGE_WIDTH, &width, sizeof width));
    BENCH_NS(floor_, 5, 200000, { width = W; bench_sink += width; });
    bench_row(0, "vxQueryImage(WIDTH)", ours, floor_);
    /* mapping and writing every row, vs the same loop on plain memory */
    BENCH_NS(ours, 5, 50, {
        vxMapImagePatch(img, &rect, 0, &id, &addr, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0);
        for (int y = 0; y < H; y++)
            memset((uint8_t *)ptr + (size_t)y * addr.stride_y, (int)i_, W);
        vxUnmapImagePatch(img, id);
    });
    BENCH_NS(floor_, 5, 50, {
        for (int y = 0; y < H; y++)
            memset(plain_ref + (size_t)y * W, (int)i_, W);
    });
    bench_row(0, "map_fill_unmap_1080p_u8", ours, floor_);
    BENCH_NS(ours, 5, 50, {
        if (vxCopyImagePatch(img, &rect, 0, &user_addr, user, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
            fail("copy in");
    });
    BENCH_NS(floor_, 5, 50, { memcpy(plain_ref, user, W * H); });
    bench_row(0, "copy_write_1080p_u8", ours, floor_);
    BENCH_NS(ours, 5, 50, {
        if (vxCopyImagePatch(img, &rect, 0, &user_addr, user, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
            fail("copy out");
    });
    BENCH_NS(floor_, 5, 50, { memcpy(user, plain_ref, W * H); });
    bench_row(0, "copy_read_1080p_u8", ours, floor_);

    /* creation + release of 10,000 images (lazy memory: nothing is allocated until accessed) */
    enum { N = 10000 };
    static vx_image many[N];
    static void *blocks[N];
    BENCH_NS(ours, 5, 1, {
        for (int i = 0; i < N; i++)
            many[i] = vxCreateImage(ctx, 640, 480, VX_DF_IMAGE_U8);
        for (int i = 0; i < N; i++)
            if (vxReleaseImage(&many[i]) != VX_SUCCESS)
                fail("vxReleaseImage");
    });
    BENCH_NS(floor_, 5, 1, {
        for (int i = 0; i < N; i++)
            blocks[i] = malloc(256);
        for (int i = 0; i < N; i++)
            free(blocks[i]);
    });
    bench_row(0, "create_release_image_640x480_u8", ours / N, floor_ / N);
    vx_imagepatch_addressing_t vga = {640, 480, 1, 640, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    void *planes[1] = {plain};
    BENCH_NS(ours, 5, 1, {
        for (int i = 0; i < N; i++)
            many[i] = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &vga, planes, VX_MEMORY_TYPE_HOST);
        for (int i = 0; i < N; i++)
            if (vxReleaseImage(&many[i]) != VX_SUCCESS)
                fail("vxReleaseImage");
    });
    bench_row(0, "create_release_image_from_handle_640x480_u8", ours / N, floor_ / N);
    bench_end();

    vxReleaseImage(&img);
    vxReleaseContext(&ctx);
    free(plain);
    free(user);
    return 0;
}
