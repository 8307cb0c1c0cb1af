/* Images over shared memory: from a handle (zero-copy proof), swapped handles, ROI and channel
 * images, their lifetimes and the references they hold. */
#include <VX/vx.h>
#include <string.h>

#include "check.h"

static void *map_all(vx_image img, vx_uint32 plane, vx_map_id *id, vx_imagepatch_addressing_t *a, vx_enum usage)
{
    vx_uint32 w, h;
    void *ptr = NULL;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
    vx_rectangle_t r = {0, 0, w, h};
    CHECK_OK(vxMapImagePatch(img, &r, plane, id, a, &ptr, usage, VX_MEMORY_TYPE_HOST, 0));
    return ptr;
}

static void from_handle(vx_context ctx)
{
    /* an RGB image with padded rows: the map must point into this very memory */
    enum { W = 10, H = 6, STRIDE = 40 };
    static vx_uint8 mem[H * STRIDE], mem2[H * STRIDE];
    vx_imagepatch_addressing_t addr = {W, H, 3, STRIDE, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 24};
    void *ptrs[1] = {mem};
    vx_image img = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &addr, ptrs, VX_MEMORY_TYPE_HOST);
    CHECK_REF(img);
    vx_enum mt;
    vx_size size;
    CHECK_OK(vxQueryImage(img, VX_IMAGE_MEMORY_TYPE, &mt, sizeof mt));
    CHECK_OK(vxQueryImage(img, VX_IMAGE_SIZE, &size, sizeof size));
    CHECK(mt == VX_MEMORY_TYPE_HOST && size == H * STRIDE);
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    vx_uint8 *p = map_all(img, 0, &id, &a, VX_READ_AND_WRITE);
    CHECK(p == mem && a.stride_y == STRIDE && a.stride_x == 3);       /* zero-copy */
    p[STRIDE * 2 + 3 * 4 + 1] = 99;
    CHECK(mem[STRIDE * 2 + 13] == 99);
    CHECK_OK(vxUnmapImagePatch(img, id));
    vx_rectangle_t sub = {4, 2, 6, 4};
    CHECK_OK(vxMapImagePatch(img, &sub, 0, &id, &a, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(p == mem + 2 * STRIDE + 12 && p[1] == 99);
    CHECK_OK(vxUnmapImagePatch(img, id));

    /* a ROI follows its parent through a swap */
    vx_image roi = vxCreateImageFromROI(img, &sub);
    CHECK_REF(roi);
    void *prev[1] = {NULL}, *next[1] = {mem2};
    CHECK_OK(vxMapImagePatch(roi, &(vx_rectangle_t){0, 0, 2, 2}, 0, &id, &a, (void **)&p, VX_READ_ONLY,
                             VX_MEMORY_TYPE_HOST, 0));
    CHECK_STATUS(vxSwapImageHandle(img, next, prev, 1), VX_FAILURE);     /* mapped through the ROI */
    CHECK_OK(vxUnmapImagePatch(roi, id));
    CHECK_STATUS(vxSwapImageHandle(img, next, prev, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxSwapImageHandle(roi, next, prev, 1), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSwapImageHandle(img, next, prev, 1));
    CHECK(prev[0] == mem);
    p = map_all(roi, 0, &id, &a, VX_READ_ONLY);
    CHECK(p == mem2 + 2 * STRIDE + 12);
    CHECK_OK(vxUnmapImagePatch(roi, id));
    /* without memory, accesses are refused until a handle is swapped in again */
    CHECK_OK(vxSwapImageHandle(img, NULL, prev, 1));
    CHECK(prev[0] == mem2);
    vx_rectangle_t all = {0, 0, W, H};
    CHECK_STATUS(vxMapImagePatch(img, &all, 0, &id, &a, (void **)&p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                 VX_ERROR_NO_MEMORY);
    CHECK_OK(vxSwapImageHandle(img, ptrs, NULL, 1));
    CHECK_OK(vxReleaseImage(&roi));
    CHECK_OK(vxReleaseImage(&img));

    /* an image created without memory (VX_MEMORY_TYPE_NONE) gets it by a swap */
    img = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &addr, NULL, VX_MEMORY_TYPE_NONE);
    CHECK_REF(img);
    CHECK_OK(vxSwapImageHandle(img, ptrs, prev, 1));
    CHECK(prev[0] == NULL);
    p = map_all(img, 0, &id, &a, VX_READ_ONLY);
    CHECK(p == mem);
    CHECK_OK(vxUnmapImagePatch(img, id));
    CHECK_OK(vxReleaseImage(&img));

    /* refusals */
    vx_imagepatch_addressing_t bad = addr;
    bad.stride_x = 4;
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &bad, ptrs, VX_MEMORY_TYPE_HOST)),
                 VX_ERROR_INVALID_PARAMETERS);
    bad = addr;
    bad.stride_y = 29;
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &bad, ptrs, VX_MEMORY_TYPE_HOST)),
                 VX_ERROR_INVALID_PARAMETERS);
    bad = addr;
    bad.dim_x = 0;
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &bad, ptrs, VX_MEMORY_TYPE_HOST)),
                 VX_ERROR_INVALID_DIMENSION);
    void *nulls[1] = {NULL};
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &addr, nulls, VX_MEMORY_TYPE_HOST)),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromHandle(ctx, VX_DF_IMAGE_RGB, &addr, ptrs, 0x1234)),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromHandle(ctx, VX_DF_IMAGE_VIRT, &addr, ptrs, VX_MEMORY_TYPE_HOST)),
                 VX_ERROR_INVALID_FORMAT);
    vx_image plain = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_U8);
    CHECK_STATUS(vxSwapImageHandle(plain, ptrs, prev, 1), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseImage(&plain));
}

