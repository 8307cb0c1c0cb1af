/* Images vxCreateImage makes in C (csrc/objects/image_lazy.c) behave like any other image, before Python
 * has met them (queries, maps, copies, counts, release) and after (names, retain, views, graphs,
 * object arrays, attributes), with VX_CONTEXT_REFERENCES exact throughout; the requests C does not
 * serve are refused with their status and one log entry; a context release frees what is left;
 * threads create, use and release images at once. */
#include <VX/vx.h>
#include <pthread.h>
#include <string.h>

#include "check.h"

static vx_context ctx;

/* An attribute of an image has the value expected. */
#define CHECK_IMAGE_ATTR(img, attribute, type, expected)                 \
    do {                                                                 \
        type value_;                                                     \
        CHECK_OK(vxQueryImage(img, attribute, &value_, sizeof value_));  \
        CHECK(value_ == (expected));                                     \
    } while (0)

static void check_attributes_of(vx_image img, vx_uint32 w, vx_uint32 h, vx_df_image fmt, vx_size planes, vx_size size,
                                vx_enum space, vx_enum mem_type)
{
    CHECK_IMAGE_ATTR(img, VX_IMAGE_WIDTH, vx_uint32, w);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_HEIGHT, vx_uint32, h);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_FORMAT, vx_df_image, fmt);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_PLANES, vx_size, planes);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_SIZE, vx_size, size);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_SPACE, vx_enum, space);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_RANGE, vx_enum, VX_CHANNEL_RANGE_FULL);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_MEMORY_TYPE, vx_enum, mem_type);
    CHECK_IMAGE_ATTR(img, VX_IMAGE_IS_UNIFORM, vx_bool, vx_false_e);
    vx_enum e;
    CHECK_OK(vxQueryReference((vx_reference)img, VX_REFERENCE_TYPE, &e, sizeof e));
    CHECK(e == VX_TYPE_IMAGE);
    vx_rectangle_t valid;
    CHECK_OK(vxGetValidRegionImage(img, &valid));
    CHECK(valid.start_x == 0 && valid.start_y == 0 && valid.end_x == w && valid.end_y == h);
    CHECK(vxGetContext((vx_reference)img) == ctx);
    CHECK_OK(vxGetStatus((vx_reference)img));
}

static void check_attributes(vx_image img, vx_uint32 w, vx_uint32 h, vx_df_image fmt, vx_size planes, vx_size size,
                             vx_enum space)
{
    check_attributes_of(img, w, h, fmt, planes, size, space, VX_MEMORY_TYPE_NONE);
}

