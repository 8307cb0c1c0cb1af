/* Images of every format: creation, every attribute, copies and maps both ways, the 1.0 patch
 * functions, refusals (with a log entry each and nothing changed), exact reference counts. */
#include <VX/vx.h>
#include <VX/vx_compatibility.h>
#include <string.h>

#include "check.h"

static const struct { vx_df_image f; vx_size planes; vx_size size_64x48; } formats[] = {
    {VX_DF_IMAGE_U1, 1, 8 * 48},       {VX_DF_IMAGE_U8, 1, 64 * 48},     {VX_DF_IMAGE_U16, 1, 128 * 48},
    {VX_DF_IMAGE_S16, 1, 128 * 48},    {VX_DF_IMAGE_U32, 1, 256 * 48},   {VX_DF_IMAGE_S32, 1, 256 * 48},
    {VX_DF_IMAGE_RGB, 1, 192 * 48},    {VX_DF_IMAGE_RGBX, 1, 256 * 48},  {VX_DF_IMAGE_NV12, 2, 64 * 72},
    {VX_DF_IMAGE_NV21, 2, 64 * 72},    {VX_DF_IMAGE_UYVY, 1, 128 * 48},  {VX_DF_IMAGE_YUYV, 1, 128 * 48},
    {VX_DF_IMAGE_IYUV, 3, 64 * 72},    {VX_DF_IMAGE_YUV4, 3, 64 * 144},
};

static void attributes(vx_context ctx)
{
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        vx_image img = vxCreateImage(ctx, 64, 48, formats[i].f);
        CHECK_REF(img);
        vx_uint32 w = 0, h = 0;
        vx_df_image f = 0;
        vx_size planes = 0, size = 0;
        vx_enum space = 0, range = 0, mem = 0;
        vx_bool uniform = vx_true_e;
        CHECK_OK(vxQueryImage(img, VX_IMAGE_WIDTH, &w, sizeof w));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_HEIGHT, &h, sizeof h));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_FORMAT, &f, sizeof f));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_PLANES, &planes, sizeof planes));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_SIZE, &size, sizeof size));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_SPACE, &space, sizeof space));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_RANGE, &range, sizeof range));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_MEMORY_TYPE, &mem, sizeof mem));
        CHECK_OK(vxQueryImage(img, VX_IMAGE_IS_UNIFORM, &uniform, sizeof uniform));
        CHECK(w == 64 && h == 48 && f == formats[i].f && planes == formats[i].planes);
        CHECK(size == formats[i].size_64x48);
        CHECK(range == VX_CHANNEL_RANGE_FULL && mem == VX_MEMORY_TYPE_NONE && uniform == vx_false_e);
        CHECK(space == VX_COLOR_SPACE_NONE || space == VX_COLOR_SPACE_DEFAULT);
        vx_pixel_value_t pv;
        CHECK_REFUSED(vxQueryImage(img, VX_IMAGE_UNIFORM_VALUE, &pv, sizeof pv), VX_ERROR_NOT_SUPPORTED);
        CHECK_REFUSED(vxQueryImage(img, VX_IMAGE_WIDTH, &w, 2), VX_ERROR_INVALID_PARAMETERS);
        CHECK_REFUSED(vxQueryImage(img, VX_IMAGE_WIDTH, NULL, 4), VX_ERROR_INVALID_PARAMETERS);
        CHECK_REFUSED(vxQueryImage(img, VX_ARRAY_CAPACITY, &size, sizeof size), VX_ERROR_NOT_SUPPORTED);

        space = VX_COLOR_SPACE_BT601_625;
        CHECK_OK(vxSetImageAttribute(img, VX_IMAGE_SPACE, &space, sizeof space));
        space = 0;
        CHECK_OK(vxQueryImage(img, VX_IMAGE_SPACE, &space, sizeof space));
        CHECK(space == VX_COLOR_SPACE_BT601_625);
        space = 12345;
        CHECK_REFUSED(vxSetImageAttribute(img, VX_IMAGE_SPACE, &space, sizeof space), VX_ERROR_INVALID_VALUE);
        CHECK_REFUSED(vxSetImageAttribute(img, VX_IMAGE_WIDTH, &w, sizeof w), VX_ERROR_NOT_SUPPORTED);
        CHECK_OK(vxQueryImage(img, VX_IMAGE_SPACE, &space, sizeof space));
        CHECK(space == VX_COLOR_SPACE_BT601_625);
        CHECK_OK(vxReleaseImage(&img));
        CHECK(img == NULL);
    }
}