static void iyuv_handle_and_channels(vx_context ctx)
{
    enum { W = 16, H = 8 };
    static vx_uint8 y[H][W + 4], u[H / 2][W / 2 + 2], v[H / 2][W / 2];
    vx_imagepatch_addressing_t addrs[3] = {
        {W, H, 1, W + 4, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8},
        {W / 2, H / 2, 1, W / 2 + 2, VX_SCALE_UNITY / 2, VX_SCALE_UNITY / 2, 2, 2, 8},
        {W / 2, H / 2, 1, W / 2, VX_SCALE_UNITY / 2, VX_SCALE_UNITY / 2, 2, 2, 8},
    };
    void *ptrs[3] = {y, u, v};
    vx_image img = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_IYUV, addrs, ptrs, VX_MEMORY_TYPE_HOST);
    CHECK_REF(img);
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    CHECK(map_all(img, 1, &id, &a, VX_READ_ONLY) == (void *)u);
    CHECK(a.dim_x == W && a.step_x == 2 && a.stride_y == W / 2 + 2);
    CHECK_OK(vxUnmapImagePatch(img, id));

    vx_image cu = vxCreateImageFromChannel(img, VX_CHANNEL_U);
    CHECK_REF(cu);
    vx_uint32 cw;
    vx_df_image cf;
    CHECK_OK(vxQueryImage(cu, VX_IMAGE_WIDTH, &cw, sizeof cw));
    CHECK_OK(vxQueryImage(cu, VX_IMAGE_FORMAT, &cf, sizeof cf));
    CHECK(cw == W / 2 && cf == VX_DF_IMAGE_U8);
    vx_uint8 *p = map_all(cu, 0, &id, &a, VX_WRITE_ONLY);
    CHECK(p == &u[0][0] && a.step_x == 1 && a.stride_y == W / 2 + 2);
    p[a.stride_y * 3 + 7] = 42;
    CHECK(u[3][7] == 42);
    /* the parent's U plane overlaps: writing it is refused while the channel is mapped */
    vx_rectangle_t r = {0, 0, W, H};
    void *pp = NULL;
    vx_map_id id2;
    CHECK_STATUS(vxMapImagePatch(img, &r, 1, &id2, &a, &pp, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_NO_RESOURCES);
    CHECK_OK(vxMapImagePatch(img, &r, 2, &id2, &a, &pp, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxUnmapImagePatch(img, id2));
    CHECK_OK(vxUnmapImagePatch(cu, id));

    /* a ROI of the IYUV image and a channel of that ROI */
    vx_rectangle_t rr = {4, 2, 12, 8};
    vx_image roi = vxCreateImageFromROI(img, &rr);
    CHECK_REF(roi);
    vx_image rv = vxCreateImageFromChannel(roi, VX_CHANNEL_V);
    CHECK_REF(rv);
    p = map_all(rv, 0, &id, &a, VX_READ_ONLY);
    CHECK(p == &v[1][2]);
    CHECK_OK(vxUnmapImagePatch(rv, id));
    vx_rectangle_t odd = {3, 2, 12, 8};
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromROI(img, &odd)), VX_ERROR_INVALID_PARAMETERS);
    vx_rectangle_t out = {0, 0, W + 2, H};
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromROI(img, &out)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromROI(img, NULL)), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromChannel(img, VX_CHANNEL_R)), VX_ERROR_INVALID_PARAMETERS);
    vx_image rgb = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_RGB);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromChannel(rgb, VX_CHANNEL_R)), VX_ERROR_INVALID_PARAMETERS);
    vx_image nv = vxCreateImage(ctx, 4, 4, VX_DF_IMAGE_NV12);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageFromChannel(nv, VX_CHANNEL_U)), VX_ERROR_INVALID_PARAMETERS);
    vx_image ny = vxCreateImageFromChannel(nv, VX_CHANNEL_Y);
    CHECK_REF(ny);
    CHECK_OK(vxReleaseImage(&ny));
    CHECK_OK(vxReleaseImage(&nv));
    CHECK_OK(vxReleaseImage(&rgb));
    CHECK_OK(vxReleaseImage(&rv));
    CHECK_OK(vxReleaseImage(&roi));
    CHECK_OK(vxReleaseImage(&cu));
    CHECK_OK(vxReleaseImage(&img));
}