/* Maps plane 0 for writing, writes x + y into every U8 pixel of the rectangle, unmaps. */
static void write_ramp(vx_image img, vx_rectangle_t r)
{
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *ptr = NULL;
    CHECK_OK(vxMapImagePatch(img, &r, 0, &id, &a, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(a.dim_x == r.end_x - r.start_x && a.stride_x == 1);
    for (vx_uint32 y = 0; y < a.dim_y; y++)
        for (vx_uint32 x = 0; x < a.dim_x; x++)
            ((vx_uint8 *)ptr)[y * a.stride_y + x] = (vx_uint8)(r.start_x + x + r.start_y + y);
    CHECK_OK(vxUnmapImagePatch(img, id));
}

static void check_ramp(vx_image img, vx_uint32 x0, vx_uint32 y0, vx_uint32 w, vx_uint32 h)
{
    for (vx_uint32 y = 0; y < h; y += 7)
        for (vx_uint32 x = 0; x < w; x += 5)
            CHECK(u8_pixel(img, x, y) == (vx_uint8)(x0 + x + y0 + y));
}

/* Everything that answers without making the Python object, then release in C. */
static void never_seen_by_python(vx_uint32 start)
{
    vx_image img = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U8);
    CHECK_REF(img);
    CHECK(context_references(ctx) == start + 1);
    CHECK(ref_count(img) == 1);
    vx_char *name = NULL;
    CHECK_OK(vxQueryReference((vx_reference)img, VX_REFERENCE_NAME, &name, sizeof name));
    CHECK(name != NULL && name[0] == '\0');
    CHECK_IMAGE_ATTR(img, VX_IMAGE_WIDTH, vx_uint32, 64);
    write_ramp(img, (vx_rectangle_t){0, 0, 64, 48});
    vx_uint8 v = 200;
    CHECK_OK(copy_u8_pixel(img, 3, 4, &v, VX_WRITE_ONLY));
    CHECK(u8_pixel(img, 3, 4) == 200 && u8_pixel(img, 5, 6) == 11);
    CHECK(context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseImage(&img));
    CHECK(img == NULL);
    CHECK(context_references(ctx) == start);
    /* the same through vxReleaseReference */
    vx_reference ref = (vx_reference)vxCreateImage(ctx, 16, 16, VX_DF_IMAGE_S16);
    CHECK_REF(ref);
    CHECK(context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseReference(&ref));
    CHECK(ref == NULL && context_references(ctx) == start);
}

/* Written while unseen, then met by Python (a name), then every image function. */
static void seen_by_python(vx_uint32 start)
{
    vx_image img = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U8);
    CHECK_REF(img);
    write_ramp(img, (vx_rectangle_t){0, 0, 64, 48});
    CHECK_OK(vxSetReferenceName((vx_reference)img, "lazy"));
    vx_char *name = NULL;
    CHECK_OK(vxQueryReference((vx_reference)img, VX_REFERENCE_NAME, &name, sizeof name));
    CHECK(strcmp(name, "lazy") == 0);
    CHECK(context_references(ctx) == start + 1);
    check_attributes(img, 64, 48, VX_DF_IMAGE_U8, 1, 64 * 48, VX_COLOR_SPACE_NONE);
    check_ramp(img, 0, 0, 64, 48);                  /* the memory C attached is the object's */

    CHECK_OK(vxRetainReference((vx_reference)img));
    CHECK(ref_count(img) == 2 && context_references(ctx) == start + 1);
    vx_image again = img;
    CHECK_OK(vxReleaseImage(&again));
    CHECK(ref_count(img) == 1);

    vx_rectangle_t rr = {8, 4, 40, 36};
    vx_image roi = vxCreateImageFromROI(img, &rr);
    CHECK_REF(roi);
    check_ramp(roi, 8, 4, 32, 32);
    write_ramp(roi, (vx_rectangle_t){0, 0, 32, 32});
    CHECK(u8_pixel(img, 8, 4) == 0 && u8_pixel(img, 9, 4) == 1);
    CHECK(context_references(ctx) == start + 2);

    vx_enum space = VX_COLOR_SPACE_BT709;
    CHECK_OK(vxSetImageAttribute(img, VX_IMAGE_SPACE, &space, sizeof space));
    CHECK_IMAGE_ATTR(img, VX_IMAGE_SPACE, vx_enum, VX_COLOR_SPACE_BT709);
    vx_rectangle_t valid = {1, 2, 30, 40}, got;
    CHECK_OK(vxSetImageValidRectangle(img, &valid));
    CHECK_OK(vxGetValidRegionImage(img, &got));
    CHECK(got.start_x == 1 && got.start_y == 2 && got.end_x == 30 && got.end_y == 40);
    vx_pixel_value_t pv;
    memset(&pv, 0, sizeof pv);
    pv.U8 = 9;
    CHECK_OK(vxSetImagePixelValues(roi, &pv));
    CHECK(u8_pixel(img, 8, 4) == 9 && u8_pixel(img, 7, 4) == 11);
    void *none[1] = {NULL};
    CHECK_REFUSED(vxSwapImageHandle(img, none, NULL, 1), VX_ERROR_INVALID_PARAMETERS);

    CHECK_OK(vxReleaseImage(&roi));
    CHECK_OK(vxReleaseImage(&img));
    CHECK(context_references(ctx) == start);
}

