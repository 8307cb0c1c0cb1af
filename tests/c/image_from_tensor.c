/* vxCreateImageObjectArrayFromTensor: images are zero-copy slices of a 3-D tensor, the tensor lives
 * as long as its images need it, and every refusal has its status and a log entry. */
#include "check.h"
#include <string.h>

static int logged;
static void VX_CALLBACK on_log(vx_context c, vx_reference r, vx_status s, const vx_char t[])
{
    (void)c; (void)r; (void)s; (void)t;
    logged++;
}

/* a creation refused with `status`, logged, giving the context's error object */
#define REFUSED_CREATE(expr, status)                              \
    do {                                                          \
        int before_ = logged;                                     \
        vx_object_array a_ = (expr);                              \
        CHECK_STATUS(vxGetStatus((vx_reference)a_), status);      \
        CHECK(logged > before_);                                  \
    } while (0)

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
    vx_object_array arr = vxCreateImageObjectArrayFromTensor(t, &rect, 3, 2, VX_DF_IMAGE_S16);
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
    int before = logged;
    CHECK(vxSwapImageHandle(img2, NULL, NULL, 1) != VX_SUCCESS && logged > before);

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
    vx_object_array arr = vxCreateImageObjectArrayFromTensor(t, &rect, 4, 1, VX_DF_IMAGE_U8);
    CHECK_REF(arr);
    vx_image last = (vx_image)vxGetObjectArrayItem(arr, 3);
    vx_pixel_value_t v;
    memset(&v, 0, sizeof v);
    v.U8 = 9;
    CHECK_OK(vxSetImagePixelValues(last, &v));
    CHECK(mem[3][2][4] == 9 && mem[3][0][0] == 9 && mem[2][2][4] == 0);
    int before = logged;
    CHECK_STATUS(vxSwapTensorHandle(t, other, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK(logged > before);
    CHECK_OK(vxReleaseImage(&last));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK_OK(vxSwapTensorHandle(t, other, NULL));

    /* images from a tensor view: the view's memory, inside its parent's */
    vx_size vs[3] = {1, 1, 2}, ve[3] = {5, 3, 4};
    vx_tensor view = vxCreateTensorFromView(t, 3, vs, ve);
    CHECK_REF(view);
    vx_rectangle_t r2 = {0, 0, 4, 2};
    arr = vxCreateImageObjectArrayFromTensor(view, &r2, 2, 1, VX_DF_IMAGE_U8);
    CHECK_REF(arr);
    vx_image second = (vx_image)vxGetObjectArrayItem(arr, 1);
    v.U8 = 5;
    CHECK_OK(vxSetImagePixelValues(second, &v));
    CHECK(other[3][1][1] == 5 && other[3][2][4] == 5 && other[3][0][0] == 0 && other[2][1][1] == 0);
    /* swapping the parent would move the view under the images */
    before = logged;
    CHECK_STATUS(vxSwapTensorHandle(t, mem, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK(logged > before);
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
                 VX_ERROR_INVALID_REFERENCE);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor((vx_tensor)ctx, &ok, 1, 1, VX_DF_IMAGE_U8),
                   VX_ERROR_INVALID_REFERENCE);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(flat, &ok, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_DIMENSION);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &ok, 1, 1, VX_DF_IMAGE_S16), VX_ERROR_INVALID_FORMAT);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &ok, 1, 1, VX_DF_IMAGE_RGB), VX_ERROR_INVALID_FORMAT);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(f32, &ok, 1, 1, VX_DF_IMAGE_U32), VX_ERROR_INVALID_FORMAT);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, NULL, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &wide, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &tall, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &empty, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &ok, 0, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &ok, 2, 0, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &ok, 4, 1, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(u8, &ok, 2, 3, VX_DF_IMAGE_U8), VX_ERROR_INVALID_PARAMETERS);
    /* the limits themselves are fine: 2 images 2 apart use slices 0 and 2 of 3 */
    vx_object_array edge = vxCreateImageObjectArrayFromTensor(u8, &ok, 2, 2, VX_DF_IMAGE_U8);
    CHECK_REF(edge);
    CHECK_OK(vxReleaseObjectArray(&edge));
    edge = vxCreateImageObjectArrayFromTensor(u8, &ok, 3, 1, VX_DF_IMAGE_U8);
    CHECK_REF(edge);
    CHECK_OK(vxReleaseObjectArray(&edge));
    /* a virtual tensor's memory is not the application's */
    vx_graph g = vxCreateGraph(ctx);
    vx_tensor virt = vxCreateVirtualTensor(g, 3, d3, VX_TYPE_UINT8, 0);
    REFUSED_CREATE(vxCreateImageObjectArrayFromTensor(virt, &ok, 1, 1, VX_DF_IMAGE_U8), VX_ERROR_OPTIMIZED_AWAY);
    CHECK_OK(vxReleaseTensor(&virt));
    CHECK_OK(vxReleaseGraph(&g));
    vx_tensor ts[] = {u8, flat, f32};
    for (int i = 0; i < 3; i++)
        CHECK_OK(vxReleaseTensor(&ts[i]));
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vxRegisterLogCallback(ctx, on_log, vx_false_e);
    vx_uint32 refs0 = context_references(ctx);
    zero_copy(ctx);
    from_handle_and_views(ctx);
    refusals(ctx);
    CHECK(context_references(ctx) == refs0);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("ok\n");
    return 0;
}
