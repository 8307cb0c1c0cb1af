/* Every map function takes VX_MEMORY_TYPE_NONE as the host memory it hands out (as the Khronos
 * sample and TIOVX do, and programs written for them rely on): image, array, tensor, LUT,
 * distribution, remap, user data object. Each map writes through the pointer; a copy reads it
 * back. A memory type that is none of the two is still refused. */
#include <VX/vx.h>
#include <VX/vx_khr_user_data_object.h>
#include "check.h"

#define NONE VX_MEMORY_TYPE_NONE
#define BOGUS 0x12345

static void image(vx_context ctx)
{
    vx_image img = vxCreateImage(ctx, 8, 4, VX_DF_IMAGE_U8);
    vx_rectangle_t rect = {2, 1, 5, 3};
    vx_imagepatch_addressing_t a;
    vx_map_id id;
    void *p = NULL;
    CHECK_STATUS(vxMapImagePatch(img, &rect, 0, &id, &a, &p, VX_WRITE_ONLY, BOGUS, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapImagePatch(img, &rect, 0, &id, &a, &p, VX_WRITE_ONLY, NONE, 0));
    ((vx_uint8 *)p)[a.stride_y + 1] = 77;                  /* pixel (3, 2) */
    CHECK_OK(vxUnmapImagePatch(img, id));
    vx_rectangle_t one = {3, 2, 4, 3};
    vx_imagepatch_addressing_t u = {1, 1, 1, 1, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8};
    vx_uint8 v = 0;
    CHECK_OK(vxCopyImagePatch(img, &one, 0, &u, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(v == 77);
    CHECK_OK(vxReleaseImage(&img));
}

static void array(vx_context ctx)
{
    vx_array arr = vxCreateArray(ctx, VX_TYPE_UINT32, 4);
    vx_uint32 items[3] = {1, 2, 3}, back[3];
    CHECK_OK(vxAddArrayItems(arr, 3, items, sizeof items[0]));
    vx_map_id id;
    vx_size stride;
    void *p = NULL;
    CHECK_STATUS(vxMapArrayRange(arr, 1, 3, &id, &stride, &p, VX_READ_AND_WRITE, BOGUS, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapArrayRange(arr, 1, 3, &id, &stride, &p, VX_READ_AND_WRITE, NONE, 0));
    CHECK(((vx_uint32 *)p)[0] == 2);
    ((vx_uint32 *)p)[1] = 30;
    CHECK_OK(vxUnmapArrayRange(arr, id));
    CHECK_OK(vxCopyArrayRange(arr, 0, 3, sizeof back[0], back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[0] == 1 && back[1] == 2 && back[2] == 30);
    CHECK_OK(vxReleaseArray(&arr));
}

static void tensor(vx_context ctx)
{
    vx_size dims[2] = {3, 2}, start[2] = {1, 1}, end[2] = {3, 2}, stride[2], zero[2] = {0, 0};
    vx_tensor t = vxCreateTensor(ctx, 2, dims, VX_TYPE_INT16, 0);
    vx_map_id id;
    void *p = NULL;
    CHECK_STATUS(vxMapTensorPatch(t, 2, start, end, &id, stride, &p, VX_WRITE_ONLY, BOGUS), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapTensorPatch(t, 2, start, end, &id, stride, &p, VX_WRITE_ONLY, NONE));
    ((vx_int16 *)p)[1] = -9;                              /* element (2, 1) */
    CHECK_OK(vxUnmapTensorPatch(t, id));
    vx_int16 back[6];
    vx_size user_stride[2] = {sizeof back[0], 3 * sizeof back[0]};
    CHECK_OK(vxCopyTensorPatch(t, 2, zero, dims, user_stride, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[5] == -9);
    CHECK_OK(vxReleaseTensor(&t));
}

static void lut(vx_context ctx)
{
    vx_lut l = vxCreateLUT(ctx, VX_TYPE_UINT8, 256);
    vx_map_id id;
    void *p = NULL;
    CHECK_STATUS(vxMapLUT(l, &id, &p, VX_WRITE_ONLY, BOGUS, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapLUT(l, &id, &p, VX_WRITE_ONLY, NONE, 0));
    ((vx_uint8 *)p)[200] = 5;
    CHECK_OK(vxUnmapLUT(l, id));
    vx_uint8 back[256];
    CHECK_OK(vxCopyLUT(l, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[200] == 5);
    CHECK_OK(vxReleaseLUT(&l));
}

static void distribution(vx_context ctx)
{
    vx_distribution d = vxCreateDistribution(ctx, 4, 0, 16);
    vx_map_id id;
    void *p = NULL;
    CHECK_STATUS(vxMapDistribution(d, &id, &p, VX_WRITE_ONLY, BOGUS, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapDistribution(d, &id, &p, VX_WRITE_ONLY, NONE, 0));
    ((vx_int32 *)p)[2] = 11;
    CHECK_OK(vxUnmapDistribution(d, id));
    vx_int32 back[4];
    CHECK_OK(vxCopyDistribution(d, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[2] == 11);
    CHECK_OK(vxReleaseDistribution(&d));
}

static void remap(vx_context ctx)
{
    vx_remap r = vxCreateRemap(ctx, 4, 4, 2, 2);
    vx_rectangle_t all = {0, 0, 2, 2};
    vx_map_id id;
    vx_size stride_y;
    void *p = NULL;
    CHECK_STATUS(vxMapRemapPatch(r, &all, &id, &stride_y, &p, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY, BOGUS),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapRemapPatch(r, &all, &id, &stride_y, &p, VX_TYPE_COORDINATES2DF, VX_WRITE_ONLY, NONE));
    vx_coordinates2df_t *row1 = (vx_coordinates2df_t *)((vx_uint8 *)p + stride_y);
    row1[1].x = 3.5f;
    row1[1].y = 0.25f;
    CHECK_OK(vxUnmapRemapPatch(r, id));
    vx_float32 x = 0, y = 0;
    CHECK_OK(vxGetRemapPoint(r, 1, 1, &x, &y));
    CHECK(x == 3.5f && y == 0.25f);
    CHECK_OK(vxReleaseRemap(&r));
}

static void user_data_object(vx_context ctx)
{
    vx_user_data_object u = vxCreateUserDataObject(ctx, "bytes", 16, NULL);
    vx_map_id id;
    void *p = NULL;
    CHECK_STATUS(vxMapUserDataObject(u, 4, 4, &id, &p, VX_WRITE_ONLY, BOGUS, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapUserDataObject(u, 4, 4, &id, &p, VX_WRITE_ONLY, NONE, 0));
    ((vx_uint8 *)p)[3] = 42;
    CHECK_OK(vxUnmapUserDataObject(u, id));
    vx_uint8 back[16];
    CHECK_OK(vxCopyUserDataObject(u, 0, 16, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(back[7] == 42);
    CHECK_OK(vxReleaseUserDataObject(&u));
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    vx_uint32 start = context_references(ctx);
    image(ctx);
    array(ctx);
    tensor(ctx);
    lut(ctx);
    distribution(ctx);
    remap(ctx);
    user_data_object(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    puts("ok");
    return 0;
}