static void creation_refusals(vx_context ctx)
{
    struct { vx_uint32 w, h; vx_df_image f; vx_status st; } bad[] = {
        {0, 10, VX_DF_IMAGE_U8, VX_ERROR_INVALID_DIMENSION},
        {10, 0, VX_DF_IMAGE_U8, VX_ERROR_INVALID_DIMENSION},
        {15, 10, VX_DF_IMAGE_NV12, VX_ERROR_INVALID_DIMENSION},
        {16, 11, VX_DF_IMAGE_IYUV, VX_ERROR_INVALID_DIMENSION},
        {15, 10, VX_DF_IMAGE_UYVY, VX_ERROR_INVALID_DIMENSION},
        {16, 16, VX_DF_IMAGE_VIRT, VX_ERROR_INVALID_FORMAT},
        {16, 16, VX_DF_IMAGE('X', 'X', 'X', 'X'), VX_ERROR_INVALID_FORMAT},
        {0xFFFFFFF0u, 0xFFFFFFF0u, VX_DF_IMAGE_U32, VX_ERROR_NO_MEMORY},
    };
    vx_uint32 refs = context_references(ctx);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_CREATE_REFUSED(vxCreateImage(ctx, bad[i].w, bad[i].h, bad[i].f), bad[i].st);
    }
    CHECK(vxGetStatus((vx_reference)vxCreateImage(NULL, 4, 4, VX_DF_IMAGE_U8)) != VX_SUCCESS);
    CHECK_STATUS(vxGetStatus((vx_reference)vxCreateUniformImage(ctx, 4, 4, VX_DF_IMAGE_U8, NULL)),
                 VX_ERROR_INVALID_PARAMETERS);
    CHECK(context_references(ctx) == refs);
    CHECK_STATUS(vxReleaseImage(NULL), VX_ERROR_INVALID_REFERENCE);
    vx_image none = NULL;
    CHECK_STATUS(vxReleaseImage(&none), VX_ERROR_INVALID_REFERENCE);
    vx_image wrong = (vx_image)ctx;
    CHECK_STATUS(vxReleaseImage(&wrong), VX_ERROR_INVALID_REFERENCE);
}

/* Write a pattern with vxCopyImagePatch, read it through a map, write through a map, read it
 * back with a copy; in every plane of every format. */