static void lifetimes(vx_context ctx)
{
    vx_uint32 start = context_references(ctx);
    vx_image img = vxCreateImage(ctx, 64, 32, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {16, 8, 48, 24}, r2 = {4, 4, 8, 8};
    vx_image roi = vxCreateImageFromROI(img, &r);
    vx_image roi2 = vxCreateImageFromROI(roi, &r2);
    CHECK(context_references(ctx) == start + 3);
    CHECK(ref_count((vx_reference)img) == 1 && ref_count((vx_reference)roi) == 1);
    CHECK_OK(vxRetainReference((vx_reference)img));
    CHECK(ref_count((vx_reference)img) == 2);
    vx_image again = img;
    CHECK_OK(vxReleaseImage(&again));
    CHECK(ref_count((vx_reference)img) == 1);
    vx_image keep = img;
    CHECK_OK(vxReleaseImage(&img));

    /* the parent is released, yet the ROI keeps its memory alive and valid */
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    vx_uint8 *p = map_all(roi2, 0, &id, &a, VX_WRITE_ONLY);
    p[0] = 7;
    CHECK_OK(vxUnmapImagePatch(roi2, id));
    vx_rectangle_t rect_valid;
    CHECK_OK(vxGetValidRegionImage(roi2, &rect_valid));
    CHECK(rect_valid.start_x == 0 && rect_valid.end_x == 4 && rect_valid.end_y == 4);
    CHECK(context_references(ctx) == start + 2);
    CHECK_OK(vxReleaseImage(&roi));
    CHECK(context_references(ctx) == start + 1);
    p = map_all(roi2, 0, &id, &a, VX_READ_ONLY);
    CHECK(p[0] == 7);
    CHECK_OK(vxUnmapImagePatch(roi2, id));
    CHECK_OK(vxReleaseImage(&roi2));
    CHECK(context_references(ctx) == start);
    /* all three are gone now */
    CHECK_STATUS(vxQueryImage(keep, VX_IMAGE_WIDTH, &a.dim_x, sizeof a.dim_x), VX_ERROR_INVALID_REFERENCE);
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vx_uint32 start = context_references(ctx);
    from_handle(ctx);
    iyuv_handle_and_channels(ctx);
    lifetimes(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("image_views ok\n");
    return 0;
}