/* Views, object arrays and graphs take unseen images (Python meets them there). */
static void views_arrays_graphs(vx_uint32 start)
{
    vx_image yuv = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_IYUV);
    CHECK_REF(yuv);
    check_attributes(yuv, 32, 16, VX_DF_IMAGE_IYUV, 3, 32 * 16 + 2 * 16 * 8, VX_COLOR_SPACE_DEFAULT);
    vx_image u = vxCreateImageFromChannel(yuv, VX_CHANNEL_U);
    CHECK_REF(u);
    check_attributes(u, 16, 8, VX_DF_IMAGE_U8, 1, 16 * 8, VX_COLOR_SPACE_DEFAULT);
    CHECK(context_references(ctx) == start + 2);
    CHECK_OK(vxReleaseImage(&yuv));                 /* the channel image holds its parent */
    CHECK(context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseImage(&u));
    CHECK(context_references(ctx) == start);

    vx_image exemplar = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_RGB);
    vx_object_array arr = vxCreateObjectArray(ctx, (vx_reference)exemplar, 3);
    CHECK_REF(arr);
    vx_image item = (vx_image)vxGetObjectArrayItem(arr, 2);
    check_attributes(item, 8, 8, VX_DF_IMAGE_RGB, 1, 8 * 8 * 3, VX_COLOR_SPACE_NONE);
    CHECK_OK(vxReleaseImage(&item));
    CHECK_OK(vxReleaseObjectArray(&arr));
    CHECK_OK(vxReleaseImage(&exemplar));
    CHECK(context_references(ctx) == start);

    vx_image in = vxCreateImage(ctx, 40, 30, VX_DF_IMAGE_U8), out = vxCreateImage(ctx, 40, 30, VX_DF_IMAGE_U8);
    write_ramp(in, (vx_rectangle_t){0, 0, 40, 30});
    vx_graph g = vxCreateGraph(ctx);
    vx_node n = vxNotNode(g, in, out);
    CHECK_REF(n);
    CHECK_OK(vxProcessGraph(g));
    for (vx_uint32 y = 0; y < 30; y += 3)
        for (vx_uint32 x = 0; x < 40; x += 3)
            CHECK(u8_pixel(out, x, y) == (vx_uint8)~(x + y));
    CHECK(context_references(ctx) == start + 4);
    CHECK_OK(vxReleaseImage(&in));                  /* the graph holds them */
    CHECK_OK(vxReleaseImage(&out));
    CHECK_OK(vxReleaseNode(&n));
    CHECK_OK(vxReleaseGraph(&g));
    CHECK(context_references(ctx) == start);
}

/* vxCreateImageFromHandle: the application's planes and strides, zero-copy, before and after
 * Python meets the image (swap), and none yet (VX_MEMORY_TYPE_NONE). */