static void copy_and_map(vx_context ctx)
{
    static vx_uint8 user[64 * 48 * 4], back[64 * 48 * 4];
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        vx_image img = vxCreateImage(ctx, 64, 48, formats[i].f);
        for (vx_uint32 p = 0; p < formats[i].planes; p++) {
            vx_rectangle_t rect = {8, 2, 40, 30};
            vx_imagepatch_addressing_t a, m;
            memset(&a, 0, sizeof a);
            vx_map_id id;
            void *ptr = NULL;
            /* learn the plane's element size and subsampling from a read map */
            CHECK_OK(vxMapImagePatch(img, &rect, p, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, VX_NOGAP_X));
            CHECK_OK(vxUnmapImagePatch(img, id));
            CHECK(m.dim_x == 32 && m.dim_y == 28);
            vx_uint32 cols = 32 / m.step_x, rows = 28 / m.step_y;
            vx_uint32 rowbytes = formats[i].f == VX_DF_IMAGE_U1 ? 4 : cols * (vx_uint32)m.stride_x;
            a.dim_x = 32;
            a.dim_y = 28;
            a.stride_x = m.stride_x;
            a.stride_x_bits = m.stride_x_bits;
            a.stride_y = (vx_int32)rowbytes + 3; /* a gap at the end of each user row */
            for (size_t k = 0; k < sizeof user; k++)
                user[k] = (vx_uint8)(k * 7 + p + i);
            CHECK_OK(vxCopyImagePatch(img, &rect, p, &a, user, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
            CHECK_OK(vxMapImagePatch(img, &rect, p, &id, &m, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
            for (vx_uint32 y = 0; y < rows; y++) {
                vx_uint8 *row = vxFormatImagePatchAddress2d(ptr, 0, y * m.step_y, &m);
                CHECK(row == (vx_uint8 *)ptr + (size_t)y * m.stride_y);
                CHECK(memcmp(row, user + (size_t)y * a.stride_y, rowbytes) == 0);
                for (vx_uint32 k = 0; k < rowbytes; k++)
                    row[k] ^= 0x5a;
            }
            CHECK_OK(vxUnmapImagePatch(img, id));
            memset(back, 0, sizeof back);
            CHECK_OK(vxCopyImagePatch(img, &rect, p, &a, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
            for (vx_uint32 y = 0; y < rows; y++)
                for (vx_uint32 k = 0; k < rowbytes; k++)
                    CHECK(back[y * a.stride_y + k] == (user[y * a.stride_y + k] ^ 0x5a));
            /* 1d addressing walks the same pixels */
            CHECK_OK(vxMapImagePatch(img, &rect, p, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
            if (formats[i].f != VX_DF_IMAGE_U1)
                CHECK(vxFormatImagePatchAddress1d(ptr, m.dim_x * m.step_y + m.step_x, &m) ==
                      vxFormatImagePatchAddress2d(ptr, m.step_x, m.step_y, &m));
            CHECK(vxFormatImagePatchAddress1d(ptr, m.dim_x * m.dim_y, &m) == NULL);
            CHECK(vxFormatImagePatchAddress2d(ptr, m.dim_x, 0, &m) == NULL);
            CHECK_OK(vxUnmapImagePatch(img, id));
        }
        CHECK_OK(vxReleaseImage(&img));
    }
}

static void access_refusals(vx_context ctx)
{
    vx_image img = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U16);
    vx_uint16 buf[64 * 48];
    vx_rectangle_t rect = {0, 0, 64, 48}, half = {0, 0, 32, 48}, other = {32, 0, 64, 48};
    vx_imagepatch_addressing_t a = {64, 48, 2, 128, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 16};
    vx_imagepatch_addressing_t m;
    vx_map_id id, id2;
    void *ptr = NULL;
    for (int k = 0; k < 64 * 48; k++)
        buf[k] = (vx_uint16)k;
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));

    vx_rectangle_t bad_rects[] = {{0, 0, 65, 48}, {0, 0, 64, 49}, {10, 0, 10, 48}, {20, 0, 10, 48}, {0, 30, 64, 29}};
    for (size_t k = 0; k < sizeof bad_rects / sizeof bad_rects[0]; k++) {
        CHECK_REFUSED(vxMapImagePatch(img, &bad_rects[k], 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
                VX_ERROR_INVALID_PARAMETERS);
        CHECK_REFUSED(vxCopyImagePatch(img, &bad_rects[k], 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST),
                VX_ERROR_INVALID_PARAMETERS);
    }
    CHECK_REFUSED(vxMapImagePatch(img, NULL, 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 1, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, NULL, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, &id, NULL, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, &id, &m, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, &id, &m, &ptr, 0x12345, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, &id, &m, &ptr, VX_READ_ONLY, 0x12345, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 2), VX_ERROR_INVALID_PARAMETERS);
    CHECK_STATUS(vxMapImagePatch(NULL, &rect, 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_REFERENCE);
    CHECK_REFUSED(vxCopyImagePatch(img, &rect, 0, &a, buf, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxCopyImagePatch(img, &rect, 0, &a, NULL, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxCopyImagePatch(img, &rect, 0, NULL, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    vx_imagepatch_addressing_t narrow = a;
    narrow.stride_x = 1;
    CHECK_REFUSED(vxCopyImagePatch(img, &rect, 0, &narrow, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    narrow = a;
    narrow.stride_y = 100;
    CHECK_REFUSED(vxCopyImagePatch(img, &rect, 0, &narrow, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_INVALID_PARAMETERS);
    CHECK_REFUSED(vxUnmapImagePatch(img, 12345), VX_ERROR_INVALID_PARAMETERS);

    /* overlapping maps: reads share, and may overlap a write; two writes exclude each other */
    CHECK_OK(vxMapImagePatch(img, &half, 0, &id, &m, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxMapImagePatch(img, &rect, 0, &id2, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK_OK(vxUnmapImagePatch(img, id2));
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &a, buf, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_REFUSED(vxMapImagePatch(img, &rect, 0, &id2, &m, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_NO_RESOURCES);
    CHECK_REFUSED(vxCopyImagePatch(img, &rect, 0, &a, buf, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST), VX_ERROR_NO_RESOURCES);
    CHECK_OK(vxMapImagePatch(img, &other, 0, &id2, &m, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0));
    vx_image img2 = vxCreateImage(ctx, 64, 48, VX_DF_IMAGE_U16);
    CHECK_REFUSED(vxUnmapImagePatch(img2, id2), VX_ERROR_INVALID_PARAMETERS);   /* another image's map id */
    CHECK_OK(vxUnmapImagePatch(img, id2));
    CHECK_OK(vxUnmapImagePatch(img, id));
    CHECK_REFUSED(vxUnmapImagePatch(img, id), VX_ERROR_INVALID_PARAMETERS);

    /* nothing above changed a pixel */
    vx_uint16 back[64 * 48];
    CHECK_OK(vxCopyImagePatch(img, &rect, 0, &a, back, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(memcmp(back, buf, sizeof buf) == 0);
    CHECK_OK(vxReleaseImage(&img2));
    CHECK_OK(vxReleaseImage(&img));
    CHECK_STATUS(vxQueryImage(img, VX_IMAGE_WIDTH, &a.dim_x, 4), VX_ERROR_INVALID_REFERENCE);
}

static void uniform_and_pixels(vx_context ctx)
{
    vx_pixel_value_t v;
    memset(&v, 0, sizeof v);
    v.YUV[0] = 10; v.YUV[1] = 20; v.YUV[2] = 30;
    vx_image u = vxCreateUniformImage(ctx, 16, 8, VX_DF_IMAGE_NV12, &v);
    CHECK_REF(u);
    vx_bool is = vx_false_e;
    vx_pixel_value_t got;
    CHECK_OK(vxQueryImage(u, VX_IMAGE_IS_UNIFORM, &is, sizeof is));
    CHECK_OK(vxQueryImage(u, VX_IMAGE_UNIFORM_VALUE, &got, sizeof got));
    CHECK(is == vx_true_e && memcmp(&got, &v, sizeof v) == 0);
    vx_rectangle_t rect = {0, 0, 16, 8};
    vx_imagepatch_addressing_t m;
    vx_map_id id;
    void *ptr = NULL;
    CHECK_OK(vxMapImagePatch(u, &rect, 1, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    CHECK(m.step_x == 2 && m.step_y == 2 && m.scale_x == VX_SCALE_UNITY / 2 && m.stride_x == 2);
    vx_uint8 *uv = vxFormatImagePatchAddress2d(ptr, 14, 6, &m);
    CHECK(uv == (vx_uint8 *)ptr + 3 * m.stride_y + 7 * 2);
    CHECK(uv[0] == 20 && uv[1] == 30);
    CHECK_OK(vxUnmapImagePatch(u, id));
    CHECK_REFUSED(vxMapImagePatch(u, &rect, 0, &id, &m, &ptr, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_NOT_SUPPORTED);
    CHECK_REFUSED(vxSetImagePixelValues(u, &v), VX_ERROR_NOT_SUPPORTED);
    CHECK_OK(vxReleaseImage(&u));

    /* vxSetImagePixelValues on an interleaved YUV format and on U1 */
    vx_image y = vxCreateImage(ctx, 16, 4, VX_DF_IMAGE_YUYV);
    CHECK_OK(vxSetImagePixelValues(y, &v));
    CHECK_REFUSED(vxMapImagePatch(y, &rect, 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0),
            VX_ERROR_INVALID_PARAMETERS);   /* rect is taller than the image */
    vx_rectangle_t r4 = {0, 0, 16, 4};
    CHECK_OK(vxMapImagePatch(y, &r4, 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0));
    vx_uint8 *p = ptr;
    CHECK(p[0] == 10 && p[1] == 20 && p[2] == 10 && p[3] == 30);
    CHECK_OK(vxUnmapImagePatch(y, id));
    CHECK_OK(vxReleaseImage(&y));

    vx_image b = vxCreateImage(ctx, 20, 3, VX_DF_IMAGE_U1);
    v.U1 = vx_true_e;
    CHECK_OK(vxSetImagePixelValues(b, &v));
    vx_rectangle_t r1 = {8, 0, 20, 3}, odd = {3, 0, 20, 3};
    CHECK_REFUSED(vxMapImagePatch(b, &odd, 0, &id, &m, &ptr, VX_READ_ONLY, VX_MEMORY_TYPE_HOST, 0), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxMapImagePatch(b, &r1, 0, &id, &m, &ptr, VX_READ_AND_WRITE, VX_MEMORY_TYPE_HOST, 0));
    CHECK(m.stride_x == 0 && m.stride_x_bits == 1 && m.stride_y == 3 && m.dim_x == 12);
    p = vxFormatImagePatchAddress2d(ptr, 9, 2, &m);
    CHECK(p == (vx_uint8 *)ptr + 2 * 3 + 1);
    CHECK(p[0] & (1 << 1));
    p[0] &= (vx_uint8)~(1 << 1);        /* pixel (17, 2) */
    CHECK_OK(vxUnmapImagePatch(b, id));
    vx_uint8 bits[3 * 3];
    vx_imagepatch_addressing_t ba = {20, 3, 0, 3, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 1};
    vx_rectangle_t all = {0, 0, 20, 3};
    CHECK_OK(vxCopyImagePatch(b, &all, 0, &ba, bits, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK(bits[0] == 0xff && bits[7] == 0xff && (bits[8] & 0x0f) == 0x0d);
    /* writing 3 pixels keeps the other bits of the byte */
    vx_uint8 zero[3] = {0, 0, 0};
    vx_rectangle_t r3 = {16, 0, 19, 1};
    vx_imagepatch_addressing_t za = {3, 1, 0, 1, VX_SCALE_UNITY, VX_SCALE_UNITY, 1, 1, 1};
    CHECK_OK(vxCopyImagePatch(b, &r3, 0, &za, zero, VX_WRITE_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK_OK(vxCopyImagePatch(b, &all, 0, &ba, bits, VX_READ_ONLY, VX_MEMORY_TYPE_HOST));
    CHECK((bits[2] & 0x0f) == 0x08 && (bits[5] & 0x0f) == 0x0f);
    CHECK_OK(vxReleaseImage(&b));
}

static void valid_region(vx_context ctx)
{
    vx_image img = vxCreateImage(ctx, 32, 16, VX_DF_IMAGE_U8);
    vx_rectangle_t r, set = {2, 3, 30, 10}, bad = {0, 0, 33, 16};
    CHECK_OK(vxGetValidRegionImage(img, &r));
    CHECK(r.start_x == 0 && r.start_y == 0 && r.end_x == 32 && r.end_y == 16);
    CHECK_OK(vxSetImageValidRectangle(img, &set));
    CHECK_OK(vxGetValidRegionImage(img, &r));
    CHECK(r.start_x == 2 && r.start_y == 3 && r.end_x == 30 && r.end_y == 10);
    CHECK_REFUSED(vxSetImageValidRectangle(img, &bad), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxGetValidRegionImage(img, &r));
    CHECK(r.end_x == 30);
    CHECK_REFUSED(vxGetValidRegionImage(img, NULL), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxSetImageValidRectangle(img, NULL));
    CHECK_OK(vxGetValidRegionImage(img, &r));
    CHECK(r.start_x == 0 && r.end_x == 32 && r.end_y == 16);
    CHECK_OK(vxReleaseImage(&img));
}

static void compatibility(vx_context ctx)
{
    vx_image img = vxCreateImage(ctx, 16, 8, VX_DF_IMAGE_IYUV);
    vx_rectangle_t rect = {0, 0, 16, 8};
    CHECK(vxComputeImagePatchSize(img, &rect, 0) == 128);
    CHECK(vxComputeImagePatchSize(img, &rect, 1) == 32);
    CHECK(vxComputeImagePatchSize(img, &rect, 3) == 0);
    vx_imagepatch_addressing_t a;
    void *ptr = NULL;
    CHECK_OK(vxAccessImagePatch(img, &rect, 1, &a, &ptr, VX_WRITE_ONLY));
    memset(ptr, 77, 32);
    CHECK_OK(vxCommitImagePatch(img, &rect, 1, &a, ptr));
    vx_uint8 user[32];
    vx_imagepatch_addressing_t ua = {8, 4, 1, 8, VX_SCALE_UNITY / 2, VX_SCALE_UNITY / 2, 2, 2, 8};
    void *uptr = user;
    CHECK_OK(vxAccessImagePatch(img, &rect, 1, &ua, &uptr, VX_READ_AND_WRITE));
    CHECK(uptr == user && user[0] == 77 && user[31] == 77);
    user[5] = 1;
    CHECK_OK(vxCommitImagePatch(img, &rect, 1, &ua, uptr));
    ptr = NULL;
    CHECK_OK(vxAccessImagePatch(img, &rect, 1, &a, &ptr, VX_READ_ONLY));
    CHECK(((vx_uint8 *)ptr)[5] == 1 && ((vx_uint8 *)ptr)[6] == 77);
    CHECK_OK(vxCommitImagePatch(img, &rect, 1, &a, ptr));
    CHECK_REFUSED(vxCommitImagePatch(img, &rect, 1, &a, ptr), VX_ERROR_INVALID_PARAMETERS);
    CHECK_OK(vxReleaseImage(&img));
}

int main(void)
{
    vx_context ctx = vxCreateContext();
    CHECK_REF(ctx);
    vxRegisterLogCallback(ctx, count_log, vx_true_e);
    vx_uint32 start = context_references(ctx);
    attributes(ctx);
    creation_refusals(ctx);
    copy_and_map(ctx);
    access_refusals(ctx);
    uniform_and_pixels(ctx);
    valid_region(ctx);
    compatibility(ctx);
    CHECK(context_references(ctx) == start);
    CHECK_OK(vxReleaseContext(&ctx));
    printf("image_basic ok\n");
    return 0;
}
