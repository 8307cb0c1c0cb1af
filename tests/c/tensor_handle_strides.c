/* Tensors over user memory with strides of the user's choosing (rows padded): read and written
 * by copies and by kernels, the handle swapped for another of the same layout; image object
 * arrays made from tensors (adjacent 2D slices, U8 and Q7.8 S16, and from such a strided tensor),
 * their images reading the tensor's elements. */
#include <VX/vx.h>
#include <VX/vxu.h>
#include <string.h>

#include "check.h"

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 start = context_references(ctx);
    static vx_int16 buf[3][8], buf2[3][8];
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 8; x++) buf[y][x] = (vx_int16)(y * 100 + x), buf2[y][x] = (vx_int16)(1000 + y * 10 + x);
    vx_size dims[2] = {5, 3}, strides[2] = {2, 16}, zero[2] = {0, 0}, packed[2] = {2, 10};
    vx_tensor t = vxCreateTensorFromHandle(ctx, 2, dims, VX_TYPE_INT16, 8, strides, buf, VX_MEMORY_TYPE_HOST);
    CHECK_REF(t);
    vx_int16 out[3][5];
    CHECK_OK(vxCopyTensorPatch(t, 2, zero, dims, packed, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++) CHECK(out[y][x] == buf[y][x]);
    vx_tensor sum = vxCreateTensor(ctx, 2, dims, VX_TYPE_INT16, 8);
    CHECK_OK(vxuTensorAdd(ctx, t, t, VX_CONVERT_POLICY_WRAP, sum));
    CHECK_OK(vxCopyTensorPatch(sum, 2, zero, dims, packed, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++) CHECK(out[y][x] == 2 * buf[y][x]);
    /* written by a kernel: the padding between rows untouched */
    CHECK_OK(vxuTensorAdd(ctx, sum, sum, VX_CONVERT_POLICY_WRAP, t));
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 8; x++) CHECK(buf[y][x] == (x < 5 ? 4 * (y * 100 + x) : y * 100 + x));
    void *prev = NULL;
    CHECK_OK(vxSwapTensorHandle(t, buf2, &prev));
    CHECK(prev == (void *)buf);
    CHECK_OK(vxCopyTensorPatch(t, 2, zero, dims, packed, out, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    for (int y = 0; y < 3; y++)
        for (int x = 0; x < 5; x++) CHECK(out[y][x] == buf2[y][x]);
    CHECK_OK(vxSwapTensorHandle(t, NULL, &prev));     /* reclaimed: the tensor has no memory now */
    CHECK(prev == (void *)buf2);
    vxReleaseTensor(&t), vxReleaseTensor(&sum);

    /* object arrays of images from [width, height, n] tensors */
    static vx_uint8 u8[3][4][8];                        /* 6 x 4 slices, rows padded to 8 */
    for (int k = 0; k < 3; k++)
        for (int y = 0; y < 4; y++)
            for (int x = 0; x < 8; x++) u8[k][y][x] = (vx_uint8)(k * 50 + y * 8 + x);
    vx_size d3[3] = {6, 4, 3}, s3[3] = {1, 8, 32};
    vx_tensor th = vxCreateTensorFromHandle(ctx, 3, d3, VX_TYPE_UINT8, 0, s3, u8, VX_MEMORY_TYPE_HOST);
    vx_tensor ts = vxCreateTensor(ctx, 3, d3, VX_TYPE_INT16, 8);
    static vx_int16 s16[3][4][6];
    for (int k = 0; k < 72; k++) ((vx_int16 *)s16)[k] = (vx_int16)(k * 300 - 9000);
    vx_size z3[3] = {0, 0, 0}, p3[3] = {2, 12, 48};
    CHECK_OK(vxCopyTensorPatch(ts, 3, z3, d3, p3, s16, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    vx_rectangle_t r = {1, 1, 5, 4};
    vx_object_array a8 = vxCreateImageObjectArrayFromTensor(th, &r, 3, s3[2], VX_DF_IMAGE_U8);
    vx_object_array a16 = vxCreateImageObjectArrayFromTensor(ts, &r, 2, 2 * p3[2], VX_DF_IMAGE_S16);
    CHECK_REF(a8);
    CHECK_REF(a16);
    for (vx_uint32 k = 0; k < 3; k++) {
        vx_image img = (vx_image)vxGetObjectArrayItem(a8, k);
        vx_uint32 w = 0, h = 0;
        CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
        CHECK(w == 4 && h == 3);
        vx_uint8 px[3][4];
        vx_rectangle_t all = {0, 0, 4, 3};
        vx_imagepatch_addressing_t a = {4, 3, 1, 4, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
        CHECK_OK(vxCopyImagePatch(img, &all, 0, &a, px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) CHECK(px[y][x] == u8[k][y + 1][x + 1]);
        vxReleaseImage(&img);
    }
    for (vx_uint32 k = 0; k < 2; k++) {                 /* slices 0 and 2 (two slices' bytes apart) */
        vx_image img = (vx_image)vxGetObjectArrayItem(a16, k);
        vx_int16 px[3][4];
        vx_rectangle_t all = {0, 0, 4, 3};
        vx_imagepatch_addressing_t a = {4, 3, 2, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 16};
        CHECK_OK(vxCopyImagePatch(img, &all, 0, &a, px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) CHECK(px[y][x] == s16[2 * k][y + 1][x + 1]);
        vxReleaseImage(&img);
    }
    vxReleaseObjectArray(&a8), vxReleaseObjectArray(&a16), vxReleaseTensor(&th), vxReleaseTensor(&ts);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
