/* vxCreateImageObjectArrayFromTensor: images are zero-copy slices of a 3-D tensor `jump` bytes apart
 * (the conformance tests pass the tensor's slice stride), the tensor lives as long as its images
 * need it, and every refusal has its status and a log entry. */
#include "check.h"
#include <string.h>

enum { W = 10, H = 6, D = 7 };

static void *map_tensor(vx_tensor t, vx_map_id *id, vx_size stride[3])
{
    vx_size start[3] = {0, 0, 0}, end[3] = {W, H, D};
    void *p = NULL;
    CHECK_OK(vxMapTensorPatch(t, 3, start, end, id, stride, &p, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST));
    return p;
}

static void zero_copy(vx_context ctx)
{
    vx_size dims[3] = {W, H, D};
    vx_tensor t = vxCreateTensor(ctx, 3, dims, VX_TYPE_INT16, 0);
    CHECK_REF(t);
    vx_rectangle_t rect = {2, 1, 8, 5};
    vx_object_array arr = vxCreateImageObjectArrayFromTensor(t, &rect, 3, 2 * W * H * sizeof(vx_int16), VX_DF_IMAGE_S16);
    CHECK_REF(arr);
    vx_enum item_type = 0;
    vx_size n = 0;
    CHECK_OK(vxQueryObjectArray(arr, VX_OBJECT_ARRAY_ITEMTYPE, &item_type, sizeof item_type));
    CHECK_OK(vxQueryObjectArray(arr, VX_OBJECT_ARRAY_NUMITEMS, &n, sizeof n));
    CHECK(item_type == VX_TYPE_IMAGE && n == 3);

    vx_map_id tid;
    vx_size ts[3];
    char *tp = map_tensor(t, &tid, ts);
    for (vx_uint32 i = 0; i < 3; i++) {
        vx_image img = (vx_image)vxGetObjectArrayItem(arr, i);
        vx_uint32 w = 0, h = 0;
        vx_df_image f = 0;
        vx_enum mem = -1;
        CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof f));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_MEMORY_TYPE, &mem, sizeof mem));
        CHECK(w == 6 && h == 4 && f == VX_DF_IMAGE_S16 && mem == VX_MEMORY_TYPE_NONE);
        vx_rectangle_t all = {0, 0, w, h};
        vx_map_id iid;
        vx_imagepatch_addressing_t a;
        void *ip = NULL;
        CHECK_OK(vxMapImagePatch(img, &all, 0, &iid, &a, &ip, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
        /* the image's pixel (0,0) is the tensor element (2, 1, 2*i): the same memory */
        char *corner = tp + 2 * ts[0] + 1 * ts[1] + (2 * i) * ts[2];
        CHECK(ip == (void *)corner);
        CHECK(a.stride_x == 2 && a.stride_y == (vx_int32)ts[1]);
        /* written through the image, read through the tensor ... */
        *(vx_int16 *)((char *)ip + 3 * a.stride_y + 5 * a.stride_x) = (vx_int16)(-100 - i);
        CHECK(*(vx_int16 *)(tp + 7 * ts[0] + 4 * ts[1] + 2 * i * ts[2]) == -100 - (int)i);
        /* ... and the other way */
        *(vx_int16 *)(tp + 2 * ts[0] + 1 * ts[1] + 2 * i * ts[2]) = (vx_int16)(1000 + i);
        CHECK(*(vx_int16 *)ip == 1000 + (int)i);
        CHECK_OK(vxUnmapImagePatch(img, iid));
        CHECK_OK(vxReleaseImage(&img));
    }
    CHECK_OK(vxUnmapTensorPatch(t, tid));

    /* copies see it too: a tensor copy of slice 4 reads what image 2 holds */
    vx_image img2 = (vx_image)vxGetObjectArrayItem(arr, 2);
    vx_int16 px = 0;
    vx_rectangle_t one = {5, 3, 6, 4};
    vx_imagepatch_addressing_t a1 = {1, 1, 2, 2, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    CHECK_OK(vxCopyImagePatch(img2, &one, 0, &a1, &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    vx_int16 tv = 0;
    vx_size s0[3] = {7, 4, 4}, e0[3] = {8, 5, 5}, us[3] = {2, 2, 2};
    CHECK_OK(vxCopyTensorPatch(t, 3, s0, e0, us, &tv, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(px == -102 && tv == -102);

    /* images are not the application's memory: no handle swap */
    int before = log_entries;
    CHECK(vxSwapImageHandle(img2, NULL, NULL, 1) != VX_SUCCESS && log_entries > before);

    /* the tensor lives while an image needs its memory: release the tensor and the array first */
    vx_uint32 count = 0;
    CHECK_OK(vxQueryReference((vx_reference)t, VX_REFERENCE_COUNT, &count, sizeof count));
    CHECK(count == 1);
    CHECK_OK(vxReleaseTensor(&t));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK_OK(vxCopyImagePatch(img2, &one, 0, &a1, &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(px == -102);
    px = 77;
    CHECK_OK(vxCopyImagePatch(img2, &one, 0, &a1, &px, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    px = 0;
    CHECK_OK(vxCopyImagePatch(img2, &one, 0, &a1, &px, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(px == 77);
    CHECK_OK(vxReleaseImage(&img2));
}

static void from_handle_and_views(vx_context ctx)
{
    /* a tensor over the application's memory: images view it; no swap while they do */
    static vx_uint8 mem[4][3][5], other[4][3][5];
    vx_size dims[3] = {5, 3, 4}, strides[3] = {1, 5, 15};
    vx_tensor t = vxCreateTensorFromHandle(ctx, 3, dims, VX_TYPE_UINT8, 0, strides, mem, VX_MEMORY_TYPE_HOST);
    CHECK_REF(t);
    vx_rectangle_t rect = {0, 0, 5, 3};
    vx_object_array arr = vxCreateImageObjectArrayFromTensor(t, &rect, 4, strides[2], VX_DF_IMAGE_U8);
    CHECK_REF(arr);
    vx_image last = (vx_image)vxGetObjectArrayItem(arr, 3);
    vx_pixel_value_t v;
    memset(&v, 0, sizeof v);
    v.U8 = 9;
    CHECK_OK(vxSetImagePixelValues(last, &v));
    CHECK(mem[3][2][4] == 9 && mem[3][0][0] == 9 && mem[2][2][4] == 0);
    int before = log_entries;
    CHECK_STATUS(vxSwapTensorHandle(t, other, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK(log_entries > before);
    CHECK_OK(vxReleaseImage(&last));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK_OK(vxSwapTensorHandle(t, other, NULL));

    /* images from a tensor view: the view's memory, inside its parent's */
    vx_size vs[3] = {1, 1, 2}, ve[3] = {5, 3, 4};
    vx_tensor view = vxCreateTensorFromView(t, 3, vs, ve);
    CHECK_REF(view);
    vx_rectangle_t r2 = {0, 0, 4, 2};
    arr = vxCreateImageObjectArrayFromTensor(view, &r2, 2, strides[2], VX_DF_IMAGE_U8);
    CHECK_REF(arr);
    vx_image second = (vx_image)vxGetObjectArrayItem(arr, 1);
    v.U8 = 5;
    CHECK_OK(vxSetImagePixelValues(second, &v));
    CHECK(other[3][1][1] == 5 && other[3][2][4] == 5 && other[3][0][0] == 0 && other[2][1][1] == 0);
    /* swapping the parent would move the view under the images */
    before = log_entries;
    CHECK_STATUS(vxSwapTensorHandle(t, mem, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK(log_entries > before);
    CHECK_OK(vxReleaseImage(&second));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK_OK(vxReleaseTensor(&view));
    CHECK_OK(vxReleaseTensor(&t));
}

static void refusals(vx_context ctx)
{
    vx_size d3[3] = {8, 4, 3}, d2[2] = {8, 4};
    vx_tensor u8 = vxCreateTensor(ctx, 3, d3, VX_TYPE_UINT8, 0);
    vx_tensor flat = vxCreateTensor(ctx, 2, d2, VX_TYPE_UINT8, 0);
    vx_tensor f32 = vxCreateTensor(ctx, 3, d3, VX_TYPE_FLOAT32, 0);
    vx_rectangle_t ok = {0, 0, 8, 4}, wide = {0, 0, 9, 4}, tall = {0, 2, 8, 5}, empty = {3, 1, 3, 4};
    /* no tensor, no context to log to */
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateImageObjectArrayFromTensor(NULL, &ok, 1, 1, VX_DF_IMAGE_U8)),
                 VX_ERROR_NO_RESOURCES);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor((vx_tensor)ctx, &ok, 1, 1, VX_DF_IMAGE_U8),
                         VX_ERROR_INVALID_REFERENCE);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(flat, &ok, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_DIMENSION);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 1, 1, VX_DF_IMAGE_S16), VX_ERROR_INVALID_FORMAT);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 1, 1, VX_DF_IMAGE_RGB), VX_ERROR_INVALID_FORMAT);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(f32, &ok, 1, 1, VX_DF_IMAGE_U32), VX_ERROR_INVALID_FORMAT);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, NULL, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &wide, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &tall, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &empty, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 0, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 2, 0, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 4, 32, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 2, 3 * 32, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(u8, &ok, 3, 33, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    /* the limits themselves are fine: 2 images 2 slices apart use slices 0 and 2 of 3, 3 adjacent
     * ones all three, and images one row apart overlap (the jump need not be whole slices) */
    vx_object_array edge = vxCreateImageObjectArrayFromTensor(u8, &ok, 2, 2 * 32, VX_DF_IMAGE_U8);
    CHECK_REF(edge);
    CHECK_OK(vxReleaseObjectArray(&edge));
    edge = vxCreateImageObjectArrayFromTensor(u8, &ok, 3, 32, VX_DF_IMAGE_U8);
    CHECK_REF(edge);
    CHECK_OK(vxReleaseObjectArray(&edge));
    edge = vxCreateImageObjectArrayFromTensor(u8, &ok, 9, 8, VX_DF_IMAGE_U8);
    CHECK_REF(edge);
    CHECK_OK(vxReleaseObjectArray(&edge));
    /* a 16-bit image starts on an element */
    vx_tensor s16 = vxCreateTensor(ctx, 3, d3, VX_TYPE_INT16, 0);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(s16, &ok, 2, 63, VX_DF_IMAGE_S16), VX_ERROR_INVALID_PARAMETERS);
    edge = vxCreateImageObjectArrayFromTensor(s16, &ok, 3, 64, VX_DF_IMAGE_S16);
    CHECK_REF(edge);
    CHECK_OK(vxReleaseObjectArray(&edge));
    CHECK_OK(vxReleaseTensor(&s16));
    /* elements apart from one another cannot be image pixels */
    static vx_uint8 spread[2 * 8 * 4 * 3];
    vx_size wide_strides[3] = {2, 16, 64};
    vx_tensor sparse = vxCreateTensorFromHandle(ctx, 3, d3, VX_TYPE_UINT8, 0, wide_strides, spread, VX_MEMORY_TYPE_HOST);
    CHECK_REF(sparse);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(sparse, &ok, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxReleaseTensor(&sparse));
    /* a virtual tensor's memory is not the application's */
    vx_graph g = vxCreateGraph(ctx);
    vx_tensor virt = vxCreateVirtualTensor(g, 3, d3, VX_TYPE_UINT8, 0);
    CHECK_CREATE_REFUSED(vxCreateImageObjectArrayFromTensor(virt, &ok, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_OPTIMIZED_AWAY);
    CHECK_OK(vxReleaseTensor(&virt));
    CHECK_OK(vxReleaseGraph(&g));
    vx_tensor ts[] = {u8, flat, f32};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseTensor(&ts[i]));
}

/* graphs see the memory shared: a node writing a tensor runs before nodes reading images of it
 * or the tensor a view of it belongs to, whatever order the nodes were created in */
static vx_status VX_CALLBACK tensor_validate(vx_node n, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    (void)n; (void)num;
    return vxSetMetaFormatFromReference(m[0], p[0]);
}

static vx_status VX_CALLBACK sum_validate(vx_node n, const vx_reference p[], vx_uint32 num, vx_meta_format m[])
{
    (void)n; (void)p; (void)num;
    vx_enum type = VX_TYPE_UINT32;
    return vxSetMetaFormatAttribute(m[1], VX_SCALAR_TYPE, &type, sizeof type);
}

/* every element of a 3-D U8 tensor = 3 */
static vx_status VX_CALLBACK fill_tensor(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    vx_size dims[3], start[3] = {0, 0, 0}, stride[3];
    vx_map_id id;
    void *ptr = NULL;
    vx_status s = vxQueryTensor((vx_tensor)p[0], VX_TENSOR_DIMS, dims, sizeof dims);
    if (s == VX_SUCCESS)
        s = vxMapTensorPatch((vx_tensor)p[0], 3, start, dims, &id, stride, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
    if (s != VX_SUCCESS)
        return s;
    for (vx_size k = 0; k < dims[2]; k++)
        for (vx_size j = 0; j < dims[1]; j++)
            for (vx_size i = 0; i < dims[0]; i++)
                ((vx_uint8 *)ptr)[i * stride[0] + j * stride[1] + k * stride[2]] = 3;
    return vxUnmapTensorPatch((vx_tensor)p[0], id);
}

static vx_status put_sum(vx_reference out, vx_uint32 sum)
{
    return vxCopyScalar((vx_scalar)out, &sum, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST);
}

static vx_status VX_CALLBACK sum_tensor(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    vx_uint8 buf[8 * 4 * 3];
    vx_size start[3] = {0, 0, 0}, end[3] = {8, 4, 3}, stride[3] = {1, 8, 32};
    vx_status s = vxCopyTensorPatch((vx_tensor)p[0], 3, start, end, stride, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    vx_uint32 sum = 0;
    for (unsigned i = 0; i < sizeof buf; i++)
        sum += buf[i];
    return s != VX_SUCCESS ? s : put_sum(p[1], sum);
}

static vx_status VX_CALLBACK sum_image(vx_node n, const vx_reference *p, vx_uint32 num)
{
    (void)n; (void)num;
    vx_uint8 buf[8 * 4];
    vx_rectangle_t all = {0, 0, 8, 4};
    vx_imagepatch_addressing_t a = {8, 4, 1, 8, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 0};
    vx_status s = vxCopyImagePatch((vx_image)p[0], &all, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST);
    vx_uint32 sum = 0;
    for (unsigned i = 0; i < sizeof buf; i++)
        sum += buf[i];
    return s != VX_SUCCESS ? s : put_sum(p[1], sum);
}

static vx_kernel user_kernel(vx_context ctx, const char *name, vx_kernel_f fn, vx_enum in_type)
{
    vx_enum id;
    CHECK_OK(vxAllocateUserKernelId(ctx, &id));
    vx_kernel k = vxAddUserKernel(ctx, name, id, fn, in_type ? 2 : 1, in_type ? sum_validate : tensor_validate,
                                  NULL, NULL);
    CHECK_REF(k);
    CHECK_OK(vxAddParameterToKernel(k, 0, in_type ? VX_INPUT : VX_OUTPUT, in_type ? in_type : VX_TYPE_TENSOR,
                                    VX_PARAMETER_STATE_REQUIRED));
    if (in_type)
        CHECK_OK(vxAddParameterToKernel(k, 1, VX_OUTPUT, VX_TYPE_SCALAR, VX_PARAMETER_STATE_REQUIRED));
    CHECK_OK(vxFinalizeKernel(k));
    return k;
}

static vx_node user_node(vx_graph g, vx_kernel k, void *a, void *b)
{
    vx_node n = vxCreateGenericNode(g, k);
    CHECK_REF(n);
    CHECK_OK(vxSetParameterByIndex(n, 0, (vx_reference)a));
    if (b)
        CHECK_OK(vxSetParameterByIndex(n, 1, (vx_reference)b));
    return n;
}

static vx_uint32 scalar_value(vx_scalar s)
{
    vx_uint32 v = 0;
    CHECK_OK(vxCopyScalar(s, &v, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    return v;
}

static void in_graphs(vx_context ctx)
{
    vx_kernel fill = user_kernel(ctx, "test.fill_tensor", fill_tensor, 0);
    vx_kernel tsum = user_kernel(ctx, "test.sum_tensor", sum_tensor, VX_TYPE_TENSOR);
    vx_kernel isum = user_kernel(ctx, "test.sum_image", sum_image, VX_TYPE_IMAGE);
    vx_uint32 zero = 0;
    vx_scalar s1 = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero), s2 = vxCreateScalar(ctx, VX_TYPE_UINT32, &zero);
    vx_size dims[3] = {8, 4, 3};
    vx_tensor t = vxCreateTensor(ctx, 3, dims, VX_TYPE_UINT8, 0);
    vx_rectangle_t all = {0, 0, 8, 4};
    vx_object_array arr = vxCreateImageObjectArrayFromTensor(t, &all, 3, 8 * 4, VX_DF_IMAGE_U8);
    vx_image img = (vx_image)vxGetObjectArrayItem(arr, 2);
    vx_size vs[3] = {0, 0, 1}, ve[3] = {8, 4, 2};
    vx_tensor view = vxCreateTensorFromView(t, 3, vs, ve);

    /* readers first, then the writer: the writer must still run first */
    vx_graph g = vxCreateGraph(ctx);
    vx_node r1 = user_node(g, isum, img, s1), w = user_node(g, fill, t, NULL);
    CHECK_OK(vxProcessGraph(g));
    CHECK(scalar_value(s1) == 3 * 32);
    CHECK_OK(vxReleaseNode(&r1));
    CHECK_OK(vxReleaseNode(&w));
    CHECK_OK(vxReleaseGraph(&g));

    /* the writer writes a view; the reader reads the whole tensor */
    vx_uint8 zeros[8 * 4 * 3] = {0};
    vx_size start[3] = {0, 0, 0}, stride[3] = {1, 8, 32};
    CHECK_OK(vxCopyTensorPatch(t, 3, start, dims, stride, zeros, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    g = vxCreateGraph(ctx);
    vx_node r2 = user_node(g, tsum, t, s2);
    w = user_node(g, fill, view, NULL);
    CHECK_OK(vxProcessGraph(g));
    CHECK(scalar_value(s2) == 3 * 32);
    /* and writing both the tensor and a view of it is two writers */
    vx_node w2 = user_node(g, fill, t, NULL);
    int before = log_entries;
    CHECK_STATUS(vxVerifyGraph(g), VX_ERROR_MULTIPLE_WRITERS);
    CHECK(log_entries > before);
    CHECK_OK(vxReleaseNode(&w2));
    CHECK_OK(vxReleaseNode(&r2));
    CHECK_OK(vxReleaseNode(&w));
    CHECK_OK(vxReleaseGraph(&g));

    CHECK_OK(vxReleaseImage(&img));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK_OK(vxReleaseTensor(&view));
    CHECK_OK(vxReleaseTensor(&t));
    CHECK_OK(vxReleaseScalar(&s1));
    CHECK_OK(vxReleaseScalar(&s2));
    vx_kernel ks[] = {fill, tsum, isum};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxRemoveKernel(ks[i]));
}

int main(void)
{
    vx_context ctx = test_context();
    vx_uint32 refs0 = context_references(ctx);
    zero_copy(ctx);
    from_handle_and_views(ctx);
    refusals(ctx);
    in_graphs(ctx);
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
