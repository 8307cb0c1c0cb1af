/* Built as a shared library and loaded into a Python process: C code that reads, through the
 * standard API, what Python wrote through a numpy view (same process, same objects). */
#include <VX/vx.h>

/* Sum of an U8 image's pixels, mapped read-only; -1 if the map is refused. */
long pvx_test_image_sum(vx_image image)
{
    vx_uint32 w = 0, h = 0;
    vxQueryImage(image, VX_IMAGE_WIDTH, &w, sizeof w);
    vxQueryImage(image, VX_IMAGE_HEIGHT, &h, sizeof h);
    vx_rectangle_t rect = {0, 0, w, h};
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *p = NULL;
    if (vxMapImagePatch(image, &rect, 0, &id, &a, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, VX_NOGAP_X) != VX_SUCCESS)
        return -1;
    long sum = 0;
    for (vx_uint32 y = 0; y < h; y++)
        for (vx_uint32 x = 0; x < w; x++)
            sum += ((const vx_uint8 *)p)[y * a.stride_y + x * a.stride_x];
    vxUnmapImagePatch(image, id);
    return sum;
}

/* Element (i, j) of a 2-D int16 tensor (dims[0] innermost), mapped read-only; -100000 if refused. */
long pvx_test_tensor_at(vx_tensor tensor, vx_size i, vx_size j)
{
    vx_size dims[2], start[2] = {0, 0}, stride[2];
    vxQueryTensor(tensor, VX_TENSOR_DIMS, dims, sizeof dims);
    vx_map_id id;
    void *p = NULL;
    if (vxMapTensorPatch(tensor, 2, start, dims, &id, stride, &p, VX_READ_ONLY, VX_MEMORY_TYPE_HOST) != VX_SUCCESS)
        return -100000;
    long v = *(const vx_int16 *)((const char *)p + i * stride[0] + j * stride[1]);
    vxUnmapTensorPatch(tensor, id);
    return v;
}