static void from_handle(vx_uint32 start)
{
    static vx_uint8 y[16][40], uv[8][40], other[16][40], other_uv[8][40];
    for (int r = 0; r < 16; r++)
        for (int c = 0; c < 40; c++)
            y[r][c] = (vx_uint8)(r * 3 + c), other[r][c] = (vx_uint8)(100 + r);
    vx_imagepatch_addressing_t addrs[2] = {{32, 16, 1, 40, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 8},
                                           {16, 8, 2, 40, VX_SCALE_UNITY / 2, VX_SCALE_UNITY / 2, 2, 2, 16}};
    void *ptrs[2] = {y, uv};
    vx_image img = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_NV12, addrs, ptrs, VX_MEMORY_TYPE_HOST);
    CHECK_REF(img);
    CHECK(context_references(ctx) == start + 1);
    check_attributes_of(img, 32, 16, VX_DF_IMAGE_NV12, 2, 40 * 16 + 40 * 8, VX_COLOR_SPACE_DEFAULT, VX_MEMORY_TYPE_HOST);
    vx_rectangle_t r = {0, 0, 32, 16};
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *ptr = NULL;
    CHECK_OK(vxMapImagePatch(img, &r, 1, &id, &a, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(ptr == (void *)uv && a.stride_y == 40 && a.stride_x == 2 && a.dim_x == 32);
    CHECK_OK(vxUnmapImagePatch(img, id));
    CHECK(u8_pixel(img, 5, 3) == y[3][5]);
    vx_uint8 v = 77;
    CHECK_OK(copy_u8_pixel(img, 1, 1, &v, VX_WRITE_ONLY));
    CHECK(y[1][1] == 77);
    CHECK_OK(vxSetReferenceName((vx_reference)img, "seen"));
    void *next[2] = {other, other_uv}, *prev[2] = {NULL, NULL};
    CHECK_OK(vxSwapImageHandle(img, next, prev, 2));
    CHECK(prev[0] == (void *)y && prev[1] == (void *)uv && u8_pixel(img, 0, 2) == 102);
    CHECK_OK(vxReleaseImage(&img));
    CHECK(context_references(ctx) == start);

    vx_image none = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, addrs, NULL, VX_MEMORY_TYPE_NONE);
    CHECK_REF(none);
    CHECK_REFUSED(vxMapImagePatch(none, &r, 0, &id, &a, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_NO_MEMORY);
    CHECK_OK(vxSwapImageHandle(none, ptrs, NULL, 1));
    CHECK(u8_pixel(none, 5, 3) == y[3][5]);
    CHECK_OK(vxReleaseImage(&none));
    vx_image unseen = vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, addrs, ptrs, VX_MEMORY_TYPE_HOST);
    CHECK(context_references(ctx) == start + 1);
    CHECK_OK(vxReleaseImage(&unseen));
    CHECK(context_references(ctx) == start && y[3][5] == 3 * 3 + 5);

    vx_imagepatch_addressing_t bad = addrs[0];
    bad.stride_x = 2;
    CHECK_CREATE_REFUSED(vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &bad, ptrs, VX_MEMORY_TYPE_HOST),
                         VX_ERROR_INVALID_PARAMETERS);
    bad = addrs[0];
    bad.stride_y = 31;
    CHECK_CREATE_REFUSED(vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, &bad, ptrs, VX_MEMORY_TYPE_HOST),
                         VX_ERROR_INVALID_PARAMETERS);
    void *null_plane[2] = {y, NULL};
    CHECK_CREATE_REFUSED(vxCreateImageFromHandle(ctx, VX_DF_IMAGE_NV12, addrs, null_plane, VX_MEMORY_TYPE_HOST),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK_CREATE_REFUSED(vxCreateImageFromHandle(ctx, VX_DF_IMAGE_U8, addrs, ptrs, (vx_enum)0xE0FF),
                         VX_ERROR_INVALID_PARAMETERS);
    CHECK(context_references(ctx) == start);
}

/* What C does not serve goes to Python, which refuses with its status and one log entry. */
static void refusals(vx_uint32 start)
{
    CHECK_CREATE_REFUSED(vxCreateImage(ctx, 0, 8, VX_DF_IMAGE_U8), VX_ERROR_INVALID_DIMENSION);
    CHECK_CREATE_REFUSED(vxCreateImage(ctx, 7, 8, VX_DF_IMAGE_NV12), VX_ERROR_INVALID_DIMENSION);
    CHECK_CREATE_REFUSED(vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_VIRT), VX_ERROR_INVALID_FORMAT);
    CHECK_CREATE_REFUSED(vxCreateImage(ctx, 8, 8, VX_DF_IMAGE('B', 'A', 'D', '!')), VX_ERROR_INVALID_FORMAT);
    CHECK_CREATE_REFUSED(vxCreateImage(ctx, 0x7fffffff, 0x7fffffff, VX_DF_IMAGE_U32), VX_ERROR_NO_MEMORY);
    vx_image img = vxCreateImage(ctx, 8, 8, VX_DF_IMAGE_U8);
    /* an image is not a context; a released image is not an image */
    CHECK_CREATE_REFUSED(vxCreateImage((vx_context)img, 8, 8, VX_DF_IMAGE_U8), VX_ERROR_INVALID_REFERENCE);
    vx_image stale = img;
    CHECK_OK(vxReleaseImage(&img));
    CHECK_REFUSED(vxReleaseImage(&stale), VX_ERROR_INVALID_REFERENCE);
    vx_uint32 w;
    CHECK_STATUS(vxQueryImage(stale, VX_IMAGE_WIDTH, &w, sizeof w), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxReleaseImage(NULL), VX_ERROR_INVALID_REFERENCE);
    vx_image null_image = NULL;
    CHECK_STATUS(vxReleaseImage(&null_image), VX_ERROR_INVALID_REFERENCE);
    CHECK(context_references(ctx) == start);
}

enum { THREADS = 4, ROUNDS = 3000 };

static void *worker(void *arg)
{
    vx_uint32 t = (vx_uint32)(uintptr_t)arg;
    for (int k = 0; k < ROUNDS; k++) {
        vx_image img = vxCreateImage(ctx, 32 + 8 * t, 16, VX_DF_IMAGE_U8);
        CHECK_REF(img);
        vx_uint8 v = (vx_uint8)k;
        CHECK_OK(copy_u8_pixel(img, 1, 1, &v, VX_WRITE_ONLY));
        if (k % 50 == 0)
            CHECK_OK(vxSetReferenceName((vx_reference)img, "seen"));
        CHECK(u8_pixel(img, 1, 1) == (vx_uint8)k);
        CHECK_OK(vxReleaseImage(&img));
    }
    return NULL;
}

static void threads(vx_uint32 start)
{
    pthread_t th[THREADS];
    for (uintptr_t t = 0; t < THREADS; t++)
        CHECK(pthread_create(&th[t], NULL, worker, (void *)t) == 0);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    CHECK(context_references(ctx) == start);
}

int main(void)
{
    ctx = test_context();
    vx_uint32 start = context_references(ctx);
    never_seen_by_python(start);
    seen_by_python(start);
    views_arrays_graphs(start);
    from_handle(start);
    refusals(start);
    threads(start);

    /* a context release frees images left, unseen (one mapped), seen and viewed */
    vx_image left[4];
    for (int i = 0; i < 4; i++)
        left[i] = vxCreateImage(ctx, 64, 64, VX_DF_IMAGE_U8);
    vx_rectangle_t r = {0, 0, 8, 8};
    vx_map_id id;
    vx_imagepatch_addressing_t a;
    void *ptr;
    CHECK_OK(vxMapImagePatch(left[1], &r, 0, &id, &a, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxSetReferenceName((vx_reference)left[2], "seen"));
    vx_image view = vxCreateImageFromROI(left[3], &r);
    CHECK_REF(view);
    CHECK(context_references(ctx) == start + 5);
    vx_context other = vxCreateContext(), gone = other;   /* the process's one context, one more count */
    CHECK(other == ctx);
    vx_image kept = vxCreateImage(other, 8, 8, VX_DF_IMAGE_U8);
    CHECK(context_references(other) == start + 6);
    CHECK_OK(vxReleaseContext(&ctx));               /* the other count keeps everything */
    CHECK(u8_pixel(kept, 1, 1) == 0 && context_references(other) == start + 6);
    CHECK_OK(vxReleaseImage(&kept));
    CHECK(context_references(other) == start + 5);
    CHECK_OK(vxReleaseContext(&other));             /* the last count: everything goes */
    CHECK(vxGetStatus((vx_reference)vxCreateImage(gone, 8, 8, VX_DF_IMAGE_U8)) != VX_SUCCESS);
    CHECK_STATUS(vxGetStatus((vx_reference)left[0]), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxGetStatus((vx_reference)left[2]), VX_ERROR_INVALID_REFERENCE);
    vx_uint32 w;
    CHECK_STATUS(vxQueryImage(left[1], VX_IMAGE_WIDTH, &w, sizeof w), VX_ERROR_INVALID_REFERENCE);
    CHECK_STATUS(vxReleaseImage(&left[0]), VX_ERROR_INVALID_REFERENCE);
    puts("ok");
    return 0;
}
